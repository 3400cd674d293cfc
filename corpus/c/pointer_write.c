extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
int main(void) {
  int x = 0; int *p = &x; *p = 1;
  __VERIFIER_assert(x == 1);
  return 0;
}
