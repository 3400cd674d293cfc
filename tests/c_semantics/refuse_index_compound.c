extern void reach_error(void);
int a[3];
int i;
int f(void) { i = 1; return 5; }
int main(void) {
  a[i] += f(); /* HERE */
  if (a[0] == 5) reach_error();
  return 0;
}
