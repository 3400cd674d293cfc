// UNSAFE. As state_machine.c, but state 3 forgets to close: after 0 -> 1 -> 2 -> 3
// `open` is still 1 in state 3 and the first assertion fails.
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
int state = 0;
int open = 0;
void step(int in) {
  if (state == 0) { if (in > 0) { state = 1; } }
  else if (state == 1) { if (in > 10) { state = 2; open = 1; } else { state = 0; } }
  else if (state == 2) { state = 3; }
  else { state = 0; }
}
int main(void) {
  while (__VERIFIER_nondet_int()) {
    step(__VERIFIER_nondet_int());
    if (open) { __VERIFIER_assert(state == 2); }
    __VERIFIER_assert(state >= 0 && state <= 3);
  }
  return 0;
}
