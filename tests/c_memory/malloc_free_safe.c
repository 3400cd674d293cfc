extern void reach_error(void);
void *malloc(unsigned long size);
void *calloc(unsigned long n, unsigned long size);
void free(void *p);
int main(void) {
  int *a = malloc(3 * sizeof(int));
  if (!a) return 0;
  a[0] = 1;
  a[1] = 2;
  a[2] = a[0] + a[1];
  int *z = calloc(4, sizeof(int));
  if (!z) return 0;
  int s = 0;
  for (int i = 0; i < 4; i++) s += z[i];
  z[3] = a[2];
  if (s != 0 || z[3] != 3 || a[2] != 3 || a == z) reach_error();
  free(a);
  free(z);
  return 0;
}
