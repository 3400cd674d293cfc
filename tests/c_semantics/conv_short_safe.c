extern void reach_error(void);
int main(void) {
  if ((unsigned short)70000 != 4464) reach_error();
  if ((short)40000 != -25536) reach_error();
  if ((short)-32769 != 32767) reach_error();
  if ((unsigned short)-1 != 65535) reach_error();
  unsigned short us = 65535;
  us++;
  if (us != 0) reach_error();
  short s = 32767;
  s += 1;
  if (s != -32768) reach_error();
  /* unsigned short promotes to int */
  unsigned short z = 0;
  if (!(z - 1 < 0)) reach_error();
  if (-1 < (unsigned short)0 == 0) reach_error();
  if ((unsigned short)300 * (unsigned short)300 != 90000) reach_error(); /* int arithmetic, no 16-bit wrap */
  return 0;
}
