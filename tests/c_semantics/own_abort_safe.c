extern void reach_error(void);
int g;
/* the program's own abort: it returns, and the caller continues */
void abort(void) { g = 1; }
int main(void) {
  abort();
  if (g != 1) reach_error();
  return 0;
}
