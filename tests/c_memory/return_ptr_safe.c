extern void reach_error(void);
int g;
int *return_self(int *p) { return p; }
int *larger(int *a, int *b) { return *a >= *b ? a : b; }
int *global_addr(void) { return &g; }
int main(void) {
  int a = 1, b = 9;
  *return_self(&a) = 4;
  *larger(&a, &b) += 1;
  *global_addr() = 2;
  if (a != 4 || b != 10 || g != 2) reach_error();
  return 0;
}
