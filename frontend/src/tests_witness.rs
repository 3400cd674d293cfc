//! Tests of the C source facts for witnesses: loop heads, scopes, and C invariants as formulas (checked against gcc).

use super::*;
use crate::tests_arrays_helpers::TempFile;
use format::eval::{ArrayVal, Env};
use format::task::StateScope;
use format::{Expr, ExprSort, Task};
use num_bigint::BigInt;
use std::path::{Path, PathBuf};

/// Writes a C file into a fresh directory (tests run in parallel), removed
/// with it when the result is dropped.
fn c_file(name: &str, text: &str) -> TempFile {
    TempFile::new(name, text)
}

fn scope_of(h: &LoopHead) -> Vec<(&str, &str, &str, bool)> {
    h.scope
        .iter()
        .map(|v| {
            (
                v.c_name.as_str(),
                v.var.as_str(),
                v.ty.name.as_str(),
                v.array,
            )
        })
        .collect()
}

/// Translates at `location`; the result must be a state formula of `task`.
fn tr(info: &CSourceInfo, task: &Task, location: &str, text: &str) -> Expr {
    let e =
        translate_expression(info, location, text).unwrap_or_else(|err| panic!("`{text}`: {err}"));
    assert_eq!(
        e.sort_check(&StateScope(task)),
        Ok(ExprSort::Bool),
        "`{text}`"
    );
    e
}

fn holds(e: &Expr, vals: &[(&str, i128)]) -> bool {
    let mut env = Env::default();
    for (v, x) in vals {
        env.vars.insert(v.to_string(), BigInt::from(*x));
    }
    env.holds(e).unwrap()
}

#[test]
fn loops_c_heads_match_the_lbe_task() {
    let path = Path::new("../corpus/c/loops.c");
    let info = c_source_info(path, crate::Properties::default()).unwrap();
    let task = load(path, Encoding::Lbe).unwrap().task;
    let heads: Vec<(&str, u32, u32, &str, &str)> = info
        .loops
        .iter()
        .map(|h| {
            let f = h.function.as_str();
            (
                h.keyword.as_str(),
                h.pos.line,
                h.pos.col,
                f,
                h.location.as_str(),
            )
        })
        .collect();
    assert_eq!(
        heads,
        [
            ("for", 8, 3, "main", "l8_3"),
            ("while", 11, 3, "main", "l11_3"),
            ("do", 12, 3, "main", "l12_3")
        ]
    );
    for h in &info.loops {
        assert!(h.in_task && task.locations.contains(&h.location), "{h:?}");
        assert_eq!(h.file, "../corpus/c/loops.c");
        assert_eq!(info.function_of(&h.location), Some("main"));
    }
    assert_eq!(info.file, "../corpus/c/loops.c");
    // `k` is declared after the `for` loop; `cond` belongs to __VERIFIER_assert.
    assert_eq!(
        scope_of(&info.loops[0]),
        [("i", "i", "int", false), ("s", "s", "int", false)]
    );
    assert_eq!(
        scope_of(&info.loops[1]),
        [
            ("i", "i", "int", false),
            ("k", "k", "int", false),
            ("s", "s", "int", false)
        ]
    );
    assert_eq!(info.loops_at(12, Some(3)).len(), 1);
    assert!(info.loops_at(12, Some(4)).is_empty());
    assert_eq!(info.loops_at(8, None)[0].location, "l8_3");
    let cond = &info.vars["__VERIFIER_assert.cond"];
    assert_eq!(
        (cond.c_name.as_str(), cond.function.as_str()),
        ("cond", "__VERIFIER_assert")
    );
    let e = tr(&info, &task, "l12_3", "k >= 3 && s == 9");
    assert!(holds(&e, &[("k", 3), ("s", 9), ("i", 10)]));
    assert!(!holds(&e, &[("k", 2), ("s", 9), ("i", 10)]));
}

const INLINED: &str = "extern void abort(void);
extern void reach_error(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { reach_error(); abort(); } }
int g;
int count(int n) {
  int x = 0;
  while (x < n) { x++; }
  return x;
}
int main(void) {
  int a = count(3);
  int b = count(4);
  __VERIFIER_assert(a + b == 7);
  return 0;
}
";

