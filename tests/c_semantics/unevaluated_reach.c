extern void reach_error(void);
int bad(void) { reach_error(); return 1; }
int main(void) {
  int s = sizeof(bad());
  if (s == 4 && (1 && bad())) return 1;
  return 0;
}
