//! The C translation is trusted (`certa-check --source`), so it is tested
//! against the real compiler: random programs over the supported subset and
//! every corpus C program, each run on random nondet inputs compiled by `gcc`
//! and executed through the SBE task with the concrete evaluator; both runs
//! must agree on reaching `reach_error` and on the final values of globals.
//! Skips cleanly where `gcc` is absent.

use format::eval::Env;
use format::{Expr, Task};
use frontend::Encoding;
use num_bigint::BigInt;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Random programs, and input vectors per program.
const PROGRAMS: u64 = 120;
const RUNS: usize = 8;
/// Steps of the task executor before a run counts as non-terminating.
const MAX_STEPS: usize = 200_000;

fn gcc() -> Option<&'static str> {
    let ok = Command::new("gcc").arg("--version").output().ok()?;
    ok.status.success().then_some("gcc")
}

/// A fresh directory of its own, removed when the result is dropped.
fn tmp(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("certa-cdiff-{name}-"))
        .tempdir()
        .unwrap()
}

/// SV-COMP's functions, reading inputs from the command line and printing
/// each value returned (after the C conversion), so that the task executor
/// consumes exactly the values the program saw.
const HARNESS: &str = r#"
#include <stdio.h>
#include <stdlib.h>
static char **in_v; static int in_n, in_k;
void certa_harness_init(int argc, char **argv) { in_v = argv + 1; in_n = argc - 1; in_k = 0; }
__attribute__((constructor)) static void unbuffered(void) { setvbuf(stdout, NULL, _IONBF, 0); }
static long long next_input(void) {
  if (in_k >= in_n) { printf("EXHAUSTED\n"); fflush(stdout); exit(77); }
  return atoll(in_v[in_k++]);
}
#define NONDET(name, type, fmt) type name(void) { type v = (type)next_input(); printf("IN " fmt "\n", v); return v; }
NONDET(__VERIFIER_nondet_int, int, "%d")
NONDET(__VERIFIER_nondet_uint, unsigned int, "%u")
NONDET(__VERIFIER_nondet_char, char, "%d")
NONDET(__VERIFIER_nondet_uchar, unsigned char, "%u")
NONDET(__VERIFIER_nondet_short, short, "%d")
NONDET(__VERIFIER_nondet_ushort, unsigned short, "%u")
NONDET(__VERIFIER_nondet_long, long, "%ld")
NONDET(__VERIFIER_nondet_ulong, unsigned long, "%lu")
_Bool __VERIFIER_nondet_bool(void) { _Bool v = next_input() != 0; printf("IN %d\n", v); return v; }
void reach_error(void) { printf("REACH\n"); fflush(stdout); exit(1); }
void __VERIFIER_assume(int c) { if (!c) { printf("STOP\n"); fflush(stdout); exit(78); } }
void __assert_fail(const char *a, const char *f, unsigned l, const char *fn) { reach_error(); }
"#;

/// What one run did.
#[derive(Debug, PartialEq, Eq)]
enum Outcome {
    Reach,
    /// Ended without an error; globals when known.
    End(BTreeMap<String, BigInt>),
    Exhausted,
    /// Stopped by an assumption or `abort()`.
    Stopped,
    /// Not comparable: a run that did not end in time.
    Diverged,
    /// gcc's sanitizer reported undefined arithmetic (signed overflow,
    /// division by zero, a shift amount out of range) and stopped the run:
    /// the task must reach its error location there too.
    Undefined,
}

struct Compiled {
    exe: PathBuf,
}

