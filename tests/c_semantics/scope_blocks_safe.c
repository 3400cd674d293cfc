extern void reach_error(void);
int g = 3;
int s = 100;
int f(void) { static int s; return ++s; }
int main(void) {
  int g = 1;
  {
    extern int g;               /* the global again */
    if (g != 3) reach_error();
    g = 4;
  }
  if (g != 1) reach_error();
  int i = 10;
  for (int i = 0; i < 3; i++) { int g = i; if (g != i) reach_error(); }
  if (i != 10) reach_error();
  f(); f();
  if (s != 100 || f() != 3) reach_error();
  int a = 1, b = a + 1;         /* b sees a */
  if (b != 2) reach_error();
  {
    enum { g = 9 };             /* an enumerator hides the local */
    if (g != 9) reach_error();
  }
  int f = 5;                    /* a local hides the function */
  if (f != 5) reach_error();
  return 0;
}
