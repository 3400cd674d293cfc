extern void reach_error(void);
int sum(int *a, int n) {
  int s = 0;
  for (int i = 0; i < n; i++) s += a[i];
  return s;
}
void fill(int a[], int n, int v) {
  for (int i = 0; i < n; i++) a[i] = v + i;
}
int main(void) {
  int a[4];
  fill(a, 4, 10);
  int *p = a;
  p[1] = 0;
  int *q = &a[2];
  q[0] = 1;
  if (sum(a, 4) != 23 || *a != 10 || sum(q, 2) != 13) reach_error();
  return 0;
}
