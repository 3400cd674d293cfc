//! A C test harness for an UNSAFE certificate of a C program (the nondet functions return the trace's values in call order), and `confirm`, which compiles and runs it with the program.

use crate::concretize::{self, Indeterminate, NondetRead};
use crate::frontend;
use format::{BigInt, Body, Certificate};
use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Printed on stderr by the harness's `reach_error`.
pub const MARKER: &str = "certa-harness: reach_error reached";
/// Exit status of a run that reaches `reach_error`.
pub const REACHED_STATUS: i32 = 86;
/// Exit status of a run whose `__VERIFIER_assume` fails.
pub const ASSUME_STATUS: i32 = 87;
/// How long `confirm` lets the program run.
pub const RUN_TIMEOUT: Duration = Duration::from_secs(10);
/// Values listed with a comment each; later ones are listed bare.
const COMMENTED_VALUES: usize = 10_000;

/// A generated harness and what building it needs.
#[derive(Clone, Debug)]
pub struct Harness {
    /// The harness's C text.
    pub text: String,
    /// The C file to compile with it: the source, or the input file of a `.yml` task.
    pub program: PathBuf,
    /// Functions both the harness and the program define: the program's
    /// definitions are made weak (`objcopy --weaken-symbol`) before linking.
    pub weaken: Vec<String>,
    /// `ILP32` or `LP64`.
    pub data_model: String,
    pub nondet: Vec<NondetRead>,
    pub indeterminate: Vec<Indeterminate>,
}

/// The SV-COMP return type of `__VERIFIER_nondet_<kind>`.
fn nondet_type(kind: &str) -> Option<&'static str> {
    Some(match kind {
        "int" => "int",
        "uint" | "unsigned" | "u32" => "unsigned int",
        "char" => "char",
        "uchar" | "u8" => "unsigned char",
        "short" => "short",
        "ushort" | "u16" => "unsigned short",
        "long" => "CERTA_LONG",
        "ulong" | "size_t" => "unsigned CERTA_LONG",
        "longlong" => "long long",
        "ulonglong" => "unsigned long long",
        "bool" | "_Bool" => "_Bool",
        _ => return None,
    })
}

/// The index just after the comment, string or character literal that
/// starts at `i`, if one does.
fn skip_comment_or_literal(b: &[u8], mut i: usize) -> Option<usize> {
    let c = b[i];
    if c == b'/' && b.get(i + 1) == Some(&b'/') {
        while i < b.len() && b[i] != b'\n' {
            i += 1;
        }
    } else if c == b'/' && b.get(i + 1) == Some(&b'*') {
        i += 2;
        while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
            i += 1;
        }
        i += 2;
    } else if c == b'"' || c == b'\'' {
        i += 1;
        while i < b.len() && b[i] != c {
            i += if b[i] == b'\\' { 2 } else { 1 };
        }
        i += 1;
    } else {
        return None;
    }
    Some(i)
}

/// The identifiers of C text outside comments, string and character
/// literals, each with the byte offset just after it.
fn identifiers(text: &str) -> Vec<(&str, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if let Some(next) = skip_comment_or_literal(b, i) {
            i = next;
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push((&text[start..i], i));
        } else if c.is_ascii_digit() {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'.') {
                i += 1;
            }
        } else {
            i += 1;
        }
    }
    out
}

/// Does `text` continue at `at` with `( ... ) {`, i.e. a function definition?
fn is_definition(text: &str, at: usize) -> bool {
    let b = text.as_bytes();
    let skip_ws = |mut i: usize| {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        i
    };
    let mut i = skip_ws(at);
    if b.get(i) != Some(&b'(') {
        return false;
    }
    let mut depth = 0;
    while i < b.len() {
        match b[i] {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            _ => {}
        }
        i += 1;
    }
    b.get(skip_ws(i + 1)) == Some(&b'{')
}

/// What the program's text mentions and defines.
struct Scan {
    used: std::collections::BTreeSet<String>,
    defined: std::collections::BTreeSet<String>,
}

