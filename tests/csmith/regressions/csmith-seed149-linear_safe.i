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
safe_unary_minus_func_int64_t_s(int64_t si )
{
 
  return
    (si==(-9223372036854775807L - 1)) ?
    ((si)) :
    -si;
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
static uint8_t
safe_sub_func_uint8_t_u_u(uint8_t ui1, uint8_t ui2 )
{
 
  return ui1 - ui2;
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
safe_unary_minus_func_uint64_t_u(uint64_t ui )
{
 
  return -ui;
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
static uint32_t g_11 = 0x0E3580D4L;
static int8_t g_53 = 0x2CL;
static int32_t g_60 = 0xE91F1311L;
static uint16_t g_70 = 0xE7C9L;
static uint32_t g_86 = 0x947D74E5L;
static int64_t g_87 = 0x5CA1D1A269FD2B10LL;
static uint8_t g_88 = 1UL;
static int16_t g_98 = 0L;
static uint32_t func_1(void);
static const uint16_t func_6(uint16_t p_7, uint16_t p_8, uint32_t p_9, int16_t p_10);
static int32_t func_17(int8_t p_18, const int64_t p_19, const int32_t p_20, int64_t p_21);
static uint32_t func_1(void)
{
    int64_t l_14 = 0xDBEA5223FA3A92BDLL;
    int32_t l_85 = 0x1658D46EL;
    int32_t l_119 = 0L;
    int32_t l_139 = 0x9CEE28C9L;
    if ((((((safe_sub_func_uint64_t_u_u((safe_add_func_uint16_t_u_u(func_6(g_11, ((safe_sub_func_int64_t_s_s(l_14, (safe_add_func_uint64_t_u_u(g_11, l_14)))) && (-4L)), g_11, g_11), g_11)), l_14)) < g_11) == l_14) != g_11) < l_14))
    {
        uint64_t l_61 = 18446744073709551615UL;
        l_61 = 0xDB3F0F59L;
    }
    else
    {
        int16_t l_81 = 0x39C2L;
        int32_t l_82 = 0xA7A40015L;
        g_60 = ((g_70 = (1L > ((safe_add_func_uint16_t_u_u((safe_sub_func_int64_t_s_s(g_60, (((safe_sub_func_uint16_t_u_u((safe_sub_func_uint32_t_u_u(((((((0L == 18446744073709551609UL) == 0x22005908L) < 8L) && g_11) >= g_60) == 3L), 0UL)), g_11)) >= g_53) || (-3L)))), 0xEB26L)) == g_11))) > 0UL);
        g_60 = (((safe_sub_func_int16_t_s_s(l_14, (safe_add_func_int32_t_s_s(((safe_sub_func_uint32_t_u_u(((safe_add_func_uint8_t_u_u((g_88 = ((g_87 = (g_86 = (l_85 = (safe_add_func_uint16_t_u_u(((l_82 = l_81) <= (safe_add_func_int64_t_s_s((g_11 >= l_14), (-1L)))), 0xE7EEL))))) , g_53)), 246UL)) , l_82), g_70)) , l_14), 0xBBD67DECL)))) && g_70) > l_81);
        g_60 = (((((l_85 == (g_87 && (g_53 = ((l_14 || l_82) > l_81)))) >= l_14) , g_11) , l_85) <= 0x296DL);
    }
    if ((g_87 <= l_14))
    {
        uint8_t l_94 = 0xD7L;
        int32_t l_99 = 0x4BDB3881L;
        uint64_t l_111 = 4UL;
        uint8_t l_114 = 0xE2L;
        for (g_70 = 19; (g_70 < 44); ++g_70)
        {
            uint32_t l_91 = 0xB3A2D95AL;
            return l_91;
        }
        if (l_85)
        {
            int32_t l_97 = 0xAC555C44L;
            l_85 = (safe_sub_func_int32_t_s_s(l_94, (safe_sub_func_uint16_t_u_u((l_94 || ((g_88 = 255UL) || l_85)), l_97))));
        }
        else
        {
            int32_t l_110 = 0x30A9AF7DL;
            l_99 = (0x801335C4L || (((g_11 , (g_98 = (((l_14 , 248UL) != g_70) == g_53))) != g_87) || l_94));
            l_85 = g_87;
            g_60 = ((((g_70 = ((g_53 = ((+l_14) <= ((((safe_add_func_int32_t_s_s((((l_110 = (safe_unary_minus_func_uint64_t_u((safe_sub_func_int8_t_s_s((safe_add_func_int32_t_s_s(((safe_add_func_uint32_t_u_u(l_99, g_87)) <= 0x24CFL), 0UL)), g_86))))) != g_53) && l_14), 0L)) || 4294967292UL) > g_86) , l_111))) >= g_87)) == g_88) == g_98) >= l_99);
        }
        if ((g_60 >= 0xD9L))
        {
            uint16_t l_115 = 2UL;
            int32_t l_116 = 0x42475AA4L;
            g_60 = (((l_85 , ((251UL > (safe_sub_func_int32_t_s_s(g_87, l_114))) , l_115)) > g_98) && 0x13L);
            l_116 = (l_115 > (((((((l_14 , g_53) == 0xE249038C88683152LL) || (-6L)) < g_86) , l_111) > g_98) <= g_98));
            return g_11;
        }
        else
        {
            g_60 = (g_88 != l_99);
        }
    }
    else
    {
        int8_t l_120 = 0x74L;
        int32_t l_121 = (-1L);
        if ((safe_add_func_int8_t_s_s(((((((l_119 = (l_85 = (g_60 || 0xE08D7298EAA45E95LL))) || ((((((((((((0xDE26L && g_98) != 9L) == l_85) <= l_120) <= l_14) == 0x80C8L) && l_120) < 0x7086DD7FL) <= g_11) != 7UL) > 0UL) > g_60)) > 0xEB5EL) != g_60) != (-1L)) < 0x4D7137552BDAD613LL), l_120)))
        {
            l_121 = g_11;
        }
        else
        {
            g_60 = (((safe_sub_func_int16_t_s_s((safe_add_func_uint32_t_u_u(((((g_70 && g_70) <= g_87) != (-9L)) || 1UL), l_120)), g_11)) || l_121) <= l_121);
        }
    }
    for (l_14 = (-26); (l_14 >= 27); l_14 = safe_add_func_uint64_t_u_u(l_14, 6))
    {
        uint32_t l_134 = 0UL;
        int32_t l_135 = 0x1D67FE13L;
        l_135 = ((g_87 && ((safe_sub_func_uint8_t_u_u((safe_sub_func_uint32_t_u_u(((g_88 || (safe_add_func_uint16_t_u_u(g_87, 0UL))) <= l_134), g_98)), 0x4AL)) && g_60)) && 1UL);
        l_85 = ((((g_98 = (safe_sub_func_int32_t_s_s(g_53, 0xFD2DB2C6L))) == ((((((+(l_134 <= 0x6053B20FL)) && l_139) > l_119) >= g_60) != l_134) && g_88)) != 0x6CF12C4CB20B9766LL) < g_53);
    }
    return l_85;
}
static const uint16_t func_6(uint16_t p_7, uint16_t p_8, uint32_t p_9, int16_t p_10)
{
    int16_t l_35 = 8L;
    int32_t l_40 = 0x8CC19583L;
    int32_t l_41 = 0L;
    const int32_t l_42 = 0xF3922CBDL;
    int8_t l_59 = (-1L);
    g_53 = func_17(((safe_sub_func_uint64_t_u_u(((safe_add_func_uint8_t_u_u(((safe_add_func_int64_t_s_s(((safe_sub_func_uint32_t_u_u(((((safe_add_func_int16_t_s_s((safe_add_func_int64_t_s_s((l_35 = (safe_unary_minus_func_int64_t_s(p_10))), ((l_41 = (safe_add_func_uint16_t_u_u((g_11 >= (((l_40 = (safe_sub_func_uint64_t_u_u((l_40 >= g_11), l_40))) || 0xFE51L) , 0x77DFL)), g_11))) < g_11))), 0x00D4L)) || l_40) < p_9) != 4L), 0UL)) || l_40), p_8)) != p_8), g_11)) , g_11), 1L)) > g_11), g_11, l_42, p_9);
    g_60 = (((p_10 >= (safe_add_func_int16_t_s_s((0UL < (!((safe_add_func_int64_t_s_s(p_9, p_8)) == 0xC29C84D8L))), l_59))) != g_53) == g_11);
    return l_40;
}
static int32_t func_17(int8_t p_18, const int64_t p_19, const int32_t p_20, int64_t p_21)
{
    int64_t l_45 = 0xC7A429ADBD3D38E2LL;
    int32_t l_51 = (-1L);
    int32_t l_52 = (-1L);
    l_52 = (((((safe_add_func_uint32_t_u_u((l_45 = 0xB3925B97L), (l_51 = (((0UL >= (((safe_sub_func_uint32_t_u_u((safe_add_func_uint32_t_u_u((((!(((l_51 || 0xABE3L) , 0x9FL) > l_51)) >= (-1L)) != p_20), p_19)), g_11)) < g_11) , (-2L))) <= p_21) == g_11)))) && p_18) >= 0L) < l_52) , p_21);
    return l_51;
}
int main(void) {
  func_1();
  if (g_11 != 238387412ULL) reach_error();
  if (g_53 != 0LL) reach_error();
  if (g_60 != 0LL) reach_error();
  if (g_70 != 1ULL) reach_error();
  if (g_86 != 59374ULL) reach_error();
  if (g_87 != 59374LL) reach_error();
  if (g_88 != 0ULL) reach_error();
  if (g_98 != 0LL) reach_error();
  return 0;
}
