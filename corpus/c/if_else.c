extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == -2147483647 - 1) return 0; /* -INT_MIN overflows (undefined) */
  int y;
  if (x < 0) y = -x; else if (x == 0) { y = 1; } else y = x;
  __VERIFIER_assert(y > 0);
  return 0;
}
