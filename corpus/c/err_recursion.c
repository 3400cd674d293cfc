extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
int f(int n) { if (n <= 0) return 0; return f(n - 1) + 1; }
int main(void) { __VERIFIER_assert(f(3) == 3); return 0; }
