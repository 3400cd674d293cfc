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
static uint8_t
safe_sub_func_uint8_t_u_u(uint8_t ui1, uint8_t ui2 )
{
 
  return ui1 - ui2;
}
static uint8_t
safe_mul_func_uint8_t_u_u(uint8_t ui1, uint8_t ui2 )
{
 
  return ((unsigned int)ui1) * ((unsigned int)ui2);
}
static uint16_t
safe_lshift_func_uint16_t_u_s(uint16_t left, int right )
{
 
  return
    ((((int)right) < 0) || (((int)right) >= 32) || (left > ((65535) >> ((int)right)))) ?
    ((left)) :
    (left << ((int)right));
}
static int32_t g_12 = 0xB4AAD9DDL;
static int32_t func_1(void);
static int32_t func_1(void)
{
    uint8_t l_6 = 2UL;
    int32_t l_11 = 0xDDA37BB0L;
    uint32_t l_13 = 1UL;
    g_12 = ((safe_lshift_func_uint16_t_u_s(((safe_mul_func_uint8_t_u_u(l_6, 0x60L)) , ((safe_div_func_int64_t_s_s((safe_sub_func_uint8_t_u_u(l_6, 5UL)), 0xBCA9D6923607A988LL)) != l_6)), l_6)) && l_11);
    return l_13;
}
int main(void) {
  func_1();
  if (g_12 != 1LL) reach_error();
  return 0;
}
