extern void reach_error(void);
void *calloc(unsigned long n, unsigned long size);
int main(void) {
  int n = 0;
  for (int i = 0; i < 3; i++)
    n++;
  int *a = calloc(n, sizeof(int));
  if (!a) return 0;
  int *b = calloc(1, sizeof(int));
  if (!b) return 0;
  b[0] = 7;
  a[0] = 1;
  if (a[1] != 0 || a[2] == 0 || b[0] != 7) reach_error();
  return 0;
}
