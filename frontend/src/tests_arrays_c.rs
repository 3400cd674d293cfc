//! Arrays in C programs: writes and frames, initialisers, parameters aliasing their argument,
//! `sizeof` per data model, multi-dimensional arrays, refused forms; the SV-COMP array tasks.

use super::*;
use crate::tests_arrays_helpers::{arr, c_err, c_task, c_task_dm, rels, valid};
use format::print::expr_to_string;
use format::{Edge, VarDecl, VarSort};

const C_HEAD: &str = "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n";

#[test]
fn c_array_write_loop_and_frames() {
    let src = format!(
        "{C_HEAD}int main() {{
  int a[100];
  int i;
  for (i = 0; i < 100; i++) a[i] = 42;
  if (a[7] != 42) reach_error();
  return 0;
}}
"
    );
    let t = c_task("loop", &src, Encoding::Lbe);
    assert_eq!(t.vars, vec![arr("a"), VarDecl::int("i")]);
    assert_eq!(
        rels(&t),
        vec![
            // An uninitialised `int` holds some value of its type; the
            // array, declared once in `main`, is already unconstrained.
            "entry->l6_3: i@1 >= -2147483648 && i@1 <= 2147483647 && a' == a && i' == 0",
            "l6_3->l6_3: i < 100 && a' == store(a, i, 42) && i' == i + 1",
            "l6_3->bad: !(i < 100) && a[7] != 42",
        ]
    );
    for enc in [Encoding::Lbe, Encoding::Sbe] {
        let t = c_task("loop", &src, enc);
        for e in &t.edges {
            let (mut vs, mut ns) = (vec![], vec![]);
            e.relation.collect_vars(&mut vs, &mut ns);
            // Edges of the loop (the havoc of the uninitialised `i` before it
            // concerns `i` alone).
            if !e.from.starts_with("l6_3") {
                continue;
            }
            assert!(
                e.to == "bad" && enc == Encoding::Lbe || ns.contains(&"a".to_string()),
                "{}: {}",
                e.name,
                expr_to_string(&e.relation)
            );
        }
    }
}

#[test]
fn c_initialisers() {
    let src = format!(
        "{C_HEAD}int g[4];
int h[5] = {{1, 2}};
int z[3] = {{0}};
int d[] = {{[2] = 9, 4}};
int m[2][3] = {{{{1, 2}}, {{3}}}};
long f[3] = {{1, 2, 3}};
int main() {{
  int l[3] = {{5}};
  if (g[2] + h[1] + z[0] + d[3] + m[1][0] + l[0] + l[2] != 23) reach_error();
  return 0;
}}
"
    );
    let t = c_task("init", &src, Encoding::Sbe);
    let vars: Vec<(&str, VarSort)> = t.vars.iter().map(|v| (v.name.as_str(), v.sort)).collect();
    assert!(
        vars.iter().all(|(_, s)| *s == VarSort::IntArray),
        "{vars:?}"
    );
    let all = rels(&t).join("\n");
    for want in [
        "g' == const(0)",
        "h' == store(store(const(0), 0, 1), 1, 2)",
        "z' == const(0)",
        "d' == store(store(const(0), 2, 9), 3, 4)",
        "m' == store(store(store(const(0), 0, 1), 1, 2), 3, 3)",
        "f' == store(store(store(const(0), 0, 1), 1, 2), 2, 3)",
        "l' == store(const(0), 0, 5)",
    ] {
        assert!(all.contains(want), "missing `{want}` in\n{all}");
    }
    // `d[]` takes its size from the list (sizeof = 4 ints).
    let src2 = format!("{C_HEAD}int d[] = {{[2] = 9, 4}};\nint main() {{ int n = sizeof(d); if (n) reach_error(); return 0; }}\n");
    let t = c_task("init2", &src2, Encoding::Sbe);
    assert!(rels(&t).join("\n").contains("n' == 16"), "{:?}", rels(&t));
}

#[test]
fn c_local_array_in_loop_is_havocked() {
    let src = format!(
        "{C_HEAD}int main() {{
  int k = 0;
  while (k < 3) {{
    int b[2];
    b[0] = k;
    if (b[1] == 5) reach_error();
    k++;
  }}
  return 0;
}}
"
    );
    let t = c_task("havoc", &src, Encoding::Lbe);
    // The declaration's edge leaves `b'` free; its target stays a location.
    let free: Vec<&Edge> = t
        .edges
        .iter()
        .filter(|e| {
            let mut ns = vec![];
            e.relation.collect_vars(&mut vec![], &mut ns);
            e.to != "bad" && !ns.contains(&"b".to_string())
        })
        .collect();
    assert_eq!(free.len(), 1, "{:?}", rels(&t));
    let after = &free[0].to;
    assert!(t.edges.iter().any(|e| &e.from == after), "{:?}", rels(&t));
    c_task("havoc", &src, Encoding::Sbe);
}

