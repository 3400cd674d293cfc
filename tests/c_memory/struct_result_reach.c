extern void reach_error(void);
struct point { long x; char tag; int y; };
struct point make(long x, int y) {
  struct point p = { x, 'p', y };
  return p;
}
struct point swap(struct point p) {
  struct point q;
  q.x = p.y;
  q.y = (int)p.x;
  q.tag = p.tag;
  return q;
}
long cross(struct point a, struct point b) { return a.x * 10 + b.x; }
int main(void) {
  long c = cross(make(1, 2), make(3, 4));
  struct point s = swap(make(5, 6));
  int y = make(7, 8).y;
  if (c != 13 || s.x != 6 || s.y != 5 || s.tag != 'p' || y == 8) reach_error();
  return 0;
}
