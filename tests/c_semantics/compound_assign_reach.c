extern void reach_error(void);
int main(void) {
  int i = -1;
  i /= 2u;
  char c = 'a';
  c += 200;
  if (i == 2147483647 && c == 41) reach_error();
  return 0;
}
