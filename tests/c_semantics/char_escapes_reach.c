extern void reach_error(void);
int main(void) {
  int ok = '\'' == 39 && '\r' == 13 && '\a' == 7 && '\?' == 63 && '\x41' == 65
        && '\101' == 65 && '\\' == 92 && '\0' == 0 && '\xff' == -1 && '\377' == -1;
  unsigned char u = '\xff';
  if (ok && u == 255) reach_error();
  return 0;
}
