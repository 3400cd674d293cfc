extern void reach_error(void);
void *counter = 0;
void *fake_alloc(void) {
  counter++;
  return counter;
}
struct item { struct item *next; };
int main(void) {
  struct item *a = fake_alloc();
  struct item *b = fake_alloc();
  void *c = (void *)b + 6;
  if (a == b || c - (void *)a == 7) reach_error();
  return 0;
}
