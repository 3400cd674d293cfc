extern void reach_error(void);
int add(a, b) int a; int b; { return a + b; }
int main(void) {
  if (add(2, 3) == 5) reach_error();
  return 0;
}
