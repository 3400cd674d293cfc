extern void reach_error(void);
int cnt(void) { static int s; return ++s; }
int other(void) { static int s = 10; return s++; }
int main(void) {
  cnt(); cnt();
  int r = cnt();
  if (r != 3) reach_error();
  if (other() != 10 || other() != 11) reach_error();
  return 0;
}
