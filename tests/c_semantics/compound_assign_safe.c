extern void reach_error(void);
int main(void) {
  /* x op= e computes in the usual arithmetic conversions of x and e, then
     converts back to the type of x */
  int i = -1;
  i /= 2u;                       /* (unsigned)-1 / 2u = 2147483647 */
  if (i != 2147483647) reach_error();
  int j = -7;
  j %= 2u;                       /* 4294967289 % 2 = 1 */
  if (j != 1) reach_error();
  unsigned char uc = 10;
  uc -= 20;
  if (uc != 246) reach_error();
  unsigned char m = 5;
  m *= -1;
  if (m != 251) reach_error();
  char c = 'a';
  c += 200;                      /* 297 -> (char)297 = 41 */
  if (c != 41) reach_error();
  short s = 1;
  s <<= 17;                      /* 131072 in int, 0 as short */
  if (s != 0) reach_error();
  unsigned int u = 1;
  u += -2;
  if (u != 4294967295u) reach_error();
  long l = -1;
  l += 4294967295u;              /* LP64: unsigned int converts to long */
  if (l != 4294967294L) reach_error();
  int k = 10;
  k -= 3u;
  if (k != 7) reach_error();
  int n = -8;
  n >>= 1;                       /* gcc: arithmetic shift */
  if (n != -4) reach_error();
  return 0;
}
