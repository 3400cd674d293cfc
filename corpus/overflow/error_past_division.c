// Two ways to go wrong: x / y with y == 0 (undefined), and reach_error
// with y > 0, x > 0 and x % y == 3 (no undefined arithmetic on the way).
// Whichever trace an engine finds first, the answer is UNSAFE: a trace into
// the division is followed by a search over runs free of undefined
// arithmetic, which finds the error run.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (y > 0 && x > 0 && x % y == 3) reach_error();
  return x / y;
}