fn scan(text: &str) -> Scan {
    let mut used = std::collections::BTreeSet::new();
    let mut defined = std::collections::BTreeSet::new();
    for (id, end) in identifiers(text) {
        let interesting =
            id.starts_with("__VERIFIER_") || matches!(id, "reach_error" | "assume_abort_if_not");
        if !interesting {
            continue;
        }
        used.insert(id.to_string());
        if is_definition(text, end) {
            defined.insert(id.to_string());
        }
    }
    Scan { used, defined }
}

/// The C file a source names: itself, or the input file of a `.yml` task definition.
pub fn program_file(source: &Path) -> Result<PathBuf, String> {
    match source.extension().and_then(|e| e.to_str()) {
        Some("yml" | "yaml") => {
            let def = frontend::c::read_task_def(source).map_err(|e| e.to_string())?;
            let [input] = def.input_files.as_slice() else {
                return Err(format!(
                    "{}: tasks with several input files are not supported",
                    source.display()
                ));
            };
            Ok(source.parent().unwrap_or(Path::new(".")).join(input))
        }
        Some("c" | "i") => Ok(source.to_path_buf()),
        _ => Err(format!("{} is not a C program", source.display())),
    }
}

/// A 64-bit C literal for `v` (stored in an `unsigned long long` array).
fn literal(v: &BigInt) -> Result<String, String> {
    let min = -(BigInt::from(1) << 63u32);
    let max = (BigInt::from(1) << 64u32) - 1;
    if *v < min || *v > max {
        return Err(format!("the value {v} does not fit in 64 bits"));
    }
    Ok(if *v == min {
        "(unsigned long long)(-9223372036854775807LL - 1)".to_string()
    } else if v.sign() == num_bigint::Sign::Minus {
        format!("(unsigned long long)({v}LL)")
    } else {
        format!("{v}ULL")
    })
}

/// The harness of `cert` for the program `source` (a `.c`, `.i` or `.yml` file).
pub fn harness(cert: &Certificate, source: &Path) -> Result<String, String> {
    build(cert, source).map(|h| h.text)
}

