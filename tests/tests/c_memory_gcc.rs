//! C's memory model, judged by gcc 12: small programs (tests/c_memory/) on
//! what the C frontend's pointers, structs and heap must get right: `&x` of
//! locals and globals and writes through it, pointer parameters and results,
//! pointers to pointers, NULL, arrays decaying to pointers and arithmetic
//! and comparison inside one array, struct fields, nesting, arrays of and in
//! structs, struct copies by assignment and by value, `->`, LP64 struct
//! layouts under `sizeof`, malloc/calloc/free, singly and doubly linked
//! lists, a struct on the heap, realloc, calls through function pointers, and
//! string literals with the C library's string functions. And what certa
//! must refuse (exit 3 at the `/* HERE */` line) rather than guess: an
//! integer cast to a pointer, a union read through another member than the
//! one written, a dereferenced cast between incompatible object pointer
//! types, inline assembly.
//!
//! Every program is deterministic, under 40 lines, and most come in pairs
//! (`_safe`/`_reach`) that differ in one detail. How gcc judges, what each
//! `Must` asks, and what a `KnownBug` mark covers: certa_tests::gcc_judge,
//! shared with c_semantics_gcc. A mark never covers a wrong verdict (SAFE
//! where gcc reaches `reach_error`, UNSAFE where it does not) or an INVALID
//! certificate: those fail the test whatever the table says.
//!
//! The memory model is being built: entries certa does not get right yet are
//! marked `KnownBug` with what it does instead; remove a mark when its
//! feature lands (the test prints a NOTE for each mark that passes).
//!
//! Uses the workspace binaries next to the test (`cargo build --release
//! --bins`, then `cargo test --release -p certa-tests --test c_memory_gcc`);
//! skips cleanly without gcc or the binaries.

use certa_tests::gcc_judge::{judge_suite, refuse, translate, Case};

/// What certa does on the `KnownBug` entries today.
const TIMES_OUT: &str = "UNKNOWN: timeout (--timeout 20)";

const CASES: &[Case] = &[
    // &x of a local; writes through the pointer, then through it re-aimed.
    translate("addr_local_safe.c"),
    translate("addr_local_reach.c"),
    // A global initialised to &g, written through by a function; &h of a global.
    translate("addr_global_safe.c"),
    translate("addr_global_reach.c"),
    // swap(&x, &y), and swap(&y, &y) (both parameters alias one object).
    translate("swap_safe.c"),
    translate("swap_reach.c"),
    // Out-parameters: order(a, b, &lo, &hi), untouched when it fails.
    translate("out_param_safe.c"),
    translate("out_param_reach.c"),
    // Functions returning pointers: *return_self(&a) = 4, *larger(&a, &b) += 1, &g.
    translate("return_ptr_safe.c"),
    translate("return_ptr_reach.c"),
    // int **: **pp = v, and *pp re-aimed by a callee.
    translate("ptr_to_ptr_safe.c"),
    translate("ptr_to_ptr_reach.c"),
    // NULL, a search returning &a[i] or NULL, p != NULL ? *p : default.
    translate("null_check_safe.c"),
    translate("null_check_reach.c"),
    // An array passed as int * and int[]; p[i] on pointers into the array.
    translate("array_decay_safe.c"),
    translate("array_decay_reach.c"),
    // p++ while p < q, q - p, p + 2, p--, p <= q, one past the end.
    translate("ptr_arith_safe.c"),
    translate("ptr_arith_reach.c"),
    // Fields of int, long and char; -> through a parameter; (*p).id.
    translate("struct_fields_safe.c"),
    translate("struct_fields_reach.c"),
    // Nested structs, a braced initializer, a pointer to an inner struct.
    translate("struct_nested_safe.c"),
    translate("struct_nested_reach.c"),
    // An array of structs and a struct holding an array; it->v on &items[2].
    translate("struct_arrays_safe.c"),
    translate("struct_arrays_reach.c"),
    // y = x copies (array member included); structs passed and returned by value.
    translate("struct_copy_safe.c"),
    translate("struct_copy_reach.c"),
    // Structs returned by value: two results as one call's arguments, a
    // result passed on, a field of a result.
    translate("struct_result_safe.c"),
    translate("struct_result_reach.c"),
    // LP64 layouts: struct {char; int} is 8, {char; long} 16, {short; char} 4, ...
    translate("struct_sizeof_safe.c"),
    translate("struct_sizeof_reach.c"),
    // malloc, calloc (zeroed, a distinct block), free.
    translate("malloc_free_safe.c"),
    translate("malloc_free_reach.c"),
    // A singly linked list of 5 nodes built in a loop; its length and sum; freed.
    translate("list_sll_safe.c"),
    translate("list_sll_reach.c"),
    // A doubly linked list of 3 nodes, walked forward and back.
    translate("list_dll_safe.c"),
    translate("list_dll_reach.c"),
    // A struct from malloc, its fields written, one of them a malloc'd array.
    translate("malloc_struct_safe.c").bug(TIMES_OUT),
    translate("malloc_struct_reach.c"),
    // A call through a function pointer chosen by a condition, one passed as an argument.
    translate("fn_ptr_safe.c"),
    translate("fn_ptr_reach.c"),
    // A table of function pointers, one in a struct field called as
    // (*h.run)(...) and h.run(...), a parameter declared as a function,
    // a NULL function pointer tested and not called.
    translate("fn_table_safe.c"),
    translate("fn_table_reach.c"),
    // malloc inside a `void *` wrapper whose result the caller converts at once.
    translate("malloc_wrapper_safe.c"),
    translate("malloc_wrapper_reach.c"),
    // calloc of a count known at run time: all zero, the next block apart.
    translate("calloc_count_safe.c"),
    translate("calloc_count_reach.c"),
    // realloc growing (contents kept), of NULL (a malloc), shrinking.
    translate("realloc_safe.c"),
    translate("realloc_reach.c"),
    // GNU C `void *` arithmetic (one byte per step): a counter as fake addresses.
    translate("void_ptr_arith_safe.c"),
    translate("void_ptr_arith_reach.c"),
    // String literals as char pointers; strlen, strcmp.
    translate("string_ptr_safe.c"),
    translate("string_ptr_reach.c"),
    // memset, memcpy on small buffers.
    translate("string_mem_safe.c"),
    translate("string_mem_reach.c"),
    // What certa must refuse rather than guess at: (int *)1234; a union read
    // through the other member (refused there or where the union object is
    // declared, both lines are marked); a cast from int * to short *, and
    // from struct A * to struct B *, dereferenced; __asm__.
    refuse("refuse_int_to_ptr.c"),
    refuse("refuse_union_pun.c"),
    refuse("refuse_cast_int_short.c"),
    refuse("refuse_cast_struct.c"),
    refuse("refuse_asm.c"),
];

#[test]
fn c_memory_agrees_with_gcc() {
    judge_suite("c_memory", CASES);
}
