extern void reach_error(void);
union word {
  unsigned int u;
  unsigned short h[2];
};
int main(void) {
  union word w; /* HERE */
  w.u = 0x00010002u;
  if (w.h[0] == 2) reach_error(); /* HERE */
  return 0;
}
