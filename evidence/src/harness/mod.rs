//! A C test harness for an UNSAFE certificate of a C program (the nondet functions return the trace's values in call order), and `confirm`, which compiles and runs it with the program.

use crate::concretize::{self, Indeterminate, NondetRead};
use format::{BigInt, Body, Certificate};
use frontend;
use std::path::{Path, PathBuf};
use std::time::Duration;

mod confirm;
pub use confirm::*;

/// Printed on stderr by the harness's `reach_error`, for people: `confirm`
/// does not trust it (a program can print it), it reads the run's token.
pub const MARKER: &str = "certa-harness: reach_error reached";
/// The environment variable through which `confirm` names the harness's
/// two descriptors (`<in>:<out>`); the harness wipes it before `main`.
pub const CONFIRM_ENV: &str = "CERTA_CONFIRM";
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
    /// The program's calls of the C library's allocators, renamed to the
    /// harness's replaying ones (`objcopy --redefine-sym malloc=certa_malloc`).
    pub redefine: Vec<(String, String)>,
    /// `ILP32` or `LP64`.
    pub data_model: String,
    pub nondet: Vec<NondetRead>,
    pub indeterminate: Vec<Indeterminate>,
    /// The checked operation the certificate's run ends in (signed
    /// overflow, division by zero, shift amount), if not `reach_error`:
    /// `confirm` builds with gcc's sanitizers and wants them to report it.
    pub undefined: Option<frontend::c::CheckSite>,
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

/// The checked operation an UNSAFE certificate's run ends in (see
/// `frontend::c::CheckSite`), `None` for `reach_error`.
pub fn reached_check(
    cert: &Certificate,
    source: &Path,
) -> Result<Option<frontend::c::CheckSite>, String> {
    let (Body::Unsafe(trace), Some(recorded)) = (&cert.body, &cert.header.source) else {
        return Ok(None);
    };
    let program = frontend::load_as(source, &recorded.translation).map_err(|e| e.to_string())?;
    Ok(engine::run::reached_site(&program, trace).cloned())
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
    let undefined = reached_check(cert, source)?;
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
    // Allocations that may fail: the run's choices, replayed in order by
    // wrappers the program's calls are renamed to.
    let redefine: Vec<(String, String)> = if st.allocations.is_empty() {
        Vec::new()
    } else {
        ["malloc", "calloc", "realloc"]
            .into_iter()
            .filter(|f| !found.defined.contains(*f))
            .map(|f| (f.to_string(), format!("certa_{f}")))
            .collect()
    };
    if !redefine.is_empty() {
        let flags: Vec<String> = redefine
            .iter()
            .map(|(a, b)| format!("--redefine-sym {a}={b}"))
            .collect();
        c.push_str(&format!(
            " *   objcopy {} program.o   (allocations replay the run's choices)\n",
            flags.join(" ")
        ));
    }
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
        " * run: ./run; reaching the error prints \"{MARKER}\"\n *   on stderr and exits with status {REACHED_STATUS}. `certa confirm` trusts neither:\n *   it passes a fresh random token that only this file's reach_error sends back.\n"
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
    if !st.allocations.is_empty() {
        let fails = st
            .allocations
            .iter()
            .filter(|a| {
                a.value
                    .as_ref()
                    .is_some_and(|v| v.sign() == num_bigint::Sign::NoSign)
            })
            .count();
        c.push_str(&format!(
            " * {} allocations, {fails} of them failing (NULL) in the run, in call order\n",
            st.allocations.len()
        ));
    }
    for s in &skipped {
        c.push_str(&format!(
            " * note: `{s}` is not defined here (unknown type)\n"
        ));
    }
    c.push_str(" */\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <unistd.h>\n#include <fcntl.h>\n\n");
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
    if !redefine.is_empty() {
        c.push_str(&allocators(&st.allocations));
    }
    c.push_str(&CONFIRM_C.replace("CERTA_CONFIRM_ENV", CONFIRM_ENV));
    for e in &errors {
        c.push_str(&format!(
            "void {e}(void) {{\n  certa_report(\"{e}\");\n  fputs(\"{MARKER}\\n\", stderr);\n  fflush(NULL);\n  _Exit({REACHED_STATUS});\n}}\n"
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
        redefine,
        data_model,
        nondet: st.nondet,
        indeterminate: st.indeterminate,
        undefined,
    })
}

/// Replaying allocators: the i-th call fails (NULL) when the run's i-th
/// allocation did, else the C library's allocator runs; calls past the run
/// succeed. (The program's own calls are renamed to these.)
fn allocators(allocations: &[Indeterminate]) -> String {
    let bits: Vec<&str> = allocations
        .iter()
        .map(|a| match &a.value {
            Some(v) if v.sign() == num_bigint::Sign::NoSign => "1",
            _ => "0",
        })
        .collect();
    let mut c = format!(
        "#define CERTA_ALLOCS {}UL
",
        bits.len()
    );
    c.push_str(
        "static const unsigned char certa_alloc_fails[CERTA_ALLOCS + 1] = {
",
    );
    for chunk in bits.chunks(32) {
        c.push_str(&format!(
            "  {},
",
            chunk.join(", ")
        ));
    }
    c.push_str(
        "  0
};
",
    );
    c.push_str(
        r#"static unsigned long certa_allocs;
static int certa_alloc_fails_now(void) {
  unsigned long i = certa_allocs++;
  return i < CERTA_ALLOCS && certa_alloc_fails[i];
}
void *certa_malloc(size_t n) { return certa_alloc_fails_now() ? NULL : malloc(n); }
void *certa_calloc(size_t k, size_t n) { return certa_alloc_fails_now() ? NULL : calloc(k, n); }
void *certa_realloc(void *p, size_t n) { return certa_alloc_fails_now() ? NULL : realloc(p, n); }

"#,
    );
    c
}

