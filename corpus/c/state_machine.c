// SAFE. A protocol state machine driven by nondeterministic input: the
// state only ever takes the values 0..3, and `open` is set exactly in
// state 2. Explicit values prove it; predicates would need one per state.
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
int state = 0;
int open = 0;
void step(int in) {
  if (state == 0) { if (in > 0) { state = 1; } }
  else if (state == 1) { if (in > 10) { state = 2; open = 1; } else { state = 0; } }
  else if (state == 2) { state = 3; open = 0; }
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
