//! Differential tests of the C expression printer (`cexpr.rs`) against the
//! C compiler: random Boolean formulas over C variables of mixed types are
//! printed, compiled into one C program (with the undefined-behaviour
//! sanitizer where available, so a signed overflow is caught, not wrapped),
//! run on valuations inside the variables' types, and compared with
//! `format::eval` over the mathematical integers. A formula the printer
//! declines (`None`) is fine; a printed one must agree everywhere.

use super::cexpr::{CScope, CVar, Printer};
use format::eval::Env;
use format::{Expr, Num};
use num_bigint::BigInt;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A C variable of the test programs: task name, C name, C type.
struct Var {
    task: &'static str,
    c_name: &'static str,
    c_type: &'static str,
    signed: bool,
    bits: u32,
}

const VARS: [Var; 12] = [
    var("main::i", "i", "int", true, 32),
    var("main::u", "u", "unsigned int", false, 32),
    var("main::ll", "ll", "long long", true, 64),
    var("main::s", "s", "short", true, 16),
    var("main::uc", "uc", "unsigned char", false, 8),
    var("main::sc", "sc", "signed char", true, 8),
    var("main::us", "us", "unsigned short", false, 16),
    var("main::b", "b", "_Bool", false, 1),
    var("main::ull", "ull", "unsigned long long", false, 64),
    var("f::j", "j", "int", true, 32),
    var("f::m", "m", "long long", true, 64),
    var("f::v", "v", "unsigned int", false, 32),
];

const fn var(
    task: &'static str,
    c_name: &'static str,
    c_type: &'static str,
    signed: bool,
    bits: u32,
) -> Var {
    Var {
        task,
        c_name,
        c_type,
        signed,
        bits,
    }
}

const NV: usize = VARS.len();

fn idx(task: &str) -> usize {
    VARS.iter().position(|v| v.task == task).unwrap()
}

fn scope() -> CScope {
    VARS.iter()
        .map(|v| {
            (
                v.task.to_string(),
                CVar {
                    c_name: v.c_name.into(),
                    signed: v.signed,
                    bits: v.bits,
                },
            )
        })
        .collect()
}

fn range(v: &Var) -> (i128, i128) {
    if v.signed {
        (-(1i128 << (v.bits - 1)), (1i128 << (v.bits - 1)) - 1)
    } else {
        (0, (1i128 << v.bits) - 1)
    }
}

/// xorshift64*: deterministic, no dependencies.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len() as u64) as usize]
    }
    /// Uniform-ish in `lo..=hi`.
    fn between(&mut self, lo: i128, hi: i128) -> i128 {
        let span = (hi - lo + 1) as u128;
        let r = ((self.next() as u128) << 64 | self.next() as u128) % span;
        lo + r as i128
    }
}

fn big(v: i128) -> BigInt {
    BigInt::from(v)
}

fn pow2(k: u32) -> BigInt {
    BigInt::from(1) << k as usize
}

/// Constants of every size: small, near the edges of `char`, `short`,
/// `int`, `unsigned`, `long long`, `unsigned long long`, and beyond.
fn constant(rng: &mut Rng) -> BigInt {
    match rng.below(10) {
        0..=2 => big(rng.between(-10, 10)),
        3 => big(rng.between(-1000, 1000)),
        4 | 5 => {
            let e = *rng.pick(&[7u32, 8, 15, 16, 30, 31, 32, 62, 63, 64, 70]);
            let v = pow2(e) + rng.between(-2, 2);
            if rng.chance(50) {
                -v
            } else {
                v
            }
        }
        _ => {
            let bits = 1 + rng.below(66) as u32;
            let r = (rng.next() as u128) << 64 | rng.next() as u128;
            let v = big((r >> (128 - bits)) as i128);
            if rng.chance(50) {
                -v
            } else {
                v
            }
        }
    }
}

/// A multiplier: mostly small, sometimes large.
fn coefficient(rng: &mut Rng) -> BigInt {
    if rng.chance(75) {
        let k = rng.between(-7, 7);
        big(if k == 0 { 2 } else { k })
    } else {
        constant(rng)
    }
}

/// A positive divisor: mostly small, sometimes at or beyond the type edges.
fn divisor(rng: &mut Rng) -> BigInt {
    if rng.chance(80) {
        big(rng.between(1, 10))
    } else {
        rng.pick(&[
            pow2(31) - 1,
            pow2(31),
            pow2(32) + 1,
            big(3_000_000_000),
            big(5_000_000_000_000_000_000),
            pow2(62) + 1,
            pow2(63) - 1,
            pow2(63),
            pow2(70),
        ])
        .clone()
    }
}

fn int(v: BigInt) -> Expr {
    Expr::Int(Num(v))
}

fn bx(e: Expr) -> Box<Expr> {
    Box::new(e)
}

struct Gen<'a> {
    rng: &'a mut Rng,
    vars: Vec<usize>,
}

