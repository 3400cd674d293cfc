extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
int main(void) {
  /* A square of a variable: non-linear arithmetic, exact for the solvers;
     |x| <= 46340 keeps x * x within int (else signed overflow). */
  int x = __VERIFIER_nondet_int();
  if (x > 46340 || x < -46340) return 0;
  int y = x * x;
  __VERIFIER_assert(y >= 0);
  return 0;
}