/// Builds the harness (see [`Harness`]).
pub fn build(cert: &Certificate, source: &Path) -> Result<Harness, String> {
    let Body::Unsafe(_) = &cert.body else {
        return Err("this is a SAFE certificate; there is no run to replay".into());
    };
    let recorded = cert
        .header
        .source
        .as_ref()
        .ok_or("the certificate names no source file")?;
    if recorded.translation.language != "c" {
        return Err(format!(
            "the certificate is about a `{}` program; harnesses are for C",
            recorded.translation.language
        ));
    }
    let program = program_file(source)?;
    let text =
        std::fs::read_to_string(&program).map_err(|e| format!("{}: {e}", program.display()))?;
    let st = concretize::nondet_reads(cert, source)?;
    let found = scan(&text);
    let data_model = recorded
        .translation
        .data_model
        .clone()
        .unwrap_or_else(|| "LP64".into());

    // Functions to define, with the kind table for call-order checks.
    let mut nondet_fns: Vec<(String, &'static str)> = Vec::new();
    let mut skipped = Vec::new();
    for name in &found.used {
        if let Some(kind) = name.strip_prefix("__VERIFIER_nondet_") {
            match nondet_type(kind) {
                Some(ty) => nondet_fns.push((name.clone(), ty)),
                None => skipped.push(name.clone()),
            }
        }
    }
    for r in &st.nondet {
        if let Some(f) = &r.function {
            if !nondet_fns.iter().any(|(n, _)| n == f) {
                let kind = f.trim_start_matches("__VERIFIER_nondet_");
                let ty = nondet_type(kind)
                    .ok_or_else(|| format!("no C type known for `{f}`, which the run calls"))?;
                nondet_fns.push((f.clone(), ty));
            }
        }
    }
    nondet_fns.sort();
    let mut weaken: Vec<String> = nondet_fns
        .iter()
        .map(|(n, _)| n.clone())
        .filter(|n| found.defined.contains(n))
        .collect();
    let mut errors = vec!["reach_error".to_string()];
    if found.used.contains("__VERIFIER_error") {
        errors.push("__VERIFIER_error".into());
    }
    weaken.extend(
        errors
            .iter()
            .filter(|n| found.defined.contains(*n))
            .cloned(),
    );
    let assumes: Vec<&str> = ["__VERIFIER_assume", "assume_abort_if_not"]
        .into_iter()
        .filter(|n| found.used.contains(*n) && !found.defined.contains(*n))
        .collect();
    let assert =
        found.used.contains("__VERIFIER_assert") && !found.defined.contains("__VERIFIER_assert");

    let file_name = |p: &Path| {
        p.file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    let prog_name = file_name(&program);
    let m32 = if data_model == "ILP32" { " -m32" } else { "" };
    let mut c = String::new();
    c.push_str("/* certa test harness: replays the run of an UNSAFE certificate.\n");
    c.push_str(&format!(
        " * certificate: task sha256 {}, a run of {} {} steps ({} single statements)\n",
        cert.header.task_sha256,
        match &cert.body {
            Body::Unsafe(t) => t.steps.len(),
            _ => 0,
        },
        recorded.translation.encoding.to_uppercase(),
        st.sbe_steps
    ));
    c.push_str(&format!(
        " * source: {} sha256 {} (C, {data_model})\n",
        recorded.name, recorded.sha256
    ));
    if prog_name != recorded.name {
        c.push_str(&format!(" * program: {prog_name}\n"));
    }
    c.push_str(" * build:\n");
    c.push_str(&format!(
        " *   cc -w -O0{m32} -c {prog_name} -o program.o\n"
    ));
    if !weaken.is_empty() {
        let flags: Vec<String> = weaken
            .iter()
            .map(|w| format!("--weaken-symbol={w}"))
            .collect();
        c.push_str(&format!(
            " *   objcopy {} program.o   (the program defines them too)\n",
            flags.join(" ")
        ));
    }
    c.push_str(&format!(" *   cc -w -O0{m32} harness.c program.o -o run\n"));
    c.push_str(&format!(
        " * run: ./run; reaching the error prints \"{MARKER}\"\n *   on stderr and exits with status {REACHED_STATUS}.\n"
    ));
    c.push_str(&format!(
        " * {} nondet values, in call order (line:col function = value -> variable):\n",
        st.nondet.len()
    ));
    for (i, r) in st.nondet.iter().enumerate().take(COMMENTED_VALUES) {
        c.push_str(&format!(" *   #{} {}\n", i + 1, describe(r)));
    }
    if st.nondet.len() > COMMENTED_VALUES {
        c.push_str(&format!(
            " *   ... {} more\n",
            st.nondet.len() - COMMENTED_VALUES
        ));
    }
    for u in &st.indeterminate {
        c.push_str(&format!(" * note: {}\n", uncontrolled(u)));
    }
    for s in &skipped {
        c.push_str(&format!(
            " * note: `{s}` is not defined here (unknown type)\n"
        ));
    }
    c.push_str(" */\n#include <stdio.h>\n#include <stdlib.h>\n\n");
    c.push_str("/* `long` of the program (`-DCERTA_LONG=int` when its `long` was rewritten to `int`). */\n");
    c.push_str("#ifndef CERTA_LONG\n#define CERTA_LONG long\n#endif\n\n");

    let kind_names: Vec<&str> = nondet_fns.iter().map(|(n, _)| n.as_str()).collect();
    let kind_of = |r: &NondetRead| {
        r.function
            .as_deref()
            .and_then(|f| kind_names.iter().position(|n| *n == f))
            .unwrap_or(255)
    };
    c.push_str(&format!("#define CERTA_COUNT {}UL\n", st.nondet.len()));
    c.push_str("static const unsigned long long certa_values[CERTA_COUNT + 1] = {\n");
    let mut bare = Vec::new();
    for (i, r) in st.nondet.iter().enumerate() {
        let lit = literal(&r.value)?;
        if i < COMMENTED_VALUES {
            c.push_str(&format!("  {lit}, /* #{} {} */\n", i + 1, describe(r)));
        } else {
            bare.push(lit);
            if bare.len() == 8 {
                c.push_str(&format!("  {},\n", bare.join(", ")));
                bare.clear();
            }
        }
    }
    if !bare.is_empty() {
        c.push_str(&format!("  {},\n", bare.join(", ")));
    }
    c.push_str("  0 /* end */\n};\n");
    c.push_str("/* Which function each value is for (255: unknown). */\n");
    c.push_str("static const unsigned char certa_kind[CERTA_COUNT + 1] = {\n");
    for chunk in st.nondet.chunks(32) {
        let ks: Vec<String> = chunk.iter().map(|r| kind_of(r).to_string()).collect();
        c.push_str(&format!("  {},\n", ks.join(", ")));
    }
    c.push_str("  255\n};\n");
    c.push_str("static const char *const certa_kind_names[] = {");
    for n in &kind_names {
        c.push_str(&format!("\"{n}\", "));
    }
    c.push_str("0};\n");
    c.push_str(
        r#"static unsigned long certa_calls;

static unsigned long long certa_next(unsigned char kind) {
  unsigned long i = certa_calls++;
  if (i >= CERTA_COUNT) {
    fprintf(stderr, "certa-harness: warning: call %lu (%s) has no value left; returning 0\n",
            i + 1, certa_kind_names[kind]);
    return 0;
  }
  if (certa_kind[i] != 255 && certa_kind[i] != kind)
    fprintf(stderr, "certa-harness: warning: call %lu is %s, the run expected %s\n",
            i + 1, certa_kind_names[kind], certa_kind_names[certa_kind[i]]);
  return certa_values[i];
}

"#,
    );
    for (i, (name, ty)) in nondet_fns.iter().enumerate() {
        c.push_str(&format!(
            "{ty} {name}(void) {{ return ({ty})certa_next({i}); }}\n"
        ));
    }
    c.push('\n');
    for e in &errors {
        c.push_str(&format!(
            "void {e}(void) {{\n  fputs(\"{MARKER}\\n\", stderr);\n  fflush(NULL);\n  _Exit({REACHED_STATUS});\n}}\n"
        ));
    }
    for a in &assumes {
        c.push_str(&format!(
            "void {a}(int cond) {{\n  if (!cond) {{\n    fputs(\"certa-harness: assumption failed ({a})\\n\", stderr);\n    fflush(NULL);\n    _Exit({ASSUME_STATUS});\n  }}\n}}\n"
        ));
    }
    if assert {
        c.push_str("void __VERIFIER_assert(int cond) {\n  if (!cond)\n    reach_error();\n}\n");
    }
    weaken.sort();
    weaken.dedup();
    Ok(Harness {
        text: c,
        program,
        weaken,
        data_model,
        nondet: st.nondet,
        indeterminate: st.indeterminate,
    })
}

/// A value the harness cannot set, in words.
fn uncontrolled(u: &Indeterminate) -> String {
    match &u.value {
        Some(v) => format!(
            "the run reads the uninitialised `{}` (declared at {}:{}) as {v}; a real run picks its own value",
            u.var, u.line, u.col
        ),
        None => format!(
            "the run reads the uninitialised element `{}` at {}:{}; a real run picks its own value",
            u.var, u.line, u.col
        ),
    }
}

/// `12:7 __VERIFIER_nondet_int() = 5 -> x`, safe inside a C comment.
fn describe(r: &NondetRead) -> String {
    let call = if r.call_text.is_empty() {
        r.function.clone().unwrap_or_else(|| r.var.clone())
    } else {
        r.call_text.clone()
    };
    let mut s = format!("{}:{} {} = {}", r.line, r.col, call, r.value);
    if let Some(v) = &r.assigned {
        s.push_str(&format!(" -> {v}"));
    }
    s.replace("*/", "* /")
}

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
