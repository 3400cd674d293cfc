extern void reach_error(void);
int main(void) {
  _Bool b = 0;
  b++;
  b++;
  _Bool c = 1;
  c--;
  c--;
  if (b == 1 && c == 1) reach_error();
  return 0;
}
