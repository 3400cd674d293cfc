extern void reach_error(void);
int bad(void) { reach_error(); return 1; }
int main(void) {
  int i = 0;
  if (0 && bad()) i = 1;
  if (1 || bad()) i = 2;
  int r = 0 ? bad() : 3;
  int s = sizeof(bad());         /* not evaluated */
  int t = 1 ? 4 : i++;
  if (i != 2 || r != 3 || s != 4 || t != 4) reach_error();
  return 0;
}
