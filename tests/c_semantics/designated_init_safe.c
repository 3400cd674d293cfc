extern void reach_error(void);
int g[5] = {[3] = 7, 1};
int main(void) {
  int a[5] = {[3] = 7, 1};        /* a[4] = 1 follows a[3] */
  if (a[0] != 0 || a[3] != 7 || a[4] != 1) reach_error();
  if (g[3] != 7 || g[4] != 1 || g[2] != 0) reach_error();
  int b[] = {1, [4] = 2};
  if (sizeof(b) != 5 * sizeof(int) || b[4] != 2 || b[1] != 0) reach_error();
  int c[3] = {[1] = 5, [1] = 6};   /* the last one wins */
  if (c[1] != 6) reach_error();
  return 0;
}
