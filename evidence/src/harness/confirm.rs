//! Confirming a counterexample: compile the harness with the program
//! (LP64 in place of ILP32 only when that gives the same task), run it
//! under a timeout, and read back the run's token.
//!
//! The program is linked into the harness's process, so what it prints and
//! its exit status prove nothing: a program can print the harness's marker
//! and exit with [`REACHED_STATUS`] without ever calling `reach_error`. So
//! each run gets a fresh token of 16 random bytes (from `/dev/urandom`)
//! that the program cannot know. confirm writes it into a pipe whose read
//! end the child gets at a descriptor number chosen at random (>= 10), and
//! opens a second pipe whose write end the child gets at another random
//! number; the numbers travel in [`CONFIRM_ENV`]. The harness's
//! constructor (priority 101: before any of the program's code) reads the
//! token, closes the first descriptor and wipes and removes the variable;
//! its `reach_error` writes `reached <token> <function> <nondet calls>` to
//! the second and exits. CONFIRMED needs that line with this run's token,
//! the trace's number of nondet calls (so the error is reached at the end
//! of the certificate's run, not on another path) and the exit status.
//!
//! What this does not stop: code running in the same process can read the
//! harness's memory. A program written to attack the harness (by reading
//! its static token, or with a constructor of a reserved priority that
//! runs first) can still forge; a program that merely prints the marker,
//! or whose own code exits with the status, cannot.

use super::*;
use std::fmt;
use std::io::{Read, Write};
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::time::Instant;

/// What running the harness showed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The harness's `reach_error` sent back the run's token after the
    /// trace's nondet calls, and the run exited with [`REACHED_STATUS`].
    Confirmed,
    /// The program ran but did not reach the error.
    NotConfirmed,
    /// It could not be run faithfully (no compiler, compile error, no ILP32 target).
    Inconclusive,
}

#[derive(Clone, Debug)]
pub struct Confirmation {
    pub outcome: Outcome,
    /// One line: why.
    pub reason: String,
    /// The last lines of the run's (or the compiler's) output.
    pub output: String,
    pub notes: Vec<String>,
}

impl fmt::Display for Confirmation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let word = match self.outcome {
            Outcome::Confirmed => "CONFIRMED",
            Outcome::NotConfirmed => "NOT CONFIRMED",
            Outcome::Inconclusive => "INCONCLUSIVE",
        };
        writeln!(f, "{word}: {}", self.reason)?;
        for n in &self.notes {
            writeln!(f, "note: {n}")?;
        }
        if !self.output.is_empty() {
            writeln!(f, "output (last lines):")?;
            for l in self.output.lines() {
                writeln!(f, "  {l}")?;
            }
        }
        Ok(())
    }
}

impl Confirmation {
    fn inconclusive(reason: String, output: String, notes: Vec<String>) -> Confirmation {
        Confirmation {
            outcome: Outcome::Inconclusive,
            reason,
            output,
            notes,
        }
    }
}

/// The source file a certificate was made from, for `certa confirm CERT`
/// without `--source`: the path its source map records, else the header's
/// file name next to the certificate. Only a file with the recorded hash.
pub fn default_source(cert_path: &Path, cert: &Certificate) -> Option<PathBuf> {
    let recorded = cert.header.source.as_ref()?;
    let mut candidates = Vec::new();
    if let Some(m) = &cert.source_map {
        candidates.push(PathBuf::from(&m.file));
    }
    let dir = cert_path.parent().unwrap_or(Path::new("."));
    candidates.push(dir.join(&recorded.name));
    candidates
        .into_iter()
        .find(|p| std::fs::read(p).is_ok_and(|b| format::hash::bytes_sha256(&b) == recorded.sha256))
}

/// Compiles the harness with the program, runs it, and reports whether the
/// run reaches the error. Refuses (error) a source whose hash differs from
/// the certificate's and a trace that does not replay.
pub fn confirm(cert: &Certificate, source: &Path) -> Result<Confirmation, String> {
    concretize::check_source_hash(cert, source)?;
    let h = build(cert, source)?;
    Ok(confirm_harness(cert, source, &h))
}

