extern void reach_error(void);
typedef long U;
int main(void) {
  typedef unsigned char U;
  U u = 255;
  u++;
  if (u != 0) reach_error();
  {
    typedef int U;
    U v = -1;
    if (v >= 0) reach_error();
  }
  {
    int U = 4;                  /* a variable hides the typedef: (U)-1 is U - 1 */
    if ((U)-1 != 3) reach_error();
  }
  U w = 256;
  if (w != 0) reach_error();
  return 0;
}