#[test]
fn a_loop_of_a_function_inlined_twice_has_two_heads() {
    let path = c_file("inlined.c", INLINED);
    let (program, info) =
        load_with_c_info(&path, Encoding::Lbe, crate::Properties::default()).unwrap();
    assert_eq!(program.task, load(&path, Encoding::Lbe).unwrap().task);
    let copies = info.loops_at(7, Some(3));
    let names: Vec<&str> = copies.iter().map(|h| h.location.as_str()).collect();
    assert_eq!(names, ["l7_3", "l7_3.2"]);
    for h in &copies {
        assert_eq!(
            (h.function.as_str(), h.keyword.as_str()),
            ("count", "while")
        );
        assert!(h.in_task && program.task.locations.contains(&h.location));
        assert_eq!(
            scope_of(h),
            [
                ("g", "g", "int", false),
                ("n", "count.n", "int", false),
                ("x", "count.x", "int", false)
            ]
        );
        let e = tr(&info, &program.task, &h.location, "x <= n && g == 0");
        assert!(holds(&e, &[("count.x", 3), ("count.n", 3), ("g", 0)]));
        assert!(!holds(&e, &[("count.x", 4), ("count.n", 3), ("g", 0)]));
    }
    let x = &info.vars["count.x"];
    assert_eq!((x.c_name.as_str(), x.function.as_str()), ("x", "count"));
    assert_eq!(info.vars["g"].function, "");
    assert!(info.temporaries.contains("count@ret"));
    assert!(!info.vars.contains_key("count@ret"));
    // main's variables are not visible in the callee.
    let err = translate_expression(&info, "l7_3", "a == 0").unwrap_err();
    assert!(
        matches!(&err, FrontendError::Undeclared { name, .. } if name == "a"),
        "{err}"
    );
}

const SHADOW: &str = "extern void abort(void);
extern void reach_error(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { reach_error(); abort(); } }
int x = 1;
unsigned int u;
long long f(int x) {
  long long s = 0;
  for (int i = 0; i < x; i++) {
    int x = i;
    s += x;
  }
  return s;
}
int late;
int main(void) {
  long long y = f(3);
  {
    int x = 5;
    while (x > 0) { x--; }
  }
  while (x < 3) { x++; }
  __VERIFIER_assert(x == 3 && y == 3 && late == 0);
  return 0;
}
";

#[test]
fn scopes_follow_c_shadowing_and_declaration_order() {
    let path = c_file("shadow.c", SHADOW);
    let (program, info) =
        load_with_c_info(&path, Encoding::Sbe, crate::Properties::default()).unwrap();
    let task = &program.task;
    let at = |line| info.loops_at(line, None)[0];
    // In f: the parameter shadows the global; the body's `x` is not yet
    // declared; `late` and main's `y` are not visible.
    assert_eq!(at(8).function, "f");
    assert_eq!(
        scope_of(at(8)),
        [
            ("i", "f.i", "int", false),
            ("s", "f.s", "long long", false),
            ("u", "u", "unsigned int", false),
            ("x", "f.x", "int", false)
        ]
    );
    // A block local shadows the global, with a fresh state variable.
    assert_eq!(
        scope_of(at(19)),
        [
            ("late", "late", "int", false),
            ("u", "u", "unsigned int", false),
            ("x", "x.2", "int", false),
            ("y", "y", "long long", false)
        ]
    );
    assert_eq!(
        scope_of(at(21)),
        [
            ("late", "late", "int", false),
            ("u", "u", "unsigned int", false),
            ("x", "x", "int", false),
            ("y", "y", "long long", false)
        ]
    );
    let x2 = &info.vars["x.2"];
    assert_eq!((x2.c_name.as_str(), x2.function.as_str()), ("x", "main"));
    assert_eq!(info.vars["f.x.2"].c_name, "x");
    let e = tr(&info, task, &at(19).location, "x == 5 && y == 3LL");
    assert_eq!(
        e,
        Expr::And(vec![
            Expr::eq(Expr::var("x.2"), Expr::int(5)),
            Expr::eq(Expr::var("y"), Expr::int(3))
        ])
    );
    // Inside the loop body, after `int x = i;`, the body's `x` is visible.
    let body = "l9_14";
    assert!(task.locations.iter().any(|l| l == body));
    assert_eq!(info.function_of(body), Some("f"));
    let e = tr(&info, task, body, "x == i");
    assert_eq!(e, Expr::eq(Expr::var("f.x.2"), Expr::var("f.i")));
    // Every state variable is a program variable or a temporary.
    for v in &task.vars {
        assert!(info.vars.contains_key(&v.name) ^ info.temporaries.contains(&v.name));
    }
}

