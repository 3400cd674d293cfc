extern void reach_error(void);
struct A { int x; int y; };
struct B { int y; int x; };
int main(void) {
  struct A a = {1, 2};
  struct B *b = (struct B *)&a; /* HERE */
  if (b->y == 1) reach_error();
  return 0;
}
