extern void reach_error(void);
int main(void) {
  int x = 2, r = 0;
  /* glibc's assert() expands to __builtin_expect */
  if (__builtin_expect(x == 2, 1)) r = 7;
  if (r != 7) reach_error();
  return 0;
}
