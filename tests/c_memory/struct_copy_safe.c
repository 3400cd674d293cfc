extern void reach_error(void);
struct pair {
  int a;
  int b[2];
};
struct pair make(int a, int b0) {
  struct pair p;
  p.a = a;
  p.b[0] = b0;
  p.b[1] = 0;
  return p;
}
int bump(struct pair p) {
  p.a += 100;
  p.b[1] = 5;
  return p.a + p.b[1];
}
int main(void) {
  struct pair x = make(1, 2);
  struct pair y;
  y = x;
  y.b[0] = 9;
  int f = bump(x);
  if (x.a != 1 || x.b[0] != 2 || x.b[1] != 0 || y.b[0] != 9 || y.a != 1 || f != 106) reach_error();
  return 0;
}
