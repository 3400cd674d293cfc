extern void reach_error(void);
int main(void) {
  if ('\'' != 39) reach_error();
  if ('\r' != 13) reach_error();
  if ('\a' != 7) reach_error();
  if ('\?' != 63) reach_error();
  if ('\x41' != 65) reach_error();
  if ('\101' != 65) reach_error();
  if ('\\' != 92) reach_error();
  if ('\0' != 0) reach_error();
  if ('\"' != 34 || '"' != 34) reach_error();
  if ('\b' != 8 || '\f' != 12 || '\v' != 11 || '\t' != 9 || '\n' != 10) reach_error();
  if ('\7' != 7 || '\x7f' != 127 || '\177' != 127) reach_error();
  /* char is signed on x86: a character constant has the value of a char */
  if ('\xff' != -1 || '\377' != -1 || '\x80' != -128) reach_error();
  char c = '\xff';
  unsigned char u = '\xff';
  if (c != -1 || u != 255) reach_error();
  if (sizeof('a') != sizeof(int)) reach_error();
  return 0;
}