const SEM: &str = "extern void abort(void);
extern void reach_error(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { reach_error(); abort(); } }
typedef unsigned int u32;
int main(void) {
  int x, y;
  unsigned int u;
  char c;
  unsigned char uc;
  _Bool b;
  short sh;
  long long ll;
  unsigned long long ull;
  int a[4];
  unsigned char bytes[4];
  while (x < 100) { x++; a[0] = x; bytes[0] = x; }
  __VERIFIER_assert(x >= 100 && a[0] >= 0 && bytes[0] >= 0);
  return 0;
}
";

/// (C name, C type) of the variables of `SEM` the differential test sets.
const SEM_VARS: [(&str, &str); 9] = [
    ("x", "int"),
    ("y", "int"),
    ("u", "unsigned int"),
    ("c", "char"),
    ("uc", "unsigned char"),
    ("b", "_Bool"),
    ("sh", "short"),
    ("ll", "long long"),
    ("ull", "unsigned long long"),
];

/// Valuations (in the order of `SEM_VARS`) on which no expression below
/// overflows a signed type (undefined in C).
const VALUATIONS: [[i128; 9]; 8] = [
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [
        -7,
        3,
        4294967295,
        -5,
        255,
        1,
        -32768,
        9,
        18446744073709551615,
    ],
    [5, -2, 1, 97, 5, 0, 32767, 3000000000, 9223372036854775808],
    [2147483647, 10, 2147483648, 127, 128, 1, 100, -1, 1],
    [-2147483647, -10, 7, -128, 1, 0, -1, -3000000000, 7],
    [3, 9, 5, 44, 44, 1, 16384, 3123456789, 100],
    [99, -1, 4294967294, 3, 200, 0, -16385, 1000000000, 101],
    [-1, 1, 8, -1, 255, 1, 5, -4000000000000000000, 0],
];

const EXPRESSIONS: &[&str] = &[
    "x <= 10 && (long long)y + x >= 0",
    "(unsigned int)x < 5U",
    "(u32)x < 5U",
    "0 <= x && x <= y",
    "ll == 9LL",
    "!(x == 3)",
    "x >= 0 ? 1 : 0",
    "(x >= 0 ? x : -x) < 50",
    "x / 3 == -2",
    "x % 3 == -1",
    "(x / 4) * 4 + x % 4 == x",
    "x / -3 < 0",
    "u + 1U == 0U",
    "u - 1U < u",
    "u > x",
    "(char)x == c",
    "(unsigned char)x == uc",
    "c + uc > 100",
    "b == 1 || !b",
    "b",
    "(int)ll < 0",
    "(int)ll == -1294967296",
    "ull * 2ULL < ull",
    "(short)(sh * 2) < sh",
    "-u == 0U",
    "-u < 5U",
    "~x == -x - 1",
    "~u > 7U",
    "(x & 7) == 5",
    "(u | 1U) == u",
    "(x >> 1) == x / 2",
    "(u << 3) < u",
    "sizeof(x) == 4 && sizeof(ll) == 8",
    "x, y > 0",
    "x - y",
    "u * 3U",
    "(long long)x * 3 + y - 2 * ll > 0",
    "ll / 1000000000LL == 3",
    "ll % 7LL == -3",
    "(unsigned long long)ll > 100ULL",
    "c == -5 || c == 'a'",
    "(_Bool)(x - 5)",
    "x != 0 && y / 2 > 1",
    "(unsigned char)(uc + 1) == 0",
    "uc + 1 == 256",
    "(signed char)uc < 0",
    "(unsigned short)sh > 32767",
    "x < 0U",
    "ull == (unsigned long long)-1",
    "u == 4294967295U || x == 2147483647",
];

