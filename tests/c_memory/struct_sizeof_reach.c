extern void reach_error(void);
struct ci { char c; int i; };
struct cl { char c; long l; };
struct ic { int i; char c; };
struct sc { short s; char c; };
struct ccc { char a; char b; char c; };
struct nest { char c; struct ci in; };
struct arr { char c; int a[3]; };
struct ptr { char c; int *p; };
int main(void) {
  struct ci x;
  if (sizeof(struct ci) != 5 || sizeof x != 8) reach_error();
  if (sizeof(struct cl) != 16 || sizeof(struct ic) != 8) reach_error();
  if (sizeof(struct sc) != 4 || sizeof(struct ccc) != 3) reach_error();
  if (sizeof(struct nest) != 12 || sizeof(struct arr) != 16) reach_error();
  if (sizeof(struct ptr) != 16 || sizeof(int *) != 8) reach_error();
  if (sizeof(struct ci[3]) != 24) reach_error();
  return 0;
}
