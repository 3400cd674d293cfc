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
static uint32_t g_5 = 0xBA339924L;
static int32_t g_8 = 0L;
static uint8_t func_1(void);
static uint8_t func_1(void)
{
    int32_t l_2 = (-7L);
    int32_t l_3 = 0xB4FFB871L;
    int32_t l_4 = 1L;
    g_5++;
    g_8 &= l_4;
    return g_5;
}
int main(void) {
  func_1();
  if (g_5 == 3123943717ULL) reach_error();
  if (g_8 != 0LL) reach_error();
  return 0;
}