/// A scratch directory, removed on drop.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Result<Scratch, String> {
        static COUNTER: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.subsec_nanos())
            .unwrap_or(0);
        let dir =
            std::env::temp_dir().join(format!("certa-confirm-{}-{n}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        Ok(Scratch(dir))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The C compiler: `$CC`, else `cc`, else `gcc`.
fn compiler() -> Option<String> {
    let candidates = std::env::var("CC")
        .ok()
        .into_iter()
        .chain(["cc".to_string(), "gcc".to_string()]);
    for c in candidates {
        let ok = Command::new(&c)
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if ok {
            return Some(c);
        }
    }
    None
}

/// Runs a build command; `Err` carries its output.
fn run_tool(cmd: &mut Command) -> Result<(), String> {
    let out = cmd.output().map_err(|e| e.to_string())?;
    if out.status.success() {
        return Ok(());
    }
    let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&out.stderr));
    Err(last_lines(&text, 30))
}

fn last_lines(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}

/// Can `cc -m32` build and link a program here?
fn can_build_m32(cc: &str, dir: &Path) -> bool {
    let src = dir.join("m32_probe.c");
    if std::fs::write(&src, "int main(void) { return 0; }\n").is_err() {
        return false;
    }
    run_tool(
        Command::new(cc)
            .args(["-m32", "-w"])
            .arg(&src)
            .arg("-o")
            .arg(dir.join("m32_probe")),
    )
    .is_ok()
}

/// The program with ILP32's `long` spelt for LP64, keeping every position:
/// a lone `long` becomes `int` (or nothing beside `int`), `L` suffixes of
/// literals go. `long long` stays. Whether this is faithful is decided by
/// translating the result (see [`confirm_harness`]).
pub fn ilp32_as_lp64(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    // Runs of declaration-specifier keywords: (start, end, word).
    let mut run: Vec<(usize, usize, &str)> = Vec::new();
    let specifier = |w: &str| {
        matches!(
            w,
            "long"
                | "int"
                | "short"
                | "char"
                | "signed"
                | "unsigned"
                | "const"
                | "volatile"
                | "static"
                | "extern"
                | "register"
                | "typedef"
                | "inline"
                | "auto"
                | "__extension__"
        )
    };
    let flush = |run: &mut Vec<(usize, usize, &str)>, out: &mut Vec<u8>| {
        let longs: Vec<usize> = run
            .iter()
            .filter(|(_, _, w)| *w == "long")
            .map(|(s, _, _)| *s)
            .collect();
        if longs.len() == 1 {
            let with_int = run.iter().any(|(_, _, w)| *w == "int");
            let replacement: &[u8] = if with_int { b"    " } else { b"int " };
            out[longs[0]..longs[0] + 4].copy_from_slice(replacement);
        }
        run.clear();
    };
    let mut i = 0;
    let mut last_end = 0;
    while i < b.len() {
        let c = b[i];
        if let Some(next) = skip_comment_or_literal(b, i) {
            // A literal ends a run of specifiers; a comment does not.
            if c == b'"' || c == b'\'' {
                flush(&mut run, &mut out);
            }
            i = next;
        } else if c == b'#' && line_start(b, i) && !rewritable_directive(&b[i + 1..]) {
            // Line markers (`# 12 "file.c"`) and includes stay as they are.
            flush(&mut run, &mut out);
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            let word = &text[start..i];
            let adjacent = b[last_end..start].iter().all(|x| x.is_ascii_whitespace());
            if !specifier(word) || !adjacent {
                flush(&mut run, &mut out);
            }
            if specifier(word) {
                run.push((start, i, word));
            }
            last_end = i;
        } else if c.is_ascii_digit() {
            flush(&mut run, &mut out);
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'.') {
                i += 1;
            }
            // An integer suffix with one `l`: drop the `l`, pad at the end.
            let lit = &b[start..i];
            let hex = lit.len() > 1 && (lit[1] == b'x' || lit[1] == b'X');
            let suffix_len = lit
                .iter()
                .rev()
                .take_while(|x| matches!(x, b'u' | b'U' | b'l' | b'L'))
                .count();
            let suffix = &lit[lit.len() - suffix_len..];
            let ls = suffix.iter().filter(|x| matches!(x, b'l' | b'L')).count();
            let float = !hex && lit.iter().any(|x| matches!(x, b'.' | b'e' | b'E'));
            if ls == 1 && !float {
                let mut new = lit[..lit.len() - suffix_len].to_vec();
                new.extend(suffix.iter().filter(|x| matches!(x, b'u' | b'U')));
                new.resize(lit.len(), b' ');
                out[start..i].copy_from_slice(&new);
            }
            last_end = i;
        } else {
            if !c.is_ascii_whitespace() {
                flush(&mut run, &mut out);
                last_end = i + 1;
            }
            i += 1;
        }
    }
    flush(&mut run, &mut out);
    String::from_utf8(out).unwrap_or_else(|_| text.to_string())
}

