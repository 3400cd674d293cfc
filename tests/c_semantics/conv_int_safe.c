extern void reach_error(void);
int main(void) {
  if (-1 < 0u) reach_error();                   /* -1 converts to UINT_MAX */
  if ((unsigned int)-1 != 4294967295u) reach_error();
  if ((int)4294967295u != -1) reach_error();
  if ((int)2147483648u != -2147483647 - 1) reach_error();
  unsigned int u = 0;
  u--;
  if (u != 4294967295u) reach_error();
  if (u + 1 != 0) reach_error();
  if (0u - 1 <= 0) reach_error();
  if (-2147483647 - 1 != (int)0x80000000) reach_error();
  unsigned int big = 3000000000u;
  int i = big;
  if (i != -1294967296) reach_error();
  if (u / 2 != 2147483647u) reach_error();
  if ((unsigned int)-7 % 5 != 4 || -7 % 5 != -2) reach_error();  /* 4294967289 % 5 */
  if (-7 / 2 != -3 || -7 % 2 != -1) reach_error();
  return 0;
}
