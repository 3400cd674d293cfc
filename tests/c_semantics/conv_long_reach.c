extern void reach_error(void);
int main(void) {
  if ((long)-1 < 0u) reach_error();
  return 0;
}
