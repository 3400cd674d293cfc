extern void reach_error(void);
int g;
void set(void) { g = 3; }
int f(void) { set(); return 1; }
int main(void) {
  int r = f() - g; /* HERE */
  if (r == -2) reach_error();
  return 0;
}
