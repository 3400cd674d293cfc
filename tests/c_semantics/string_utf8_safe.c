extern void reach_error(void);
int main(void) {
  /* UTF-8 source bytes: é is two chars */
  char u[] = "é";
  if (sizeof(u) != 3 || u[0] != -61 || u[1] != -87 || u[2] != 0) reach_error();
  unsigned char v[] = "été";
  if (sizeof(v) != 6 || v[0] != 0xc3 || v[2] != 116 || v[4] != 0xa9) reach_error();
  return 0;
}
