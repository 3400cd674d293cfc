extern void reach_error(void);
struct item {
  int w;
  int v;
};
struct bag {
  int n;
  int w[4];
};
int main(void) {
  struct item items[3] = {{1, 10}, {2, 20}, {3, 30}};
  struct bag b = {0, {0}};
  for (int i = 0; i < 3; i++) {
    b.w[b.n] = items[i].w;
    b.n++;
  }
  items[1].v = 26;
  struct item *it = &items[2];
  it->v += items[1].v;
  if (b.n != 3 || b.w[2] != 3 || b.w[3] != 0 || items[2].v != 55) reach_error();
  return 0;
}
