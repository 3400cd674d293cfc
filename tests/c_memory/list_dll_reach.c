extern void reach_error(void);
void *malloc(unsigned long size);
void free(void *p);
struct dnode {
  int val;
  struct dnode *prev;
  struct dnode *next;
};
struct dnode *mk(int v) {
  struct dnode *n = malloc(sizeof *n);
  if (n) { n->val = v; n->prev = 0; n->next = 0; }
  return n;
}
int main(void) {
  struct dnode *a = mk(1);
  struct dnode *b = mk(2);
  struct dnode *c = mk(3);
  if (!a || !b || !c) return 0;
  a->next = b; b->prev = a;
  b->next = c; c->prev = a;
  int fwd = 0, bwd = 0;
  struct dnode *p = a, *last = 0;
  while (p) { fwd = fwd * 10 + p->val; last = p; p = p->next; }
  for (p = last; p; p = p->prev) bwd = bwd * 10 + p->val;
  if (fwd != 123 || bwd != 321 || a->next->next->prev != b) reach_error();
  free(a);
  free(b);
  free(c);
  return 0;
}
