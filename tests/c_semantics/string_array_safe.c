extern void reach_error(void);
int main(void) {
  char s[] = "ab";
  if (s[1] != 'b' || s[2] != 0) reach_error();
  if (sizeof(s) != 3) reach_error();
  char t[5] = "xy";
  if (t[0] != 'x' || t[3] != 0 || t[4] != 0) reach_error();
  char e[] = "\x41\101\\";
  if (sizeof(e) != 4 || e[0] != 65 || e[1] != 'A' || e[2] != 92) reach_error();
  char n[2] = "ab";              /* no room for the terminator: none stored */
  if (sizeof(n) != 2 || n[0] != 'a' || n[1] != 'b') reach_error();
  char o[] = "\1234";           /* an octal escape takes at most 3 digits */
  if (sizeof(o) != 3 || o[0] != 'S' || o[1] != '4') reach_error();
  char k[] = "a" "b";           /* concatenation */
  if (sizeof(k) != 3 || k[1] != 'b' || k[2] != 0) reach_error();
  unsigned char h[] = "\xff";
  char hs[] = "\xff";
  if (h[0] != 255 || hs[0] != -1) reach_error();
  return 0;
}
