extern void reach_error(void);
int add(int a, int b) { return a + b; }
int sub(int a, int b) { return a - b; }
int apply(int (*f)(int, int), int a, int b) { return f(a, b); }
int main(void) {
  int x = 7;
  int (*op)(int, int) = x > 5 ? sub : add;
  int r = op(10, 3);
  int s = apply(add, r, 1);
  if (r != 7 || s != 8 || op == add) reach_error();
  return 0;
}
