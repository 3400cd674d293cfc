extern void reach_error(void);
int order(int a, int b, int *lo, int *hi) {
  if (a == b) return 0;
  *lo = a < b ? a : b;
  *hi = a < b ? b : a;
  return 1;
}
int main(void) {
  int lo = -1, hi = -1;
  int ok = order(17, 5, &lo, &hi);
  if (!ok || lo != 5 || hi != 17) reach_error();
  ok = order(2, 2, &lo, &hi);
  if (ok || lo != 5 || hi != 17) reach_error();
  return 0;
}
