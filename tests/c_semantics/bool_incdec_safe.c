extern void reach_error(void);
int main(void) {
  _Bool b = 0;
  b++;
  b++;
  if (b != 1) reach_error();
  _Bool c = 1;
  c--;
  if (c != 0) reach_error();
  c--;
  if (c != 1) reach_error();
  _Bool d = 5;
  if (d != 1) reach_error();
  d += 1;
  if (d != 1) reach_error();
  _Bool e = 256;                /* nonzero is 1, not a truncation to 0 */
  _Bool f = -1;
  if (e != 1 || f != 1 || (unsigned char)256 != 0) reach_error();
  _Bool h = 0;
  h--;
  if (h != 1) reach_error();
  return 0;
}
