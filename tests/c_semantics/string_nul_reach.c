extern void reach_error(void);
int main(void) {
  char k[] = "ab\0c";
  if (k[3] == 'c') reach_error();
  return 0;
}
