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
static int32_t g_2 = 1L;
static int32_t g_5 = 1L;
static int64_t g_9 = 0x961C0F8067E307B5LL;
static int8_t g_14 = (-3L);
static uint32_t g_15 = 0x3E7ED6F1L;
static uint64_t g_18 = 0UL;
static int32_t func_1(void);
static int32_t func_1(void)
{
    uint8_t l_10 = 0x42L;
    int32_t l_13 = 0xBE39E3CFL;
    for (g_2 = 24; (g_2 > 2); g_2--)
    {
        int16_t l_8 = 0x55E0L;
        for (g_5 = 0; (g_5 == 19); g_5++)
        {
            l_10++;
            l_13 = g_9;
            --g_15;
        }
        ++g_18;
    }
    return g_15;
}
int main(void) {
  func_1();
  if (g_2 != 2LL) reach_error();
  if (g_5 != 0LL) reach_error();
  if (g_9 != (-7630206624499300427LL)) reach_error();
  if (g_14 != (-3LL)) reach_error();
  if (g_15 != 1048499953ULL) reach_error();
  if (g_18 == 22ULL) reach_error();
  return 0;
}
