extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
int main(void) {
  struct s { int a; int b; } v; v.a = 1; v.b = __VERIFIER_nondet_int();
  __VERIFIER_assert(v.a == 1);
  return 0;
}