fn compile(dir: &Path, name: &str, program: &Path) -> Compiled {
    let harness = dir.join("harness.c");
    std::fs::write(&harness, HARNESS).unwrap();
    // The program's `main` gets the inputs through a constructor-free shim.
    let shim = dir.join(format!("{name}_main.c"));
    std::fs::write(
        &shim,
        "void certa_harness_init(int, char **);\nint certa_main(void);\n\
         int main(int argc, char **argv) { certa_harness_init(argc, argv); return certa_main(); }\n",
    )
    .unwrap();
    let exe = dir.join(name);
    let object = dir.join(format!("{name}.o"));
    let gcc = |args: &[&std::ffi::OsStr]| {
        let out = Command::new("gcc").args(args).output().unwrap();
        assert!(
            out.status.success(),
            "gcc failed on {}: {}",
            program.display(),
            String::from_utf8_lossy(&out.stderr)
        );
    };
    // Undefined arithmetic stops the run with a report (signed `<<` out of
    // range is left out: gcc defines it, and so does the default reading).
    let sanitize: &std::ffi::OsStr =
        "-fsanitize=signed-integer-overflow,integer-divide-by-zero,shift-exponent".as_ref();
    let no_recover: &std::ffi::OsStr = "-fno-sanitize-recover=all".as_ref();
    gcc(&[
        "-w".as_ref(),
        "-O0".as_ref(),
        sanitize,
        no_recover,
        "-Dmain=certa_main".as_ref(),
        "-c".as_ref(),
        program.as_os_str(),
        "-o".as_ref(),
        object.as_os_str(),
    ]);
    gcc(&[
        "-w".as_ref(),
        sanitize,
        no_recover,
        "-o".as_ref(),
        exe.as_os_str(),
        object.as_os_str(),
        harness.as_os_str(),
        shim.as_os_str(),
    ]);
    Compiled { exe }
}

/// Runs the compiled program; returns its outcome and the inputs it read.
fn run_gcc(c: &Compiled, inputs: &[i64]) -> (Outcome, Vec<BigInt>) {
    let mut cmd = Command::new("timeout");
    cmd.arg("5").arg(&c.exe);
    for v in inputs {
        cmd.arg(v.to_string());
    }
    let out = cmd.output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let read: Vec<BigInt> = text
        .lines()
        .filter_map(|l| l.strip_prefix("IN "))
        .map(|v| v.parse().unwrap())
        .collect();
    let outcome = if String::from_utf8_lossy(&out.stderr).contains("runtime error:") {
        Outcome::Undefined
    } else if text.lines().any(|l| l == "REACH") {
        Outcome::Reach
    } else if text.lines().any(|l| l == "EXHAUSTED") {
        Outcome::Exhausted
    } else if out.status.code() == Some(124) {
        Outcome::Diverged
    } else if text.lines().any(|l| l == "STOP") || out.status.code().is_none() {
        // __VERIFIER_assume failed, or abort() (a signal).
        Outcome::Stopped
    } else {
        let globals = text
            .lines()
            .filter_map(|l| l.strip_prefix("GLOBAL "))
            .filter_map(|l| l.split_once('='))
            .map(|(k, v)| (k.to_string(), v.parse().unwrap()))
            .collect();
        Outcome::End(globals)
    };
    (outcome, read)
}

/// The conjuncts of a relation.
fn conjuncts(e: &Expr) -> Vec<&Expr> {
    match e {
        Expr::And(v) => v.iter().flat_map(conjuncts).collect(),
        other => vec![other],
    }
}

fn vars_of(e: &Expr) -> (Vec<String>, Vec<String>) {
    let (mut v, mut n) = (vec![], vec![]);
    e.collect_vars(&mut v, &mut n);
    (v, n)
}

/// A successor of a task state: target location, next state, inputs consumed.
type Successor = (String, BTreeMap<String, BigInt>, usize);

