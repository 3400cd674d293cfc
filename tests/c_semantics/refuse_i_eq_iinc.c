extern void reach_error(void);
int main(void) {
  int i = 0;
  i = i++; /* HERE */
  if (i == 1) reach_error();
  return 0;
}
