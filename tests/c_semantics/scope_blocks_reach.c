extern void reach_error(void);
int g = 3;
int main(void) {
  int g = 1;
  {
    extern int g;
    g = 4;
  }
  {
    extern int g;
    if (g == 4) reach_error();
  }
  return 0;
}