/// The enabled edges out of `loc` in `state`. Next values come from `x' == e`
/// conjuncts, locals from `l == e` conjuncts or, for `nondet` locals, from
/// the inputs after position `pos`; other free locals are havocs (an
/// uninitialised C variable) and get 0. `Err("EXHAUSTED")` when an enabled
/// edge needs more inputs than there are.
fn successors(
    task: &Task,
    loc: &str,
    state: &BTreeMap<String, BigInt>,
    inputs: &[BigInt],
    pos: usize,
) -> Result<Vec<Successor>, String> {
    let mut enabled = Vec::new();
    for e in task.edges.iter().filter(|e| e.from == loc) {
        let parts = conjuncts(&e.relation);
        let mut env = Env {
            vars: state.clone(),
            nexts: BTreeMap::new(),
            ..Env::default()
        };
        let mut taken = 0;
        let locals: Vec<&str> = e.locals.iter().map(|l| l.name.as_str()).collect();
        loop {
            let mut progress = false;
            for p in &parts {
                let Expr::Eq(a, b) = p else { continue };
                for (lhs, rhs) in [(a, b), (b, a)] {
                    let (v, n) = vars_of(rhs);
                    let known = v.iter().all(|v| env.vars.contains_key(v))
                        && n.iter().all(|n| env.nexts.contains_key(n));
                    let target = match &**lhs {
                        Expr::Next(x) if !env.nexts.contains_key(x) => Some((true, x)),
                        Expr::Var(l)
                            if locals.contains(&l.as_str()) && !env.vars.contains_key(l) =>
                        {
                            Some((false, l))
                        }
                        _ => None,
                    };
                    if let (Some((next, x)), true) = (target, known) {
                        if let Ok(format::eval::Value::Int(v)) = env.eval(rhs) {
                            let map = if next { &mut env.nexts } else { &mut env.vars };
                            map.insert(x.clone(), v);
                            progress = true;
                        }
                    }
                }
            }
            if progress {
                continue;
            }
            let free = locals.iter().find(|l| !env.vars.contains_key(**l));
            let Some(l) = free else { break };
            let value = if l.contains("nondet") {
                taken += 1;
                match inputs.get(pos + taken - 1) {
                    Some(v) => v.clone(),
                    None => return Err("EXHAUSTED".into()),
                }
            } else {
                BigInt::from(0)
            };
            env.vars.insert(l.to_string(), value);
        }
        if task.vars.iter().any(|v| !env.nexts.contains_key(&v.name)) {
            return Err(format!(
                "edge {} `{}`: a next value is not determined",
                e.id, e.name
            ));
        }
        match env.holds(&e.relation) {
            Ok(true) => enabled.push((e.to.clone(), env.nexts, taken)),
            Ok(false) => {}
            Err(err) => return Err(format!("edge {}: {err}", e.id)),
        }
    }
    Ok(enabled)
}

/// Runs the task on `inputs`, exploring every enabled edge: the C
/// translation branches on signs before it knows which branch a value
/// takes (`x / 2` splits on `x >= 0`), so a wrong choice blocks a step
/// later. The runs that end (at `bad`, or at a location without edges)
/// must agree; when every run blocks, the program stopped (an assumption
/// failed). Unconstrained initial values are 0.
fn run_task(task: &Task, inputs: &[BigInt], globals: &[String]) -> Result<Outcome, String> {
    let zero: BTreeMap<String, BigInt> = task
        .vars
        .iter()
        .map(|v| (v.name.clone(), BigInt::from(0)))
        .collect();
    let init_env = Env {
        vars: zero.clone(),
        nexts: BTreeMap::new(),
        ..Env::default()
    };
    if !init_env.holds(&task.init).unwrap_or(false) {
        return Err("the zero state is not initial".into());
    }
    let has_edges: std::collections::BTreeSet<&str> =
        task.edges.iter().map(|e| e.from.as_str()).collect();
    let mut ends: Vec<Outcome> = Vec::new();
    let mut stack = vec![(task.initial_location.clone(), zero, 0usize, 0usize)];
    let mut budget = MAX_STEPS;
    while let Some((loc, state, pos, steps)) = stack.pop() {
        if budget == 0 || steps >= MAX_STEPS {
            return Ok(Outcome::Diverged);
        }
        budget -= 1;
        if loc == task.bad_location {
            ends.push(Outcome::Reach);
            continue;
        }
        if !has_edges.contains(loc.as_str()) {
            let values = globals
                .iter()
                .filter_map(|g| Some((g.clone(), state.get(g)?.clone())))
                .collect();
            ends.push(Outcome::End(values));
            continue;
        }
        match successors(task, &loc, &state, inputs, pos) {
            Err(e) if e == "EXHAUSTED" => ends.push(Outcome::Exhausted),
            Err(e) => return Err(e),
            Ok(next) => {
                for (to, values, taken) in next {
                    stack.push((to, values, pos + taken, steps + 1));
                }
            }
        }
    }
    ends.dedup();
    match ends.len() {
        0 => Ok(Outcome::Stopped),
        1 => Ok(ends.pop().unwrap()),
        _ => Err(format!("runs of the task disagree: {ends:?}")),
    }
}

/// A small deterministic generator (xorshift), so every CI run tests the same programs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn pick<'a>(&mut self, v: &[&'a str]) -> &'a str {
        v[self.below(v.len() as u64) as usize]
    }
}