#[test]
fn c_compound_assignment_and_increment() {
    let src = format!(
        "{C_HEAD}int main() {{
  int a[4] = {{0}};
  int x;
  a[2] += 5;
  a[3]++;
  x = a[1]--;
  --a[0];
  if (a[2] + a[3] + x != 6) reach_error();
  return 0;
}}
"
    );
    let t = c_task("compound", &src, Encoding::Sbe);
    let all = rels(&t).join("\n");
    for want in [
        "a' == store(a, 2, a[2] + 5)",
        "a' == store(a, 3, a[3] + 1)",
        "a' == store(a, 1, a[1] - 1)",
        "x' == a[1] + 1",
        "a' == store(a, 0, a[0] - 1)",
    ] {
        assert!(all.contains(want), "missing `{want}` in\n{all}");
    }
    c_task("compound", &src, Encoding::Lbe);
}

#[test]
fn c_unspecified_order_of_index_and_call_is_refused() {
    // C leaves the order of `a[i]`'s index and `i + bump()` unspecified, and
    // `bump` writes `i`: gcc and a left-to-right reading disagree, so the
    // program is refused, naming the place.
    let src = format!(
        "{C_HEAD}int i;
int bump() {{ i = i + 1; return 0; }}
int main() {{
  int a[4] = {{0}};
  i = 1;
  a[i] = i + bump();
  if (a[1] != 1) reach_error();
  return 0;
}}
"
    );
    let e = c_err("order", &src);
    assert!(e.contains("evaluation order C leaves unspecified"), "{e}");
    assert!(e.ends_with("order.i:8:3"), "{e}");
}

#[test]
fn c_bounded_elements_assume_their_range() {
    let src = format!(
        "{C_HEAD}unsigned char u[3];
int main() {{
  unsigned char v[2];
  u[1] = 300;
  if (v[0] + u[1] > 600) reach_error();
  return 0;
}}
"
    );
    let t = c_task("uchar", &src, Encoding::Sbe);
    let all = rels(&t).join("\n");
    assert!(all.contains("u' == store(u, 1, 44)"), "{all}");
    assert!(all.contains("v[0] >= 0 && v[0] <= 255"), "{all}");
    assert!(all.contains("u[1] >= 0 && u[1] <= 255"), "{all}");
}

#[test]
fn c_array_parameter_aliases_its_argument() {
    let src = format!(
        "{C_HEAD}int sum(int b[], int n) {{
  int s = 0;
  for (int k = 0; k < n; k++) s += b[k];
  return s;
}}
void fill(int *p, int v) {{ p[1] = v; *p = v; }}
int main() {{
  int a[3] = {{1, 2, 3}};
  int c[3];
  fill(c, 7);
  if (sum(a, 3) + c[0] != 13) reach_error();
  return 0;
}}
"
    );
    for enc in [Encoding::Lbe, Encoding::Sbe] {
        let t = c_task("param", &src, enc);
        assert!(!t
            .vars
            .iter()
            .any(|v| v.name.contains(".b") || v.name.contains(".p")));
        let all = rels(&t).join("\n");
        assert!(all.contains("a[sum.k]"), "{all}");
        assert!(
            all.contains("store(c, 1, fill.v)") || all.contains("store(store(c, 1, 7), 0, 7)"),
            "{all}"
        );
    }
}

#[test]
fn c_sizeof_follows_the_data_model() {
    let src = format!(
        "{C_HEAD}long a[10];
int m[3][4];
int main() {{
  char c[5];
  int n = sizeof(a) / sizeof(a[0]);
  int s = sizeof(a);
  int r = sizeof(m[1]) + sizeof m + sizeof(c) + sizeof(int) + sizeof(long);
  if (n + s + r > 0) reach_error();
  return 0;
}}
"
    );
    let t = c_task_dm("sizeof", &src, c::DataModel::Lp64, Encoding::Sbe);
    let all = rels(&t).join("\n");
    assert!(all.contains("n' == 10"), "{all}");
    assert!(all.contains("s' == 80"), "{all}");
    assert!(all.contains("r' == 81"), "{all}");
    let t = c_task_dm("sizeof", &src, c::DataModel::Ilp32, Encoding::Sbe);
    let all = rels(&t).join("\n");
    assert!(all.contains("n' == 10"), "{all}");
    assert!(all.contains("s' == 40"), "{all}");
    assert!(all.contains("r' == 77"), "{all}");
}

