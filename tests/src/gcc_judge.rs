//! The gcc-judged C suites (tests/tests/c_semantics_gcc.rs on tests/c_semantics/,
//! tests/tests/c_memory_gcc.rs on tests/c_memory/): what a C program means is
//! what gcc 12 makes of it, and certa must never say otherwise.
//!
//! gcc compiles each program with a harness that makes `reach_error`
//! observable (it prints REACH and exits 1): the harness defines a weak
//! `reach_error` for programs that only declare it, and the program is
//! compiled with `-finstrument-functions` so that entering a `reach_error`
//! the program defines itself (`{}` or SV-COMP's `__assert_fail` body) is seen
//! too; `-fno-builtin` makes a program's own `abort`/`exit` ordinary functions
//! (without it gcc 12 treats the call to `abort()` as noreturn and drops what
//! follows). Task definitions for a data model gcc cannot target here are
//! judged by the C rules: fixed expectations.
//!
//! For each program, `certa verify --timeout 20` and, on a definite answer,
//! `certa-check CERT --source PROG` (must be VALID). Always: certa never
//! crashes, never answers SAFE where gcc reaches `reach_error`, nor UNSAFE
//! where it does not, and a refusal (exit 3) names `file:line:col` inside the
//! file. `Translate` programs must get gcc's verdict; `Refuse` programs must
//! be refused naming the line marked `/* HERE */`; `Sound` programs only the
//! general rules. File names ending in `_reach`/`_safe` are checked against
//! gcc too, so a wrong program is caught as such.
//!
//! A case certa gets wrong is marked `KnownBug` in its suite's table:
//! reported and counted, not failed on (a note says when it passes again).
//! A mark never covers a wrong verdict, an INVALID certificate or a program
//! that does not do what its name says: those fail the suite whatever the
//! table says.
//!
//! The suites use the workspace binaries next to the test (`cargo build
//! --release --bins`, then `cargo test --release -p certa-tests --test
//! <suite>`) and skip cleanly without gcc or the binaries.

use crate::workspace_binary;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// `certa verify --timeout`.
const TIMEOUT_S: u64 = 20;
/// Hard limit on any process a suite starts.
const KILL_AFTER: Duration = Duration::from_secs(40);
/// Parallel workers (each suite must stay under 60 s on 2 cores).
const WORKERS: usize = 2;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Must {
    /// A definite verdict equal to gcc's.
    Translate,
    /// Exit 3 naming the `/* HERE */` line.
    Refuse,
    /// Only: no wrong verdict, no crash, refusals located.
    Sound,
}

#[derive(Clone, Copy, Debug)]
pub enum Judge {
    /// Compile and run with gcc.
    Gcc,
    /// The C rules for a data model gcc cannot target here: reachable?
    Fixed(bool),
}

#[derive(Clone, Copy, Debug)]
pub enum Status {
    Ok,
    /// certa does not yet do what `must` asks on this program (what is
    /// missing): reported, not failed on, unless the verdict is wrong or the
    /// certificate INVALID.
    KnownBug(&'static str),
}

#[derive(Clone, Copy, Debug)]
pub struct Case {
    /// The program (or task definition), relative to the suite's directory.
    pub file: &'static str,
    pub must: Must,
    pub judge: Judge,
    pub status: Status,
}

impl Case {
    /// This case as a known bug: `why` says what certa gets wrong.
    pub const fn bug(self, why: &'static str) -> Case {
        Case {
            status: Status::KnownBug(why),
            ..self
        }
    }
}

pub const fn translate(file: &'static str) -> Case {
    Case {
        file,
        must: Must::Translate,
        judge: Judge::Gcc,
        status: Status::Ok,
    }
}

pub const fn refuse(file: &'static str) -> Case {
    Case {
        file,
        must: Must::Refuse,
        judge: Judge::Gcc,
        status: Status::Ok,
    }
}

pub const fn sound(file: &'static str) -> Case {
    Case {
        file,
        must: Must::Sound,
        judge: Judge::Gcc,
        status: Status::Ok,
    }
}

/// A task definition: reachable under its data model by the C rules.
pub const fn task(file: &'static str, reach: bool) -> Case {
    Case {
        file,
        must: Must::Translate,
        judge: Judge::Fixed(reach),
        status: Status::Ok,
    }
}

/// Makes `reach_error` observable; compiled without instrumentation.
const HARNESS: &str = r#"
#include <unistd.h>
static void certa_reached(void) { (void)!write(1, "REACH\n", 6); _exit(1); }
/* for programs that only declare reach_error */
__attribute__((weak)) void reach_error(void) { certa_reached(); }
/* -finstrument-functions: entering the program's own reach_error */
void __cyg_profile_func_enter(void *fn, void *site) { (void)site; if (fn == (void *)reach_error) certa_reached(); }
void __cyg_profile_func_exit(void *fn, void *site) { (void)fn; (void)site; }
void __assert_fail(const char *a, const char *f, unsigned l, const char *fn) { certa_reached(); }
"#;

fn gcc_present() -> bool {
    Command::new("gcc")
        .arg("--version")
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false)
}

