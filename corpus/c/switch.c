extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
/* A protocol state machine: fall-through, default not last, continue, nested switch. */
int main(void) {
  int state = 0, sent = 0, n = __VERIFIER_nondet_int();
  while (n > 0) {
    n--;
    switch (state) {
    case 0:
      state = 1;
      break;
    default:
      state = 0;
      break;
    case 1:
      if (__VERIFIER_nondet_int()) {
        state = 3;
        continue;
      }
      /* fall through */
    case 2:
      switch (__VERIFIER_nondet_int()) {
      case 0: state = 2; break;
      default: state = 3;
      }
      break;
    case 3:
      sent++;
      state = 0;
    }
    __VERIFIER_assert(state >= 0 && state <= 3);
  }
  char c = __VERIFIER_nondet_int();
  int kind = 0;
  switch (c) {
  case 'a' ... 'z': kind = 1; break;
  case '0': case '1': kind = 2; break;
  }
  __VERIFIER_assert(kind != 1 || (c >= 97 && c <= 122));
  __VERIFIER_assert(kind != 2 || c == 48 || c == 49);
  return 0;
}
