extern void reach_error(void);
int main(void) {
  int a = 0, b = 7;
  int c = a ?: b;
  int d = 3 ?: b;
  if (c != 7 || d != 3) reach_error();
  /* the condition is evaluated once */
  int i = 1;
  int e = i++ ?: 9;
  if (e != 1 || i != 2) reach_error();
  return 0;
}
