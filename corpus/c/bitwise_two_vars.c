extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
int main(void) {
  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
  /* `&` of two unknown ints: an uninterpreted function with facts true
     of every value (x >= 0 -> x & y <= x) proves it. */
  __VERIFIER_assert((x & y) <= x || x < 0);
  return 0;
}
