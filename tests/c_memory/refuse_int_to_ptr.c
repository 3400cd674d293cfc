extern void reach_error(void);
int main(void) {
  int *p = (int *)1234; /* HERE */
  if (p != 0) reach_error();
  return 0;
}
