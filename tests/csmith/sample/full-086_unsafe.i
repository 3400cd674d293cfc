extern void abort(void);
extern void reach_error(void);
typedef signed char int8_t;
typedef short int int16_t;
typedef int int32_t;
typedef long int int64_t;
typedef unsigned char uint8_t;
typedef unsigned short int uint16_t;
typedef unsigned int uint32_t;
typedef unsigned long int uint64_t;
static int32_t g_3 = 0xD976FF55L;
static uint8_t func_1(void);
static uint8_t func_1(void)
{
    uint16_t l_2 = 2UL;
    l_2 &= 0L;
    g_3 = 0x743D837BL;
    return l_2;
}
int main(void) {
  func_1();
  if (g_3 == 1950188411LL) reach_error();
  return 0;
}
