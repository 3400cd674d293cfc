extern void reach_error(void);
int main(void) {
  /* continue in a do-while goes to the condition */
  int n = 0;
  do { n++; if (n < 5) continue; } while (0);
  if (n != 1) reach_error();
  /* continue in a for runs the increment */
  int k = 0, body = 0;
  for (k = 0; k < 4; k++) { if (k % 2) continue; body++; }
  if (k != 4 || body != 2) reach_error();
  /* break in a switch leaves the switch, not the loop */
  int it = 0;
  while (it < 3) { switch (it) { case 1: break; default: ; } it++; }
  if (it != 3) reach_error();
  /* a post-increment in the condition runs once more than the body */
  unsigned char u = 253;
  int turns = 0;
  while (u++ != 0) turns++;
  if (turns != 3 || u != 1) reach_error();
  return 0;
}
