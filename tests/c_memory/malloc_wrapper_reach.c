extern void reach_error(void);
extern void abort(void);
void *malloc(unsigned long size);
struct node { int v; struct node *next; };
void *xmalloc(unsigned long n) {
  void *p = malloc(n);
  if (!p) abort();
  return p;
}
struct node *push(struct node *head, int v) {
  struct node *n = xmalloc(sizeof(struct node));
  n->v = v;
  n->next = head;
  return n;
}
int main(void) {
  struct node *l = push(0, 1);
  l = push(l, 2);
  int *k = xmalloc(sizeof(int));
  *k = 7;
  if (l->v != 2 || l->next->v != 1 || l->next->next != 0 || *k == 7) reach_error();
  return 0;
}