const INTS: [&str; 5] = ["a", "b", "g0", "g1", "g2"];

fn int_expr(r: &mut Rng, depth: u32) -> String {
    if depth == 0 || r.below(3) == 0 {
        return if r.below(3) == 0 {
            format!("{}", r.below(41) as i64 - 20)
        } else {
            r.pick(&INTS).to_string()
        };
    }
    let a = int_expr(r, depth - 1);
    let b = int_expr(r, depth - 1);
    match r.below(21) {
        0 => format!("({a} + {b})"),
        1 => format!("({a} - {b})"),
        2 => format!("({a} * {})", r.below(7) as i64 - 3),
        3 => format!("({a} / {})", r.pick(&["2", "3", "5", "-3"])),
        4 => format!("({a} % {})", r.pick(&["2", "3", "7", "-4"])),
        5 => format!("({a} & {})", r.pick(&["1", "7", "255"])),
        6 => format!("({a} >> {})", r.below(3) + 1),
        7 => format!("({a} < {b})"),
        8 => format!("({a} == {b})"),
        9 => format!("({a} && {b})"),
        10 => format!("({a} || {b})"),
        11 => format!("(!{a})"),
        // Two variables: products, quotients and remainders (divisors made
        // odd, so never zero), bitwise operators and shifts by a variable.
        13 => format!("({a} * {b})"),
        14 => format!("({a} / ({b} | 1))"),
        15 => format!("({a} % ({b} | 1))"),
        16 => format!("({a} & {b})"),
        17 => format!("({a} | {b})"),
        18 => format!("({a} ^ {b})"),
        19 => format!("({a} >> ({b} & 7))"),
        20 => format!("(({a} & 255) << ({b} & 7))"),
        _ => format!("({a} >= {b} ? {a} : {b})"),
    }
}

fn statement(r: &mut Rng, depth: u32, out: &mut String, indent: &str) {
    let choice = if depth == 0 { r.below(5) } else { r.below(9) };
    match choice {
        0 | 1 => {
            let g = r.pick(&["g0", "g1", "g2"]);
            out.push_str(&format!("{indent}{g} = {};\n", int_expr(r, 2)));
        }
        2 => {
            let u = r.pick(&["u0", "u1"]);
            let rhs = match r.below(5) {
                0 => format!("{u} - (unsigned){}", int_expr(r, 1)),
                1 => format!("{u} * 3u + (unsigned){}", int_expr(r, 1)),
                2 => format!("u0 >> {}", r.below(4) + 1),
                3 => format!("{u} << {}", r.below(3) + 1),
                _ => format!("(unsigned)({}) % 5u", int_expr(r, 1)),
            };
            out.push_str(&format!("{indent}{u} = {rhs};\n"));
        }
        3 => {
            out.push_str(&format!(
                "{indent}if ({} == {}) reach_error();\n",
                r.pick(&INTS),
                r.below(7) as i64 - 3
            ));
        }
        4 => {
            let g = r.pick(&["g0", "g1", "g2"]);
            out.push_str(&format!("{indent}{g} = {g} % 1000;\n"));
        }
        5 | 6 => {
            out.push_str(&format!("{indent}if ({}) {{\n", int_expr(r, 2)));
            statement(r, depth - 1, out, &format!("{indent}  "));
            out.push_str(&format!("{indent}}} else {{\n"));
            statement(r, depth - 1, out, &format!("{indent}  "));
            out.push_str(&format!("{indent}}}\n"));
        }
        7 => {
            let i = if depth == 2 { "i" } else { "j" };
            out.push_str(&format!(
                "{indent}for ({i} = 0; {i} < {}; {i}++) {{\n",
                r.below(4)
            ));
            statement(r, depth - 1, out, &format!("{indent}  "));
            out.push_str(&format!("{indent}}}\n"));
        }
        _ => {
            out.push_str(&format!("{indent}switch ({} % 3) {{\n", r.pick(&INTS)));
            out.push_str(&format!("{indent}case 0:\n"));
            statement(r, depth - 1, out, &format!("{indent}  "));
            out.push_str(&format!("{indent}case 1:\n"));
            statement(r, depth - 1, out, &format!("{indent}  "));
            out.push_str(&format!("{indent}  break;\n{indent}default:\n"));
            statement(r, depth - 1, out, &format!("{indent}  "));
            out.push_str(&format!("{indent}}}\n"));
        }
    }
}

