extern void reach_error(void);
int g = 1;
int f(void) { g = 10; return 2; }
int main(void) {
  int r = g + f(); /* HERE */
  if (r == 12) reach_error();
  return 0;
}
