extern void reach_error(void);
void *malloc(unsigned long size);
void free(void *p);
struct buffer {
  int len;
  char mode;
  int *data;
};
int main(void) {
  struct buffer *b = malloc(sizeof(struct buffer));
  if (b == 0) return 0;
  b->len = 5;
  b->mode = 'r';
  b->data = malloc(b->len * sizeof(int));
  if (!b->data) return 0;
  for (int i = 0; i < b->len; i++) b->data[i] = i;
  int last = b->data[b->len - 1];
  if (last != 3 || b->mode != 'r' || b->data[2] != 2) reach_error();
  free(b->data);
  free(b);
  return 0;
}
