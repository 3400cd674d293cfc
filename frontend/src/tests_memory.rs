//! The C memory model's translation of function pointers and of objects it
//! cannot place: what is dispatched, what is refused, and where.

use crate::tests_arrays_helpers::{c_err, c_task};
use crate::Encoding;
use format::print::task_to_string;

const HEAD: &str = "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n";

#[test]
fn a_call_through_a_pointer_is_guarded_by_each_compatible_candidate() {
    let src = format!(
        "{HEAD}int one(int x) {{ return 1; }}\nint two(int x) {{ return 2; }}\n\
         long other(long x) {{ return 3; }}\nlong (*keep)(long) = other;\n\
         int main(void) {{ int (*p)(int) = __VERIFIER_nondet_int() ? one : two;\n\
         if (p(0) == 3) reach_error(); return 0; }}\n"
    );
    let text = task_to_string(&c_task("dispatch", &src, Encoding::Sbe));
    // Three functions have their address taken; `other` has another type.
    let guard = |a: u32| {
        text.lines()
            .filter(|l| l.contains(&format!("&& p == {a} &&")))
            .count()
    };
    assert_eq!(
        text.matches("keep' == 48").count(),
        1,
        "`other` is the third address:\n{text}"
    );
    assert_eq!(
        (guard(16), guard(32), guard(48)),
        (1, 1, 0),
        "one guard per compatible candidate:\n{text}"
    );
}

#[test]
fn a_function_pointer_parameter_bound_to_one_function_needs_no_guard() {
    let src = format!(
        "{HEAD}int one(int x) {{ return 1; }}\nint two(int x) {{ return 2; }}\n\
         int apply(int f(int)) {{ return f(0); }}\n\
         int main(void) {{ if (apply(one) != 1 || apply(two) != 2) reach_error(); return 0; }}\n"
    );
    let text = task_to_string(&c_task("known", &src, Encoding::Sbe));
    assert!(!text.contains("&& apply.f == "), "no dispatch:\n{text}");
    assert!(
        text.contains("apply.f' == 16") && text.contains("apply.f' == 32"),
        "{text}"
    );
}

#[test]
fn recursion_through_a_function_pointer_is_refused() {
    let src = format!(
        "{HEAD}int (*again)(int);\nint f(int x) {{ return x > 0 ? again(x - 1) : 0; }}\n\
         int main(void) {{ again = f; if (f(3) != 0) reach_error(); return 0; }}\n"
    );
    let e = c_err("fp_rec", &src);
    assert!(
        e.contains("unsupported: recursion (`f`) at fp_rec.i:4:"),
        "{e}"
    );
}

#[test]
fn the_address_of_an_undefined_library_function_is_refused() {
    let src = format!(
        "{HEAD}int abs(int);\nint main(void) {{ int (*p)(int) = abs; if (p(-1) != 1) reach_error(); return 0; }}\n"
    );
    let e = c_err("fp_lib", &src);
    assert!(
        e.contains("unsupported: the address of `abs`, a function the program does not define at fp_lib.i:4:"),
        "{e}"
    );
}

#[test]
fn an_extern_object_of_incomplete_type_is_refused_where_it_is_used() {
    let unused = format!(
        "{HEAD}struct opaque;\nextern struct opaque stdin_object;\n\
         int main(void) {{ int x = 1; if (x != 1) reach_error(); return 0; }}\n"
    );
    c_task("incomplete_unused", &unused, Encoding::Lbe);
    let used = format!(
        "{HEAD}struct opaque;\nextern struct opaque stdin_object;\n\
         int main(void) {{ struct opaque *p = &stdin_object; if (!p) reach_error(); return 0; }}\n"
    );
    let e = c_err("incomplete_used", &used);
    assert!(
        e.contains("unsupported: the object `stdin_object` of incomplete type")
            && e.contains("at incomplete_used.i:5:"),
        "{e}"
    );
}

