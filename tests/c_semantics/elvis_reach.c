extern void reach_error(void);
int main(void) {
  int i = 1;
  int e = i++ ?: 9;
  if (e == 1 && i == 2) reach_error();
  return 0;
}
