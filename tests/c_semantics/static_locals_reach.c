extern void reach_error(void);
int cnt(void) { static int s; return ++s; }
int main(void) {
  cnt(); cnt();
  if (cnt() == 3) reach_error();
  return 0;
}
