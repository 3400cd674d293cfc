extern void reach_error(void);
void *malloc(unsigned long size);
void free(void *p);
struct node {
  int val;
  struct node *next;
};
int main(void) {
  struct node *head = 0;
  for (int i = 1; i <= 5; i++) {
    struct node *n = malloc(sizeof(struct node));
    if (!n) return 0;
    n->val = i;
    n->next = head;
    head = n;
  }
  int len = 0, sum = 0;
  for (struct node *p = head; p; p = p->next) {
    len++;
    sum += p->val;
  }
  if (len != 5 || sum != 15 || head->val != 5) reach_error();
  while (head) {
    struct node *t = head->next;
    free(head);
    head = t;
  }
  return 0;
}
