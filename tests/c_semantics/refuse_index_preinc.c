extern void reach_error(void);
int main(void) {
  int a[3] = {0, 0, 0};
  int i = 0;
  a[i] = ++i; /* HERE */
  if (a[1] == 1) reach_error();
  return 0;
}