#[test]
fn witnesses_never_state_a_pointer_value() {
    // certa's addresses are not the program's: `p == 16` would be false C.
    let src = format!(
        "{HEAD}int one(int x) {{ return 1; }}\nint g;\n\
         int main(void) {{ int (*f)(int) = one; int *p = &g; int n = 0;\n\
         while (n < 3) n++;\n if (f(n) != 1 || p != &g) reach_error(); return 0; }}\n"
    );
    let path = crate::tests_arrays_helpers::c_file("witness_pointers", &src);
    let info = crate::c::witness::c_source_info(&path, crate::Properties::default()).unwrap();
    let said: Vec<(&str, bool)> = info
        .vars
        .values()
        .map(|v| (v.c_name.as_str(), v.array))
        .collect();
    for (name, unsaid) in [("f", true), ("p", true), ("n", false)] {
        assert!(said.contains(&(name, unsaid)), "{name}: {said:?}");
    }
}

#[test]
fn a_block_of_run_time_size_gets_fresh_contents_in_a_loop_and_others_keep_theirs() {
    let src = format!(
        "{HEAD}void *malloc(unsigned long n);\n\
         struct node {{ int v; struct node *next; }};\n\
         int main(void) {{ struct node *a = malloc(sizeof(struct node)); if (!a) return 0;\n\
         a->next = 0; unsigned long n = __VERIFIER_nondet_int();\n\
         struct node *b = malloc(n * sizeof(struct node));\n\
         if (a->next != 0) reach_error(); return 0; }}\n"
    );
    let text = task_to_string(&c_task("block", &src, Encoding::Sbe));
    // Every slot of every node of the block is written in the loop, at the
    // block's address plus 16 per node, and no edge leaves a region free.
    assert!(
        text.contains("mem.node.next' == store(mem.node.next, mem.next + 16 * each@")
            || text.contains("mem.node.next' == store(mem.node.next, (mem.next + 16 * each@"),
        "{text}"
    );
    for edge in text.split("\nedge ").skip(1) {
        if edge.contains("-> bad") {
            continue;
        }
        assert!(
            edge.contains("mem.node.next' =="),
            "a region left free:\n{edge}"
        );
    }
}

#[test]
fn a_variable_length_array_is_an_unbounded_map_and_its_length_must_be_pure() {
    let ok = format!(
        "{HEAD}int main(void) {{ int n = __VERIFIER_nondet_int(); if (n <= 0) return 0;\n\
         int a[n]; a[n - 1] = 3; if (a[n - 1] != 3) reach_error(); return 0; }}\n"
    );
    let text = task_to_string(&c_task("vla", &ok, Encoding::Sbe));
    assert!(text.contains("var a: int[];"), "{text}");
    let side = format!("{HEAD}int main(void) {{ int n = 3; int a[n++]; return a[0]; }}\n");
    let e = c_err("vla_side", &side);
    assert!(
        e.contains(
            "unsupported: a variable-length array whose length has side effects at vla_side.i:3:"
        ),
        "{e}"
    );
    let rows =
        format!("{HEAD}int main(void) {{ int n = 3; int a[2][n]; a[0][0] = 1; return 0; }}\n");
    let e = c_err("vla_rows", &rows);
    assert!(
        e.contains("unsupported: variable-length arrays of arrays"),
        "{e}"
    );
}

const STRING_HEAD: &str = "void *memset(void *s, int c, unsigned long n);\n\
     void *memcpy(void *d, const void *s, unsigned long n);\n\
     unsigned long strlen(const char *s);\n";

#[test]
fn a_string_literal_is_a_static_object_written_when_memory_starts() {
    let src = format!(
        "{HEAD}{STRING_HEAD}int main(void) {{ const char *s = \"hi\"; \
         if (strlen(s) != 2) reach_error(); return 0; }}\n"
    );
    let text = task_to_string(&c_task("lit", &src, Encoding::Sbe));
    // 'h' 'i' NUL at the literal's address, before the program runs.
    assert!(
        text.contains("mem.int8' == store(store(store(const(0), 16, 104), 17, 105), 18, 0)"),
        "{text}"
    );
}

#[test]
fn memset_and_memcpy_refuse_what_they_cannot_do_exactly() {
    let cases = [
        (
            "void_ptr",
            "void *p = a; memset(p, 0, 8);",
            "`memset` through a `void *`",
        ),
        (
            "partial",
            "memset(a, 0, 3);",
            "not a constant multiple of 4 bytes",
        ),
        (
            "types",
            "long b[2]; memcpy(b, a, 8);",
            "`memcpy` between objects of different types",
        ),
        (
            "nonzero_struct",
            "struct s { int x; } v; memset(&v, 1, sizeof v);",
            "another value than 0",
        ),
        (
            "not_chars",
            "strlen((const char *)0 + 0); unsigned long n = strlen((char *)a);",
            "cast",
        ),
    ];
    for (tag, body, want) in cases {
        let src =
            format!("{HEAD}{STRING_HEAD}int main(void) {{ int a[2];\n {body}\n return 0; }}\n");
        let e = c_err(tag, &src);
        assert!(
            e.contains(want) && e.contains(&format!("{tag}.i:")),
            "{tag}: {e}"
        );
    }
}

