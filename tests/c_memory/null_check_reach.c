extern void reach_error(void);
#define NULL ((void *)0)
int get(int *p, int dflt) { return p != NULL ? *p : dflt; }
int *find(int *a, int n, int v) {
  for (int i = 0; i < n; i++)
    if (a[i] == v) return &a[i];
  return NULL;
}
int main(void) {
  int a[3] = {4, 5, 6};
  int *p = find(a, 3, 6);
  if (p) reach_error();
  p = find(a, 3, 5);
  if (p == NULL || get(p, 0) != 5 || get(NULL, -1) != -1) reach_error();
  return 0;
}
