extern void reach_error(void);
enum P { Q = 1 };
int main(void) {
  enum P p = Q;
  if (!(p - 2 < 0)) reach_error();
  return 0;
}
