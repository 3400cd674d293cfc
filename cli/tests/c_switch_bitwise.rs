//! C `switch` and bitwise operators: verdicts agree with gcc-compiled runs; inexact forms are rejected.

use engine::run::run_file;
use engine::{Config, Verdict};
use frontend::{load, Encoding};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;
use tempfile::TempDir;

/// Five lines, so a program's own text starts on line 6.
const PRELUDE: &str = "extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { reach_error(); abort(); } }
";

/// The program in a fresh directory (gcc's stub and binary go beside it),
/// removed when the returned guard is dropped.
fn write(name: &str, body: &str) -> (TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join(format!("{name}.c"));
    std::fs::write(&p, format!("{PRELUDE}{body}")).unwrap();
    (dir, p)
}

fn certa(path: &Path) -> &'static str {
    // These programs pin bitwise and switch semantics over all inputs,
    // including sums that overflow for some: read as mathematical integers.
    let cfg = Config {
        timeout: Some(Duration::from_secs(120)),
        properties: Some(frontend::Properties {
            assume_no_overflow: true,
            ..Default::default()
        }),
        ..Config::default()
    };
    let run = run_file(path, Encoding::Lbe, &cfg).unwrap_or_else(|e| panic!("{e}"));
    let word = match &run.outcome.verdict {
        Verdict::Safe(_) => "safe",
        Verdict::Unsafe(_) => "unsafe",
        Verdict::Unknown(w) => panic!("{}: UNKNOWN {w}", path.display()),
    };
    assert_eq!(certa::bench::check_run(&run), "VALID", "{}", path.display());
    word
}

/// The outcome of the program compiled by gcc and run (`reach_error` exits
/// 17; nondet functions return 0); `None` without gcc.
fn gcc(path: &Path) -> Option<&'static str> {
    // One stub per program: tests run in parallel, and a stub rewritten while
    // another test's gcc reads it was once empty (`undefined reference to reach_error`).
    let stub = path.with_extension("stub.c");
    std::fs::write(
        &stub,
        "#include <stdlib.h>\nvoid reach_error(void) { exit(17); }\n\
         int __VERIFIER_nondet_int(void) { return 0; }\n\
         unsigned int __VERIFIER_nondet_uint(void) { return 0; }\n",
    )
    .unwrap();
    let bin = path.with_extension("bin");
    let built = Command::new("gcc")
        .args(["-w", "-O0", "-o"])
        .arg(&bin)
        .arg(path)
        .arg(&stub)
        .output()
        .ok()?;
    assert!(
        built.status.success(),
        "gcc: {}",
        String::from_utf8_lossy(&built.stderr)
    );
    match Command::new(&bin).status().unwrap().code() {
        Some(0) => Some("safe"),
        Some(17) => Some("unsafe"),
        other => panic!("{}: exit {other:?}", bin.display()),
    }
}

/// certa says `expected`; so does gcc's run when the program is deterministic.
fn agree(name: &str, body: &str, expected: &str, deterministic: bool) {
    let (_dir, p) = write(name, body);
    assert_eq!(certa(&p), expected, "certa on {}", p.display());
    if deterministic {
        if let Some(g) = gcc(&p) {
            assert_eq!(g, expected, "gcc run of {}", p.display());
        }
    }
}

/// Every `(expr, value)` evaluates to exactly `value`: asserting them all is
/// SAFE, and reaching the end with all of them equal is UNSAFE (the path is
/// feasible, so SAFE was not vacuous). gcc agrees on both.
fn exact(name: &str, defs: &str, decls: &str, cases: &[(String, String)]) {
    let asserts: String = cases
        .iter()
        .map(|(e, v)| format!("  __VERIFIER_assert(({e}) == {v});\n"))
        .collect();
    // One test per statement: a single condition with n wrapped operands
    // would split into 2^n paths.
    let guards: String = cases
        .iter()
        .map(|(e, v)| format!("  if (({e}) != {v}) return 0;\n"))
        .collect();
    let safe = format!("{defs}int main(void) {{\n{decls}{asserts}  return 0;\n}}\n");
    let reach =
        format!("{defs}int main(void) {{\n{decls}{guards}  reach_error();\n  return 0;\n}}\n");
    agree(&format!("{name}_safe"), &safe, "safe", true);
    agree(&format!("{name}_reach"), &reach, "unsafe", true);
}

