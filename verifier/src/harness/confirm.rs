//! Confirming a counterexample: compile the harness with the program
//! (LP64 in place of ILP32 only when that gives the same task), run it
//! under a timeout, and read the marker and exit status.

use super::*;
use std::fmt;
use std::io::Read;
use std::process::{Command, Stdio};
use std::time::Instant;

/// What running the harness showed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The run printed the marker and exited with [`REACHED_STATUS`].
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
    frontend::c::load_c(program, frontend::c::DataModel::Lp64, encoding)
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
    let marker = run.stderr.lines().any(|l| l == MARKER);
    let (outcome, reason) = match run.status {
        Status::Exited(REACHED_STATUS) if marker => (
            Outcome::Confirmed,
            format!(
                "the program reaches the error with the certificate's {} nondet values (exit status {REACHED_STATUS})",
                h.nondet.len()
            ),
        ),
        Status::Exited(code) => (
            Outcome::NotConfirmed,
            format!(
                "the program exited with status {code}{}",
                if marker { "" } else { " without reaching the error" }
            ),
        ),
        Status::Signal(s) => (Outcome::NotConfirmed, format!("the program was killed by signal {s}")),
        Status::TimedOut => (
            Outcome::NotConfirmed,
            format!("the program did not finish within {} s (killed)", RUN_TIMEOUT.as_secs()),
        ),
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

enum Status {
    Exited(i32),
    Signal(i32),
    TimedOut,
}

struct RunResult {
    status: Status,
    stdout: String,
    stderr: String,
}

/// Runs `exe` with no input, killing it after `limit`.
fn run_with_timeout(exe: &Path, limit: Duration) -> Result<RunResult, String> {
    let mut child = Command::new(exe)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
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
    Ok(RunResult {
        status,
        stdout,
        stderr,
    })
}