/// Is the directive after `#` one whose tokens are C (`#define`, `#if`)?
fn rewritable_directive(rest: &[u8]) -> bool {
    let rest: Vec<u8> = rest
        .iter()
        .copied()
        .skip_while(|c| *c == b' ' || *c == b'\t')
        .take(7)
        .collect();
    !(rest.first().is_some_and(u8::is_ascii_digit)
        || rest.starts_with(b"line")
        || rest.starts_with(b"include"))
}

/// Is `i` the first non-blank byte of its line?
fn line_start(b: &[u8], i: usize) -> bool {
    b[..i]
        .iter()
        .rev()
        .take_while(|x| **x != b'\n')
        .all(|x| *x == b' ' || *x == b'\t')
}

/// Does the program translate to the certificate's task under LP64 too?
/// Then a host (LP64) build runs the same program as certa modelled.
fn same_task_under_lp64(cert: &Certificate, program: &Path) -> bool {
    let encoding = match cert
        .header
        .source
        .as_ref()
        .map(|s| s.translation.encoding.as_str())
    {
        Some("sbe") => frontend::Encoding::Sbe,
        _ => frontend::Encoding::Lbe,
    };
    let Some(props) = cert
        .header
        .source
        .as_ref()
        .and_then(|s| frontend::Properties::of_translation(&s.translation).ok())
    else {
        return false;
    };
    frontend::c::load_c(program, frontend::c::DataModel::Lp64, encoding, props)
        .is_ok_and(|p| format::hash::task_sha256(&p.task) == cert.header.task_sha256)
}