impl Gen<'_> {
    fn var(&mut self) -> Expr {
        let v = *self.rng.pick(&self.vars);
        Expr::var(VARS[v].task)
    }

    fn term(&mut self, depth: u32) -> Expr {
        if depth == 0 || self.rng.chance(30) {
            return if self.rng.chance(75) {
                self.var()
            } else {
                int(constant(self.rng))
            };
        }
        let d = depth - 1;
        match self.rng.below(10) {
            0 | 1 => {
                let n = 2 + self.rng.below(3);
                Expr::Add((0..n).map(|_| self.term(d)).collect())
            }
            2 => Expr::Sub(bx(self.term(d)), bx(self.term(d))),
            3 => Expr::Neg(bx(self.term(d))),
            4 => Expr::Mul(Num(coefficient(self.rng)), bx(self.term(d))),
            5 => Expr::Div(bx(self.term(d)), Num(divisor(self.rng))),
            6 => Expr::Mod(bx(self.term(d)), Num(divisor(self.rng))),
            7 => Expr::Ite(bx(self.formula(d)), bx(self.term(d)), bx(self.term(d))),
            8 => self.const_ite(d),
            // Shapes where C's evaluation order or types matter: a variable
            // plus constants that nearly cancel (`x + c - c'`: the partial
            // sum may leave long long), and arithmetic on a choice between
            // two constants (of C type `int` if both fit).
            _ => match self.rng.below(4) {
                0 => Expr::Add(vec![self.var(), int(constant(self.rng))]),
                1 => {
                    let c = constant(self.rng);
                    let k = big(self.rng.between(-1, 1));
                    Expr::Add(vec![self.var(), int(c.clone()), int(k - c)])
                }
                2 => {
                    let ite = self.const_ite(d);
                    Expr::Add(vec![ite, int(constant(self.rng))])
                }
                _ => {
                    let ite = self.const_ite(d);
                    Expr::Mul(Num(coefficient(self.rng)), bx(ite))
                }
            },
        }
    }

    /// `c ? k1 : k2`, the constants often near the edges of `int`.
    fn const_ite(&mut self, depth: u32) -> Expr {
        let mut k = || {
            if self.rng.chance(50) {
                let v = pow2(*self.rng.pick(&[30, 31])) - self.rng.between(1, 3);
                int(if self.rng.chance(50) { -v } else { v })
            } else {
                int(constant(self.rng))
            }
        };
        let (a, b) = (k(), k());
        Expr::Ite(bx(self.atom(depth)), bx(a), bx(b))
    }

    fn atom(&mut self, depth: u32) -> Expr {
        let (a, b) = match self.rng.below(4) {
            // Bare variable against a constant or a variable: the plain forms.
            0 => (self.var(), int(constant(self.rng))),
            1 => (int(constant(self.rng)), self.var()),
            2 => (self.var(), self.var()),
            _ => (self.term(depth), self.term(depth)),
        };
        let (a, b) = (bx(a), bx(b));
        match self.rng.below(5) {
            0 => Expr::Eq(a, b),
            1 => Expr::Lt(a, b),
            2 => Expr::Le(a, b),
            3 => Expr::Gt(a, b),
            _ => Expr::Ge(a, b),
        }
    }

    fn formula(&mut self, depth: u32) -> Expr {
        if depth == 0 || self.rng.chance(35) {
            return self.atom(depth.min(2));
        }
        let d = depth - 1;
        match self.rng.below(12) {
            0 | 1 => {
                let n = 1 + self.rng.below(3);
                Expr::And((0..n).map(|_| self.formula(d)).collect())
            }
            2 | 3 => {
                let n = 1 + self.rng.below(3);
                Expr::Or((0..n).map(|_| self.formula(d)).collect())
            }
            4 | 5 => Expr::not(self.formula(d)),
            6 => Expr::Implies(bx(self.formula(d)), bx(self.formula(d))),
            7 => Expr::Ite(
                bx(self.formula(d)),
                bx(self.formula(d)),
                bx(self.formula(d)),
            ),
            8 => match self.rng.below(4) {
                0 => Expr::Bool(true),
                1 => Expr::Bool(false),
                2 => Expr::And(vec![]),
                _ => Expr::Or(vec![]),
            },
            _ => self.atom(d.min(2)),
        }
    }
}

/// A valuation of all variables, each inside its C type.
fn valuation(rng: &mut Rng) -> [i128; NV] {
    let mut out = [0i128; NV];
    for (x, v) in out.iter_mut().zip(&VARS) {
        let (lo, hi) = range(v);
        *x = match rng.below(10) {
            0..=3 => *rng.pick(&[lo, hi, lo + 1, hi - 1]),
            4 | 5 => rng.between(-3, 3).clamp(lo, hi),
            _ => rng.between(lo, hi),
        };
    }
    out
}

fn env_of(vals: &[i128; NV]) -> Env {
    let mut env = Env::default();
    for (v, x) in VARS.iter().zip(vals) {
        env.vars.insert(v.task.to_string(), big(*x));
    }
    env
}