const GLOBALS: [&str; 5] = ["g0", "g1", "g2", "u0", "u1"];

/// A program over ints, unsigned wrap-around, division and remainder of
/// negative values, masks, shifts, comparisons, short-circuit operators,
/// conditionals, bounded loops and switch with fall-through.
fn random_program(seed: u64) -> String {
    let mut r = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut s = String::from(
        "#include <stdio.h>\nextern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n\
         extern unsigned int __VERIFIER_nondet_uint(void);\n",
    );
    s += &format!(
        "int g0 = {}, g1, g2 = {};\nunsigned u0, u1 = {}u;\n",
        r.below(9) as i64 - 4,
        r.below(5),
        r.below(1000)
    );
    s += "int main(void) {\n  int i, j;\n  int a = __VERIFIER_nondet_int() % 100;\n  int b = __VERIFIER_nondet_int() % 100;\n  u0 = __VERIFIER_nondet_uint();\n";
    for _ in 0..3 + r.below(5) {
        statement(&mut r, 2, &mut s, "  ");
    }
    s += "  printf(\"GLOBAL g0=%d\\nGLOBAL g1=%d\\nGLOBAL g2=%d\\nGLOBAL u0=%u\\nGLOBAL u1=%u\\n\", g0, g1, g2, u0, u1);\n  return 0;\n}\n";
    s
}

