extern void reach_error(void);
int main(void) {
  if (!((long long)-1 < 0u)) reach_error();
  if (-1LL < 0ULL) reach_error();
  if ((unsigned long long)-1 != 18446744073709551615ULL) reach_error();
  if ((long long)18446744073709551615ULL != -1) reach_error();
  if ((int)0x100000005LL != 5) reach_error();
  if ((signed char)0x1FFLL != -1) reach_error();
  long long m = 9223372036854775807LL;
  unsigned long long um = m;
  um++;
  if (um != 9223372036854775808ULL) reach_error();
  if ((long long)um != -9223372036854775807LL - 1) reach_error();
  if ((unsigned short)-70000LL != 61072) reach_error();
  return 0;
}
