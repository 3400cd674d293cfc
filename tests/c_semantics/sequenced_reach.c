extern void reach_error(void);
int g;
int f(void) { g = 5; return 1; }
int main(void) {
  g = 0;
  if (g || f()) { if (g == 5) reach_error(); }
  return 0;
}
