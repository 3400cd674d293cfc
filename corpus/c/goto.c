extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
int main(void) {
  int n = 0;
again:
  n = n + 2;
  if (n < 10) goto again;
  if (n != 10) goto fail;
  return 0;
fail:
  reach_error();
  return 1;
}
