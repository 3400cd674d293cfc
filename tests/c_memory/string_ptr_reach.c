extern void reach_error(void);
unsigned long strlen(const char *s);
int strcmp(const char *a, const char *b);
int main(void) {
  const char *s = "hello";
  const char *t = s + 2;
  if (s[0] != 'h' || *t != 'e' || s[5] != 0) reach_error();
  if (strlen(s) != 5 || strlen(t) != 4) reach_error();
  if (strcmp(s, "hello") != 0 || strcmp("abc", "abd") >= 0) reach_error();
  return 0;
}
