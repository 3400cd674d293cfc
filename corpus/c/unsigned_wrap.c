extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
int main(void) {
  unsigned int x = 0;
  x--;
  __VERIFIER_assert(x == 4294967295u);
  unsigned int y = __VERIFIER_nondet_uint();
  unsigned int z = y + 1;
  __VERIFIER_assert(z > y || y == 4294967295u);
  int m = -1;
  __VERIFIER_assert(m < 0 && (unsigned int)m > 5u);
  return 0;
}
