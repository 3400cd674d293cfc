extern void reach_error(void);
int g = 1;
int f(void) { g = 2; return 2; }
int main(void) {
  if (g == f()) /* HERE */
    reach_error();
  return 0;
}
