extern void reach_error(void);
int g;
int f(void) { g = 5; return 1; }
int reader(void) { return g; }
int main(void) {
  /* &&, ||, ?: and the comma operator are sequence points: one order only */
  g = 0;
  if (g || f()) { if (g != 5) reach_error(); } else reach_error();
  g = 1;
  if (g && f() && g == 5) {} else reach_error();
  g = 0;
  int r = g ? g : f();
  if (r != 1 || g != 5) reach_error();
  g = 0;
  r = (f(), g);
  if (r != 5) reach_error();
  /* a call that only reads g beside g: no write, no unspecified value */
  g = 2;
  r = g + reader();
  if (r != 4) reach_error();
  /* separate statements */
  int i = 0;
  i++;
  i = i + 1;
  int a[3] = {0, 0, 0};
  a[i] = i + 1;
  if (a[2] != 3) reach_error();
  return 0;
}
