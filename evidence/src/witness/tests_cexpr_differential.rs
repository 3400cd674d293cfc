//! The machinery of the differential tests of the C expression printer
//! (`cexpr.rs`): the C variables of the test programs, and the comparison of
//! printed formulas, run by the C-semantics oracle and by the compiled C
//! program, with `format::eval`.
//!
//! Random Boolean formulas over C variables of mixed types
//! (`tests_cexpr_random.rs`) and hand-written ones (`tests_cexpr_cases.rs`)
//! are printed, compiled into one C program (with the undefined-behaviour
//! sanitizer where available, so a signed overflow is caught, not wrapped),
//! run on valuations inside the variables' types, and compared with
//! `format::eval` over the mathematical integers. A formula the printer
//! declines (`None`) is fine; a printed one must agree everywhere.

use super::cexpr::{CScope, CVar, Printer};
use super::tests_cexpr_oracle as oracle;
use format::eval::Env;
use format::{Expr, Num};
use num_bigint::BigInt;
use std::fmt::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};

/// A C variable of the test programs: task name, C name, C type.
pub(super) struct Var {
    pub(super) task: &'static str,
    pub(super) c_name: &'static str,
    pub(super) c_type: &'static str,
    pub(super) signed: bool,
    pub(super) bits: u32,
}

pub(super) const VARS: [Var; 12] = [
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

pub(super) const NV: usize = VARS.len();

pub(super) fn idx(task: &str) -> usize {
    VARS.iter().position(|v| v.task == task).unwrap()
}

pub(super) fn scope() -> CScope {
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

pub(super) fn range(v: &Var) -> (i128, i128) {
    if v.signed {
        (-(1i128 << (v.bits - 1)), (1i128 << (v.bits - 1)) - 1)
    } else {
        (0, (1i128 << v.bits) - 1)
    }
}

pub(super) fn big(v: i128) -> BigInt {
    BigInt::from(v)
}

pub(super) fn pow2(k: u32) -> BigInt {
    BigInt::from(1) << k as usize
}

pub(super) fn int(v: BigInt) -> Expr {
    Expr::Int(Num(v))
}

pub(super) fn bx(e: Expr) -> Box<Expr> {
    Box::new(e)
}

pub(super) fn env_of(vals: &[i128; NV]) -> Env {
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

/// What a differential run found.
#[derive(Default)]
pub(super) struct Outcome {
    pub(super) printed: usize,
    pub(super) unprintable: usize,
    /// (formula, valuation) pairs run by the compiled program.
    pub(super) checks: usize,
    /// (formula, valuation) pairs evaluated by the C-semantics oracle.
    pub(super) oracle_checks: usize,
    pub(super) bugs: Vec<String>,
    /// False when no C compiler was found (nothing was run).
    pub(super) ran: bool,
}

/// Lines of the C program before the first formula function.
const HEADER: &str = "#include <stdio.h>\n#include <stdlib.h>\n";

/// Prints every formula, compiles the printable ones into one C program,
/// runs it on the valuations and compares with `format::eval`.
pub(super) fn differential(tag: &str, cases: &[(Expr, Vec<[i128; NV]>)]) -> Outcome {
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
    let dir = tempfile::Builder::new()
        .prefix(&format!("certa-cexpr-{tag}-"))
        .tempdir()
        .unwrap();
    let Some(cc) = find_cc(dir.path()) else {
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
        let src = dir.path().join("f.c");
        let exe = dir.path().join("f");
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
        let in_path = dir.path().join("input");
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
pub(super) fn flagged(out: &Outcome) -> usize {
    let mut texts: Vec<&str> = out
        .bugs
        .iter()
        .filter_map(|b| b.lines().find(|l| l.trim_start().starts_with("printed:")))
        .collect();
    texts.sort_unstable();
    texts.dedup();
    texts.len()
}

pub(super) fn assert_no_bugs(tag: &str, out: &Outcome) {
    assert!(
        out.bugs.is_empty(),
        "{tag}: {} of {} printed formulas are wrong in C:\n\n{}",
        flagged(out),
        out.printed,
        out.bugs.join("\n\n")
    );
}
