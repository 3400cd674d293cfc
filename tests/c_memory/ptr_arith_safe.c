extern void reach_error(void);
int main(void) {
  int a[5] = {1, 2, 3, 4, 5};
  int *p = a;
  int *q = a + 4;
  int s = 0;
  while (p < q) {
    s += *p;
    p++;
  }
  if (s != 10 || p != q || q - a != 4) reach_error();
  p = a + 1;
  *(p + 1) = 30;
  p--;
  if (*(p + 2) != 30 || q - p != 4 || p - q != -4 || !(p <= q) || p > q) reach_error();
  return 0;
}
