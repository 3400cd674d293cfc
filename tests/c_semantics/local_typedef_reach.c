extern void reach_error(void);
int main(void) {
  typedef unsigned char U;
  U u = 255;
  u++;
  if (u == 0) reach_error();
  return 0;
}
