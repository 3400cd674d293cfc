extern void reach_error(void);
int main(void) {
  char s[] = "ab";
  if (s[1] == 'b' && s[2] == 0 && sizeof(s) == 3) reach_error();
  return 0;
}
