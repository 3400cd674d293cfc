extern void reach_error(void);
int g1, g2;
int f1(void) { g1 = 1; return 10; }
int f2(void) { g2 = 2; return 20; }
int h(int a, int b) { return a + b; }
int main(void) {
  /* the two calls write different globals and read nothing the other writes */
  int r = h(f1(), f2());
  if (r != 30 || g1 != 1 || g2 != 2) reach_error();
  r = f1() + f2();
  if (r != 30) reach_error();
  return 0;
}