/// Confirms with a given harness (see [`confirm`]); the source hash is not checked here.
pub fn confirm_harness(cert: &Certificate, _source: &Path, h: &Harness) -> Confirmation {
    let mut notes = Vec::new();
    for u in &h.indeterminate {
        notes.push(uncontrolled(u));
    }
    let Some(cc) = compiler() else {
        return Confirmation::inconclusive(
            "no C compiler (cc, gcc) found".into(),
            String::new(),
            notes,
        );
    };
    let dir = match Scratch::new() {
        Ok(d) => d,
        Err(e) => return Confirmation::inconclusive(e, String::new(), notes),
    };
    let mut flags: Vec<String> = vec!["-w".into(), "-O0".into()];
    if h.undefined.is_some() {
        // The run ends in undefined arithmetic: gcc's sanitizers report
        // it (file:line:col: runtime error: ...) and stop the run.
        flags.push("-fsanitize=signed-integer-overflow,integer-divide-by-zero,shift".into());
        flags.push("-fno-sanitize-recover=all".into());
    }
    let mut harness_flags: Vec<String> = Vec::new();
    let mut program = h.program.clone();
    let host_64 = cfg!(target_pointer_width = "64");
    match (h.data_model.as_str(), host_64) {
        ("ILP32", true) if can_build_m32(&cc, &dir.0) => flags.push("-m32".into()),
        ("ILP32", true) if same_task_under_lp64(cert, &h.program) => notes.push(
            "built for the host's LP64 (`cc -m32` is unavailable): the program translates to the same task under LP64 as under ILP32".into(),
        ),
        ("ILP32", true) => {
            // `long` spelt as ILP32 means it, if that gives the same task.
            let rewritten = std::fs::read_to_string(&h.program)
                .ok()
                .map(|t| ilp32_as_lp64(&t))
                .and_then(|t| {
                    let p = dir.0.join(h.program.file_name()?);
                    std::fs::write(&p, t).ok()?;
                    Some(p)
                });
            match rewritten {
                Some(p) if same_task_under_lp64(cert, &p) => {
                    if let Some(d) = h.program.parent() {
                        flags.push(format!("-I{}", d.display()));
                    }
                    harness_flags.push("-DCERTA_LONG=int".into());
                    notes.push(
                        "built for the host's LP64 (`cc -m32` is unavailable) with the program's `long` rewritten to `int`; the rewritten program translates to the certificate's task".into(),
                    );
                    program = p;
                }
                _ => {
                    return Confirmation::inconclusive(
                        "cannot compile for ILP32: `cc -m32` is unavailable and the program depends on the data model".into(),
                        String::new(),
                        notes,
                    )
                }
            }
        }
        ("LP64", false) => {
            return Confirmation::inconclusive(
                "cannot compile for LP64 on this 32-bit host".into(),
                String::new(),
                notes,
            )
        }
        _ => {}
    }
    let harness_c = dir.0.join("harness.c");
    if let Err(e) = std::fs::write(&harness_c, &h.text) {
        return Confirmation::inconclusive(
            format!("{}: {e}", harness_c.display()),
            String::new(),
            notes,
        );
    }
    let object = dir.0.join("program.o");
    if let Err(out) = run_tool(
        Command::new(&cc)
            .args(&flags)
            .arg("-c")
            .arg(&program)
            .arg("-o")
            .arg(&object),
    ) {
        return Confirmation::inconclusive(
            format!("the program does not compile: {}", h.program.display()),
            out,
            notes,
        );
    }
    if !h.redefine.is_empty() {
        let mut cmd = Command::new("objcopy");
        for (a, b) in &h.redefine {
            cmd.arg("--redefine-sym").arg(format!("{a}={b}"));
        }
        if let Err(out) = run_tool(cmd.arg(&object)) {
            return Confirmation::inconclusive(
                "cannot route the program's allocations to the harness (objcopy failed)".into(),
                out,
                notes,
            );
        }
    }
    if !h.weaken.is_empty() {
        let mut cmd = Command::new("objcopy");
        for w in &h.weaken {
            cmd.arg(format!("--weaken-symbol={w}"));
        }
        if let Err(out) = run_tool(cmd.arg(&object)) {
            return Confirmation::inconclusive(
                format!(
                    "cannot override the program's own {} (objcopy failed)",
                    h.weaken.join(", ")
                ),
                out,
                notes,
            );
        }
    }
    let exe = dir.0.join("run");
    if let Err(out) = run_tool(
        Command::new(&cc)
            .args(&flags)
            .args(&harness_flags)
            .arg(&harness_c)
            .arg(&object)
            .arg("-o")
            .arg(&exe),
    ) {
        return Confirmation::inconclusive(
            "the harness does not link with the program".into(),
            out,
            notes,
        );
    }
    let run = match run_with_timeout(&exe, RUN_TIMEOUT) {
        Ok(r) => r,
        Err(e) => {
            return Confirmation::inconclusive(
                format!("cannot run the program: {e}"),
                String::new(),
                notes,
            )
        }
    };
    let mut output = String::new();
    if !run.stdout.is_empty() {
        output.push_str(&format!("[stdout]\n{}\n", last_lines(&run.stdout, 10)));
    }
    if !run.stderr.is_empty() {
        output.push_str(&format!("[stderr]\n{}\n", last_lines(&run.stderr, 10)));
    }
    let (outcome, reason) = match &h.undefined {
        Some(site) => judge_undefined(&run, site),
        None => judge(&run, h.nondet.len()),
    };
    // A run that depends on values nobody sets refutes nothing.
    let (outcome, reason) = if outcome == Outcome::NotConfirmed && !h.indeterminate.is_empty() {
        (
            Outcome::Inconclusive,
            format!("{reason}, but the certificate's run reads uninitialised values, which the harness cannot set"),
        )
    } else {
        (outcome, reason)
    };
    Confirmation {
        outcome,
        reason,
        output,
        notes,
    }
}

