extern void reach_error(void);
int main(void) {
  /* the type of a constant follows its value, base and suffix */
  if (sizeof(2147483647) != 4 || sizeof(2147483648) != 8) reach_error();
  if (sizeof(0x7FFFFFFF) != 4 || sizeof(0xFFFFFFFF) != 4) reach_error();
  if (!(-1 == 0xFFFFFFFF)) reach_error();        /* hex: unsigned int */
  if (-1 == 4294967295) reach_error();           /* decimal: long */
  if (!(-0x80000000 > 0)) reach_error();
  if (!(-2147483648 < 0)) reach_error();
  if (sizeof(1 ? 1 : 1L) != 8) reach_error();
  /* ?: converts both arms to a common type */
  if (!((1 ? -1 : 0u) > 0)) reach_error();
  int x = 1 ? -1 : 0u;
  if (x != -1) reach_error();
  /* logical and relational operators give 0 or 1 */
  if ((5 && 3) != 1 || !5 != 0 || (2 < 3) + (3 < 2) != 1) reach_error();
  /* sizeof does not evaluate its operand */
  int i = 0;
  int s = sizeof(i++);
  if (i != 0 || s != 4) reach_error();
  if (1u << 31 != 2147483648u) reach_error();
  if ((-1 & 0xFF) != 255) reach_error();
  if (010 != 8 || 0x10 != 16) reach_error();
  return 0;
}
