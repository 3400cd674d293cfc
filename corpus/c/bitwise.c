extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
/* Flags, masks and shifts that linear arithmetic expresses exactly. */
int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned flags = 0;
  flags |= 4;
  flags &= ~1u;
  if (x & 1) flags ^= 2;
  __VERIFIER_assert((flags & 4) == 4);
  __VERIFIER_assert(((flags >> 1) & 1) == (x & 1));
  __VERIFIER_assert((x >> 4) * 16 + (x & 15) == x);
  unsigned char c = __VERIFIER_nondet_uint();
  __VERIFIER_assert((c << 1) >> 1 == c && (c & 0x80) <= 128);
  unsigned u = __VERIFIER_nondet_uint();
  __VERIFIER_assert(~u + u == 4294967295u);
  _Bool odd = 0;
  int n = __VERIFIER_nondet_int();
  while (n > 0) {
    odd ^= 1;
    n--;
  }
  __VERIFIER_assert((odd & ~1) == 0);
  return 0;
}
