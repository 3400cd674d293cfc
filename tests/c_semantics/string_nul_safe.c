extern void reach_error(void);
char gk[] = "x\0y";
int main(void) {
  char k[] = "ab\0c";            /* characters after an embedded NUL are stored too */
  if (sizeof(k) != 5 || k[2] != 0 || k[3] != 'c' || k[4] != 0) reach_error();
  char h[] = "\x00z";
  if (h[1] != 'z') reach_error();
  if (gk[2] != 'y') reach_error();
  return 0;
}
