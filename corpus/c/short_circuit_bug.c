extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
int main(void) {
  int n = 0;
  int x = __VERIFIER_nondet_int();
  if (x > 3 || (n = 7)) { __VERIFIER_assert(n == 0); }
  return 0;
}
