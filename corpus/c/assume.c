extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
extern void __VERIFIER_assume(int);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > 10);
  int y = __VERIFIER_nondet_int();
  assume_abort_if_not(y > x);
  if (y < 0) exit(1);
  __VERIFIER_assert(y > 11);
  return 0;
}
