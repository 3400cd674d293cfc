extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
int main(void) {
  int n = 0, m = 0;
  if ((n = 1) || (n = 2)) m = 1;
  __VERIFIER_assert(n == 1 && m == 1);
  int x = __VERIFIER_nondet_int();
  int c = 0;
  if (x > 0 && (c = 5)) { __VERIFIER_assert(c == 5); } else { __VERIFIER_assert(c == 0); }
  while (__VERIFIER_nondet_int() && n < 10) n++;
  __VERIFIER_assert(n <= 10);
  return 0;
}
