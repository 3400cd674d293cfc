# 1 "gnu_extensions.c"
# 1 "<built-in>"
# 1 "gnu_extensions.c"
extern void abort(void) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
extern void __assert_fail (const char *__assertion, const char *__file,
      unsigned int __line, const char *__function)
     __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
typedef unsigned int size_t;
extern void *memcpy (void *__restrict __dest, const void *__restrict __src, size_t __n);
__extension__ typedef long long int64;
void reach_error() { ((void) sizeof ((0) ? 1 : 0), __extension__ ({ if (0) ; else __assert_fail ("0", "g.c", 3, __extension__ __PRETTY_FUNCTION__); })); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }
int main() {
  size_t n = 0;
  int64 w = 0;
  int i = __VERIFIER_nondet_int();
  while (n < 3u) { n++; w = w + 2; }
  __VERIFIER_assert(w == 6);
  return 0;
}