fn case(e: &str, v: i128) -> (String, String) {
    (e.to_string(), lit(v))
}

/// A C literal of `v` whose type keeps the value in a comparison.
fn lit(v: i128) -> String {
    if v == i64::MIN as i128 {
        "(-9223372036854775807LL - 1)".into()
    } else if v < 0 {
        format!("(-{}LL)", -v)
    } else if v <= i64::MAX as i128 {
        format!("{v}LL")
    } else {
        format!("{v}ULL")
    }
}

#[derive(Clone, Copy)]
struct Ty {
    c: &'static str,
    signed: bool,
    bits: u32,
}

impl Ty {
    fn wrap(self, v: i128) -> i128 {
        let m = 1i128 << self.bits;
        let r = v.rem_euclid(m);
        if self.signed && r >= m / 2 {
            r - m
        } else {
            r
        }
    }
    fn promote(self) -> Ty {
        if self.bits < 32 {
            INT
        } else {
            self
        }
    }
    /// A literal of type `self` (which is `int` or wider).
    fn lit(self, v: i128) -> String {
        let sfx = match (self.signed, self.bits) {
            (true, 32) => "",
            (false, 32) => "u",
            (true, _) => "LL",
            (false, _) => "ULL",
        };
        let min = -(1i128 << (self.bits - 1));
        if self.signed && v == min {
            format!("(-{}{sfx} - 1)", -(v + 1))
        } else if v < 0 {
            format!("(-{}{sfx})", -v)
        } else {
            format!("{v}{sfx}")
        }
    }
}

const INT: Ty = Ty {
    c: "int",
    signed: true,
    bits: 32,
};

/// Every bitwise rule on each integer type, over values and masks that cover
/// signs, extremes, single bits, bit runs and alternating bits; the expected
/// values are two's complement as gcc computes it.
#[test]
fn bitwise_operators_are_exact_on_every_integer_type() {
    let types = [
        Ty {
            c: "signed char",
            signed: true,
            bits: 8,
        },
        Ty {
            c: "unsigned char",
            signed: false,
            bits: 8,
        },
        Ty {
            c: "short",
            signed: true,
            bits: 16,
        },
        Ty {
            c: "unsigned short",
            signed: false,
            bits: 16,
        },
        INT,
        Ty {
            c: "unsigned int",
            signed: false,
            bits: 32,
        },
        Ty {
            c: "long long",
            signed: true,
            bits: 64,
        },
        Ty {
            c: "unsigned long long",
            signed: false,
            bits: 64,
        },
    ];
    for t in types {
        let p = t.promote();
        let tmin = if t.signed {
            -(1i128 << (t.bits - 1))
        } else {
            0
        };
        let tmax = if t.signed {
            (1i128 << (t.bits - 1)) - 1
        } else {
            (1i128 << t.bits) - 1
        };
        let values: Vec<i128> = [
            0,
            1,
            -1,
            5,
            -7,
            100,
            -100,
            tmax,
            tmin,
            0x5a5a_5a5a_5a5a_5a5a,
        ]
        .into_iter()
        .map(|v| t.wrap(v))
        .collect();
        let pm = |v: i128| p.wrap(v);
        let masks: Vec<i128> = [
            0,
            1,
            6,
            7,
            0x0f0f,
            -1,
            -8,
            1i128 << (p.bits - 1),
            0x5555_5555_5555_5555,
        ]
        .into_iter()
        .map(pm)
        .collect();
        let mut decls = String::new();
        let mut cases = Vec::new();
        for (i, &v) in values.iter().enumerate() {
            // Declared with an initialiser: a variable, so nothing folds away.
            decls += &format!("  {} v{i} = {};\n", t.c, t.lit_or_int(v));
            for &m in &masks {
                let ml = p.lit(m);
                cases.push(case(&format!("v{i} & {ml}"), pm(v & m)));
                cases.push(case(&format!("{ml} | v{i}"), pm(v | m)));
                cases.push(case(&format!("v{i} ^ {ml}"), pm(v ^ m)));
            }
            for k in [0, 1, 3, p.bits - 1] {
                cases.push(case(&format!("v{i} << {k}"), pm(v << k)));
                cases.push(case(&format!("v{i} >> {k}"), pm(v >> k)));
            }
            cases.push(case(&format!("~v{i}"), pm(!v)));
        }
        let name = t.c.replace(' ', "_");
        exact(&format!("bitwise_{name}"), "", &decls, &cases);
    }
}

