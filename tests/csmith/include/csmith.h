/* certa's stand-in for csmith's runtime header (csmith.h), used by
 * tests/csmith/gen.py instead of /usr/include/csmith/csmith.h: the
 * fixed-width integer types and limits of x86_64 Linux (LP64, as glibc
 * defines them) and csmith's own safe_math.h wrappers, but none of the
 * checksum/printf runtime (gen.py replaces csmith's main). Differences
 * from csmith.h: the wrappers are named `safe_x`, not `(safe_x)` (the
 * parentheses only guard against macros of the same name), and two signed
 * subtractions test for overflow with comparisons (below). */
#ifndef CERTA_CSMITH_H
#define CERTA_CSMITH_H

typedef signed char int8_t;
typedef short int int16_t;
typedef int int32_t;
typedef long int int64_t;
typedef unsigned char uint8_t;
typedef unsigned short int uint16_t;
typedef unsigned int uint32_t;
typedef unsigned long int uint64_t;

#define CHAR_BIT 8
#define INT_MIN (-2147483647 - 1)
#define INT_MAX 2147483647
#define UINT_MAX 4294967295U
#define INT8_MIN (-128)
#define INT16_MIN (-32767 - 1)
#define INT32_MIN (-2147483647 - 1)
#define INT64_MIN (-9223372036854775807L - 1)
#define INT8_MAX (127)
#define INT16_MAX (32767)
#define INT32_MAX (2147483647)
#define INT64_MAX (9223372036854775807L)
#define UINT8_MAX (255)
#define UINT16_MAX (65535)
#define UINT32_MAX (4294967295U)
#define UINT64_MAX (18446744073709551615UL)

#define UNDEFINED(__val) (__val)
#define LOG_INDEX
#define LOG_EXEC
#define STATIC static
#define FUNC_NAME(x) safe_##x
/* safe_math.h tests a 32- or 64-bit signed subtraction for overflow with
 * bitwise operations on both operands; its own copies are renamed (and then
 * dropped as unused by gen.py) for these equivalent comparisons, which
 * cannot overflow either. */
#define safe_sub_func_int32_t_s_s csmith_sub_func_int32_t_s_s
#define safe_sub_func_int64_t_s_s csmith_sub_func_int64_t_s_s
#include "safe_math.h"
#undef FUNC_NAME
#undef safe_sub_func_int32_t_s_s
#undef safe_sub_func_int64_t_s_s

static int32_t safe_sub_func_int32_t_s_s(int32_t si1, int32_t si2)
{
  return ((si2 < 0 && si1 > INT32_MAX + si2) || (si2 > 0 && si1 < INT32_MIN + si2)) ?
    (si1) :
    (si1 - si2);
}

static int64_t safe_sub_func_int64_t_s_s(int64_t si1, int64_t si2)
{
  return ((si2 < 0 && si1 > INT64_MAX + si2) || (si2 > 0 && si1 < INT64_MIN + si2)) ?
    (si1) :
    (si1 - si2);
}

#endif
