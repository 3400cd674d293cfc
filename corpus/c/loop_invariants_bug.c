extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
int twice(int n) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    s += 2;
  }
  return s;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000) return 0;
  int x = 0;
  long long y = 0;
  while (x < n) {
    x++;
    y += 2;
  }
  __VERIFIER_assert(y == 2 * x);
  unsigned int k = 0;
  while (k < 10u) { k++; }
  __VERIFIER_assert(k == 10u);
  int a = twice(3);
  int b = twice(5);
  __VERIFIER_assert(a + b == 17);
  return 0;
}
