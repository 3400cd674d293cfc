extern void reach_error(void);
typedef int T;
/* T is the parameter here: (T)-1 is T - 1, not a cast */
int f(int T) { return (T)-1; }
int main() {
  if (f(3) != 2) reach_error();
  T t = -1; /* the typedef again */
  if (t != -1) reach_error();
  return 0;
}
