// A signed counter overflows before the error is reached: gcc's binary
// reaches reach_error (x wraps to INT_MIN), the mathematical reading never
// does. Default: UNKNOWN naming the overflow; --property no-overflow:
// UNSAFE, confirmed by gcc's sanitizer; --assume-no-overflow: SAFE.
extern void reach_error(void);
int main(void) {
  int x = 2147483600;
  while (1) {
    x++;
    if (x < 0) reach_error();
  }
  return 0;
}
