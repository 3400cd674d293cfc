extern void reach_error(void);
int z = {3};
int main(void) {
  int x = {5};
  static int y = {7};
  unsigned char c = {300};
  if (x != 5 || y != 7 || z != 3 || c != 44) reach_error();
  return 0;
}
