extern void reach_error(void);
int main(void) {
  char c = '\xff';
  int hit = 0;
  switch (c) { case '\xff': hit = 1; break; default: hit = 2; }
  if (hit != 1) reach_error();
  unsigned char u = 255;
  /* the case constant converts to the promoted type of u (int): -1 != 255 */
  switch (u) { case '\xff': hit = 3; break; default: hit = 4; }
  if (hit != 4) reach_error();
  unsigned int w = 4294967295u;
  switch (w) { case -1: hit = 5; break; default: hit = 6; }   /* -1 becomes UINT_MAX */
  if (hit != 5) reach_error();
  int n = 2, acc = 0;
  switch (n) { case 1: acc += 1; default: acc += 10; case 3: acc += 100; }
  if (acc != 110) reach_error();
  return 0;
}
