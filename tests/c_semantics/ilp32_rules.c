extern void reach_error(void);
int main(void) {
  /* Every test holds under ILP32 (i386); under LP64 the first fails. */
  if (sizeof(long) != 4 || sizeof(1L) != 4 || sizeof(long long) != 8) reach_error();
  /* long cannot hold every unsigned int: both convert to unsigned long */
  if (-1L < 0u) reach_error();
  if ((unsigned long)-1 != 4294967295u) reach_error();
  if (4294967295u + 1L != 0) reach_error();
  unsigned long ul = 4294967295UL;
  ul++;
  if (ul != 0) reach_error();
  /* 2147483648 does not fit long: it is a long long */
  if (sizeof(2147483648) != 8 || !(-2147483648 < 0)) reach_error();
  if ((long)4294967295u != -1) reach_error();
  return 0;
}
