extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
int g;
int inc(int a) { g = g + a; return g; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n > 0 && n < 100) {
    inc(n);
    inc(1);
    __VERIFIER_assert(g != 42);
  }
  return 0;
}
