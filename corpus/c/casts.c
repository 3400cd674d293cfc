extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
extern char __VERIFIER_nondet_char(void);
extern _Bool __VERIFIER_nondet_bool(void);
int main(void) {
  int v = 300;
  unsigned char uc = v;
  __VERIFIER_assert(uc == 44);
  signed char sc = (signed char)200;
  __VERIFIER_assert(sc == -56);
  _Bool b = 5;
  __VERIFIER_assert(b == 1);
  char c = __VERIFIER_nondet_char();
  __VERIFIER_assert(c >= -128 && c <= 127);
  _Bool nb = __VERIFIER_nondet_bool();
  __VERIFIER_assert(nb == 0 || nb == 1);
  long long big = 3000000000LL;
  __VERIFIER_assert((int)big < 0);
  return 0;
}