/// The harness's side of `certa confirm`'s proof that `reach_error` ran
/// (see `confirm.rs`). Read before any of the program's code runs
/// (constructor priority 101, the first one not reserved), so the program
/// never sees the variable, the token's descriptor or the token.
const CONFIRM_C: &str = r#"/* Under `certa confirm`: proof that this file's reach_error ran. confirm sets
 * CERTA_CONFIRM_ENV=<in>:<out>, two descriptor numbers it picks at random for
 * each run, and puts on <in> a random token made for that run. Before any of
 * the program's code runs, this reads the token, closes <in>, and wipes and
 * removes the variable; reach_error writes the token (and how many nondet
 * values were taken) to <out>. The program's own output cannot carry a token
 * it never saw. Without the variable (run by hand), this does nothing. */
static char certa_token[72];
static int certa_out = -1;

__attribute__((constructor(101))) static void certa_confirm_init(void) {
  char *v = getenv("CERTA_CONFIRM_ENV");
  int in = -1, out = -1;
  size_t got = 0;
  if (!v)
    return;
  if (sscanf(v, "%d:%d", &in, &out) != 2)
    in = out = -1;
  memset(v, 0, strlen(v));
  unsetenv("CERTA_CONFIRM_ENV");
  if (in < 0 || out < 0)
    return;
  while (got < sizeof certa_token - 1) {
    ssize_t n = read(in, certa_token + got, sizeof certa_token - 1 - got);
    if (n <= 0)
      break;
    got += (size_t)n;
  }
  certa_token[got] = 0;
  close(in);
  if (got == 0) {
    close(out);
    return;
  }
  fcntl(out, F_SETFD, FD_CLOEXEC);
  certa_out = out;
}

static void certa_report(const char *fn) {
  char line[160];
  int n;
  size_t done = 0;
  if (certa_out < 0)
    return;
  n = snprintf(line, sizeof line, "reached %s %s %lu\n", certa_token, fn, certa_calls);
  while (n > 0 && done < (size_t)n) {
    ssize_t w = write(certa_out, line + done, (size_t)n - done);
    if (w <= 0)
      break;
    done += (size_t)w;
  }
}

"#;

/// A value the harness cannot set, in words.
fn uncontrolled(u: &Indeterminate) -> String {
    // The result of an allocation (`alloc@..`): the run chooses whether
    // it fails, which the C library decides in a real run.
    if let (true, Some(v)) = (u.var.starts_with("alloc@"), &u.value) {
        let what = if v.sign() == num_bigint::Sign::NoSign {
            "fail (NULL)"
        } else {
            "succeed"
        };
        return format!(
            "the run has the allocation at {}:{} {what}; the harness does not control the C library's allocator",
            u.line, u.col
        );
    }
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
