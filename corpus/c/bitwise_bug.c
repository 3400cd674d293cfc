extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
/* Doubling an unsigned value by a shift wraps past 2^32. */
int main(void) {
  unsigned u = __VERIFIER_nondet_uint();
  unsigned d = u << 1;
  if (u & 1) d |= 1;
  __VERIFIER_assert((d >> 1) == u);
  return 0;
}
