extern void reach_error(void);
int main(void) {
  /* a string literal initialises a row of a 2-D char array */
  char m[2][3] = {"ab", "cd"};
  if (m[1][1] != 'd' || m[0][2] != 0 || m[1][2] != 0) reach_error();
  return 0;
}
