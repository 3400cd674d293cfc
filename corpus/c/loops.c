extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
int main(void) {
  int s = 0, i;
  for (i = 0; i < 10; i++) { if (i == 5) continue; s += 1; }
  __VERIFIER_assert(s == 9);
  int k = 0;
  while (1) { k++; if (k >= 7) break; }
  do { k--; } while (k > 3);
  __VERIFIER_assert(k == 3);
  return 0;
}
