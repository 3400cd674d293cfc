// Products, quotients and masks of two variables, free of overflow: SAFE
// under unreach-call and no-overflow alike.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int main(void) {
  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
  if (x < 0 || x > 1000 || y < 1 || y > 1000) return 0;
  int p = x * y;
  __VERIFIER_assert(p >= 0);
  __VERIFIER_assert(p / y == x);
  __VERIFIER_assert(p % y == 0);
  __VERIFIER_assert((x & y) <= x);
  __VERIFIER_assert((x | y) >= y);
  return 0;
}
