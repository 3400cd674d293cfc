extern void reach_error(void);
enum E { A = 5, B, C = -3, D, F = A + C };
int main(void) {
  if (B == 6 && D == -2 && F == 2) reach_error();
  return 0;
}
