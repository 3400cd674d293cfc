extern void reach_error(void);
int f();
int main(void) {
  if (f(2, 3) == 5) reach_error();
  return 0;
}
int f(int a, int b) { return a + b; }
