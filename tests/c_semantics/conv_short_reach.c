extern void reach_error(void);
int main(void) {
  short s = 32767;
  s += 1;
  if (s == -32768 && (unsigned short)70000 == 4464) reach_error();
  return 0;
}
