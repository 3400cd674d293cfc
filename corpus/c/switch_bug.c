extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
/* A missing break: case 2 falls into case 3, which assumes a message was sent. */
int main(void) {
  int state = 0, sent = 0, n = __VERIFIER_nondet_int();
  while (n > 0) {
    n--;
    switch (state) {
    case 0: state = 1; break;
    case 1: sent++; state = 2; break;
    case 2: state = 0;
    case 3: __VERIFIER_assert(sent > 1); state = 0; break;
    }
  }
  return 0;
}
