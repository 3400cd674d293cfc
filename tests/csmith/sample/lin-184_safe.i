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
static int8_t
safe_add_func_int8_t_s_s(int8_t si1, int8_t si2 )
{
 
  return
    (si1 + si2);
}
static uint8_t
safe_sub_func_uint8_t_u_u(uint8_t ui1, uint8_t ui2 )
{
 
  return ui1 - ui2;
}
static int32_t g_2 = (-7L);
static int32_t g_5 = 0x7A4A12B5L;
static uint8_t g_11 = 255UL;
static int16_t g_13 = 0xBFFBL;
static uint16_t g_16 = 65532UL;
static const int64_t func_1(void);
static uint16_t func_8(int32_t p_9);
static const int64_t func_1(void)
{
    int32_t l_15 = 0xAA53F0D3L;
    for (g_2 = 0; (g_2 == 8); g_2 = safe_add_func_int8_t_s_s(g_2, 3))
    {
        int32_t l_12 = 6L;
        for (g_5 = 0; (g_5 > 0); g_5++)
        {
            uint32_t l_14 = 18446744073709551615UL;
            l_12 = (((g_2 , 1UL) == (g_11 = func_8((g_5 == g_5)))) > 0L);
            g_13 = func_8(g_5);
            g_16 = (func_8(l_14) == func_8(l_15));
        }
    }
    for (g_13 = 24; (g_13 <= (-14)); g_13 = safe_sub_func_uint8_t_u_u(g_13, 7))
    {
        l_15 = 0x32C5B641L;
    }
    return l_15;
}
static uint16_t func_8(int32_t p_9)
{
    uint8_t l_10 = 255UL;
    l_10 = 0x95768819L;
    return l_10;
}
int main(void) {
  func_1();
  if (g_2 != 0LL) reach_error();
  if (g_5 != 2051674805LL) reach_error();
  if (g_11 != 255ULL) reach_error();
  if (g_13 != 24LL) reach_error();
  if (g_16 != 65532ULL) reach_error();
  return 0;
}
