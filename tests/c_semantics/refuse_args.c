extern void reach_error(void);
int g = 1;
int f(void) { g = 2; return 0; }
int h(int a, int b) { return a + b; }
int main(void) {
  int r = h(g, f()); /* HERE */
  if (r == 2) reach_error();
  return 0;
}
