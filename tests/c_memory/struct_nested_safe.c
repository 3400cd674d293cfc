extern void reach_error(void);
struct point {
  int x;
  int y;
};
struct rect {
  struct point lo;
  struct point hi;
  int tag;
};
int half_perimeter(struct rect *r) { return (r->hi.x - r->lo.x) + (r->hi.y - r->lo.y); }
int main(void) {
  struct rect r = {{1, 2}, {4, 6}, 0};
  struct point *pp = &r.hi;
  pp->y = 7;
  r.lo.x = 1;
  if (half_perimeter(&r) != 8 || r.tag != 0 || r.hi.y != 7) reach_error();
  return 0;
}