/// Runs `cmd`, killing it after `limit`; None if it had to be killed.
fn run(cmd: &mut Command, limit: Duration) -> Option<Output> {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let o = std::thread::spawn(move || {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut out, &mut v).ok();
        v
    });
    let e = std::thread::spawn(move || {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut err, &mut v).ok();
        v
    });
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait") {
            break s;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    Some(Output {
        status,
        stdout: o.join().unwrap(),
        stderr: e.join().unwrap(),
    })
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn describe(status: &std::process::ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(c), _) => format!("exit {c}"),
        (None, Some(s)) => format!("signal {s}"),
        _ => "?".into(),
    }
}

/// gcc's answer: does the program reach `reach_error`?
fn gcc_reaches(program: &Path, harness_o: &Path, work: &Path) -> Result<bool, String> {
    let stem = program.file_stem().unwrap().to_string_lossy().to_string();
    let obj = work.join(format!("{stem}.o"));
    let exe = work.join(&stem);
    let c = run(
        Command::new("gcc")
            .args(["-w", "-O0", "-fno-builtin", "-finstrument-functions", "-c"])
            .arg(program)
            .arg("-o")
            .arg(&obj),
        KILL_AFTER,
    )
    .ok_or("gcc -c killed")?;
    if !c.status.success() {
        return Err(format!("gcc does not compile it: {}", text(&c)));
    }
    let l = run(
        Command::new("gcc")
            .arg(&obj)
            .arg(harness_o)
            .arg("-o")
            .arg(&exe),
        KILL_AFTER,
    )
    .ok_or("gcc link killed")?;
    if !l.status.success() {
        return Err(format!("gcc does not link it: {}", text(&l)));
    }
    let r = run(&mut Command::new(&exe), Duration::from_secs(5))
        .ok_or("the gcc-compiled program runs over 5 s")?;
    Ok(String::from_utf8_lossy(&r.stdout)
        .lines()
        .any(|l| l == "REACH"))
}

/// The `file:line:col` locations naming `name` in `msg`.
fn locations(msg: &str, name: &str) -> Vec<(usize, usize)> {
    let needle = format!("{name}:");
    let mut found = Vec::new();
    for (at, _) in msg.match_indices(&needle) {
        let rest = &msg[at + needle.len()..];
        let line: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
        let rest = &rest[line.len()..];
        let Some(rest) = rest.strip_prefix(':') else {
            continue;
        };
        let col: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
        if let (Ok(l), Ok(c)) = (line.parse(), col.parse()) {
            found.push((l, c));
        }
    }
    found
}

/// Whether `line:col` is inside `source` (the column may be one past the end).
fn inside(source: &str, (line, col): (usize, usize)) -> bool {
    line >= 1
        && source
            .lines()
            .nth(line - 1)
            .is_some_and(|l| col >= 1 && col <= l.len() + 1)
}

