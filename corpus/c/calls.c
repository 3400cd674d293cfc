extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
int g;
int twice(int a) { int r = a + a; return r; }
void bump(void) { g++; }
int main(void) {
  __VERIFIER_assert(g == 0);
  bump();
  bump();
  int t = twice(g) + twice(1);
  __VERIFIER_assert(t == 6);
  return 0;
}
