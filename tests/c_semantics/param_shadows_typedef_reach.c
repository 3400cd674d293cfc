extern void reach_error(void);
typedef int T;
int f(int T) { return (T)-1; }
int main() {
  if (f(3) == 2) reach_error();
  return 0;
}
