// INT_MIN / -1 is out of int's range: a no-overflow violation.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
  if (y == 0) return 0;
  return x / y;
}