/// What happened to one case.
struct Outcome {
    gcc: String,
    /// Seconds `certa verify` took.
    secs: f64,
    certa: String,
    check: String,
    /// Failures no `KnownBug` mark covers: a wrong verdict, an INVALID
    /// certificate, a program that is not what its name says.
    wrong: Vec<String>,
    /// Where certa falls short of `must` (a `KnownBug` mark covers these).
    problems: Vec<String>,
}

impl Outcome {
    fn clean(&self) -> bool {
        self.wrong.is_empty() && self.problems.is_empty()
    }

    fn all(&self) -> String {
        let all: Vec<&str> = self
            .wrong
            .iter()
            .chain(&self.problems)
            .map(String::as_str)
            .collect();
        all.join("; ")
    }
}

/// The binaries and the scratch directory one suite runs with.
struct Env<'a> {
    dir: &'a Path,
    certa: &'a Path,
    check: &'a Path,
    harness_o: &'a Path,
    work: &'a Path,
}

fn one(case: &Case, env: &Env) -> Outcome {
    let path = env.dir.join(case.file);
    let mut wrong = Vec::new();
    let mut problems = Vec::new();
    let (reach, gcc) = match case.judge {
        Judge::Fixed(r) => (
            Some(r),
            format!("{} (rules)", if r { "REACH" } else { "-" }),
        ),
        Judge::Gcc => match gcc_reaches(&path, env.harness_o, env.work) {
            Ok(r) => (Some(r), if r { "REACH" } else { "-" }.to_string()),
            Err(e) => {
                wrong.push(format!("program broken: {e}"));
                (None, "?".to_string())
            }
        },
    };
    // The programs say what gcc does in their names.
    let stem = case.file.rsplit_once('.').map_or(case.file, |(s, _)| s);
    match (reach, stem.ends_with("_reach"), stem.ends_with("_safe")) {
        (Some(false), true, _) => {
            wrong.push("program broken: named _reach, gcc does not reach".into())
        }
        (Some(true), _, true) => wrong.push("program broken: named _safe, gcc reaches".into()),
        _ => {}
    }
    let cert = env.work.join(format!("{stem}.cert.json"));
    let _ = std::fs::remove_file(&cert);
    let verify_started = Instant::now();
    let verified = run(
        Command::new(env.certa)
            .arg("verify")
            .arg(&path)
            .arg("-o")
            .arg(&cert)
            .args(["--timeout", &TIMEOUT_S.to_string()]),
        KILL_AFTER,
    );
    let secs = verify_started.elapsed().as_secs_f64();
    let Some(v) = verified else {
        problems.push(format!("certa verify killed after {KILL_AFTER:?}"));
        return Outcome {
            gcc,
            secs,
            certa: "killed".into(),
            check: String::new(),
            wrong,
            problems,
        };
    };
    let said = text(&v);
    let first_line = said.lines().next().unwrap_or("").trim().to_string();
    let code = v.status.code();
    let certa_says = match code {
        Some(0) => "SAFE".to_string(),
        Some(1) => "UNSAFE".to_string(),
        Some(2) => "unknown".to_string(),
        Some(3) => "refused".to_string(),
        _ => format!("crash ({})", describe(&v.status)),
    };
    if !matches!(code, Some(0..=3)) {
        problems.push(format!(
            "certa verify died ({}): {}",
            describe(&v.status),
            said.trim()
        ));
    }
    if let Some(r) = reach {
        if code == Some(0) && r {
            wrong.push("WRONG: SAFE, but gcc reaches reach_error".into());
        }
        if code == Some(1) && !r {
            wrong.push("WRONG: UNSAFE, but gcc does not reach reach_error".into());
        }
    }
    let mut check_says = String::new();
    if matches!(code, Some(0 | 1)) {
        match run(
            Command::new(env.check)
                .arg(&cert)
                .arg("--source")
                .arg(&path),
            KILL_AFTER,
        ) {
            Some(k) if k.status.code() == Some(0) && text(&k).starts_with("VALID") => {
                check_says = "VALID".into()
            }
            Some(k) => {
                check_says = describe(&k.status);
                let why = format!(
                    "certa-check --source: {}: {}",
                    describe(&k.status),
                    text(&k).trim()
                );
                // Exit 1 is INVALID: the certificate is wrong.
                if k.status.code() == Some(1) {
                    wrong.push(why);
                } else {
                    problems.push(why);
                }
            }
            None => {
                check_says = "killed".into();
                problems.push("certa-check killed".into());
            }
        }
    }
    // A refusal names a place in the file: the program, or the task
    // definition's input file.
    let mut refusal_lines = Vec::new();
    if code == Some(3) {
        let mut names = vec![(case.file.to_string(), path.clone())];
        if case.file.ends_with(".yml") {
            let yml = std::fs::read_to_string(&path).unwrap();
            for l in yml.lines() {
                if let Some(f) = l.trim().strip_prefix("input_files:") {
                    let f = f.trim().trim_matches(|c| c == '\'' || c == '"');
                    names.push((f.to_string(), env.dir.join(f)));
                }
            }
        }
        for (name, file) in &names {
            let source = std::fs::read_to_string(file).unwrap_or_default();
            for loc in locations(&said, name) {
                if inside(&source, loc) {
                    refusal_lines.push(loc.0);
                } else {
                    problems.push(format!(
                        "refusal names {name}:{}:{}, not inside the file: {}",
                        loc.0,
                        loc.1,
                        said.trim()
                    ));
                }
            }
        }
        if refusal_lines.is_empty() {
            problems.push(format!(
                "refused without naming file:line:col: {}",
                said.trim()
            ));
        }
    }
    match case.must {
        Must::Translate => {
            let want = match reach {
                Some(true) => Some(1),
                Some(false) => Some(0),
                None => None,
            };
            if want.is_some() && code != want {
                problems.push(format!(
                    "must translate: wanted {}, certa: {first_line}",
                    if want == Some(1) { "UNSAFE" } else { "SAFE" },
                ));
            }
        }
        Must::Refuse => {
            if code != Some(3) {
                problems.push(format!("must refuse (exit 3), certa: {first_line}"));
            } else {
                let source = std::fs::read_to_string(&path).unwrap();
                let marked: Vec<usize> = source
                    .lines()
                    .enumerate()
                    .filter(|(_, l)| l.contains("/* HERE */"))
                    .map(|(i, _)| i + 1)
                    .collect();
                if !marked.is_empty() && !refusal_lines.iter().any(|l| marked.contains(l)) {
                    problems.push(format!(
                        "refused at line(s) {refusal_lines:?}, not the marked line(s) {marked:?}: {}",
                        said.trim()
                    ));
                }
            }
        }
        Must::Sound => {}
    }
    let certa_col = match code {
        Some(3) => {
            let first = said
                .lines()
                .find(|l| l.contains("unsupported") || l.contains("error"))
                .unwrap_or("")
                .trim()
                .to_string();
            format!("{certa_says}: {first}")
        }
        Some(2) => format!("{certa_says}: {first_line}"),
        _ => certa_says,
    };
    Outcome {
        gcc,
        secs,
        certa: certa_col,
        check: check_says,
        wrong,
        problems,
    }
}

