extern void reach_error(void);
int main(void) {
  int x = 2, r = 0;
  switch (x) { case 1 ... 3: r = 1; break; default: r = 2; }
  if (r != 1) reach_error();
  __typeof__(x) y = 5;
  if (y != 5 || sizeof(y) != sizeof(int)) reach_error();
  return 0;
}
