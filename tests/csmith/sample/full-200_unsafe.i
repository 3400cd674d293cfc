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
safe_rshift_func_int16_t_s_u(int16_t left, unsigned int right )
{
 
  return
    ((left < 0) || (((unsigned int)right) >= 32)) ?
    ((left)) :
    (left >> ((unsigned int)right));
}
static int16_t g_6 = 0L;
static int16_t func_1(void);
static int16_t func_1(void)
{
    uint32_t l_2 = 0x5596960FL;
    int32_t l_5 = 0L;
    l_5 = (l_2 , (safe_rshift_func_int16_t_s_u(((-7L) <= 0xC62E0897L), 11)));
    return g_6;
}
int main(void) {
  func_1();
  if (g_6 == 0LL) reach_error();
  return 0;
}
