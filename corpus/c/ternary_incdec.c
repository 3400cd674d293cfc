extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
int main(void) {
  int i = 5;
  int a = i++;
  int b = ++i;
  __VERIFIER_assert(a == 5 && b == 7 && i == 7);
  int x = __VERIFIER_nondet_int();
  if (x == -2147483647 - 1) return 0; /* -INT_MIN overflows (undefined) */
  int m = x > 0 ? x : -x;
  __VERIFIER_assert(m >= 0);
  int k = 0;
  int r = x > 0 ? (k = 1) : (k = 2);
  __VERIFIER_assert(r == k);
  i -= 2; i *= 3; i /= 5; i %= 2;
  __VERIFIER_assert(i == 1);
  return 0;
}
