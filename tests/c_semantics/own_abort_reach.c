extern void reach_error(void);
int g;
void abort(void) { g = 1; }
int main(void) {
  abort();
  if (g == 1) reach_error();
  return 0;
}
