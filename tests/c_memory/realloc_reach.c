extern void reach_error(void);
void *malloc(unsigned long size);
void *realloc(void *p, unsigned long size);
int main(void) {
  int *a = malloc(2 * sizeof(int));
  if (!a) return 0;
  a[0] = 3;
  a[1] = 4;
  int *b = realloc(a, 4 * sizeof(int));
  if (!b) return 0;
  b[2] = 5;
  if (b[0] != 3 || b[1] != 4 || b[2] != 5) reach_error();
  int *c = realloc(0, sizeof(int));
  if (!c) return 0;
  *c = 6;
  int *d = realloc(b, sizeof(int));
  if (!d) return 0;
  if (*c != 6 || d[0] != 4) reach_error();
  return 0;
}
