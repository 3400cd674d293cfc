extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
int main(void) {
  int a[3]; a[0] = 1; a[1] = 2; a[2] = 3;
  int *p = a + 1;
  __VERIFIER_assert(p[1] != 3);
  return 0;
}