impl Ty {
    /// An initialiser for a variable of type `self` holding `v`.
    fn lit_or_int(self, v: i128) -> String {
        if self.bits < 32 {
            INT.lit(v)
        } else {
            self.lit(v)
        }
    }
}

/// Mixed types, compound assignments, 0/1 operands and shifts that overflow.
#[test]
fn bitwise_conversions_compound_assignments_and_bits() {
    let decls = "  int x = -7;
  long long y = -7;
  unsigned char c = 200;
  signed char s = -1;
  _Bool t = 1, f = 0;
  int z = -7;
  z &= 6; z |= 9; z ^= 5; z <<= 2; z >>= 1;
  unsigned w = 5;
  w <<= 31; w >>= 30;
  unsigned char n = 0x81;
  n <<= 1;
  _Bool g = 0;
  g |= 4;
";
    let cases = [
        case("x & 0xFFu", 249),
        case("x & 0xFFFFFFFF", 4294967289),
        case("y & 0xFFFFFFFF", 4294967289),
        case("c << 24", -939524096),
        case("~c", -201),
        case("(unsigned)s >> 28", 15),
        case("s >> 7", -1),
        case("1 << 31", -2147483648),
        case("x >> 2u", -2),
        case("x << 30", 1073741824),
        case("t ^ 1", 0),
        case("t | (x > 0)", 1),
        case("(x < 0) ^ (x > -10)", 0),
        case("(x < 0) & (x > -10)", 1),
        case("(x > 0) | (x < -10)", 0),
        case("t & x", 1),
        case("f & x", 0),
        case("x | f", -7),
        case("x ^ t", -8),
        case("f ^ x", -7),
        case("(unsigned)t | 6u", 7),
        case("z", 24),
        case("w", 2),
        case("n", 2),
        case("g", 1),
        case("~0u", 4294967295),
        case("~-1", 0),
    ];
    exact("bitwise_mixed", "", decls, &cases);
}

/// Identities over unconstrained inputs, and near misses that are UNSAFE.
#[test]
fn bitwise_identities_over_nondet_inputs() {
    let head = "int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned u = __VERIFIER_nondet_uint();
  _Bool b = __VERIFIER_nondet_int() > 0;
";
    let safe = [
        "(x >> 3) * 8 + (x & 7) == x",
        "(x | 5) == x + 5 - (x & 5)",
        "(x & -8) + (x & 7) == x",
        "(x ^ -1) == ~x",
        "(u << 1) >> 1 == (u & 0x7FFFFFFF)",
        "~u == 4294967295u - u",
        "(u >> 31) <= 1",
        "(b & x) == (b ? x % 2 != 0 : 0) || x < 0",
        "(b ^ (x > 0)) == (b != (x > 0))",
        "(u & 0xF0) <= 0xF0 && (u & 0xF0) % 16 == 0",
    ];
    let body: String = safe
        .iter()
        .map(|c| format!("  __VERIFIER_assert({c});\n"))
        .collect();
    agree(
        "identities",
        &format!("{head}{body}  return 0;\n}}\n"),
        "safe",
        false,
    );
    let wrong = [
        "(x >> 1) * 2 == x",
        "(x & 7) < 7",
        "(u << 1) >= u",
        "(x | 1) != x",
        "(x ^ 3) != x + 3",
        "(b | (x > 0)) == (x > 0)",
    ];
    for (i, c) in wrong.iter().enumerate() {
        let prog = format!("{head}  __VERIFIER_assert({c});\n  return 0;\n}}\n");
        agree(&format!("near_miss_{i}"), &prog, "unsafe", false);
    }
}