fn show_valuation(vals: &[i128; NV]) -> String {
    VARS.iter()
        .zip(vals)
        .map(|(v, x)| format!("{}={x}", v.c_name))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A C compiler and the flags that catch signed overflow, if any.
struct Cc {
    cc: String,
    sanitize: bool,
}

fn find_cc(dir: &Path) -> Option<Cc> {
    let src = dir.join("probe.c");
    std::fs::write(&src, "int main(void) { return 0; }\n").ok()?;
    for cc in ["cc", "gcc", "clang"] {
        let works = |flags: &[&str]| {
            Command::new(cc)
                .args(flags)
                .arg(&src)
                .arg("-o")
                .arg(dir.join("probe"))
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
                && Command::new(dir.join("probe"))
                    .status()
                    .is_ok_and(|s| s.success())
        };
        if works(&SANITIZE) {
            return Some(Cc {
                cc: cc.into(),
                sanitize: true,
            });
        }
        if works(&[]) {
            return Some(Cc {
                cc: cc.into(),
                sanitize: false,
            });
        }
    }
    None
}

const SANITIZE: [&str; 2] = ["-fsanitize=undefined", "-fno-sanitize-recover=all"];

struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("certa-cexpr-{}-{tag}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// What a differential run found.
#[derive(Default)]
struct Outcome {
    printed: usize,
    unprintable: usize,
    /// (formula, valuation) pairs run by the compiled program.
    checks: usize,
    /// (formula, valuation) pairs evaluated by the C-semantics oracle.
    oracle_checks: usize,
    bugs: Vec<String>,
    /// False when no C compiler was found (nothing was run).
    ran: bool,
}

/// Lines of the C program before the first formula function.
const HEADER: &str = "#include <stdio.h>\n#include <stdlib.h>\n";

/// Prints every formula, compiles the printable ones into one C program,
/// runs it on the valuations and compares with `format::eval`.
fn differential(tag: &str, cases: &[(Expr, Vec<[i128; NV]>)]) -> Outcome {
    let scope = scope();
    let printer = Printer { scope: &scope };
    let mut out = Outcome::default();
    // (case index, C text) of printable formulas still in the program.
    let mut live: Vec<(usize, String)> = Vec::new();
    for (k, (e, _)) in cases.iter().enumerate() {
        match printer.formula(e) {
            Some(text) => live.push((k, text)),
            None => out.unprintable += 1,
        }
    }
    out.printed = live.len();
    // First the C-semantics oracle: it sees overflow the compiler may fold
    // away (`ll + 1 - 1` is folded to `ll` even at -O0).
    for (k, text) in &live {
        let (e, vals) = &cases[*k];
        let parsed = match oracle::parse(text) {
            Ok(p) => p,
            Err(err) => {
                out.bugs
                    .push(format!("[oracle] not C: {e:?}\n  printed: {text}\n  {err}"));
                continue;
            }
        };
        for vals in vals {
            let expected = env_of(vals).holds(e).expect("formulas evaluate");
            out.oracle_checks += 1;
            let verdict = match oracle::eval(&parsed, vals) {
                Ok(got) if (got != 0) == expected => continue,
                Ok(got) => format!("C gives {got}, expected {}", expected as u8),
                Err(ub) => format!("{ub} (expected {})", expected as u8),
            };
            out.bugs.push(format!(
                "[oracle] {e:?}\n  printed: {text}\n  valuation: {}\n  {verdict}",
                show_valuation(vals)
            ));
            break;
        }
    }
    let dir = TempDir::new(tag);
    let Some(cc) = find_cc(&dir.0) else {
        eprintln!(
            "cexpr differential test `{tag}` skipped: no C compiler (cc, gcc, clang) on PATH"
        );
        return out;
    };
    out.ran = true;
    if !cc.sanitize {
        eprintln!(
            "cexpr differential test `{tag}`: no UB sanitizer, signed overflow is not caught"
        );
    }
    let params = VARS
        .iter()
        .map(|v| format!("{} {}", v.c_type, v.c_name))
        .collect::<Vec<_>>()
        .join(", ");
    let header_lines = HEADER.lines().count() + 1;
    // Compile, dropping formulas that do not compile; run, dropping
    // formulas that hit undefined behaviour; until a run completes.
    for _round in 0..200 {
        if live.is_empty() {
            break;
        }
        let mut c = String::from(HEADER);
        writeln!(c, "#define P {params}").unwrap();
        for (n, (_, text)) in live.iter().enumerate() {
            writeln!(c, "static int f{n}(P) {{ return ({text}) != 0; }}").unwrap();
        }
        c += "typedef int (*fn_t)(P);\nstatic fn_t const table[] = {";
        for n in 0..live.len() {
            write!(c, "f{n}, ").unwrap();
        }
        c += "};\nint main(void) {\n  long long k_;\n";
        for v in &VARS {
            let t = if v.signed {
                "long long"
            } else {
                "unsigned long long"
            };
            writeln!(c, "  {t} {};", v.c_name).unwrap();
        }
        let fmt: String = VARS
            .iter()
            .map(|v| if v.signed { " %lld" } else { " %llu" })
            .collect();
        let addrs: String = VARS.iter().map(|v| format!(", &{}", v.c_name)).collect();
        let args: Vec<String> = VARS
            .iter()
            .map(|v| format!("({}){}", v.c_type, v.c_name))
            .collect();
        writeln!(
            c,
            "  while (scanf(\"%lld{fmt}\", &k_{addrs}) == {}) {{\n    printf(\"%d\\n\", table[k_]({}));\n    fflush(stdout);\n  }}\n  return 0;\n}}",
            NV + 1,
            args.join(", ")
        )
        .unwrap();
        let src = dir.0.join("f.c");
        let exe = dir.0.join("f");
        std::fs::write(&src, &c).unwrap();
        let mut cmd = Command::new(&cc.cc);
        cmd.args(["-std=c11", "-O0", "-pedantic-errors", "-Werror=overflow"]);
        if cc.sanitize {
            cmd.args(SANITIZE);
        }
        let built = cmd.arg(&src).arg("-o").arg(&exe).output().unwrap();
        if !built.status.success() {
            let err = String::from_utf8_lossy(&built.stderr).to_string();
            let mut bad: Vec<usize> = Vec::new();
            for l in err.lines() {
                let Some(rest) = l.strip_prefix(&format!("{}:", src.display())) else {
                    continue;
                };
                let Some(line) = rest.split(':').next().and_then(|x| x.parse::<usize>().ok())
                else {
                    continue;
                };
                if let Some(n) = line
                    .checked_sub(header_lines + 1)
                    .filter(|n| *n < live.len())
                {
                    if !bad.contains(&n) {
                        let (k, text) = &live[n];
                        out.bugs.push(format!(
                            "[cc] does not compile: {:?}\n  printed: {text}\n  {}",
                            cases[*k].0,
                            l.trim()
                        ));
                        bad.push(n);
                    }
                }
            }
            assert!(!bad.is_empty(), "the test program does not compile:\n{err}");
            let mut n = 0;
            live.retain(|_| {
                n += 1;
                !bad.contains(&(n - 1))
            });
            continue;
        }
        // One input line per (formula, valuation).
        let mut input = String::new();
        let mut lines: Vec<(usize, usize)> = Vec::new();
        for (n, (k, _)) in live.iter().enumerate() {
            for (j, vals) in cases[*k].1.iter().enumerate() {
                write!(input, "{n}").unwrap();
                for x in vals {
                    write!(input, " {x}").unwrap();
                }
                input.push('\n');
                lines.push((n, j));
            }
        }
        let in_path = dir.0.join("input");
        std::fs::write(&in_path, &input).unwrap();
        let run = Command::new(&exe)
            .stdin(std::fs::File::open(&in_path).unwrap())
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&run.stdout).to_string();
        let results: Vec<&str> = stdout.lines().collect();
        let mut wrong: Vec<usize> = Vec::new();
        for (r, (n, j)) in results.iter().zip(&lines) {
            let (k, text) = &live[*n];
            let (e, vals) = (&cases[*k].0, &cases[*k].1[*j]);
            let expected = env_of(vals).holds(e).expect("formulas evaluate");
            let got = match *r {
                "1" => true,
                "0" => false,
                other => panic!("unexpected output `{other}`"),
            };
            out.checks += 1;
            if got != expected && !wrong.contains(n) {
                out.bugs.push(format!(
                    "[cc] wrong value: {e:?}\n  printed: {text}\n  valuation: {}\n  C gives {}, expected {}",
                    show_valuation(vals),
                    got as u8,
                    expected as u8
                ));
                wrong.push(*n);
            }
        }
        if run.status.success() {
            assert_eq!(results.len(), lines.len(), "the test program stopped early");
            break;
        }
        // Undefined behaviour (or a crash) at the first unanswered line.
        let Some(&(n, j)) = lines.get(results.len()) else {
            panic!(
                "the test program failed after all lines: {}",
                String::from_utf8_lossy(&run.stderr)
            );
        };
        let (k, text) = &live[n];
        let stderr = String::from_utf8_lossy(&run.stderr);
        let msg = stderr
            .lines()
            .find(|l| l.contains("runtime error"))
            .unwrap_or_else(|| stderr.lines().next().unwrap_or("(no message)"));
        out.bugs.push(format!(
            "[cc] undefined behaviour: {:?}\n  printed: {text}\n  valuation: {}\n  expected {}\n  {}",
            cases[*k].0,
            show_valuation(&cases[*k].1[j]),
            env_of(&cases[*k].1[j]).holds(&cases[*k].0).unwrap() as u8,
            msg.trim()
        ));
        // Drop it (and any wrong formulas already reported) and run again.
        out.checks -= results.len();
        let mut gone = wrong;
        gone.push(n);
        let mut i = 0;
        live.retain(|_| {
            i += 1;
            !gone.contains(&(i - 1))
        });
    }
    out
}

/// How many distinct printed formulas were found wrong.
fn flagged(out: &Outcome) -> usize {
    let mut texts: Vec<&str> = out
        .bugs
        .iter()
        .filter_map(|b| b.lines().find(|l| l.trim_start().starts_with("printed:")))
        .collect();
    texts.sort_unstable();
    texts.dedup();
    texts.len()
}

fn assert_no_bugs(tag: &str, out: &Outcome) {
    assert!(
        out.bugs.is_empty(),
        "{tag}: {} of {} printed formulas are wrong in C:\n\n{}",
        flagged(out),
        out.printed,
        out.bugs.join("\n\n")
    );
}

#[test]
fn random_printed_formulas_mean_in_c_what_they_mean_over_the_integers() {
    // CERTA_CEXPR_SEED / CERTA_CEXPR_FORMULAS explore further by hand.
    let env = |name: &str| std::env::var(name).ok().and_then(|x| x.parse::<u64>().ok());
    let seed = env("CERTA_CEXPR_SEED").unwrap_or(0x9e37_79b9_7f4a_7c15);
    let count = env("CERTA_CEXPR_FORMULAS").unwrap_or(1000);
    let mut rng = Rng(seed.max(1));
    let mut cases = Vec::new();
    for _ in 0..count {
        // 4 to 6 distinct variables per formula.
        let want = 4 + rng.below(3) as usize;
        let mut vars: Vec<usize> = Vec::new();
        while vars.len() < want {
            let v = rng.below(NV as u64) as usize;
            if !vars.contains(&v) {
                vars.push(v);
            }
        }
        let depth = 1 + rng.below(3) as u32;
        let e = Gen {
            rng: &mut rng,
            vars,
        }
        .formula(depth);
        let vals: Vec<[i128; NV]> = (0..40).map(|_| valuation(&mut rng)).collect();
        cases.push((e, vals));
    }
    let out = differential("random", &cases);
    eprintln!(
        "cexpr differential: {} formulas, {} printable, {} unprintable; {} (formula, valuation) checks by the C oracle, {} by the compiled program{}; {} formulas disagree",
        cases.len(),
        out.printed,
        out.unprintable,
        out.oracle_checks,
        out.checks,
        if out.ran { "" } else { " (no C compiler)" },
        flagged(&out)
    );
    assert!(
        out.printed >= 200,
        "only {} formulas printable",
        out.printed
    );
    assert_no_bugs("random formulas", &out);
}

/// A valuation with the given variables set and all others 0.
fn with(pairs: &[(&str, i128)]) -> [i128; NV] {
    let mut vals = [0i128; NV];
    for (name, x) in pairs {
        vals[idx(name)] = *x;
    }
    vals
}

fn print(e: &Expr) -> Option<String> {
    let scope = scope();
    Printer { scope: &scope }.formula(e)
}

fn v(name: &str) -> Expr {
    Expr::var(name)
}

fn n(x: i128) -> Expr {
    int(big(x))
}

/// Every valuation of `name` in `xs`, the others 0.
fn each(name: &str, xs: &[i128]) -> Vec<[i128; NV]> {
    xs.iter().map(|x| with(&[(name, *x)])).collect()
}

const INT_MIN: i128 = i32::MIN as i128;
const INT_MAX: i128 = i32::MAX as i128;
const UINT_MAX: i128 = u32::MAX as i128;
const LL_MIN: i128 = i64::MIN as i128;
const LL_MAX: i128 = i64::MAX as i128;

#[test]
fn an_unsigned_compared_with_minus_one_is_not_printed_plainly() {
    let u = "main::u";
    let cases: Vec<Expr> = vec![
        Expr::eq(v(u), n(-1)),
        Expr::Lt(bx(v(u)), bx(n(-1))),
        Expr::Gt(bx(v(u)), bx(n(-1))),
        Expr::not(Expr::eq(v(u), n(-1))),
        Expr::eq(n(-1), v(u)),
    ];
    for e in &cases {
        if let Some(text) = print(e) {
            // `u == -1` would compare with UINT_MAX.
            assert!(!text.starts_with("u ") && !text.ends_with(" u"), "{text}");
        }
    }
    let vals = each(u, &[0, 1, UINT_MAX - 1, UINT_MAX]);
    let out = differential(
        "unsigned-minus-one",
        &cases
            .into_iter()
            .map(|e| (e, vals.clone()))
            .collect::<Vec<_>>(),
    );
    assert_no_bugs("unsigned vs -1", &out);
    // `unsigned long long` and -1: C would convert -1 to ULLONG_MAX.
    let ull = "main::ull";
    if let Some(text) = print(&Expr::eq(v(ull), n(-1))) {
        assert!(!text.starts_with("ull "), "{text}");
    }
    let vals = each(ull, &[0, u64::MAX as i128]);
    let out = differential(
        "ull-minus-one",
        &[
            (Expr::eq(v(ull), n(-1)), vals.clone()),
            (Expr::Ge(bx(v(ull)), bx(n(-1))), vals),
        ],
    );
    assert_no_bugs("unsigned long long vs -1", &out);
}

#[test]
fn floor_division_of_a_possibly_negative_int_is_not_truncation() {
    let i = "main::i";
    let div = |k: i128| Expr::Div(bx(v(i)), Num(big(k)));
    let e = Expr::eq(div(3), n(-1));
    let text = print(&e).expect("x / 3 over int is printable");
    assert_ne!(text, "(long long)i / 3 == -1", "C truncates toward zero");
    let vals = each(i, &[-1, -2, -3, -4, 0, 2, 3, INT_MIN, INT_MAX, INT_MIN + 1]);
    let cases: Vec<(Expr, Vec<[i128; NV]>)> = [
        e,
        Expr::eq(div(3), n(0)),
        Expr::Lt(bx(div(3)), bx(n(0))),
        Expr::eq(div(7), Expr::Div(bx(v(i)), Num(big(7)))),
        Expr::Le(bx(Expr::Mul(Num(big(3)), bx(div(3)))), bx(v(i))),
    ]
    .into_iter()
    .map(|e| (e, vals.clone()))
    .collect();
    assert!(cases.iter().all(|(e, _)| print(e).is_some()));
    let out = differential("floor-div", &cases);
    assert_no_bugs("floor division", &out);
    // The witness: -1 / 3 is -1 over the integers, 0 in C.
    assert!(env_of(&with(&[(i, -1)])).holds(&cases[0].0).unwrap());
}

#[test]
fn mod_of_a_negative_int_is_in_zero_to_divisor() {
    let i = "main::i";
    let m5 = Expr::Mod(bx(v(i)), Num(big(5)));
    let vals = each(i, &[-1, -5, -6, 0, 4, 5, INT_MIN, INT_MAX]);
    let cases: Vec<(Expr, Vec<[i128; NV]>)> = [
        Expr::eq(m5.clone(), n(4)),
        Expr::Ge(bx(m5.clone()), bx(n(0))),
        Expr::Lt(bx(m5.clone()), bx(n(5))),
        Expr::eq(m5.clone(), n(-1)),
    ]
    .into_iter()
    .map(|e| (e, vals.clone()))
    .collect();
    assert!(cases.iter().all(|(e, _)| print(e).is_some()));
    assert!(env_of(&with(&[(i, -1)])).holds(&cases[0].0).unwrap());
    let out = differential("mod", &cases);
    assert_no_bugs("mod", &out);
}

#[test]
fn unsigned_long_long_in_arithmetic_is_unprintable() {
    let ull = "main::ull";
    for e in [
        Expr::Le(bx(Expr::Add(vec![v(ull), n(1)])), bx(n(5))),
        Expr::Ge(bx(Expr::Mul(Num(big(2)), bx(v(ull)))), bx(n(0))),
        Expr::eq(Expr::Mod(bx(v(ull)), Num(big(2))), n(0)),
        Expr::Lt(bx(v(ull)), bx(v("main::ll"))),
        Expr::And(vec![
            Expr::Bool(true),
            Expr::eq(Expr::Neg(bx(v(ull))), n(0)),
        ]),
    ] {
        assert_eq!(print(&e), None, "{e:?}");
    }
    // A bare comparison with a constant in range is still exact.
    let e = Expr::Le(bx(v(ull)), bx(n(5)));
    assert_eq!(print(&e).as_deref(), Some("ull <= 5ULL"));
    let big_c = int(pow2(64) - 1);
    let e2 = Expr::eq(v(ull), big_c);
    let vals = each(ull, &[0, 5, 6, u64::MAX as i128]);
    let out = differential("ull", &[(e, vals.clone()), (e2, vals)]);
    assert_no_bugs("unsigned long long", &out);
}

#[test]
fn a_sum_that_may_overflow_long_long_is_unprintable() {
    let (ll, m) = ("main::ll", "f::m");
    for e in [
        Expr::Le(bx(Expr::Add(vec![v(ll), v(m)])), bx(n(0))),
        Expr::Gt(bx(Expr::Add(vec![v(ll), n(1)])), bx(n(0))),
        Expr::Gt(bx(Expr::Sub(bx(v(ll)), bx(n(1)))), bx(n(0))),
        Expr::eq(Expr::Neg(bx(v(ll))), n(0)),
        Expr::eq(Expr::Mul(Num(big(2)), bx(v(ll))), n(0)),
        Expr::eq(Expr::Sub(bx(v(ll)), bx(v(m))), n(0)),
    ] {
        assert_eq!(print(&e), None, "{e:?}");
    }
    // int + int is computed in long long: no overflow at INT_MAX.
    let (i, j) = ("main::i", "f::j");
    let e = Expr::Gt(bx(Expr::Add(vec![v(i), v(j)])), bx(n(0)));
    assert!(print(&e).is_some());
    let vals = vec![
        with(&[(i, INT_MAX), (j, INT_MAX)]),
        with(&[(i, INT_MIN), (j, INT_MIN)]),
        with(&[(i, INT_MIN), (j, INT_MAX)]),
    ];
    let e2 = Expr::Lt(bx(Expr::Mul(Num(big(-3)), bx(v(i)))), bx(v(ll)));
    let mut vals2 = vals.clone();
    vals2.push(with(&[(i, INT_MIN), (ll, LL_MIN)]));
    vals2.push(with(&[(i, INT_MAX), (ll, LL_MAX)]));
    let out = differential("ll-sum", &[(e, vals), (e2, vals2)]);
    assert_no_bugs("sum", &out);
}

#[test]
fn a_partial_sum_that_overflows_is_not_printed_unsafely() {
    // ll + 1 - 1 stays in range, but C evaluates ll + 1 first.
    let ll = "main::ll";
    let e = Expr::eq(Expr::Add(vec![v(ll), n(1), n(-1)]), v(ll));
    let vals = each(ll, &[0, LL_MAX, LL_MIN]);
    let out = differential("partial-sum", &[(e, vals)]);
    assert_no_bugs("partial sum", &out);
}

#[test]
fn floor_division_of_long_long_extremes_does_not_overflow() {
    let ll = "main::ll";
    let cases: Vec<(Expr, Vec<[i128; NV]>)> = [
        (3i128, vec![LL_MIN, LL_MIN + 1, -1, LL_MAX]),
        (
            5_000_000_000_000_000_000,
            vec![4_900_000_000_000_000_000, LL_MAX, -1, LL_MIN],
        ),
        ((1 << 62) + 1, vec![LL_MIN + 1, LL_MIN, LL_MAX]),
    ]
    .into_iter()
    .map(|(d, xs)| {
        (
            Expr::Ge(bx(Expr::Div(bx(v(ll)), Num(big(d)))), bx(n(0))),
            each(ll, &xs),
        )
    })
    .collect();
    let out = differential("ll-div", &cases);
    assert_no_bugs("long long division", &out);
}

#[test]
fn int_constants_chosen_by_a_condition_do_not_overflow_int() {
    let i = "main::i";
    let pick = |a: i128, b: i128| Expr::Ite(bx(Expr::Gt(bx(v(i)), bx(n(0)))), bx(n(a)), bx(n(b)));
    let cases = vec![
        Expr::Gt(bx(Expr::Add(vec![pick(INT_MAX, 0), n(1)])), bx(n(0))),
        Expr::Gt(
            bx(Expr::Mul(Num(big(100_000)), bx(pick(100_000, 0)))),
            bx(n(0)),
        ),
        Expr::Lt(bx(Expr::Sub(bx(pick(-INT_MAX, 0)), bx(n(2)))), bx(n(0))),
        Expr::Gt(
            bx(Expr::Add(vec![pick(INT_MAX, 0), pick(INT_MAX, 1)])),
            bx(n(0)),
        ),
    ];
    let vals = each(i, &[1, 0, -1]);
    let out = differential(
        "ite-int",
        &cases
            .into_iter()
            .map(|e| (e, vals.clone()))
            .collect::<Vec<_>>(),
    );
    assert_no_bugs("int-typed conditionals", &out);
}

#[test]
fn constants_beyond_long_long_are_never_printed() {
    let (i, u) = ("main::i", "main::u");
    let huge = pow2(70);
    let cases = vec![
        Expr::eq(Expr::Div(bx(v(u)), Num(huge.clone())), n(0)),
        Expr::eq(
            Expr::Mul(Num(huge.clone()), bx(Expr::Mod(bx(v(i)), Num(big(1))))),
            n(0),
        ),
        Expr::eq(Expr::Div(bx(v(i)), Num(pow2(63))), n(-1)),
    ];
    // The oracle refuses a literal that fits no C type, the compiler too.
    let vals = vec![
        with(&[(u, 0), (i, 0)]),
        with(&[(u, UINT_MAX), (i, INT_MIN)]),
        with(&[(u, 7), (i, -1)]),
    ];
    let out = differential(
        "huge",
        &cases
            .into_iter()
            .map(|e| (e, vals.clone()))
            .collect::<Vec<_>>(),
    );
    assert_no_bugs("huge constants", &out);
}

#[test]
fn a_variable_out_of_scope_is_unprintable() {
    assert_eq!(print(&Expr::eq(v("main::nope"), n(0))), None);
    assert_eq!(
        print(&Expr::Or(vec![
            Expr::eq(v("main::i"), n(0)),
            Expr::eq(v("x"), n(1))
        ])),
        None
    );
}

/// An interpreter of the C the printer writes (integer literals with
/// suffixes, variables, casts, `- ! * / % + - < <= > >= == != && || ?:`),
/// with C11's types under LP64: literal types, integer promotions, the usual
/// arithmetic conversions, truncating `/` and `%`, unsigned wrap-around,
/// and signed overflow, division by zero and out-of-range conversion to a
/// signed type reported as errors.
mod oracle {
    use super::{NV, VARS};

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct Ty {
        signed: bool,
        bits: u32,
        /// int 1, long 2, long long 3 (narrower types promote to int).
        rank: u8,
        /// `_Bool`: conversion to it is `!= 0`.
        boolean: bool,
    }

    const fn ty(signed: bool, bits: u32, rank: u8) -> Ty {
        Ty {
            signed,
            bits,
            rank,
            boolean: false,
        }
    }

    const INT: Ty = ty(true, 32, 1);
    const UINT: Ty = ty(false, 32, 1);
    const LONG: Ty = ty(true, 64, 2);
    const ULONG: Ty = ty(false, 64, 2);
    const LLONG: Ty = ty(true, 64, 3);
    const ULLONG: Ty = ty(false, 64, 3);

    fn named(name: &str) -> Option<Ty> {
        Some(match name {
            "_Bool" => Ty {
                boolean: true,
                ..ty(false, 1, 0)
            },
            "char" | "signed char" => ty(true, 8, 0),
            "unsigned char" => ty(false, 8, 0),
            "short" | "short int" | "signed short" => ty(true, 16, 0),
            "unsigned short" | "unsigned short int" => ty(false, 16, 0),
            "int" | "signed" | "signed int" => INT,
            "unsigned" | "unsigned int" => UINT,
            "long" | "long int" => LONG,
            "unsigned long" => ULONG,
            "long long" | "long long int" => LLONG,
            "unsigned long long" => ULLONG,
            _ => return None,
        })
    }

    impl Ty {
        fn min(&self) -> i128 {
            if self.signed {
                -(1i128 << (self.bits - 1))
            } else {
                0
            }
        }
        fn max(&self) -> i128 {
            if self.signed {
                (1i128 << (self.bits - 1)) - 1
            } else {
                (1i128 << self.bits) - 1
            }
        }
        fn promote(self) -> Ty {
            if self.rank == 0 {
                INT
            } else {
                self
            }
        }
    }

    /// The usual arithmetic conversions.
    fn common(a: Ty, b: Ty) -> Ty {
        let (a, b) = (a.promote(), b.promote());
        if a == b {
            return a;
        }
        if a.signed == b.signed {
            return if a.rank >= b.rank { a } else { b };
        }
        let (u, s) = if a.signed { (b, a) } else { (a, b) };
        if u.rank >= s.rank {
            u
        } else if s.bits > u.bits {
            s
        } else {
            Ty { signed: false, ..s }
        }
    }

    fn convert(v: i128, to: Ty) -> Result<i128, String> {
        if to.boolean {
            return Ok((v != 0) as i128);
        }
        if to.signed {
            if v < to.min() || v > to.max() {
                return Err(format!(
                    "implementation-defined conversion of {v} to a {}-bit signed type",
                    to.bits
                ));
            }
            Ok(v)
        } else {
            Ok(v.rem_euclid(1i128 << to.bits))
        }
    }

    #[derive(Debug)]
    pub enum Node {
        Lit(i128, Ty),
        Var(usize),
        Cast(Ty, Box<Node>),
        Neg(Box<Node>),
        Not(Box<Node>),
        Bin(&'static str, Box<Node>, Box<Node>),
        Cond(Box<Node>, Box<Node>, Box<Node>),
    }

    /// The (promoted, where arithmetic applies) type of a node's value.
    fn type_of(n: &Node) -> Ty {
        match n {
            Node::Lit(_, t) => *t,
            Node::Var(i) => named(VARS[*i].c_type).unwrap().promote(),
            Node::Cast(t, _) => t.promote(),
            Node::Neg(a) => type_of(a).promote(),
            Node::Not(_) => INT,
            Node::Bin(op, a, b) => match *op {
                "*" | "/" | "%" | "+" | "-" => common(type_of(a), type_of(b)),
                _ => INT,
            },
            Node::Cond(_, a, b) => common(type_of(a), type_of(b)),
        }
    }

    pub fn eval(n: &Node, vals: &[i128; NV]) -> Result<i128, String> {
        let t = type_of(n);
        let checked = |v: i128, what: &str| {
            if t.signed && (v < t.min() || v > t.max()) {
                Err(format!(
                    "signed overflow: {what} = {v} in a {}-bit type",
                    t.bits
                ))
            } else {
                convert(v, t)
            }
        };
        match n {
            Node::Lit(v, _) => Ok(*v),
            Node::Var(i) => Ok(vals[*i]),
            Node::Cast(to, a) => convert(eval(a, vals)?, *to),
            Node::Neg(a) => {
                let v = convert(eval(a, vals)?, t)?;
                checked(-v, &format!("-({v})"))
            }
            Node::Not(a) => Ok((eval(a, vals)? == 0) as i128),
            Node::Bin("&&", a, b) => Ok((eval(a, vals)? != 0 && eval(b, vals)? != 0) as i128),
            Node::Bin("||", a, b) => Ok((eval(a, vals)? != 0 || eval(b, vals)? != 0) as i128),
            Node::Bin(op, a, b) => {
                let ct = match *op {
                    "*" | "/" | "%" | "+" | "-" => t,
                    _ => common(type_of(a), type_of(b)),
                };
                let x = convert(eval(a, vals)?, ct)?;
                let y = convert(eval(b, vals)?, ct)?;
                let what = format!("{x} {op} {y}");
                match *op {
                    "+" => checked(x + y, &what),
                    "-" => checked(x - y, &what),
                    "*" => checked(x * y, &what),
                    "/" | "%" if y == 0 => Err(format!("division by zero: {what}")),
                    "/" => checked(x / y, &what),
                    // `x % y` is undefined when `x / y` is not representable.
                    "%" => checked(x / y, &what).map(|_| x % y),
                    "<" => Ok((x < y) as i128),
                    "<=" => Ok((x <= y) as i128),
                    ">" => Ok((x > y) as i128),
                    ">=" => Ok((x >= y) as i128),
                    "==" => Ok((x == y) as i128),
                    "!=" => Ok((x != y) as i128),
                    _ => unreachable!("operator {op}"),
                }
            }
            Node::Cond(c, a, b) => {
                let v = if eval(c, vals)? != 0 {
                    eval(a, vals)?
                } else {
                    eval(b, vals)?
                };
                convert(v, t)
            }
        }
    }

    #[derive(Debug, PartialEq)]
    enum Tok {
        Num(String),
        Ident(String),
        Op(&'static str),
    }

    fn lex(s: &str) -> Result<Vec<Tok>, String> {
        const OPS: [&str; 19] = [
            "&&", "||", "<=", ">=", "==", "!=", "<", ">", "+", "-", "*", "/", "%", "!", "(", ")",
            "?", ":", "~",
        ];
        let b = s.as_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        while i < b.len() {
            let c = b[i];
            if c.is_ascii_whitespace() {
                i += 1;
            } else if c.is_ascii_digit() {
                let start = i;
                while i < b.len() && b[i].is_ascii_alphanumeric() {
                    i += 1;
                }
                out.push(Tok::Num(s[start..i].to_string()));
            } else if c.is_ascii_alphabetic() || c == b'_' {
                let start = i;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                out.push(Tok::Ident(s[start..i].to_string()));
            } else if let Some(op) = OPS.iter().find(|op| s[i..].starts_with(**op)) {
                if *op == "~" {
                    return Err("`~` is not expected".into());
                }
                out.push(Tok::Op(op));
                i += op.len();
            } else {
                return Err(format!("unexpected `{}`", c as char));
            }
        }
        Ok(out)
    }

    /// The type C11 6.4.4.1 gives a decimal literal, under LP64.
    fn literal(t: &str) -> Result<Node, String> {
        let digits: String = t.chars().take_while(char::is_ascii_digit).collect();
        if digits.len() > 1 && digits.starts_with('0') {
            return Err(format!("`{t}` is octal"));
        }
        let suffix = t[digits.len()..].to_ascii_lowercase();
        let v: i128 = digits
            .parse()
            .map_err(|_| format!("literal `{t}` is too large"))?;
        let candidates: &[Ty] = match suffix.as_str() {
            "" => &[INT, LONG, LLONG],
            "u" => &[UINT, ULONG, ULLONG],
            "l" => &[LONG, LLONG],
            "ul" | "lu" => &[ULONG, ULLONG],
            "ll" => &[LLONG],
            "ull" | "llu" => &[ULLONG],
            _ => return Err(format!("literal `{t}` has an unknown suffix")),
        };
        candidates
            .iter()
            .find(|ty| v <= ty.max())
            .map(|ty| Node::Lit(v, *ty))
            .ok_or_else(|| format!("literal `{t}` fits no type allowed for it"))
    }

    struct P {
        toks: Vec<Tok>,
        at: usize,
    }

    impl P {
        fn peek(&self) -> Option<&Tok> {
            self.toks.get(self.at)
        }
        fn eat(&mut self, op: &str) -> bool {
            if matches!(self.peek(), Some(Tok::Op(o)) if *o == op) {
                self.at += 1;
                true
            } else {
                false
            }
        }
        fn expect(&mut self, op: &str) -> Result<(), String> {
            if self.eat(op) {
                Ok(())
            } else {
                Err(format!("expected `{op}` at token {}", self.at))
            }
        }
        fn cond(&mut self) -> Result<Node, String> {
            let c = self.binary(1)?;
            if self.eat("?") {
                let a = self.cond()?;
                self.expect(":")?;
                let b = self.cond()?;
                return Ok(Node::Cond(Box::new(c), Box::new(a), Box::new(b)));
            }
            Ok(c)
        }
        fn binary(&mut self, min: u8) -> Result<Node, String> {
            let mut lhs = self.unary()?;
            while let Some(Tok::Op(op)) = self.peek() {
                let prec = match *op {
                    "||" => 1,
                    "&&" => 2,
                    "==" | "!=" => 3,
                    "<" | "<=" | ">" | ">=" => 4,
                    "+" | "-" => 5,
                    "*" | "/" | "%" => 6,
                    _ => break,
                };
                if prec < min {
                    break;
                }
                let op = *op;
                self.at += 1;
                let rhs = self.binary(prec + 1)?;
                lhs = Node::Bin(op, Box::new(lhs), Box::new(rhs));
            }
            Ok(lhs)
        }
        fn type_name(&self) -> Option<(Ty, usize)> {
            let mut words = Vec::new();
            let mut i = self.at + 1;
            while let Some(Tok::Ident(w)) = self.toks.get(i) {
                words.push(w.as_str());
                i += 1;
            }
            if words.is_empty() || self.toks.get(i) != Some(&Tok::Op(")")) {
                return None;
            }
            named(&words.join(" ")).map(|t| (t, i + 1))
        }
        fn unary(&mut self) -> Result<Node, String> {
            if self.eat("-") {
                return Ok(Node::Neg(Box::new(self.unary()?)));
            }
            if self.eat("!") {
                return Ok(Node::Not(Box::new(self.unary()?)));
            }
            if matches!(self.peek(), Some(Tok::Op("("))) {
                if let Some((t, next)) = self.type_name() {
                    self.at = next;
                    return Ok(Node::Cast(t, Box::new(self.unary()?)));
                }
                self.at += 1;
                let e = self.cond()?;
                self.expect(")")?;
                return Ok(e);
            }
            match self.toks.get(self.at) {
                Some(Tok::Num(t)) => {
                    let n = literal(t)?;
                    self.at += 1;
                    Ok(n)
                }
                Some(Tok::Ident(name)) => {
                    let i = VARS
                        .iter()
                        .position(|v| v.c_name == name)
                        .ok_or_else(|| format!("unknown identifier `{name}`"))?;
                    self.at += 1;
                    Ok(Node::Var(i))
                }
                other => Err(format!("unexpected {other:?} at token {}", self.at)),
            }
        }
    }

    pub fn parse(text: &str) -> Result<Node, String> {
        let mut p = P {
            toks: lex(text)?,
            at: 0,
        };
        let n = p.cond()?;
        if p.at != p.toks.len() {
            return Err(format!("trailing tokens from {}", p.at));
        }
        Ok(n)
    }

    #[test]
    fn the_oracle_knows_c_conversions() {
        let run = |text: &str, vals: &[(usize, i128)]| {
            let mut v = [0i128; NV];
            for (i, x) in vals {
                v[*i] = *x;
            }
            eval(&parse(text).unwrap(), &v)
        };
        // u is `unsigned int` (index 1), i `int` (0), ll `long long` (2).
        assert_eq!(run("u == -1", &[(1, u32::MAX as i128)]), Ok(1));
        assert_eq!(run("-1 / 3", &[]), Ok(0));
        assert_eq!(run("-1 % 5", &[]), Ok(-1));
        assert_eq!(run("i < 0U", &[(0, -1)]), Ok(0));
        assert_eq!(run("(long long)i < 0U", &[(0, -1)]), Ok(1));
        assert_eq!(run("-2147483648 < 0", &[]), Ok(1));
        assert_eq!(run("1 ? -1 : 0U", &[]), Ok(u32::MAX as i128));
        assert!(run("i + 1", &[(0, i32::MAX as i128)]).is_err());
        assert!(run("ll + 1 - 1", &[(2, i64::MAX as i128)]).is_err());
        assert!(run("(long long)i + 1", &[(0, i32::MAX as i128)]).is_ok());
        assert!(parse("9223372036854775808LL").is_err());
        assert!(parse("9223372036854775808").is_err());
        assert!(parse("(-9223372036854775807LL - 1)").is_ok());
        assert_eq!(run("uc - 1 < 0", &[(4, 0)]), Ok(1));
        assert_eq!(run("b == 1U", &[(7, 1)]), Ok(1));
    }
}
