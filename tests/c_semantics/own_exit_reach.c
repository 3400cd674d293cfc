extern void reach_error(void);
int g;
/* the program's own exit: it returns */
void exit(int code) { g = code; }
int main(void) {
  exit(7);
  if (g == 7) reach_error();
  return 0;
}
