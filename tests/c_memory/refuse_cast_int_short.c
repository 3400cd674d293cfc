extern void reach_error(void);
int main(void) {
  int x = 0x00010002;
  if (*(short *)&x == 2) reach_error(); /* HERE */
  return 0;
}
