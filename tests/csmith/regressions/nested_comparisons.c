// Reduced (cvise, then by hand) from Csmith seed 149 of the linear profile:
// a comparison used as a value nested 12 deep. The lang-c frontend (up to
// f686cfb) lowers each comparison result by splitting on it and copying the
// operand's formula into both cases, so the task doubles per level
// (156 KB at depth 10, translated in 7 s; not done after 100 s at depth 12),
// outside the verifier's --timeout. Expected: SAFE (r is 0 or 1).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int r = (((((((((((((x <= 0) == x) < x) <= x) != x) > x) >= x) == x) < x) <= x) != x) > x) >= x);
  if (r > 1) reach_error();
  return 0;
}
