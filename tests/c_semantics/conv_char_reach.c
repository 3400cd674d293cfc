extern void reach_error(void);
int main(void) {
  if ((unsigned char)300 == 44 && (signed char)200 == -56 && (char)200 == -56) reach_error();
  return 0;
}
