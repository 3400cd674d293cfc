extern void reach_error(void);
int main(void) {
  int i = 0;
  int s = sizeof(i++);
  if (i == 0 && (1 ? -1 : 0u) > 0 && -1 == 0xFFFFFFFF) reach_error();
  return 0;
}
