extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "sv_reach_error_def_reach.c", 2, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();} } return; }
int main(void) {
  unsigned char c = 255;
  c++;
  __VERIFIER_assert(c != 0);
  return 0;
}
