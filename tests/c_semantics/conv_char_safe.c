extern void reach_error(void);
int main(void) {
  if ((unsigned char)300 != 44) reach_error();
  if ((signed char)200 != -56) reach_error();
  if ((char)200 != -56) reach_error();          /* char is signed on x86 */
  if ((unsigned char)-1 != 255) reach_error();
  if ((signed char)-129 != 127) reach_error();
  if ((signed char)128 != -128) reach_error();
  unsigned char uc = 250;
  uc += 10;
  if (uc != 4) reach_error();
  signed char sc = 127;
  sc++;
  if (sc != -128) reach_error();
  char c = -1;
  if ((unsigned char)c != 255 || (unsigned int)c != 4294967295u) reach_error();
  /* unsigned char promotes to int: no wrap in the arithmetic */
  unsigned char a = 200, b = 100;
  if (a + b != 300) reach_error();
  if ((unsigned char)(a + b) != 44) reach_error();
  if (-uc != -4) reach_error();
  if (~uc != -5) reach_error();
  return 0;
}