/// Runs `EXPRESSIONS` on `VALUATIONS` compiled by gcc: one line of 0/1 per valuation.
fn gcc_truth_table() -> Vec<String> {
    let mut c = String::from("#include <stdio.h>\ntypedef unsigned int u32;\nint main(void) {\n");
    for (n, t) in SEM_VARS {
        c.push_str(&format!("  {t} {n};\n"));
    }
    for val in VALUATIONS {
        for ((n, t), v) in SEM_VARS.iter().zip(val) {
            let suffix = if t.starts_with("unsigned long long") {
                "ULL"
            } else if *t == "long long" {
                "LL"
            } else if t.starts_with("unsigned") {
                "U"
            } else {
                ""
            };
            c.push_str(&format!("  {n} = {v}{suffix};\n"));
        }
        for e in EXPRESSIONS {
            c.push_str(&format!("  printf(\"%d\", ({e}) ? 1 : 0);\n"));
        }
        c.push_str("  printf(\"\\n\");\n");
    }
    c.push_str("  return 0;\n}\n");
    let src = c_file("truth.c", &c);
    let bin = src.with_extension("bin");
    let out = std::process::Command::new("gcc")
        .args(["-w", "-O0", "-o"])
        .arg(&bin)
        .arg(&src)
        .output()
        .expect("gcc");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let run = std::process::Command::new(&bin).output().unwrap();
    let text = String::from_utf8(run.stdout).unwrap();
    text.lines().map(str::to_string).collect()
}

#[test]
fn invariants_mean_what_gcc_computes() {
    let path = c_file("sem.c", SEM);
    let (program, info) =
        load_with_c_info(&path, Encoding::Lbe, crate::Properties::default()).unwrap();
    let head = &info.loops[0];
    assert_eq!(head.location, "l16_3");
    let var = |c: &str| {
        head.scope
            .iter()
            .find(|v| v.c_name == c)
            .unwrap()
            .var
            .clone()
    };
    for (n, t) in SEM_VARS {
        assert_eq!(
            head.scope.iter().find(|v| v.c_name == n).unwrap().ty.name,
            t
        );
    }
    let formulas: Vec<Expr> = EXPRESSIONS
        .iter()
        .map(|e| tr(&info, &program.task, &head.location, e))
        .collect();
    let expected = gcc_truth_table();
    assert_eq!(expected.len(), VALUATIONS.len());
    for (val, line) in VALUATIONS.iter().zip(&expected) {
        let vals: Vec<(String, i128)> = SEM_VARS
            .iter()
            .zip(val)
            .map(|((n, _), v)| (var(n), *v))
            .collect();
        let vals: Vec<(&str, i128)> = vals.iter().map(|(n, v)| (n.as_str(), *v)).collect();
        for ((text, f), want) in EXPRESSIONS.iter().zip(&formulas).zip(line.chars()) {
            assert_eq!(holds(f, &vals), want == '1', "`{text}` at {vals:?}");
        }
    }
}

