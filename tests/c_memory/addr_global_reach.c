extern void reach_error(void);
int g = 3;
int h;
int *gp = &g;
void bump(void) { *gp += 1; }
int main(void) {
  int *p = &h;
  *p = 7;
  bump();
  gp = &g;
  bump();
  if (g != 4 || h != 8) reach_error();
  return 0;
}
