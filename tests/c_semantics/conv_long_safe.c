extern void reach_error(void);
int main(void) {
  /* LP64: long has 64 bits, so unsigned int converts to long */
  if (!((long)-1 < 0u)) reach_error();
  if (sizeof(long) != 8) reach_error();
  if ((long)4294967295u != 4294967295L) reach_error();
  if ((unsigned long)-1 != 18446744073709551615UL) reach_error();
  if (-1L < 0UL) reach_error();
  unsigned long ul = 4294967295UL;
  ul++;
  if (ul != 4294967296UL) reach_error();
  if ((int)4294967296L != 0) reach_error();
  if ((unsigned int)4294967297L != 1) reach_error();
  long l = -1;
  unsigned int u = l;
  if (u != 4294967295u) reach_error();
  unsigned long z = 0;
  z--;
  if (z != 18446744073709551615UL) reach_error();
  return 0;
}
