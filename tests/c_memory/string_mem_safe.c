extern void reach_error(void);
void *memset(void *s, int c, unsigned long n);
void *memcpy(void *d, const void *s, unsigned long n);
int main(void) {
  char buf[8];
  int nums[4] = {1, 2, 3, 4};
  int copy[4];
  memset(buf, 'x', sizeof buf);
  buf[7] = 0;
  memset(buf, 0, 3);
  memcpy(copy, nums, sizeof nums);
  copy[0] = 9;
  if (buf[2] != 0 || buf[3] != 'x' || buf[7] != 0 || copy[3] != 4 || nums[0] != 1) reach_error();
  return 0;
}
