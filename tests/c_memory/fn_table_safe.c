extern void reach_error(void);
int calls;
int neg(int x) { calls++; return -x; }
int triple(int x) { calls++; return x * 3; }
int twice(int f(int), int x) { return f(f(x)); }
struct handler { int (*run)(int); int arg; };
int main(void) {
  int (*table[2])(int) = { neg, triple };
  struct handler h = { 0, 4 };
  if (h.run == 0) h.run = table[1];
  int r = (*h.run)(h.arg);
  if (r != 12) reach_error();
  h.run = table[0];
  if (h.run(h.arg) != -4) reach_error();
  if (twice(neg, 5) != 5 || calls != 4) reach_error();
  int (*none)(int) = 0;
  if (none) none(1);
  return 0;
}
