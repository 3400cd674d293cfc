extern void reach_error(void);
int main(void) {
  int z = ({ int t = 3; t + 1; });
  if (z != 4) reach_error();
  return 0;
}
