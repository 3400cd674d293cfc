extern void reach_error(void);
int main(void) {
  /* ILP32: long and unsigned int have 32 bits, both become unsigned long:
     -1 is ULONG_MAX, not less than 0. LP64: long holds every unsigned int. */
  if ((long)-1 < 0u) reach_error();
  unsigned long x = 4294967295UL;
  x++;
  if (x != 0) reach_error();
  return 0;
}