#[test]
fn c_conversions_and_division_by_hand() {
    let path = c_file("sem.c", SEM);
    let (program, info) =
        load_with_c_info(&path, Encoding::Lbe, crate::Properties::default()).unwrap();
    let t = |s: &str| tr(&info, &program.task, "l16_3", s);
    assert_eq!(t("(unsigned int)-1 == 4294967295U"), Expr::Bool(true));
    assert_eq!(
        t("(char)300 == 44 && (unsigned char)-1 == 255"),
        Expr::Bool(true)
    );
    assert_eq!(
        t("-7 / 2 == -3 && -7 % 2 == -1 && 7 / -2 == -3"),
        Expr::Bool(true)
    );
    assert_eq!(t("-1 < 0U"), Expr::Bool(false)); // -1 converts to UINT_MAX
    assert_eq!(t("ll == 9LL"), Expr::eq(Expr::var("ll"), Expr::int(9)));
    let div = t("x / 3 == -2");
    assert!(holds(&div, &[("x", -7)]) && holds(&div, &[("x", -8)]));
    assert!(!holds(&div, &[("x", -9)]) && !holds(&div, &[("x", 6)]));
    let wrap = t("(unsigned int)x < 5U");
    assert!(!holds(&wrap, &[("x", -1)]) && holds(&wrap, &[("x", 4)]));
    let mixed = t("u > x");
    assert!(!holds(&mixed, &[("u", 0), ("x", -1)]) && holds(&mixed, &[("u", 1), ("x", 0)]));
    let sum = t("(long long)x + y <= 2147483647LL");
    assert!(!holds(&sum, &[("x", 2147483647), ("y", 1)]));
    // int arrays: element reads.
    let e = t("a[1] + x > 0 && a[x] == 3");
    let mut env = Env::default();
    env.vars.insert("x".into(), BigInt::from(2));
    let mut arr = ArrayVal::default();
    arr.entries.insert(BigInt::from(1), BigInt::from(-1));
    arr.entries.insert(BigInt::from(2), BigInt::from(3));
    env.arrays.insert("a".into(), arr);
    assert!(env.holds(&e).unwrap());
    env.vars.insert("x".into(), BigInt::from(1));
    assert!(!env.holds(&e).unwrap());
}

/// The error of translating `text` at the loop head of `SEM`.
fn rejected(text: &str) -> FrontendError {
    let path = c_file("sem.c", SEM);
    let info = c_source_info(&path, crate::Properties::default()).unwrap();
    match translate_expression(&info, "l16_3", text) {
        Ok(e) => panic!("`{text}` accepted as {e:?}"),
        Err(e) => e,
    }
}

#[test]
fn side_effects_calls_and_unknown_names_are_rejected() {
    let unsupported = |text: &str, what: &str| {
        let err = rejected(text);
        assert!(
            matches!(&err, FrontendError::UnsupportedC { construct, .. } if construct.contains(what)),
            "`{text}`: {err}"
        );
    };
    unsupported("f(x) > 0", "function call `f`");
    unsupported(
        "__VERIFIER_nondet_int() > 0",
        "function call `__VERIFIER_nondet_int`",
    );
    unsupported("x == 1 && (x = 1)", "assignment `=`");
    unsupported("(x += 1) > 0", "assignment `+=`");
    unsupported("x++ > 0", "`++`");
    unsupported("--x", "`--`");
    unsupported("0 < x ? y-- : 0", "`--`");
    // Division by a variable needs its division-by-zero check: an edge.
    unsupported("x / y > 0", "side effect or an assumption");
    // An invariant is read over the task's variables: an address is not one.
    unsupported("&x != 0", "the address of `x`");
    unsupported("a", "array `a` used as a pointer value");
    unsupported("a != 0", "array `a` used as a pointer value");
    // A string literal is an object in memory: no value an invariant states.
    unsupported("\"abc\" != 0", "side effect");
    unsupported(
        "bytes[0] == 1",
        "elements of array `bytes` of type unsigned char",
    );
    let err = rejected("x == 1 && foo > 0");
    match &err {
        FrontendError::Undeclared { name, file, pos } => {
            assert_eq!((name.as_str(), file.as_str()), ("foo", "invariant"));
            assert_eq!(*pos, Pos { line: 1, col: 11 });
        }
        _ => panic!("{err}"),
    }
    for text in [
        "x; y",
        "int z",
        "x +",
        "x) + (y",
        "",
        "x == 1; } int g(void) { return 0",
    ] {
        assert!(
            matches!(rejected(text), FrontendError::Syntax { .. }),
            "`{text}`"
        );
    }
    let path = c_file("sem.c", SEM);
    let info = c_source_info(&path, crate::Properties::default()).unwrap();
    let err = translate_expression(&info, "nowhere", "1").unwrap_err();
    assert!(
        err.to_string().contains("no C scope at location `nowhere`"),
        "{err}"
    );
}

