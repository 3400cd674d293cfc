extern void reach_error(void);
struct account {
  int id;
  long balance;
  char kind;
};
void deposit(struct account *a, long amount) { a->balance += amount; }
int main(void) {
  struct account a = {7, 100, 'c'};
  struct account *p = &a;
  deposit(p, 50);
  p->kind = 's';
  (*p).id = 8;
  if (a.id != 8 || a.balance != 150 || a.kind != 's' || p->balance != 150) reach_error();
  return 0;
}
