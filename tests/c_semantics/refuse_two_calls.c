extern void reach_error(void);
int g;
int f1(void) { g = 1; return g; }
int f2(void) { g = 2; return g; }
int h(int a, int b) { return a * 10 + b; }
int main(void) {
  int r = h(f1(), f2()); /* HERE */
  if (g == 1) reach_error();
  return r - r;
}
