extern void reach_error(void);
void redirect(int **pp, int *to) { *pp = to; }
int main(void) {
  int x = 1, y = 2;
  int *p = &x;
  int **pp = &p;
  **pp = 10;
  redirect(pp, &x);
  **pp = 20;
  *p += 1;
  if (x != 10 || y != 21 || *pp != &y || p != &y) reach_error();
  return 0;
}