/// Switch functions over a range of inputs; the expected tables are checked
/// against gcc by [`exact`] too.
#[test]
fn switch_fall_through_default_break_nested_and_continue() {
    let defs = "int g;
int fall(int x) {
  int r = 0;
  switch (x) {
    case 1: r += 1;
    case 2: r += 10;
    case 3: r += 100; break;
    case 4: r = -4;
  }
  return r;
}
int mid_default(int x) {
  int r = 0;
  switch (x) {
    case 0: r = 5; break;
    default: r = 7;
    case 1: r = r * 2; break;
    case 2: return 42;
  }
  return r;
}
int nested(int x, int y) {
  int r = 0;
  switch (x) {
    case 0:
      switch (y) {
        case 0: r = 1; break;
        default: r = 2;
      }
      r += 10;
    case 1: r += 100; break;
    default: { r = -1; }
  }
  return r;
}
int loop(int n) {
  int r = 0;
  for (int i = 0; i < n; i++) {
    switch (i % 3) {
      case 0: continue;
      case 1: r += 1; break;
      default: r += 10;
    }
    r += 1000;
  }
  return r;
}
int once(int x) {
  g = 0;
  switch (x + g++) {
    case 0: g += 10;
    case 1: g += 100; break;
    default: g = g * 2;
  }
  return g;
}
int duff(int n) {
  int r = 0, k = (n + 3) / 4;
  switch (n % 4) {
    case 0: do { r++;
    case 3: r++;
    case 2: r++;
    case 1: r++;
    } while (--k > 0);
  }
  return r;
}
int ranges(char c, unsigned u) {
  int r = 0;
  switch (c) {
    case 'a' ... 'z': r = 1; break;
    case '0' ... '9': r = 2; break;
    case -1: r = 3; break;
  }
  switch (u) {
    case -1: r += 10; break;
    case 1 ? 2 : 3: r += 20; break;
    case (1 << 4) | 1: r += 30; break;
  }
  switch (u > 5) {
    case 1: r += 100;
  }
  return r;
}
";
    let fall = |x: i128| match x {
        1 => 111,
        2 => 110,
        3 => 100,
        4 => -4,
        _ => 0,
    };
    let mid = |x: i128| match x {
        0 => 5,
        1 => 0,
        2 => 42,
        _ => 14,
    };
    let nested = |x: i128, y: i128| match (x, y) {
        (0, 0) => 111,
        (0, _) => 112,
        (1, _) => 100,
        _ => -1,
    };
    let lp = |n: i128| {
        let mut r = 0;
        for i in 0..n {
            match i % 3 {
                0 => continue,
                1 => r += 1,
                _ => r += 10,
            }
            r += 1000;
        }
        r
    };
    let once = |x: i128| match x {
        0 => 111,
        1 => 101,
        _ => 2,
    };
    // Small programs: each inlined call adds to one large block.
    let mut flat = Vec::new();
    let mut nest = Vec::new();
    for x in -1..=5 {
        flat.push(case(&format!("fall({x})"), fall(x)));
        flat.push(case(&format!("mid_default({x})"), mid(x)));
        flat.push(case(&format!("once({x})"), once(x)));
        for y in 0..=1 {
            nest.push(case(&format!("nested({x}, {y})"), nested(x, y)));
        }
    }
    // Loops are unrolled by refinement: a few short ones.
    let mut loops = Vec::new();
    for n in [0, 3, 4] {
        loops.push(case(&format!("loop({n})"), lp(n)));
    }
    for n in 1..=5 {
        loops.push(case(&format!("duff({n})"), n));
    }
    let mut ranges = Vec::new();
    for (c, u, r) in [
        ("'q'", "0u", 1),
        ("'5'", "4294967295u", 112),
        ("-1", "2u", 23),
        ("'A'", "17u", 130),
        ("'z'", "6u", 101),
    ] {
        ranges.push(case(&format!("ranges({c}, {u})"), r));
    }
    for (name, cases) in [
        ("switch_flat", flat),
        ("switch_nested", nest),
        ("switch_loops", loops),
        ("switch_ranges", ranges),
    ] {
        exact(name, defs, "", &cases);
    }

    // The same functions on nondet inputs, against the tables.
    let table = |f: &dyn Fn(i128) -> i128| {
        (-1..=5).rev().fold("0".to_string(), |acc, x| {
            format!("(x == {x} ? {} : {acc})", lit(f(x)))
        })
    };
    let prog = format!(
        "{defs}int main(void) {{
  int x = __VERIFIER_nondet_int();
  if (x < -1 || x > 5) return 0;
  __VERIFIER_assert(fall(x) == {});
  __VERIFIER_assert(mid_default(x) == {});
  __VERIFIER_assert(once(x) == {});
  return 0;
}}
",
        table(&fall),
        table(&mid),
        table(&once)
    );
    agree("switch_nondet", &prog, "safe", false);
    let bug = prog.replace("case 3: r += 100; break;", "case 3: r += 100;");
    agree("switch_nondet_bug", &bug, "unsafe", false);
}

