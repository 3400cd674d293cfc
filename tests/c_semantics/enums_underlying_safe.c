extern void reach_error(void);
/* gcc: an enum type with no negative value is unsigned int; its constants are int */
enum P { Q = 1 };
enum N2 { M = -1 };
int main(void) {
  enum P p = Q;
  enum N2 e2 = M;
  if (p - 2 < 0) reach_error();      /* unsigned arithmetic */
  if (!(Q - 2 < 0)) reach_error();   /* int arithmetic */
  if (e2 < 0u) reach_error();        /* -1 converts to UINT_MAX */
  if (!(e2 < 0)) reach_error();
  return 0;
}