/// What a run that should end in undefined arithmetic shows: CONFIRMED
/// only when a sanitizer reports a runtime error on the operation's line.
fn judge_undefined(run: &RunResult, site: &frontend::c::CheckSite) -> (Outcome, String) {
    let wanted = format!(":{}:", site.line);
    let reports: Vec<&str> = run
        .stderr
        .lines()
        .filter(|l| l.contains("runtime error:"))
        .collect();
    let what = format!(
        "{} in `{}` at line {}",
        site.kind.name(),
        site.text,
        site.line
    );
    match reports.iter().find(|l| l.contains(&wanted)) {
        Some(r) => (
            Outcome::Confirmed,
            format!(
                "gcc's sanitizer reports the certificate's {what}: {}",
                r.trim()
            ),
        ),
        None if run.report.is_some() => (
            Outcome::NotConfirmed,
            format!("the run reached the error call, not the certificate's {what}"),
        ),
        None => match reports.first() {
            Some(r) => (
                Outcome::NotConfirmed,
                format!(
                    "the sanitizer reports another operation, not the certificate's {what}: {}",
                    r.trim()
                ),
            ),
            None => (
                Outcome::NotConfirmed,
                format!(
                    "the run ended with {} without a sanitizer report of the certificate's {what}",
                    run.status.describe()
                ),
            ),
        },
    }
}

/// What the run shows: CONFIRMED only with this run's token, sent after
/// the trace's `expected_calls` nondet calls, and the reached status.
fn judge(run: &RunResult, expected_calls: usize) -> (Outcome, String) {
    let marker = run.stderr.lines().any(|l| l == MARKER);
    let wrong = if run.wrong_token {
        " (a report with a wrong token came back)"
    } else {
        ""
    };
    match (&run.status, &run.report) {
        (Status::Exited(REACHED_STATUS), Some(r)) if r.calls == expected_calls as u64 => (
            Outcome::Confirmed,
            format!(
                "the program reaches the error: `{}` sent back this run's token after the certificate's {expected_calls} nondet values (exit status {REACHED_STATUS})",
                r.function
            ),
        ),
        (_, Some(r)) if r.calls != expected_calls as u64 => (
            Outcome::NotConfirmed,
            format!(
                "`{}` ran after {} nondet calls, but the certificate's run makes {expected_calls}: the program reaches the error on another run",
                r.function, r.calls
            ),
        ),
        (status, Some(r)) => (
            Outcome::NotConfirmed,
            format!(
                "`{}` sent back this run's token, but the run then ended with {} instead of exiting with status {REACHED_STATUS}",
                r.function,
                status.describe()
            ),
        ),
        (Status::Exited(code), None) if marker || *code == REACHED_STATUS => (
            Outcome::NotConfirmed,
            format!(
                "the program exited with status {code}{}, but the harness's reach_error never sent back this run's token: the program's own output or exit, not the error{wrong}",
                if marker { " and printed the harness's marker" } else { "" }
            ),
        ),
        (Status::Exited(code), None) => (
            Outcome::NotConfirmed,
            format!("the program exited with status {code} without reaching the error{wrong}"),
        ),
        (Status::Signal(s), None) => (
            Outcome::NotConfirmed,
            format!("the program was killed by signal {s}"),
        ),
        (Status::TimedOut, None) => (
            Outcome::NotConfirmed,
            format!(
                "the program did not finish within {} s (killed)",
                RUN_TIMEOUT.as_secs()
            ),
        ),
    }
}

