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
static int32_t
safe_add_func_int32_t_s_s(int32_t si1, int32_t si2 )
{
 
  return
    (((si1>0) && (si2>0) && (si1 > ((2147483647)-si2))) || ((si1<0) && (si2<0) && (si1 < ((-2147483647 - 1)-si2)))) ?
    ((si1)) :
    (si1 + si2);
}
static int64_t
safe_add_func_int64_t_s_s(int64_t si1, int64_t si2 )
{
 
  return
    (((si1>0) && (si2>0) && (si1 > ((9223372036854775807L)-si2))) || ((si1<0) && (si2<0) && (si1 < ((-9223372036854775807L - 1)-si2)))) ?
    ((si1)) :
    (si1 + si2);
}
static uint8_t
safe_add_func_uint8_t_u_u(uint8_t ui1, uint8_t ui2 )
{
 
  return ui1 + ui2;
}
static uint32_t
safe_add_func_uint32_t_u_u(uint32_t ui1, uint32_t ui2 )
{
 
  return ui1 + ui2;
}
static uint64_t
safe_add_func_uint64_t_u_u(uint64_t ui1, uint64_t ui2 )
{
 
  return ui1 + ui2;
}
static uint64_t
safe_sub_func_uint64_t_u_u(uint64_t ui1, uint64_t ui2 )
{
 
  return ui1 - ui2;
}
static int32_t safe_sub_func_int32_t_s_s(int32_t si1, int32_t si2)
{
  return ((si2 < 0 && si1 > (2147483647) + si2) || (si2 > 0 && si1 < (-2147483647 - 1) + si2)) ?
    (si1) :
    (si1 - si2);
}
static int64_t safe_sub_func_int64_t_s_s(int64_t si1, int64_t si2)
{
  return ((si2 < 0 && si1 > (9223372036854775807L) + si2) || (si2 > 0 && si1 < (-9223372036854775807L - 1) + si2)) ?
    (si1) :
    (si1 - si2);
}
static int32_t g_13 = 0xBACC5D9BL;
static int32_t g_28 = 0x3090707EL;
static int32_t g_35 = 0x1B8CE229L;
static const uint64_t g_37 = 0x61CD5CCFDEF05DE0LL;
static int16_t g_67 = 0xD73BL;
static uint32_t func_1(void);
static int16_t func_2(uint8_t p_3, uint16_t p_4, int16_t p_5, int16_t p_6, uint32_t p_7);
static int64_t func_9(int32_t p_10, uint8_t p_11, uint16_t p_12);
static uint32_t func_1(void)
{
    uint32_t l_8 = 0x9FB023EDL;
    int32_t l_36 = 0L;
    int32_t l_68 = (-1L);
    l_68 = (1UL || (g_67 = func_2((l_8 , (((l_36 = ((func_9(g_13, g_13, l_8) > g_35) , l_8)) , l_36) <= g_35)), g_35, l_8, g_35, l_8)));
    return l_68;
}
static int16_t func_2(uint8_t p_3, uint16_t p_4, int16_t p_5, int16_t p_6, uint32_t p_7)
{
    uint64_t l_47 = 0x4B2B3A3C3A871D1BLL;
    int32_t l_48 = 1L;
    uint64_t l_63 = 0xCFB248F24B1200BALL;
    if ((2L || 6L))
    {
        int32_t l_40 = 0x2C3CC8C9L;
        g_13 = (((-10L) != g_37) == ((safe_sub_func_int64_t_s_s(((p_3 , 2L) != p_5), l_40)) != p_3));
        g_13 = 0x960698B4L;
    }
    else
    {
        uint32_t l_41 = 4294967295UL;
        l_48 = (0x08F497C3L < (((l_41 && ((safe_sub_func_int64_t_s_s((+((((((safe_sub_func_int16_t_s_s(((l_47 = (0x6BB358509EF6E88FLL || 0x826CCE71C9EEB3BDLL)) > 0x576189EFL), p_6)) , 246UL) , 18446744073709551612UL) != l_48) , p_5) , 1L)), 0x61739BB5F37D796ELL)) == g_13)) <= g_28) > g_28));
        g_13 = g_13;
    }
    for (p_3 = (-20); (p_3 != 40); p_3 = safe_add_func_uint8_t_u_u(p_3, 3))
    {
        int32_t l_53 = (-6L);
        l_53 = (g_28 == (safe_add_func_int32_t_s_s((g_35 <= (((((((0x1FD1B63EL != p_5) && 0xD15778C4B1E4F373LL) , p_3) >= 1UL) , p_6) && 0xEB41E2253E45BD28LL) != p_3)), 6L)));
        if (((safe_add_func_uint32_t_u_u((((-1L) >= ((l_48 < ((p_7 && 0x8819L) || p_7)) > l_47)) , l_48), g_28)) > l_48))
        {
            int64_t l_62 = (-1L);
            int32_t l_64 = 1L;
            l_64 = ((((((((safe_add_func_uint8_t_u_u(((((g_13 >= (safe_add_func_int64_t_s_s((safe_sub_func_uint64_t_u_u(((l_62 = ((p_6 , (0xA3L <= 0x20L)) , 9L)) == p_3), 0x11712D94B84B6C92LL)), g_28))) && 0x2349L) == l_63) , 0xC0L), 255UL)) && g_35) > g_35) == 0L) > p_7) || g_13) , g_35) >= g_35);
        }
        else
        {
            uint32_t l_65 = 0x67AD2503L;
            int32_t l_66 = 3L;
            l_65 = 0xB15C07A2L;
            l_66 = g_35;
        }
    }
    return p_3;
}
static int64_t func_9(int32_t p_10, uint8_t p_11, uint16_t p_12)
{
    uint64_t l_20 = 1UL;
    int32_t l_27 = 0x12A2EF7EL;
    for (g_13 = 0; (g_13 == 3); g_13 = safe_add_func_uint64_t_u_u(g_13, 6))
    {
        int32_t l_18 = (-1L);
        int32_t l_19 = 0x9E9D60A2L;
        int32_t l_21 = (-1L);
        int8_t l_31 = 9L;
        l_21 = (((l_19 = (safe_sub_func_uint64_t_u_u((l_18 = l_18), (-1L)))) <= ((l_20 = (g_13 > (-1L))) < 0xEF4A0426L)) , p_12);
        for (p_10 = 0; (p_10 != (-20)); p_10--)
        {
            int32_t l_24 = 0L;
            int32_t l_34 = (-1L);
            l_24 = (-1L);
            g_28 = ((0UL <= (((safe_add_func_uint64_t_u_u(18446744073709551611UL, (p_11 || 9UL))) || l_27) >= l_21)) >= 0x455F992DB756FD8CLL);
            l_34 = (safe_sub_func_int16_t_s_s((l_31 <= ((p_12 = l_21) >= (safe_sub_func_int32_t_s_s(p_11, l_20)))), 0x6E82L));
        }
    }
    return l_27;
}
int main(void) {
  func_1();
  if (g_13 != (-1161011813LL)) reach_error();
  if (g_28 != 814772350LL) reach_error();
  if (g_35 != 462217769LL) reach_error();
  if (g_37 != 7047391039772974560ULL) reach_error();
  if (g_67 == (-10437LL)) reach_error();
  return 0;
}