/// The same program for the frontend, which rejects stdio: without the
/// `printf` of the globals, or with a check in its place that reaches
/// `reach_error` exactly when the globals end with the values `final_values`.
fn for_frontend(program: &str, final_values: Option<&BTreeMap<String, BigInt>>) -> String {
    program
        .lines()
        .filter(|l| !l.contains("#include"))
        .map(|l| match (l.contains("printf"), final_values) {
            (false, _) => l.to_string(),
            (true, None) => String::new(),
            (true, Some(g)) => {
                let eq: Vec<String> = GLOBALS
                    .iter()
                    .map(|name| {
                        let suffix = if name.starts_with('u') { "u" } else { "" };
                        format!("{name} == {}{suffix}", g[*name])
                    })
                    .collect();
                format!("  if ({}) reach_error();", eq.join(" && "))
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn inputs(r: &mut Rng, n: usize) -> Vec<i64> {
    (0..n)
        .map(|_| match r.below(4) {
            0 => r.below(7) as i64 - 3,
            1 => r.below(4_000_000_000) as i64 - 2_000_000_000,
            _ => r.below(401) as i64 - 200,
        })
        .collect()
}

/// Writes the frontend's copy of a program whose last statement reaches
/// `reach_error` exactly when the globals have the given final values.
type WithFinalCheck<'a> = &'a dyn Fn(&BTreeMap<String, BigInt>) -> PathBuf;

/// Runs `program` (compiled) and its SBE task on random input vectors.
/// The task keeps only what can reach `bad` (a normal exit is pruned), so a
/// run that gcc ends normally must block in the task, and, when
/// `final_check` is given, the task of the program extended with a check
/// of gcc's final globals must reach `bad`. Returns (runs compared, mismatches).
fn differential(
    dir: &Path,
    name: &str,
    gcc_source: &Path,
    frontend_source: &Path,
    final_check: Option<WithFinalCheck>,
    seed: u64,
) -> (usize, Vec<String>) {
    let task = match frontend::load(frontend_source, Encoding::Sbe) {
        Ok(p) => p.task,
        Err(e) => return (0, vec![format!("{name}: frontend error {e}")]),
    };
    let compiled = compile(dir, name, gcc_source);
    let mut r = Rng(seed | 1);
    let (mut compared, mut bad) = (0, vec![]);
    let ended = |o: &Outcome| matches!(o, Outcome::Stopped | Outcome::End(_));
    for run in 0..RUNS {
        let vector = inputs(&mut r, 6 + run * 4);
        let (by_gcc, read) = run_gcc(&compiled, &vector);
        if by_gcc == Outcome::Diverged {
            continue;
        }
        let by_task = match run_task(&task, &read, &[]) {
            Ok(Outcome::Diverged) => continue,
            Ok(o) => o,
            Err(e) => {
                bad.push(format!(
                    "{name} on inputs {read:?}: the task cannot run: {e}"
                ));
                continue;
            }
        };
        let mut agree = match (&by_gcc, &by_task) {
            (Outcome::Reach, Outcome::Reach) | (Outcome::Exhausted, Outcome::Exhausted) => true,
            // Undefined arithmetic is an edge to the error location.
            (Outcome::Undefined, Outcome::Reach) => true,
            (Outcome::Stopped | Outcome::End(_), t) => ended(t),
            // The rest of the program cannot reach bad: the task needs no more inputs.
            (Outcome::Exhausted, t) if ended(t) => continue,
            _ => false,
        };
        let mut detail = String::new();
        if let (Outcome::End(globals), Some(make), true) = (&by_gcc, final_check, agree) {
            let checked = make(globals);
            match frontend::load(&checked, Encoding::Sbe).map(|p| run_task(&p.task, &read, &[])) {
                Ok(Ok(Outcome::Reach)) => {}
                other => {
                    agree = false;
                    detail =
                        format!(" (with gcc's final globals checked, the task gives {other:?})");
                }
            }
        }
        compared += 1;
        if !agree {
            bad.push(format!(
                "{name} on inputs {read:?}: gcc {by_gcc:?}, task {by_task:?}{detail}"
            ));
        }
    }
    (compared, bad)
}

#[test]
fn random_programs_agree_with_gcc_on_errors_and_globals() {
    if gcc().is_none() {
        eprintln!("skipped: gcc is absent");
        return;
    }
    let dir_tmp = tmp("random");
    let dir = dir_tmp.path();
    let (mut programs, mut runs, mut reached, mut failures) = (0, 0, 0, vec![]);
    for seed in 0..PROGRAMS {
        let text = random_program(seed);
        let gcc_file = dir.join(format!("r{seed}.c"));
        let fe_file = dir.join(format!("r{seed}_fe.c"));
        std::fs::write(&gcc_file, &text).unwrap();
        std::fs::write(&fe_file, for_frontend(&text, None)).unwrap();
        let checked_file = dir.join(format!("r{seed}_final.c"));
        let with_final = |g: &BTreeMap<String, BigInt>| {
            std::fs::write(&checked_file, for_frontend(&text, Some(g))).unwrap();
            checked_file.clone()
        };
        let (n, bad) = differential(
            dir,
            &format!("r{seed}"),
            &gcc_file,
            &fe_file,
            Some(&with_final),
            seed,
        );
        if text.contains("reach_error();\n") {
            reached += 1;
        }
        programs += 1;
        runs += n;
        if !bad.is_empty() {
            failures.push(format!("{}\n--- program r{seed}:\n{text}", bad.join("\n")));
        }
    }
    eprintln!("c_differential: {programs} random programs ({reached} with a reach_error call), {runs} runs compared");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(
        runs >= (PROGRAMS as usize) * RUNS / 2,
        "only {runs} runs were comparable"
    );
}

#[test]
fn corpus_c_programs_agree_with_gcc_on_reaching_errors() {
    if gcc().is_none() {
        eprintln!("skipped: gcc is absent");
        return;
    }
    let dir_tmp = tmp("corpus");
    let dir = dir_tmp.path();
    let corpus = certa_tests::corpus_dir();
    let (mut programs, mut runs, mut failures) = (0, 0, vec![]);
    for (file, expected) in certa::bench::manifest(&corpus).unwrap() {
        if !file.starts_with("c/") || !file.ends_with(".c") || expected == "error" {
            continue;
        }
        let path = corpus.join(&file);
        let name = file
            .trim_start_matches("c/")
            .trim_end_matches(".c")
            .to_string();
        // This runner executes integer tasks; programs with arrays or memory
        // are judged against gcc end to end by c_memory_gcc.
        if frontend::load(&path, Encoding::Sbe).is_ok_and(|p| p.task.has_arrays()) {
            continue;
        }
        let (n, bad) = differential(dir, &name, &path, &path, None, programs as u64 + 7);
        programs += 1;
        runs += n;
        failures.extend(bad);
    }
    eprintln!("c_differential: {programs} corpus C programs, {runs} runs compared");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        programs >= 15 && runs >= programs,
        "{programs} programs, {runs} runs"
    );
}