/// Every corpus C program: the recording translation gives the task and
/// source map of `load`, its heads are task locations of the right
/// function, and its variables partition the state variables.
#[test]
fn recording_leaves_every_corpus_task_unchanged() {
    let mut files: Vec<PathBuf> = std::fs::read_dir("../corpus/c")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            matches!(
                p.extension().and_then(|e| e.to_str()),
                Some("c" | "i" | "yml")
            )
        })
        .collect();
    files.sort();
    assert!(files.len() >= 20);
    let mut loops = 0;
    for path in &files {
        for enc in [Encoding::Lbe, Encoding::Sbe] {
            let (program, info) = match (
                load(path, enc),
                load_with_c_info(path, enc, crate::Properties::default()),
            ) {
                (Ok(p), Ok((q, info))) => {
                    assert_eq!(p, q, "{}", path.display());
                    (q, info)
                }
                (Err(e), Err(f)) => {
                    assert_eq!(e.to_string(), f.to_string());
                    continue;
                }
                (p, q) => panic!("{}: {:?} vs {:?}", path.display(), p.err(), q.err()),
            };
            let task = &program.task;
            for h in &info.loops {
                assert_eq!(h.in_task, task.locations.contains(&h.location), "{h:?}");
                assert_eq!(info.function_of(&h.location), Some(h.function.as_str()));
                assert_eq!(info.scope_at(&h.location), Some(&h.scope[..]));
                loops += 1;
            }
            for v in &task.vars {
                assert!(info.vars.contains_key(&v.name) ^ info.temporaries.contains(&v.name));
            }
            assert_eq!(info.vars.len() + info.temporaries.len(), task.vars.len());
        }
    }
    assert!(loops >= 10, "{loops}");
    let yml = c_source_info(
        Path::new("../corpus/c/task_safe.yml"),
        crate::Properties::default(),
    )
    .unwrap();
    assert_eq!(yml.data_model, c::DataModel::Ilp32);
}

const LIB_NAMES: &str = "extern void abort(void);
extern void reach_error(void);
typedef struct s { int a; } S;
typedef char ch;
int main(void) {
  int index = 0, abs = 0;
  long long big = 4294967296LL;
  char c = -1;
  while (index < 3) { index++; }
  return abs;
}
";

/// The invariant's own unit (see `translate_in_scope`): locals named like
/// library functions, the truth value of a wide value (not its conversion
/// to `int`), typedef names the translation refuses, and preprocessing
/// directives (clang would run them).
#[test]
fn invariants_see_locals_named_like_library_functions() {
    let path = c_file("lib.c", LIB_NAMES);
    let (program, info) =
        load_with_c_info(&path, Encoding::Lbe, crate::Properties::default()).unwrap();
    let at = &info.loops[0].location;
    let e = tr(&info, &program.task, at, "index + abs < 4");
    assert!(holds(&e, &[("index", 3), ("abs", 0)]));
    let e = tr(&info, &program.task, at, "big");
    assert!(holds(&e, &[("big", 4294967296)]));
    let e = tr(&info, &program.task, at, "(ch)255 == c");
    assert!(holds(&e, &[("c", -1)]));
    let err = translate_expression(&info, at, "(S)index").unwrap_err();
    assert!(
        matches!(&err, FrontendError::UnsupportedC { construct, pos, .. }
            if construct.contains("structs") && *pos == Pos { line: 1, col: 2 }),
        "{err}"
    );
    for (text, line, col) in [
        ("#include \"/dev/zero\"\n1", 1, 1),
        ("index == 1 &&\n /* c */ #define x 1\n1", 2, 10),
        ("index == '#' && %:", 1, 17),
    ] {
        let err = translate_expression(&info, at, text).unwrap_err();
        assert!(
            matches!(&err, FrontendError::Syntax { message, pos, .. }
                if message.contains("directive") && *pos == Pos { line, col }),
            "`{text}`: {err}"
        );
    }
}
