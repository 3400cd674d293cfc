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
static int64_t
safe_div_func_int64_t_s_s(int64_t si1, int64_t si2 )
{
 
  return
    ((si2 == 0) || ((si1 == (-9223372036854775807L - 1)) && (si2 == (-1)))) ?
    ((si1)) :
    (si1 / si2);
}
static uint32_t g_2 = 18446744073709551615UL;
static int8_t g_5 = (-1L);
static int32_t g_7 = 0xE4562513L;
static uint16_t func_1(void);
static uint16_t func_1(void)
{
    int32_t l_6 = 0x443EB606L;
    g_7 = (65535UL & (l_6 &= ((g_2 < (safe_div_func_int64_t_s_s((g_5 = g_2), g_2))) || g_5)));
    return g_7;
}
int main(void) {
  func_1();
  if (g_2 != 4294967295ULL) reach_error();
  if (g_5 != (-1LL)) reach_error();
  if (g_7 != 0LL) reach_error();
  return 0;
}
