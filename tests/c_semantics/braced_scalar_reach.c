extern void reach_error(void);
int main(void) {
  int x = {5};
  if (x == 5) reach_error();
  return 0;
}
