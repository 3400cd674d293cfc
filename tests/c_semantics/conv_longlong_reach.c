extern void reach_error(void);
int main(void) {
  unsigned long long um = 9223372036854775807LL;
  um++;
  if ((long long)um < 0 && (int)0x100000005LL == 5) reach_error();
  return 0;
}
