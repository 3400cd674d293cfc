extern void reach_error(void);
enum E { A = 5, B, C = -3, D, F = A + C, G = 'a' };
enum { N = -1 };
int main(void) {
  enum E e = D;
  if (B != 6 || D != -2 || F != 2 || G != 97) reach_error();
  if (e >= 0) reach_error();
  /* N is an int: against 0u it converts to UINT_MAX */
  if (N < 0u) reach_error();
  if (!(N < 0)) reach_error();
  return 0;
}
