/* The floor of any process that answers with Z3 (issue 27): load libz3, build one context,
 * check `x > 0` twice, and print how long the context and each check took (ms). Built and
 * run, with and without glibc's huge-page tunable, by contrib/startup/z3_floor.sh. */
#include <stdio.h>
#include <time.h>
typedef void *Z3_config, *Z3_context, *Z3_solver, *Z3_ast, *Z3_sort, *Z3_symbol;
Z3_config Z3_mk_config(void);
Z3_context Z3_mk_context_rc(Z3_config);
Z3_solver Z3_mk_solver(Z3_context);
void Z3_solver_inc_ref(Z3_context, Z3_solver);
Z3_sort Z3_mk_int_sort(Z3_context);
Z3_symbol Z3_mk_string_symbol(Z3_context, const char *);
Z3_ast Z3_mk_const(Z3_context, Z3_symbol, Z3_sort);
Z3_ast Z3_mk_int(Z3_context, int, Z3_sort);
Z3_ast Z3_mk_gt(Z3_context, Z3_ast, Z3_ast);
void Z3_inc_ref(Z3_context, Z3_ast);
void Z3_solver_assert(Z3_context, Z3_solver, Z3_ast);
int Z3_solver_check(Z3_context, Z3_solver);

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(void) {
    double t0 = now();
    Z3_context ctx = Z3_mk_context_rc(Z3_mk_config());
    double t1 = now();
    Z3_solver s = Z3_mk_solver(ctx);
    Z3_solver_inc_ref(ctx, s);
    Z3_sort i = Z3_mk_int_sort(ctx);
    Z3_ast x = Z3_mk_const(ctx, Z3_mk_string_symbol(ctx, "x"), i);
    Z3_inc_ref(ctx, x);
    Z3_ast g = Z3_mk_gt(ctx, x, Z3_mk_int(ctx, 0, i));
    Z3_inc_ref(ctx, g);
    Z3_solver_assert(ctx, s, g);
    double t2 = now();
    Z3_solver_check(ctx, s);
    double t3 = now();
    Z3_solver_check(ctx, s);
    double t4 = now();
    printf("context %.2f  first check %.2f  second check %.2f\n", t1 - t0, t3 - t2, t4 - t3);
    return 0;
}
