extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
int main(void) {
  int x = -7;
  __VERIFIER_assert(x / 2 == -3);
  __VERIFIER_assert(x % 2 == -1);
  __VERIFIER_assert(7 / -2 == -3 && 7 % -2 == 1);
  int y = __VERIFIER_nondet_int();
  if (y > 1000000 || y < -1000000) return 0; /* y * 2 must not overflow */
  __VERIFIER_assert(y % 3 < 3 && y % 3 > -3);
  __VERIFIER_assert(y * 2 - y == y);
  return 0;
}
