extern void reach_error(void);
int main(void) {
  /* gcc: a multi-character constant is big-endian in its int */
  if ('ab' != 24930) reach_error();
  /* wchar_t is int on x86 Linux */
  if (L'a' != 97 || L'\xff' != 255 || sizeof(L'a') != 4) reach_error();
  if ('\e' != 27) reach_error();                 /* GNU escape */
  return 0;
}
