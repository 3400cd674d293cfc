extern void reach_error(void);
int main(void) {
  unsigned int u = 0;
  u--;
  if (!(-1 < 0u) && u == 4294967295u) reach_error();
  return 0;
}