enum Status {
    Exited(i32),
    Signal(i32),
    TimedOut,
}

impl Status {
    fn describe(&self) -> String {
        match self {
            Status::Exited(c) => format!("exit status {c}"),
            Status::Signal(s) => format!("signal {s}"),
            Status::TimedOut => "a timeout".into(),
        }
    }
}

/// What the harness's `reach_error` sent back with the run's token.
struct Report {
    function: String,
    calls: u64,
}

struct RunResult {
    status: Status,
    stdout: String,
    stderr: String,
    /// The report carrying this run's token, if one came back.
    report: Option<Report>,
    /// A report line came back with another token.
    wrong_token: bool,
}

/// `n` bytes from `/dev/urandom`.
fn random_bytes(n: usize) -> Result<Vec<u8>, String> {
    let mut b = vec![0u8; n];
    std::fs::File::open("/dev/urandom")
        .and_then(|mut f| f.read_exact(&mut b))
        .map_err(|e| format!("cannot read /dev/urandom: {e}"))?;
    Ok(b)
}

/// The highest descriptor number plus one that a child may use, at most 1024.
fn descriptor_limit() -> i32 {
    let mut rl = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit(2) writes the struct it is given and nothing else.
    let ok = unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut rl) } == 0;
    if ok {
        rl.rlim_cur.min(1024) as i32
    } else {
        256
    }
}

/// Two distinct random descriptor numbers in `10..limit`.
fn random_descriptors(limit: i32) -> Result<(i32, i32), String> {
    let span = (limit - 10).max(2) as u32;
    let r = random_bytes(8)?;
    let a = u32::from_le_bytes([r[0], r[1], r[2], r[3]]) % span;
    let mut b = u32::from_le_bytes([r[4], r[5], r[6], r[7]]) % (span - 1);
    if b >= a {
        b += 1;
    }
    Ok((10 + a as i32, 10 + b as i32))
}

/// Spawns `exe` with the token's descriptor at a random number `>= 10`
/// and the report's write end at another (see the module's documentation);
/// `token_r` and `report_w` are the parent's ends to hand over.
fn spawn_with_channel(
    exe: &Path,
    token_r: &OwnedFd,
    report_w: &OwnedFd,
) -> Result<std::process::Child, String> {
    let limit = descriptor_limit();
    if limit < 16 {
        return Err(format!("too few descriptors allowed ({limit})"));
    }
    let (from_in, from_out) = (token_r.as_raw_fd(), report_w.as_raw_fd());
    let mut last = String::new();
    // A number already open in the child is never replaced: that spawn
    // fails (EBUSY) and another pair is drawn.
    for _ in 0..16 {
        let (to_in, to_out) = random_descriptors(limit)?;
        let mut cmd = Command::new(exe);
        cmd.stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .env(CONFIRM_ENV, format!("{to_in}:{to_out}"));
        // SAFETY: the hook runs in the forked child before exec and calls
        // only fcntl(2) and dup2(2), which are async-signal-safe, on
        // descriptor numbers copied into the closure; it allocates nothing.
        // dup2 leaves the new descriptors without close-on-exec, so exactly
        // these two reach the harness; the pipes' own descriptors are
        // close-on-exec and stay behind.
        unsafe {
            cmd.pre_exec(move || {
                let open = |fd: i32| libc::fcntl(fd, libc::F_GETFD) != -1;
                if open(to_in) || open(to_out) {
                    return Err(std::io::Error::from_raw_os_error(libc::EBUSY));
                }
                if libc::dup2(from_in, to_in) < 0 || libc::dup2(from_out, to_out) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        match cmd.spawn() {
            Ok(c) => return Ok(c),
            Err(e) if e.raw_os_error() == Some(libc::EBUSY) => last = e.to_string(),
            Err(e) => return Err(e.to_string()),
        }
    }
    Err(format!(
        "no free descriptor numbers for the harness ({last})"
    ))
}

/// Reads what the harness sent on the report pipe once the run is over:
/// without blocking, since a process the program forked may still hold
/// the write end.
fn read_report(report_r: OwnedFd) -> Vec<u8> {
    let fd = report_r.as_raw_fd();
    // SAFETY: fcntl(2) on a descriptor this function owns.
    unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        if flags >= 0 {
            libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK);
        }
    }
    let mut f = std::fs::File::from(report_r);
    let mut kept = Vec::new();
    let mut buf = [0u8; 4096];
    while kept.len() < 1 << 16 {
        match f.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => kept.extend_from_slice(&buf[..n]),
        }
    }
    kept
}