#[test]
fn layouts_and_pointer_ranges_follow_the_tasks_data_model() {
    // struct { char; long; void * }: 24 bytes on LP64, 12 on ILP32.
    let src = format!(
        "{HEAD}void *malloc(unsigned long n);\n\
         struct s {{ char c; long l; void *p; }};\n\
         int main(void) {{ struct s *a = malloc(sizeof(struct s)); if (!a) return 0;\n\
         a->l = 5; struct s *b = malloc(sizeof *b); if (!b) return 0;\n\
         if (sizeof(struct s) != sizeof(long) * 3 || b == a) reach_error(); return 0; }}\n"
    );
    let lp64 = task_to_string(&crate::tests_arrays_helpers::c_task_dm(
        "lp64",
        &src,
        crate::c::DataModel::Lp64,
        Encoding::Sbe,
    ));
    let ilp32 = task_to_string(&crate::tests_arrays_helpers::c_task_dm(
        "ilp32",
        &src,
        crate::c::DataModel::Ilp32,
        Encoding::Sbe,
    ));
    // The field `l` at offset 8 (LP64) or 4 (ILP32); blocks of 24 or 12.
    assert!(
        lp64.contains("mem.next + 24") || lp64.contains("16 + 24"),
        "{lp64}"
    );
    assert!(
        ilp32.contains("mem.next + 12") || ilp32.contains("16 + 12"),
        "{ilp32}"
    );
    assert!(lp64.contains(", a + 8, 5)"), "{lp64}");
    assert!(ilp32.contains(", a + 4, 5)"), "{ilp32}");
    // Pointers range over the target's addresses.
    assert!(lp64.contains("a <= 18446744073709551615"), "{lp64}");
    assert!(ilp32.contains("a <= 4294967295"), "{ilp32}");
}

#[test]
fn calloc_of_a_run_time_count_zeroes_its_objects_in_a_loop() {
    let src = format!(
        "{HEAD}void *calloc(unsigned long n, unsigned long size);\n\
         int main(void) {{ int n = __VERIFIER_nondet_int(); if (n <= 0) return 0;\n\
         int *a = calloc(n, sizeof(int)); if (!a) return 0;\n\
         if (a[n - 1] != 0) reach_error(); return 0; }}\n"
    );
    let text = task_to_string(&c_task("calloc_n", &src, Encoding::Sbe));
    assert!(
        text.contains("mem.int32' == store(mem.int32, mem.next + 4 * each@"),
        "{text}"
    );
    assert!(text.contains(", 0)"), "{text}");
    let both = format!(
        "{HEAD}void *calloc(unsigned long n, unsigned long size);\n\
         int main(void) {{ int n = __VERIFIER_nondet_int(); int s = __VERIFIER_nondet_int();\n\
         int *a = calloc(n, s); return a != 0; }}\n"
    );
    let e = c_err("calloc_ns", &both);
    assert!(
        e.contains("`calloc` of a count and a size both known only at run time at calloc_ns.i:5:"),
        "{e}"
    );
}

#[test]
fn a_struct_without_members_is_allocated_with_no_contents() {
    let src = format!(
        "{HEAD}void *calloc(unsigned long n, unsigned long size);\nstruct e {{ }};\n\
         void *kzalloc(int size) {{ return calloc(1, size); }}\n\
         int main(void) {{ struct e *q = kzalloc(sizeof(struct e)); struct e *r = kzalloc(0);\n\
         if (q && q == r) reach_error(); return 0; }}\n"
    );
    let text = task_to_string(&c_task("empty", &src, Encoding::Sbe));
    // One byte each (distinct addresses), no region.
    assert!(!text.contains("mem.int"), "{text}");
    assert!(
        text.contains("mem.next' == 16 + 1") || text.contains("mem.next + 1"),
        "{text}"
    );
}
