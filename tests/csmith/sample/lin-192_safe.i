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
static int32_t
safe_add_func_int32_t_s_s(int32_t si1, int32_t si2 )
{
 
  return
    (((si1>0) && (si2>0) && (si1 > ((2147483647)-si2))) || ((si1<0) && (si2<0) && (si1 < ((-2147483647 - 1)-si2)))) ?
    ((si1)) :
    (si1 + si2);
}
static uint8_t
safe_add_func_uint8_t_u_u(uint8_t ui1, uint8_t ui2 )
{
 
  return ui1 + ui2;
}
static uint8_t
safe_sub_func_uint8_t_u_u(uint8_t ui1, uint8_t ui2 )
{
 
  return ui1 - ui2;
}
static uint32_t
safe_add_func_uint32_t_u_u(uint32_t ui1, uint32_t ui2 )
{
 
  return ui1 + ui2;
}
static uint64_t g_7 = 0UL;
static int16_t g_11 = 0xF33FL;
static uint32_t g_29 = 0x82ADE89BL;
static uint16_t g_32 = 6UL;
static uint16_t func_1(void);
static uint64_t func_3(uint8_t p_4);
static uint8_t func_16(uint64_t p_17, const uint32_t p_18, int16_t p_19, const uint16_t p_20);
static uint16_t func_1(void)
{
    uint8_t l_2 = 0xCFL;
    g_32 = ((l_2 == func_3((safe_add_func_uint32_t_u_u((((g_7 == g_7) <= l_2) < g_7), g_7)))) && 0x3CC8C9F1L);
    return g_11;
}
static uint64_t func_3(uint8_t p_4)
{
    int8_t l_8 = 3L;
    int32_t l_26 = 0x9CEC02DFL;
    if (l_8)
    {
        for (g_7 = (-12); (g_7 == 28); g_7 = safe_add_func_uint8_t_u_u(g_7, 8))
        {
            uint16_t l_12 = 0xFEB9L;
            g_11 = l_8;
            l_12 = (-1L);
        }
    }
    else
    {
        uint16_t l_27 = 1UL;
        int32_t l_28 = 1L;
        for (g_11 = 0; (g_11 == (-2)); --g_11)
        {
            l_27 = ((l_26 = ((1L && (!g_7)) , func_16(p_4, l_8, p_4, p_4))) != p_4);
            l_26 = (5L >= 1UL);
        }
        l_28 = g_7;
        g_29 = l_26;
    }
    l_26 = ((g_7 <= (safe_sub_func_uint8_t_u_u(p_4, 0x04L))) == p_4);
    return g_29;
}
static uint8_t func_16(uint64_t p_17, const uint32_t p_18, int16_t p_19, const uint16_t p_20)
{
    uint16_t l_21 = 0x9A9BL;
    int32_t l_22 = 0xFD8C6581L;
    int32_t l_23 = 0xDB503B5BL;
    l_21 = p_17;
    l_23 = ((((p_20 <= (((((((0x45L == (l_22 = p_19)) != g_7) || g_7) && 0x2A6FL) <= l_21) != g_7) && g_11)) == p_17) >= 0x5F0E77DAL) <= g_7);
    for (g_7 = 0; (g_7 == 60); g_7 = safe_add_func_int32_t_s_s(g_7, 6))
    {
        l_22 = (l_23 = l_21);
    }
    return p_17;
}
int main(void) {
  func_1();
  if (g_7 != 18446744073709551604ULL) reach_error();
  if (g_11 != (-3265LL)) reach_error();
  if (g_29 != 2192435355ULL) reach_error();
  if (g_32 != 0ULL) reach_error();
  return 0;
}
