extern void reach_error(void);
int main(void) {
  /* SAFE under ILP32, UNSAFE under LP64 */
  if (sizeof(long) != 4) reach_error();
  return 0;
}