fn error(name: &str, body: &str) -> String {
    let (_dir, p) = write(
        name,
        &format!("int main(void) {{\n{body}\n  return 0;\n}}\n"),
    );
    match load(&p, Encoding::Lbe) {
        Ok(_) => panic!("{name} loads"),
        Err(e) => e.to_string().replace(&p.display().to_string(), "F"),
    }
}

/// Bitwise operators and shifts of two variables load (exact operators of
/// the format); constant shifts C leaves undefined stay unsupported, with
/// file:line:col.
#[test]
fn two_variable_bitwise_loads_and_bad_constant_shifts_are_rejected_with_positions() {
    let decl = "  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();\n";
    for (name, stmt) in [
        ("and", "  x = x & y;"),
        ("or", "  x = (y | x) + 1;"),
        ("xor", "  x ^= y;"),
        ("shl_var", "  x = 1 << y;"),
        ("shr_var", "  x >>= y;"),
    ] {
        let (_dir, p) = write(
            name,
            &format!("int main(void) {{\n{decl}{stmt}\n  return 0;\n}}\n"),
        );
        load(&p, Encoding::Lbe).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    for (name, stmt, want) in [
        (
            "shl_wide",
            "  x = x << 32;",
            "unsupported: shift by 32 (undefined for 32 bits) at F:8:7".to_string(),
        ),
        (
            "shr_neg",
            "  x = x >> -1;",
            "unsupported: shift by -1 (undefined for 32 bits) at F:8:7".into(),
        ),
    ] {
        assert_eq!(error(name, &format!("{decl}{stmt}")), want, "{name}");
    }
    // Invalid C: clang's diagnostics, at clang's places.
    for (name, stmt, want) in [
        (
            "case_var",
            "  switch (x) { case 1: break; case y: break; }",
            "F:8:36: syntax error: expression is not an integer constant expression (clang)",
        ),
        (
            "case_dup",
            "  switch (x) { case 1: case 0 ... 2: break; }",
            "F:8:29: syntax error: duplicate case value '1' (clang)",
        ),
        (
            "default_dup",
            "  switch (x) { default: break; default: break; }",
            "F:8:16: syntax error: multiple default labels in one switch (clang)",
        ),
        (
            "case_outside",
            "  case 1: x = 2;",
            "F:8:3: syntax error: 'case' statement not in switch statement (clang)",
        ),
        (
            "continue_outside",
            "  switch (x) { case 1: continue; }",
            "F:8:24: syntax error: 'continue' statement not in loop statement (clang)",
        ),
    ] {
        assert_eq!(error(name, &format!("{decl}{stmt}")), want, "{name}");
    }
}
