extern void reach_error(void);
int main(void) {
  int n = 0;
  do { n++; if (n < 5) continue; } while (0);
  if (n == 1) reach_error();
  return 0;
}