/// Judges every case of the suite in `tests/<dir_name>/` (which must list
/// every `.c` and `.yml` file of the directory), prints a table, and panics
/// on a failure: any wrong verdict, INVALID certificate or broken program,
/// and, on a case not marked `KnownBug`, anything short of its `must`.
pub fn judge_suite(dir_name: &str, cases: &[Case]) {
    if !gcc_present() {
        eprintln!("gcc absent; {dir_name} skipped");
        return;
    }
    let (Some(certa), Some(check)) = (workspace_binary("certa"), workspace_binary("certa-check"))
    else {
        eprintln!(
            "certa / certa-check not built next to this test (cargo build --release --bins, \
             then cargo test --release); {dir_name} skipped"
        );
        return;
    };
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(dir_name);
    let started = Instant::now();
    // Removed on drop, unless a failure keeps it for a look (below).
    let scratch = tempfile::Builder::new()
        .prefix(&format!("certa-{dir_name}-"))
        .tempdir()
        .unwrap();
    let work = scratch.path().to_path_buf();
    let harness_c = work.join("harness.c");
    let harness_o = work.join("harness.o");
    std::fs::write(&harness_c, HARNESS).unwrap();
    let h = Command::new("gcc")
        .args(["-w", "-O0", "-c"])
        .arg(&harness_c)
        .arg("-o")
        .arg(&harness_o)
        .output()
        .unwrap();
    assert!(h.status.success(), "harness: {}", text(&h));

    // Every program of the directory is in the table, and every entry exists.
    let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|n| n.ends_with(".c") || n.ends_with(".yml"))
        .collect();
    on_disk.sort();
    for n in &on_disk {
        assert!(
            cases.iter().any(|c| c.file == n),
            "tests/{dir_name}/{n} is not in the table"
        );
    }
    for c in cases {
        assert!(
            on_disk.iter().any(|n| *n == c.file),
            "{} is in the table, but not in tests/{dir_name}/",
            c.file
        );
    }

    let env = Env {
        dir: &dir,
        certa: &certa,
        check: &check,
        harness_o: &harness_o,
        work: &work,
    };
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Outcome>>> = Mutex::new((0..cases.len()).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..WORKERS {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(case) = cases.get(i) else { break };
                let o = one(case, &env);
                results.lock().unwrap()[i] = Some(o);
            });
        }
    });
    let results: Vec<Outcome> = results
        .into_inner()
        .unwrap()
        .into_iter()
        .map(|o| o.unwrap())
        .collect();

    let mut failures = Vec::new();
    let mut known = Vec::new();
    let mut fixed = Vec::new();
    println!(
        "{:<30} {:<9} {:<12} {:<7} {:>6}  certa",
        "program", "must", "gcc", "check", "secs"
    );
    for (case, o) in cases.iter().zip(&results) {
        let mark = match (&case.status, o.wrong.is_empty(), o.clean()) {
            (_, false, _) => "  FAIL",
            (Status::Ok, true, true) => "",
            (Status::Ok, true, false) => "  FAIL",
            (Status::KnownBug(_), true, false) => "  KNOWN BUG",
            (Status::KnownBug(_), true, true) => "  KNOWN BUG passes now",
        };
        println!(
            "{:<30} {:<9} {:<12} {:<7} {:>6.1}  {}{mark}",
            case.file,
            format!("{:?}", case.must),
            o.gcc,
            o.check,
            o.secs,
            o.certa
        );
        match (&case.status, o.wrong.is_empty(), o.clean()) {
            (Status::KnownBug(why), false, _) => failures.push(format!(
                "{}: {} (marked KnownBug: {why}, which does not cover this)",
                case.file,
                o.all()
            )),
            (Status::Ok, _, false) => failures.push(format!("{}: {}", case.file, o.all())),
            (Status::Ok, _, true) => {}
            (Status::KnownBug(why), true, false) => {
                known.push(format!("{}: {why}\n      observed: {}", case.file, o.all()))
            }
            (Status::KnownBug(why), true, true) => fixed.push(format!("{}: {why}", case.file)),
        }
    }
    println!(
        "\n{} programs, {} as required, {} known bugs, {} failures ({:.1} s)",
        cases.len(),
        cases.len() - failures.len() - known.len(),
        known.len(),
        failures.len(),
        started.elapsed().as_secs_f64()
    );
    for k in &known {
        println!("known bug: {k}");
    }
    for f in &fixed {
        println!("NOTE: marked KnownBug but passes now; remove the mark from the table: {f}");
    }
    if !failures.is_empty() {
        println!(
            "the programs' files are kept in {}",
            scratch.keep().display()
        );
    }
    assert!(
        failures.is_empty(),
        "{} of {} programs in tests/{dir_name}/ disagree with gcc or the rules:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
