//! What a C program means, judged by gcc 12: adversarial programs
//! (tests/c_semantics/) on the corners of C that the libclang frontend must
//! get right: character escapes, scopes, typedef names hidden by variables,
//! the program's own `abort`/`exit`, string initialisers, enums, static
//! locals, K&R and unprototyped functions, `_Bool`, `?:`, integer conversions
//! of every type, the data model of a task definition, and the evaluation
//! orders C leaves unspecified.
//!
//! Every program is deterministic (no nondet input). ILP32 task definitions
//! are judged by the C rules (gcc here has no -m32): fixed expectations.
//! `Refuse` programs here are unspecified evaluation orders and undefined
//! behaviour; `Sound` ones are extensions certa may refuse. How gcc judges,
//! what each `Must` asks, and what a `KnownBug` mark covers (never a wrong
//! verdict or an INVALID certificate): certa_tests::gcc_judge, shared with
//! c_memory_gcc.
//!
//! Uses the workspace binaries next to the test (`cargo build --release
//! --bins`, then `cargo test --release -p certa-tests --test
//! c_semantics_gcc`); skips cleanly without gcc or the binaries.

use certa_tests::gcc_judge::{judge_suite, refuse, sound, task, translate, Case};

const CASES: &[Case] = &[
    // Character constants: '\'' '\r' '\a' '\?' '\x41' '\101' '\\' '\0', '\xff' == -1.
    translate("char_escapes_safe.c"),
    translate("char_escapes_reach.c"),
    // A new variable is in scope in its own initializer: sizeof(x) is the char's.
    translate("scope_own_init_safe.c"),
    translate("scope_own_init_reach.c"),
    // Block-scope extern, for-loop scope, a static local beside a global of its
    // name, an enumerator and a variable hiding outer names.
    translate("scope_blocks_safe.c"),
    translate("scope_blocks_reach.c"),
    // A parameter hides a typedef: (T)-1 is T - 1.
    translate("param_shadows_typedef_safe.c"),
    translate("param_shadows_typedef_reach.c"),
    // The program's own abort and exit return; their callers continue.
    translate("own_abort_safe.c"),
    translate("own_abort_reach.c"),
    translate("own_exit_reach.c"),
    // char arrays from string literals (sizes, padding, escapes, concatenation).
    translate("string_array_safe.c"),
    translate("string_array_reach.c"),
    // An embedded NUL: the characters after it are part of the array.
    // libclang evaluates a literal as a C string (cut at the NUL), so certa
    // refuses such literals (it read them cut short, a wrong SAFE, before).
    sound("string_nul_safe.c"),
    sound("string_nul_reach.c"),
    // UTF-8 bytes in a string literal are chars each.
    translate("string_utf8_safe.c"),
    // Enumerators: explicit, implicit after negative ones, char and expression values.
    translate("enums_safe.c"),
    translate("enums_reach.c"),
    // gcc: an enum type without negative values is unsigned int, its constants int.
    translate("enums_underlying_safe.c"),
    translate("enums_underlying_reach.c"),
    // Static locals keep their value across calls; two of one name are two objects.
    translate("static_locals_safe.c"),
    translate("static_locals_reach.c"),
    // Local typedefs, nested ones, a variable hiding one.
    translate("local_typedef_safe.c"),
    translate("local_typedef_reach.c"),
    // int x = {5};
    translate("braced_scalar_safe.c"),
    translate("braced_scalar_reach.c"),
    // x ?: y evaluates x once.
    translate("elvis_safe.c"),
    translate("elvis_reach.c"),
    // _Bool: b++ twice is 1, b-- from 1 twice is 1, 256 converts to 1.
    translate("bool_incdec_safe.c"),
    translate("bool_incdec_reach.c"),
    // K&R definitions (a char parameter sees the converted int argument).
    translate("knr_safe.c"),
    translate("knr_reach.c"),
    // Calls with arguments to a function declared `int f();`.
    translate("unprototyped_safe.c"),
    translate("unprototyped_reach.c"),
    // Conversions of every integer type (LP64, gcc's).
    translate("conv_char_safe.c"),
    translate("conv_char_reach.c"),
    translate("conv_short_safe.c"),
    translate("conv_short_reach.c"),
    translate("conv_int_safe.c"),
    translate("conv_int_reach.c"),
    translate("conv_long_safe.c"),
    translate("conv_long_reach.c"),
    translate("conv_longlong_safe.c"),
    translate("conv_longlong_reach.c"),
    // x op= e: the computation type is the common type of x and e.
    translate("compound_assign_safe.c"),
    translate("compound_assign_reach.c"),
    // Types of constants, ?: conversions, 0/1 results, sizeof unevaluated.
    translate("literals_safe.c"),
    translate("literals_reach.c"),
    // switch: case constants convert to the promoted controlling type; fallthrough.
    translate("switch_char_safe.c"),
    translate("switch_char_reach.c"),
    // Operands that are not evaluated (&&, ||, ?:, sizeof) do not call reach_error.
    translate("unevaluated_safe.c"),
    translate("unevaluated_reach.c"),
    // continue in do-while and for, break in a switch in a loop.
    translate("loops_continue_safe.c"),
    translate("loops_continue_reach.c"),
    // reach_error defined by the program: SV-COMP's __assert_fail body, or {}.
    translate("sv_reach_error_def_safe.c"),
    translate("sv_reach_error_def_reach.c"),
    translate("empty_reach_error_safe.c"),
    translate("empty_reach_error_reach.c"),
    // Sequenced operands (&&, ||, ?:, comma) and calls with disjoint effects:
    // one order only, nothing to refuse.
    translate("sequenced_safe.c"),
    translate("sequenced_reach.c"),
    translate("disjoint_calls_safe.c"),
    // Data models: the .c files alone are LP64 (gcc's); task definitions choose.
    translate("data_model.c"),
    translate("data_model_mixed.c"),
    task("data_model_ilp32.yml", false),
    task("data_model_lp64.yml", true),
    task("data_model_mixed_ilp32.yml", false),
    task("data_model_mixed_lp64.yml", true),
    // ILP32's rules together (each also checked with gcc -m32 -S and
    // _Static_assert when this suite was written); LP64 (gcc) reaches.
    translate("ilp32_rules.c"),
    task("ilp32_rules_ilp32.yml", false),
    // Unspecified order of evaluation, undefined behaviour.
    refuse("refuse_plus_call.c"),
    refuse("refuse_eq_call.c"),
    refuse("refuse_args.c"),
    refuse("refuse_two_calls.c"),
    refuse("refuse_index_compound.c"),
    refuse("refuse_i_eq_iinc.c"),
    refuse("refuse_index_preinc.c"),
    refuse("refuse_nested_call.c"),
    // GNU extensions certa may refuse (but must not crash on or get wrong).
    sound("char_multi_wide_safe.c"),
    sound("designated_init_safe.c"),
    sound("gnu_ext_safe.c"),
    sound("gnu_stmt_expr_safe.c"),
    // Valid C that certa refuses today ("an initializer without braces for a row").
    sound("string_rows_safe.c"),
    // libclang died (SIGILL) asking the size of a builtin's function type.
    translate("gnu_builtin_expect_safe.c"),
];

#[test]
fn c_semantics_agree_with_gcc() {
    judge_suite("c_semantics", CASES);
}
