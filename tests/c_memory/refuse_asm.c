extern void reach_error(void);
int main(void) {
  int x = 0;
  __asm__ volatile("movl $5, %0" : "=r"(x)); /* HERE */
  if (x == 5) reach_error();
  return 0;
}
