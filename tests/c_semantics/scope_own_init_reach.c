extern void reach_error(void);
int x = 5;
int main() {
  char x = sizeof(x);
  if (x == 1) reach_error();
  return 0;
}
