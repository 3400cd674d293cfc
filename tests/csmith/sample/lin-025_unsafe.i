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
static int8_t
safe_sub_func_int8_t_s_s(int8_t si1, int8_t si2 )
{
 
  return
    (si1 - si2);
}
static int16_t
safe_add_func_int16_t_s_s(int16_t si1, int16_t si2 )
{
 
  return
    (si1 + si2);
}
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
static uint16_t
safe_add_func_uint16_t_u_u(uint16_t ui1, uint16_t ui2 )
{
 
  return ui1 + ui2;
}
static uint16_t
safe_sub_func_uint16_t_u_u(uint16_t ui1, uint16_t ui2 )
{
 
  return ui1 - ui2;
}
static uint32_t
safe_add_func_uint32_t_u_u(uint32_t ui1, uint32_t ui2 )
{
 
  return ui1 + ui2;
}
static uint32_t
safe_sub_func_uint32_t_u_u(uint32_t ui1, uint32_t ui2 )
{
 
  return ui1 - ui2;
}
static uint64_t
safe_add_func_uint64_t_u_u(uint64_t ui1, uint64_t ui2 )
{
 
  return ui1 + ui2;
}
static int32_t g_2 = 1L;
static int32_t g_5 = 0xABECBA2AL;
static int32_t g_12 = (-9L);
static uint32_t g_32 = 2UL;
static int16_t g_42 = (-4L);
static int16_t g_44 = (-4L);
static uint32_t g_52 = 0xECF93A29L;
static uint32_t g_53 = 18446744073709551610UL;
static int16_t g_66 = 0x61F3L;
static int16_t g_79 = 0x5514L;
static int8_t func_1(void);
static const int32_t func_18(int8_t p_19);
static uint8_t func_27(int16_t p_28, uint64_t p_29, const uint8_t p_30, int64_t p_31);
static int8_t func_1(void)
{
    int16_t l_11 = 1L;
    int32_t l_26 = 1L;
    for (g_2 = 15; (g_2 <= 13); --g_2)
    {
        uint32_t l_33 = 5UL;
        int32_t l_80 = 3L;
        for (g_5 = (-12); (g_5 != 6); g_5 = safe_add_func_int32_t_s_s(g_5, 1))
        {
            uint32_t l_10 = 1UL;
            g_12 = ((safe_sub_func_uint32_t_u_u(l_10, 0xE4B7834DL)) && (l_11 <= g_2));
        }
        for (l_11 = 0; (l_11 != (-9)); l_11 = safe_sub_func_uint16_t_u_u(l_11, 9))
        {
            g_5 = (-4L);
        }
        l_80 = (safe_add_func_int8_t_s_s((!func_18((safe_add_func_int64_t_s_s((((((safe_add_func_uint16_t_u_u((safe_sub_func_int8_t_s_s((l_26 = 0xA8L), func_27((g_32 = g_5), (((l_33 , 65527UL) || 0x586FL) <= g_12), l_11, l_11))), g_12)) != l_33) >= 0x0AE02F11925CFB43LL) != l_33) || g_52), 18446744073709551610UL)))), 246UL));
    }
    return g_2;
}
static const int32_t func_18(int8_t p_19)
{
    uint16_t l_65 = 65529UL;
    int32_t l_68 = 0x3C403CB7L;
    int32_t l_78 = 0L;
    if (((g_5 = p_19) == (g_66 = (l_65 = g_42))))
    {
        uint8_t l_67 = 1UL;
        const int64_t l_69 = 0x4CD9654EA11AD519LL;
        g_5 = (l_65 || (((((l_67 && ((l_68 = (g_44 , p_19)) < l_65)) || l_69) <= 1UL) , g_53) , p_19));
    }
    else
    {
        uint32_t l_70 = 0x770C58F8L;
        l_68 = ((((p_19 >= ((l_68 , g_42) && g_44)) == 4294967291UL) > g_2) , g_2);
        l_70 = 0x631A0D17L;
        l_68 = 0x85487E86L;
    }
    g_79 = (+((((((((p_19 , ((g_5 = (((safe_sub_func_int16_t_s_s(((safe_add_func_int16_t_s_s((((safe_add_func_uint8_t_u_u(((l_68 != ((l_78 = ((18446744073709551615UL && 0x2BFDB46CE14E34DALL) != 0xC9450E8DL)) , 0xC55B62D5L)) , 0x42L), 1UL)) <= l_65) || g_12), g_66)) <= (-5L)), g_5)) > p_19) , p_19)) && g_5)) <= l_65) < p_19) > g_42) != g_52) && 0xABDEL) < 0xBFL) , 0x0221L));
    return g_53;
}
static uint8_t func_27(int16_t p_28, uint64_t p_29, const uint8_t p_30, int64_t p_31)
{
    int16_t l_38 = 0xCD25L;
    int32_t l_45 = 0xDD88BA54L;
    uint16_t l_46 = 1UL;
    int32_t l_47 = 0xB36FE085L;
    uint32_t l_61 = 1UL;
    g_5 = ((((safe_add_func_int32_t_s_s((((((safe_add_func_uint64_t_u_u(l_38, 0x5A27557BC7756237LL)) < (((+(((safe_sub_func_uint32_t_u_u(l_38, g_2)) < l_38) >= p_28)) >= g_42) < p_29)) != l_38) && 0xFCL) , l_38), g_42)) && 0x043DL) != l_38) , g_12);
    l_47 = ((((!(l_38 > ((g_5 > (l_45 = (g_44 = 0x47L))) >= l_38))) >= g_5) >= l_46) < p_29);
    for (l_47 = 13; (l_47 < 1); l_47--)
    {
        int32_t l_50 = 1L;
        int64_t l_51 = 3L;
        g_5 = (((l_51 = l_50) <= (g_53 = (g_52 = l_50))) >= (l_46 <= l_50));
        for (l_45 = 0; (l_45 == (-10)); l_45 = safe_sub_func_uint16_t_u_u(l_45, 7))
        {
            const uint16_t l_56 = 0x66DFL;
            g_5 = 0xB4D05C44L;
            g_5 = ((((l_51 && ((g_44 <= g_2) && g_2)) > l_56) < p_28) <= 0x8F94L);
            l_61 = (((safe_add_func_uint64_t_u_u((p_29 = (safe_add_func_uint32_t_u_u((((p_30 , 0xD16EL) >= 0xE470L) == l_56), g_42))), p_31)) != g_12) != p_28);
        }
        for (g_52 = 3; (g_52 != 12); ++g_52)
        {
            uint8_t l_64 = 9UL;
            g_5 = l_50;
            l_64 = (l_50 = 0x466E1A5BL);
        }
    }
    return l_45;
}
int main(void) {
  func_1();
  if (g_2 == 15LL) reach_error();
  if (g_5 != (-1410549206LL)) reach_error();
  if (g_12 != (-9LL)) reach_error();
  if (g_32 != 2ULL) reach_error();
  if (g_42 != (-4LL)) reach_error();
  if (g_44 != (-4LL)) reach_error();
  if (g_52 != 3975756329ULL) reach_error();
  if (g_53 != 4294967290ULL) reach_error();
  if (g_66 != 25075LL) reach_error();
  if (g_79 != 21780LL) reach_error();
  return 0;
}
