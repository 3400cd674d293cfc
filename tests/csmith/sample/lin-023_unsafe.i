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
static int16_t
safe_sub_func_int16_t_s_s(int16_t si1, int16_t si2 )
{
 
  return
    (si1 - si2);
}
static uint8_t
safe_add_func_uint8_t_u_u(uint8_t ui1, uint8_t ui2 )
{
 
  return ui1 + ui2;
}
static uint32_t
safe_sub_func_uint32_t_u_u(uint32_t ui1, uint32_t ui2 )
{
 
  return ui1 - ui2;
}
static uint64_t
safe_sub_func_uint64_t_u_u(uint64_t ui1, uint64_t ui2 )
{
 
  return ui1 - ui2;
}
static uint32_t g_3 = 18446744073709551615UL;
static int8_t g_5 = 1L;
static uint16_t g_30 = 1UL;
static uint32_t g_32 = 0xA1FBCDA4L;
static int32_t g_37 = 0x91E412D4L;
static uint32_t func_1(void);
static uint8_t func_8(uint8_t p_9, uint32_t p_10, uint32_t p_11, uint16_t p_12, uint32_t p_13);
static int16_t func_16(uint16_t p_17, int64_t p_18, int8_t p_19, int32_t p_20, int32_t p_21);
static uint32_t func_1(void)
{
    int64_t l_2 = 0L;
    int32_t l_7 = 1L;
    int8_t l_24 = 0x36L;
    int8_t l_36 = 0x9DL;
    if (l_2)
    {
        int32_t l_4 = 0xE46C2E7CL;
        int32_t l_6 = 0x3CCD2466L;
        l_7 = (l_6 = (((((l_2 || ((g_3 = g_3) , (((((7UL == l_4) >= (-1L)) < l_4) >= l_2) < g_3))) == g_5) || g_5) >= 0x43DDCA27L) < 5L));
        g_37 = ((func_8(((((((((l_6 = ((safe_sub_func_uint64_t_u_u(g_5, ((g_3 != (g_30 = func_16(((((safe_add_func_uint8_t_u_u(g_3, g_3)) && 0x04A276ACL) > 0xF0E4F20077FEFB65LL) || 0UL), l_4, l_24, g_5, g_3))) == 0x76A9L))) == g_3)) != l_4) , 0xE519C81B93497140LL) >= l_4) != g_3) , g_30) , g_3) < l_2), g_5, g_3, g_3, l_4) > g_5) > l_36);
        return l_7;
    }
    else
    {
        for (l_7 = 6; (l_7 <= (-2)); l_7 = safe_sub_func_uint32_t_u_u(l_7, 3))
        {
            if (g_3)
                break;
        }
    }
    return l_24;
}
static uint8_t func_8(uint8_t p_9, uint32_t p_10, uint32_t p_11, uint16_t p_12, uint32_t p_13)
{
    uint64_t l_31 = 2UL;
    int32_t l_35 = 0x5D11E905L;
    g_32 = (p_11 && (0xAEL == ((((l_31 <= p_13) == g_30) || p_12) || p_11)));
    for (p_12 = 0; (p_12 <= 52); ++p_12)
    {
        if (p_9)
            break;
        l_35 = l_31;
    }
    return p_11;
}
static int16_t func_16(uint16_t p_17, int64_t p_18, int8_t p_19, int32_t p_20, int32_t p_21)
{
    int8_t l_25 = 0L;
    int32_t l_29 = 0xF7F2F1E7L;
    l_25 = (-6L);
    l_29 = ((((g_5 && (((((~((safe_sub_func_int16_t_s_s((l_25 , (((((-4L) <= 0xC927DB40437E1032LL) || 0x2C160EC253D5AB88LL) != l_25) != l_25)), g_5)) == 1UL)) , (-6L)) || p_20) >= 0L) , g_3)) < g_5) != 65535UL) >= 1L);
    return p_18;
}
int main(void) {
  func_1();
  if (g_3 != 4294967295ULL) reach_error();
  if (g_5 != 1LL) reach_error();
  if (g_30 != 1ULL) reach_error();
  if (g_32 != 2717633956ULL) reach_error();
  if (g_37 == (-1847323948LL)) reach_error();
  return 0;
}
