void reach_error(void) {}
int cnt(void) { static int s; return ++s; }
int main(void) {
  cnt();
  if (cnt() != 2) reach_error();
  return 0;
}
