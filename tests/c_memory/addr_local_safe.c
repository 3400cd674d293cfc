extern void reach_error(void);
int main(void) {
  int x = 1;
  int y = 2;
  int *p = &x;
  *p = 5;
  p = &y;
  *p = *p + 10;
  if (x != 5 || y != 12 || *p != 12) reach_error();
  return 0;
}
