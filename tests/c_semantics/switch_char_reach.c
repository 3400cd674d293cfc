extern void reach_error(void);
int main(void) {
  unsigned char u = 255;
  switch (u) { case '\xff': break; default: reach_error(); }
  return 0;
}