#[test]
fn c_two_dimensional_arrays_flatten() {
    let src = format!(
        "{C_HEAD}int main() {{
  int m[3][4];
  int i = __VERIFIER_nondet_int();
  m[i][2] = 1;
  if (m[1][i] == 1) reach_error();
  return 0;
}}
"
    );
    let t = c_task("twod", &src, Encoding::Sbe);
    let all = rels(&t).join("\n");
    assert!(all.contains("m' == store(m, 4 * i + 2, 1)"), "{all}");
    assert!(all.contains("m[4 + i] == 1"), "{all}");
}

#[test]
fn c_unsupported_array_forms_have_positions() {
    let main = |body: &str| format!("{C_HEAD}int main() {{\n{body}\n  return 0;\n}}\n");
    // Arrays as pointers: the memory model (issue 24) translates them.
    for (tag, body) in [
        ("arith", "  int a[4];\n  int x = *(a + 1);"),
        ("addr", "  int a[4];\n  int x = &a[1] != 0;"),
        ("ptr", "  int a[4];\n  int *p = a;"),
        ("cmp", "  int a[4], b[4];\n  if (a == b) reach_error();"),
        ("structs", "  struct s { int x; } v[2];\n  v[1].x = 3;"),
    ] {
        c_task(tag, &main(body), Encoding::Lbe);
    }
    // A variable-length array is translated (tests_memory); in memory it is refused.
    c_task("vla", &main("  int n = 4;\n  int a[n];"), Encoding::Lbe);
    let e = c_err(
        "vla_mem",
        &main("  int n = 4;\n  int a[n];\n  int *p = &a[1];"),
    );
    assert!(
        e.contains("variable-length arrays") && e.contains("at vla_mem.i:5:3"),
        "{e}"
    );
    let e = c_err("whole", &main("  int a[4], b[4];\n  a = b;"));
    assert!(
        e.starts_with("whole.i:5:5: syntax error: array type") && e.ends_with("(clang)"),
        "{e}"
    );
    let e = c_err(
        "rowarg",
        &format!("{C_HEAD}int f(int *p) {{ return p[0]; }}\nint main() {{\n  int a[2][2];\n  return f(a);\n}}\n"),
    );
    assert_eq!(
        e,
        "unsupported: multi-dimensional array arguments at rowarg.i:6:12"
    );
    let e = c_err("row", &main("  int m[2][2];\n  int x = m[1] + 1;"));
    assert!(
        e.starts_with("row.i:5:7: syntax error: incompatible pointer to integer conversion"),
        "{e}"
    );
}

/// The SV-COMP array tasks, when the shared corpus is present.
#[test]
fn c_sv_arrays_translate() {
    let root = std::path::Path::new("/work/shared/corpus/sv-arrays");
    let Ok(manifest) = std::fs::read_to_string(root.join("MANIFEST.tsv")) else {
        eprintln!("skipped: no {}", root.display());
        return;
    };
    let mut ymls: Vec<std::path::PathBuf> = manifest
        .lines()
        .skip(1)
        .filter_map(|l| l.split('\t').next())
        .map(|p| root.join(p))
        .collect();
    let bench = std::path::Path::new("/work/shared/corpus/sv-benchmarks/c/loop-acceleration");
    for f in ["array_1-1.yml", "array_1-2.yml"] {
        if bench.join(f).exists() {
            ymls.push(bench.join(f));
        }
    }
    assert!(ymls.len() >= 20);
    for y in &ymls {
        for enc in [Encoding::Lbe, Encoding::Sbe] {
            let p = load(y, enc).unwrap_or_else(|e| panic!("{}: {e}", y.display()));
            valid(&p.task);
            assert!(p.task.has_arrays(), "{}", y.display());
        }
    }
}

/// `c ? 0 : f()` with `f` returning void is a statement with two branches
/// (clang converts the `0` to void): ldv-regression's `__blast_assert` form.
#[test]
fn c_void_conditional_statement_branches() {
    let src = format!(
        "{C_HEAD}void fail(void) {{ reach_error(); }}
int main() {{
  int x = __VERIFIER_nondet_int();
  ((x == 4) ? (0) : fail());
  return 0;
}}
"
    );
    let t = c_task("voidcond", &src, Encoding::Sbe);
    let all = rels(&t).join("\n");
    // The branch that calls `fail` is taken when the test is false.
    assert!(all.contains("x != 4"), "{all}");
    assert!(t.edges.iter().any(|e| e.to == t.bad_location), "{all}");
}