/// The report line carrying `token`: `reached <token> <function> <calls>`.
fn parse_report(bytes: &[u8], token: &str) -> (Option<Report>, bool) {
    let text = String::from_utf8_lossy(bytes);
    let mut wrong = false;
    for line in text.lines() {
        let f: Vec<&str> = line.split(' ').collect();
        if f.len() != 4 || f[0] != "reached" {
            continue;
        }
        if f[1] != token {
            wrong = true;
            continue;
        }
        if let Ok(calls) = f[3].parse() {
            return (
                Some(Report {
                    function: f[2].to_string(),
                    calls,
                }),
                wrong,
            );
        }
    }
    (None, wrong)
}

/// Runs `exe` with no input, killing it after `limit`, with a fresh
/// token for its `reach_error` to send back.
fn run_with_timeout(exe: &Path, limit: Duration) -> Result<RunResult, String> {
    let token: String = random_bytes(16)?
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let (token_r, mut token_w) = std::io::pipe().map_err(|e| e.to_string())?;
    let (report_r, report_w) = std::io::pipe().map_err(|e| e.to_string())?;
    // The token waits in the pipe; the harness reads it up to end of file.
    token_w
        .write_all(token.as_bytes())
        .map_err(|e| e.to_string())?;
    drop(token_w);
    let (token_r, report_w): (OwnedFd, OwnedFd) = (token_r.into(), report_w.into());
    let mut child = spawn_with_channel(exe, &token_r, &report_w)?;
    // Only the child holds these now.
    drop(token_r);
    drop(report_w);
    // Keeps the last 64 KiB of a stream.
    fn drain(mut r: impl Read + Send + 'static) -> std::thread::JoinHandle<String> {
        std::thread::spawn(move || {
            let mut kept: Vec<u8> = Vec::new();
            let mut buf = [0u8; 8192];
            while let Ok(n) = r.read(&mut buf) {
                if n == 0 {
                    break;
                }
                kept.extend_from_slice(&buf[..n]);
                if kept.len() > 1 << 17 {
                    kept.drain(..kept.len() - (1 << 16));
                }
            }
            String::from_utf8_lossy(&kept).into_owned()
        })
    }
    let out = drain(child.stdout.take().expect("piped"));
    let err = drain(child.stderr.take().expect("piped"));
    let start = Instant::now();
    let status = loop {
        match child.try_wait().map_err(|e| e.to_string())? {
            Some(s) => break Some(s),
            None if start.elapsed() >= limit => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            None => std::thread::sleep(Duration::from_millis(10)),
        }
    };
    let stdout = out.join().unwrap_or_default();
    let stderr = err.join().unwrap_or_default();
    let status = match status {
        None => Status::TimedOut,
        Some(s) => match s.code() {
            Some(c) => Status::Exited(c),
            None => {
                use std::os::unix::process::ExitStatusExt;
                Status::Signal(s.signal().unwrap_or(0))
            }
        },
    };
    let (report, wrong_token) = parse_report(&read_report(report_r.into()), &token);
    Ok(RunResult {
        status,
        stdout,
        stderr,
        report,
        wrong_token,
    })
}
