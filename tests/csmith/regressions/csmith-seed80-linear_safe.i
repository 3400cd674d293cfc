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
safe_unary_minus_func_int16_t_s(int16_t si )
{
 
  return
    -si;
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
safe_unary_minus_func_int32_t_s(int32_t si )
{
 
  return
    (si==(-2147483647 - 1)) ?
    ((si)) :
    -si;
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
static uint8_t
safe_sub_func_uint8_t_u_u(uint8_t ui1, uint8_t ui2 )
{
 
  return ui1 - ui2;
}
static uint16_t
safe_unary_minus_func_uint16_t_u(uint16_t ui )
{
 
  return -ui;
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
static uint8_t g_2 = 0x34L;
static const uint32_t g_19 = 18446744073709551615UL;
static int16_t g_25 = (-1L);
static uint32_t g_27 = 0UL;
static uint64_t g_32 = 0xDA828C040C8E82B3LL;
static uint8_t g_47 = 254UL;
static int8_t g_58 = (-4L);
static int32_t g_59 = 0x214255FAL;
static int16_t g_82 = 0xABD0L;
static uint16_t g_83 = 0UL;
static int32_t g_86 = 0xD32418DFL;
static int32_t g_87 = 0L;
static uint16_t g_129 = 0x8454L;
static uint32_t func_1(void);
static int32_t func_3(int16_t p_4, int32_t p_5);
static int32_t func_8(uint16_t p_9, int16_t p_10, uint16_t p_11, uint32_t p_12, const uint32_t p_13);
static uint32_t func_1(void)
{
    int8_t l_131 = 9L;
    int32_t l_138 = 0x5EAAFD92L;
    int32_t l_151 = 8L;
    if (g_2)
    {
        uint16_t l_6 = 4UL;
        uint32_t l_130 = 8UL;
        l_131 = (l_130 = func_3(g_2, l_6));
        l_138 = ((l_131 , (safe_sub_func_uint64_t_u_u((safe_sub_func_uint8_t_u_u((safe_add_func_int32_t_s_s((1UL != g_2), 0xA2588FA3L)), 1L)), g_83))) < l_130);
    }
    else
    {
        uint64_t l_145 = 0UL;
        int32_t l_146 = 7L;
        int32_t l_174 = 0x838FA55FL;
        g_86 = (0x7862B190C6153839LL || ((safe_sub_func_int8_t_s_s(1L, ((l_146 = (l_138 = (((((!((~(safe_sub_func_int64_t_s_s((((0x97FCBD7AL || l_145) <= g_27) == g_59), g_86))) && g_86)) == 1L) == g_32) < g_32) <= l_138))) || l_145))) && l_138));
        g_87 = (safe_sub_func_uint8_t_u_u(((safe_sub_func_int32_t_s_s((-7L), ((((l_151 = ((g_129 <= (l_138 = g_59)) < l_146)) < 1UL) == (-1L)) && 18446744073709551610UL))) || l_138), 2UL));
        if ((((g_32 = l_151) > ((g_47 = ((l_131 <= ((((((((safe_sub_func_int16_t_s_s(((safe_sub_func_uint16_t_u_u((g_129 = (safe_add_func_int16_t_s_s((safe_sub_func_uint8_t_u_u(((g_87 && l_131) <= l_146), 255UL)), g_58))), g_27)) || 0x934FL), g_82)) > l_146) == g_86) <= g_47) , g_129) >= 0x0AL) >= l_151) , g_25)) && l_145)) <= l_138)) != 18446744073709551610UL))
        {
            uint64_t l_164 = 0x9CE0AD08EFB34F4DLL;
            int32_t l_169 = 1L;
            int16_t l_170 = 0x3418L;
            l_146 = ((safe_add_func_uint16_t_u_u((((((((safe_sub_func_int32_t_s_s(((g_25 = l_164) == (((safe_add_func_uint32_t_u_u(((safe_sub_func_uint64_t_u_u((((((((((((l_169 = (-8L)) >= (l_151 < g_19)) , 0x8D5AL) , l_151) == 0x2EL) < l_164) , g_32) , l_146) != g_59) > 7UL) != l_138), l_146)) || l_169), l_145)) >= g_82) > g_82)), l_170)) , l_145) , 1UL) , g_59) < g_19) , l_169) > g_87), l_131)) || 7UL);
        }
        else
        {
            const uint32_t l_173 = 6UL;
            l_174 = (l_138 , (((l_146 = (((l_138 != ((((safe_add_func_int8_t_s_s((-9L), 255UL)) > 5L) || l_173) > 0xAC253746L)) || (-10L)) >= g_83)) < l_145) <= 4UL));
            l_174 = ((g_25 || 0UL) >= (((l_151 , 1L) , l_131) == l_146));
        }
    }
    g_86 = (g_58 > (0x9BB6F5C2L == 4294967295UL));
    g_87 = g_27;
    return g_2;
}
static int32_t func_3(int16_t p_4, int32_t p_5)
{
    uint32_t l_21 = 0x7D02268FL;
    uint8_t l_24 = 0x2FL;
    int32_t l_42 = 0xD5AE9098L;
    int32_t l_43 = 0xB31B79E2L;
    int32_t l_44 = 0x1B453F47L;
    int32_t l_45 = 1L;
    int32_t l_46 = 0x440AFAA9L;
    int8_t l_85 = 0x5CL;
    if ((~g_2))
    {
        uint8_t l_16 = 0xBCL;
        int32_t l_17 = 0x981FF29AL;
        l_21 = func_8(g_2, (g_2 >= (((((l_17 = ((safe_add_func_uint32_t_u_u(g_2, l_16)) , 0L)) > 0UL) , 0x34B0B4EFL) > l_16) , l_16)), p_4, p_4, p_5);
        g_25 = ((((safe_unary_minus_func_int32_t_s(((((p_5 >= (~0xAEL)) , l_16) != l_24) < p_4))) && 0x25L) , 1L) < 18446744073709551615UL);
    }
    else
    {
        uint16_t l_26 = 5UL;
        g_27 = (0xA3A7L || (l_26 && ((l_21 && 255UL) > 18446744073709551611UL)));
        if (((((p_4 = (0x895C4B79A97A8D1DLL < (((((safe_sub_func_int16_t_s_s((safe_sub_func_uint32_t_u_u(((g_32 = g_19) != (((p_5 && 0x5EL) , 6L) <= 1L)), p_4)), g_27)) , 0xCA72L) || 7UL) , g_25) && l_26))) == l_21) == g_25) >= p_5))
        {
            p_5 = (((((1UL && g_19) <= ((safe_sub_func_uint64_t_u_u(0xC28784865E5AB8BFLL, g_32)) && p_4)) == g_2) , g_25) && g_25);
        }
        else
        {
            uint32_t l_39 = 0x715B7D07L;
            l_39 = (safe_add_func_uint64_t_u_u(p_4, (safe_sub_func_uint8_t_u_u((((((9UL < (((g_27 && (-3L)) < p_5) != g_32)) > p_5) == g_19) , g_19) <= (-3L)), l_24))));
            return p_4;
        }
    }
    l_46 = (l_45 = ((-1L) < (((safe_sub_func_int64_t_s_s(((((g_27 , (l_44 = (l_43 = (l_42 = (l_24 , 65528UL))))) < 0x2BE3L) <= l_24) && l_21), p_5)) || l_21) < 0xEAAC79E06D3C1D26LL)));
    if (l_21)
    {
        const uint32_t l_57 = 1UL;
        int32_t l_81 = 0L;
        g_47 = p_5;
        g_59 = ((((safe_add_func_uint32_t_u_u(((0x2CD5B9AAL || (safe_add_func_uint8_t_u_u(((g_58 = (safe_sub_func_int32_t_s_s((p_5 = (+(safe_sub_func_int8_t_s_s(((l_57 != ((g_27 = g_19) > l_24)) < p_5), g_25)))), p_4))) != g_32), 1L))) < p_4), 1UL)) <= (-1L)) <= (-9L)) <= 0x63L);
        for (l_46 = 1; (l_46 != 21); l_46 = safe_add_func_int64_t_s_s(l_46, 1))
        {
            int16_t l_84 = 0x48B2L;
            g_87 = (g_86 = (safe_sub_func_int32_t_s_s((safe_sub_func_int8_t_s_s((safe_add_func_int64_t_s_s(((safe_sub_func_uint16_t_u_u((((safe_add_func_uint8_t_u_u((l_42 = 2UL), (safe_add_func_int32_t_s_s(((safe_sub_func_int64_t_s_s((g_83 = (((((18446744073709551613UL > ((safe_sub_func_uint8_t_u_u((safe_unary_minus_func_uint16_t_u((((l_81 = ((safe_add_func_uint32_t_u_u((0x75C3L >= g_2), 0x82D738A4L)) <= g_32)) , 0x5F02L) > 0xC7FFL))), g_82)) < 0xA35DC676L)) > g_2) < p_4) || l_81) , g_2)), p_5)) >= 0x3401L), g_19)))) <= l_84) && l_24), l_85)) > g_58), 0xB061D97AAA56D442LL)), p_5)), g_2)));
        }
    }
    else
    {
        int8_t l_92 = 0x74L;
        int32_t l_106 = (-1L);
        uint32_t l_120 = 0x21EC415CL;
        p_5 = ((-1L) != (p_4 >= (safe_add_func_uint32_t_u_u(((safe_sub_func_uint8_t_u_u((((((g_58 || p_4) <= l_92) <= p_5) <= 4294967293UL) || p_4), g_47)) <= l_92), g_25))));
        if ((l_106 = (p_5 > (safe_sub_func_int32_t_s_s((safe_unary_minus_func_int16_t_s(((safe_sub_func_int8_t_s_s((((safe_add_func_uint32_t_u_u(((((((((l_92 && (g_32 = ((safe_sub_func_int64_t_s_s((safe_add_func_int16_t_s_s((((((safe_sub_func_int32_t_s_s(0L, 0xF4DFAC94L)) || l_92) , 0x8A2DL) < (-1L)) >= g_2), 65535UL)), 18446744073709551615UL)) < 0x6A3BB2BE9FDC9EDELL))) , l_43) > 0x63EEA7E5B6355D27LL) && (-1L)) , p_4) , p_4) > g_19) && (-3L)), p_4)) >= g_47) , p_5), l_44)) >= l_92))), g_82)))))
        {
            uint8_t l_119 = 255UL;
            g_87 = (safe_sub_func_int64_t_s_s((safe_sub_func_uint64_t_u_u((safe_add_func_int32_t_s_s((-9L), ((safe_add_func_uint8_t_u_u((((l_106 = ((((-1L) != (safe_add_func_uint8_t_u_u((safe_add_func_uint32_t_u_u(((0UL >= 1UL) && l_119), l_106)), l_120))) < l_119) && 0x1B20E94AL)) > (-1L)) >= g_19), p_5)) >= p_5))), 0UL)), l_92));
            g_87 = ((((safe_add_func_uint64_t_u_u(((((((safe_unary_minus_func_int16_t_s(((safe_add_func_int16_t_s_s(p_4, p_4)) != (((safe_sub_func_uint32_t_u_u(((7L > 0x18D08892L) > g_19), 0UL)) > p_5) >= p_4)))) == l_106) && p_4) == g_47) >= g_83) != 1UL), g_47)) != p_5) != l_92) >= p_5);
        }
        else
        {
            uint8_t l_128 = 0x84L;
            p_5 = (((g_129 = ((((l_106 = (((((((g_19 >= g_83) <= (((((l_120 && p_5) || g_19) >= p_5) != p_5) , 0x9A46L)) , p_5) , p_4) >= (-1L)) != 0xFFCB4505L) <= l_128)) || p_5) && p_4) > l_92)) , g_129) <= (-1L));
        }
    }
    return g_82;
}
static int32_t func_8(uint16_t p_9, int16_t p_10, uint16_t p_11, uint32_t p_12, const uint32_t p_13)
{
    uint64_t l_18 = 0UL;
    int32_t l_20 = 0x9A01C77DL;
    l_18 = g_2;
    l_20 = (l_18 > (g_19 >= (0x55L <= 0x42L)));
    l_20 = p_11;
    return g_19;
}
int main(void) {
  func_1();
  if (g_2 != 52ULL) reach_error();
  if (g_19 != 4294967295ULL) reach_error();
  if (g_25 != 1LL) reach_error();
  if (g_27 != 0ULL) reach_error();
  if (g_32 != 15745301196259099315ULL) reach_error();
  if (g_47 != 4ULL) reach_error();
  if (g_58 != (-4LL)) reach_error();
  if (g_59 != 1LL) reach_error();
  if (g_82 != (-21552LL)) reach_error();
  if (g_83 != 52ULL) reach_error();
  if (g_86 != 0LL) reach_error();
  if (g_87 != 0LL) reach_error();
  if (g_129 != 33876ULL) reach_error();
  return 0;
}
