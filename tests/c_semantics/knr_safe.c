extern void reach_error(void);
int add(a, b) int a; int b; { return a + b; }
/* a K&R parameter of type char: the caller passes an int, the callee sees a char */
int low(c) char c; { return c; }
int main(void) {
  if (add(2, 3) != 5) reach_error();
  if (low(300) != 44) reach_error();
  return 0;
}
