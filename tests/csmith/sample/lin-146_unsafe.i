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
safe_sub_func_int8_t_s_s(int8_t si1, int8_t si2 )
{
 
  return
    (si1 - si2);
}
static int64_t
safe_add_func_int64_t_s_s(int64_t si1, int64_t si2 )
{
 
  return
    (((si1>0) && (si2>0) && (si1 > ((9223372036854775807L)-si2))) || ((si1<0) && (si2<0) && (si1 < ((-9223372036854775807L - 1)-si2)))) ?
    ((si1)) :
    (si1 + si2);
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
static int64_t safe_sub_func_int64_t_s_s(int64_t si1, int64_t si2)
{
  return ((si2 < 0 && si1 > (9223372036854775807L) + si2) || (si2 > 0 && si1 < (-9223372036854775807L - 1) + si2)) ?
    (si1) :
    (si1 - si2);
}
static int32_t g_3 = 1L;
static int64_t g_24 = (-4L);
static int8_t g_25 = 3L;
static int32_t g_26 = (-9L);
static int32_t func_1(void);
static const uint64_t func_4(int64_t p_5, uint32_t p_6, int16_t p_7, const uint16_t p_8, int32_t p_9);
static int32_t func_13(int64_t p_14);
static int32_t func_1(void)
{
    uint32_t l_2 = 0x5DCEC3D7L;
    int32_t l_10 = 6L;
    uint8_t l_30 = 0UL;
    g_3 = l_2;
    l_30 = ((func_4(((l_2 == (l_2 <= (l_10 = (((0x1E7BL < l_2) == l_2) <= l_2)))) <= g_3), l_2, l_2, g_3, l_2) < 0x5D0016D172E30E5DLL) || l_2);
    return l_30;
}
static const uint64_t func_4(int64_t p_5, uint32_t p_6, int16_t p_7, const uint16_t p_8, int32_t p_9)
{
    int8_t l_15 = (-10L);
    int32_t l_16 = (-2L);
    int32_t l_21 = 0x2CB818EBL;
    l_16 = (safe_sub_func_int64_t_s_s((func_13(l_15) || 0xB421DD2EL), l_15));
    l_16 = (((((l_15 , ((p_9 , (safe_sub_func_uint32_t_u_u((((p_6 && l_16) || 0x4F6BL) >= g_3), l_16))) != g_3)) == g_3) && l_15) > g_3) , g_3);
    if ((((1L <= g_3) != ((safe_add_func_int64_t_s_s(((g_3 <= p_6) >= 0xAD1532D4L), (-2L))) && g_3)) && l_21))
    {
        for (p_7 = (-29); (p_7 > 6); p_7 = safe_add_func_uint64_t_u_u(p_7, 6))
        {
            return p_7;
        }
    }
    else
    {
        g_24 = p_9;
        l_16 = (((g_3 < (((g_26 = (g_25 = (((((((((-1L) == 0UL) && p_6) , g_3) || 0x4BL) != 4L) != 0x227FD5D1AFC438F8LL) > g_3) < p_5))) || g_26) , l_21)) >= 18446744073709551612UL) , 1L);
        for (l_21 = 0; (l_21 >= (-17)); l_21 = safe_sub_func_int8_t_s_s(l_21, 2))
        {
            const int16_t l_29 = (-1L);
            l_16 = 3L;
            return l_29;
        }
    }
    return p_7;
}
static int32_t func_13(int64_t p_14)
{
    return g_3;
}
int main(void) {
  func_1();
  if (g_3 != 1573831639LL) reach_error();
  if (g_24 != 1573831639LL) reach_error();
  if (g_25 != 1LL) reach_error();
  if (g_26 == 1LL) reach_error();
  return 0;
}
