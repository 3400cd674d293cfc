//! `certa confirm` cannot be fooled by the program's output: CONFIRMED needs
//! the per-run token that only the harness's `reach_error` sends back, after
//! the certificate's nondet calls. Programs that print the harness's marker
//! and exit with its status, that write guessed reports to every descriptor,
//! or that reach the error on another run are not confirmed; the program
//! never sees the token's variable; a harness run by hand still reports.
//!
//! The forging programs are linked with the harness of a genuine UNSAFE
//! certificate (`corpus/c/nondet_bug.c`, two nondet calls) through
//! `confirm_harness`, which does not check the source hash; the last test
//! is end to end: a program whose own constructor forges, verified UNSAFE
//! by certa, with its own certificate.

use certa_tests::corpus_dir;
use engine::run::run_file;
use engine::{Config, Verdict};
use evidence::harness::{self, Confirmation, Harness, Outcome, MARKER, REACHED_STATUS};
use format::Certificate;
use frontend::Encoding;
use std::path::Path;
use std::time::Duration;

/// A fresh directory of its own, removed when the result is dropped.
fn tmp(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("certa-token-{name}-"))
        .tempdir()
        .unwrap()
}

fn unsafe_certificate(file: &Path) -> Certificate {
    let cfg = Config {
        timeout: Some(Duration::from_secs(60)),
        ..Config::default()
    };
    let run =
        run_file(file, Encoding::Lbe, &cfg).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    assert!(
        matches!(run.outcome.verdict, Verdict::Unsafe(_)),
        "{}: expected UNSAFE",
        file.display()
    );
    run.certificate.expect("certificate")
}

fn has_compiler() -> bool {
    std::process::Command::new("cc")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The genuine certificate of `nondet_bug.c` and its harness, with the
/// program replaced by `program` (C text), built for the host (LP64: the
/// programs here use no `long`).
/// The program is in a fresh directory, removed when the returned guard is dropped.
fn with_program(name: &str, program: &str) -> (Certificate, Harness, tempfile::TempDir) {
    let source = corpus_dir().join("c/nondet_bug.c");
    let cert = unsafe_certificate(&source);
    let mut h = harness::build(&cert, &source).unwrap();
    assert_eq!(h.nondet.len(), 2);
    let dir = tmp(name);
    let file = dir.path().join("program.c");
    std::fs::write(&file, program).unwrap();
    h.program = file;
    h.weaken.clear();
    h.data_model = "LP64".into();
    (cert, h, dir)
}

fn confirm_with(name: &str, program: &str) -> Option<Confirmation> {
    if !has_compiler() {
        eprintln!("note: no C compiler; skipping {name}");
        return None;
    }
    let (cert, h, _dir) = with_program(name, program);
    let c = harness::confirm_harness(&cert, &corpus_dir().join("c/nondet_bug.c"), &h);
    eprintln!("{name}: {c}");
    Some(c)
}

#[test]
fn a_program_that_prints_the_marker_and_exits_with_the_status_is_not_confirmed() {
    // What the harness's reach_error printed and how it exited, done by the
    // program itself after the certificate's two nondet calls.
    let forged = format!(
        "#include <stdio.h>\n#include <stdlib.h>\nextern int __VERIFIER_nondet_int(void);\n\
         int main(void) {{\n  int x = __VERIFIER_nondet_int();\n  int y = __VERIFIER_nondet_int();\n\
         \x20 fputs(\"{MARKER}\\n\", stderr);\n  fflush(NULL);\n  _Exit({REACHED_STATUS});\n}}\n"
    );
    let Some(c) = confirm_with("marker", &forged) else {
        return;
    };
    assert_eq!(c.outcome, Outcome::NotConfirmed, "{c}");
    assert!(c.reason.contains("never sent back this run's token"), "{c}");
    assert!(c.output.contains(MARKER), "{c}");
}

#[test]
fn a_program_that_writes_guessed_reports_everywhere_is_not_confirmed() {
    // Looks for the token on every descriptor and in its environment, then
    // writes a report with a guessed token to every descriptor.
    let forged = format!(
        r#"#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {{
  char buf[256], env[8192];
  int fd, n, stolen = 0;
  __VERIFIER_nondet_int();
  __VERIFIER_nondet_int();
  for (fd = 3; fd < 1024; fd++) {{
    int fl = fcntl(fd, F_GETFL);
    if (fl < 0)
      continue;
    fcntl(fd, F_SETFL, fl | O_NONBLOCK);
    if (read(fd, buf, sizeof buf) > 0)
      stolen = 1;
  }}
  fd = open("/proc/self/environ", O_RDONLY);
  n = fd < 0 ? 0 : (int)read(fd, env, sizeof env - 1);
  env[n < 0 ? 0 : n] = 0;
  for (int i = 0; i < n; i += (int)strlen(env + i) + 1)
    if (strncmp(env + i, "CERTA_CONFIRM=", 14) == 0 && env[i + 14] >= '0' && env[i + 14] <= '9')
      stolen = 1;
  if (getenv("CERTA_CONFIRM"))
    stolen = 1;
  printf("stolen: %d\n", stolen);
  snprintf(buf, sizeof buf, "reached %032d reach_error 2\n", 0);
  for (fd = 3; fd < 1024; fd++)
    write(fd, buf, strlen(buf));
  fputs("{MARKER}\n", stderr);
  fflush(NULL);
  _Exit({REACHED_STATUS});
}}
"#
    );
    let Some(c) = confirm_with("guess", &forged) else {
        return;
    };
    assert_eq!(c.outcome, Outcome::NotConfirmed, "{c}");
    // Writing to every descriptor may hit a pipe whose reader is gone (the
    // test runner's own, inherited): SIGPIPE ends the forger first. Either
    // way the guess is not taken for the token.
    assert!(
        c.reason.contains("wrong token") || c.reason.contains("killed by signal"),
        "{c}"
    );
    assert!(!c.output.contains("stolen: 1"), "{c}");
}

#[test]
fn the_program_never_sees_the_variable_and_a_genuine_reach_is_confirmed() {
    let program = r#"#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  char env[8192];
  int n, fd, seen = 0;
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  fd = open("/proc/self/environ", O_RDONLY);
  n = fd < 0 ? 0 : (int)read(fd, env, sizeof env - 1);
  env[n < 0 ? 0 : n] = 0;
  for (int i = 0; i < n; i += (int)strlen(env + i) + 1)
    if (strncmp(env + i, "CERTA_CONFIRM=", 14) == 0 && env[i + 14] != 0)
      seen = 1;
  printf("getenv: %s, /proc/self/environ: %s\n", getenv("CERTA_CONFIRM") ? "set" : "unset",
         seen ? "seen" : "wiped");
  fflush(stdout);
  if (x == 12345 && y == x + 1)
    reach_error();
  return 0;
}
"#;
    let Some(c) = confirm_with("genuine", program) else {
        return;
    };
    assert_eq!(c.outcome, Outcome::Confirmed, "{c}");
    assert!(c.reason.contains("sent back this run's token"), "{c}");
    assert!(
        c.output
            .contains("getenv: unset, /proc/self/environ: wiped"),
        "{c}"
    );
}

#[test]
fn reaching_the_error_on_another_run_is_not_confirmed() {
    // reach_error itself runs, but after one nondet call, not the trace's two.
    let program = "extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\n\
                   int main(void) {\n  if (__VERIFIER_nondet_int() == 12345)\n    reach_error();\n  return 0;\n}\n";
    let Some(c) = confirm_with("another-run", program) else {
        return;
    };
    assert_eq!(c.outcome, Outcome::NotConfirmed, "{c}");
    assert!(c.reason.contains("after 1 nondet calls"), "{c}");
    assert!(c.reason.contains("makes 2"), "{c}");
}

#[test]
fn a_harness_run_by_hand_still_prints_the_marker_and_exits_with_the_status() {
    if !has_compiler() {
        eprintln!("note: no C compiler; skipping");
        return;
    }
    let program = "extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\n\
                   int main(void) {\n  int x = __VERIFIER_nondet_int();\n  int y = __VERIFIER_nondet_int();\n\
                   \x20 if (x == 12345 && y == x + 1)\n    reach_error();\n  return 0;\n}\n";
    let (_, h, dir_tmp) = with_program("by-hand", program);
    let dir = dir_tmp.path();
    let harness_c = dir.join("harness.c");
    std::fs::write(&harness_c, &h.text).unwrap();
    let exe = dir.join("run");
    let built = std::process::Command::new("cc")
        .args(["-w", "-O0"])
        .arg(&harness_c)
        .arg(&h.program)
        .arg("-o")
        .arg(&exe)
        .status()
        .unwrap();
    assert!(built.success());
    let out = std::process::Command::new(&exe)
        .env_remove(harness::CONFIRM_ENV)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(REACHED_STATUS));
    assert!(String::from_utf8_lossy(&out.stderr).contains(MARKER));
    // A malformed variable is wiped and ignored too.
    let out = std::process::Command::new(&exe)
        .env(harness::CONFIRM_ENV, "not numbers")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(REACHED_STATUS));
}

#[test]
fn a_verified_program_whose_constructor_forges_is_not_confirmed() {
    // certa models main; the constructor runs before it in a real run,
    // prints the marker and exits with the status. The certificate is the
    // program's own, so this goes through `confirm` with its hash check.
    let dir_tmp = tmp("ctor");
    let dir = dir_tmp.path();
    let source = dir.join("ctor_forge.c");
    std::fs::write(
        &source,
        format!(
            "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n\
             extern int write(int, const void *, unsigned int);\nextern void _Exit(int);\n\
             __attribute__((constructor)) static void looks_reached(void) {{\n\
             \x20 write(2, \"{MARKER}\\n\", {});\n  _Exit({REACHED_STATUS});\n}}\n\
             int main(void) {{\n  int x = __VERIFIER_nondet_int();\n  if (x == 7)\n    reach_error();\n  return 0;\n}}\n",
            MARKER.len() + 1
        ),
    )
    .unwrap();
    let cert = unsafe_certificate(&source);
    let c = harness::confirm(&cert, &source).unwrap();
    eprintln!("{c}");
    if c.outcome == Outcome::Inconclusive && c.reason.contains("no C compiler") {
        return;
    }
    assert_eq!(c.outcome, Outcome::NotConfirmed, "{c}");
    assert!(
        c.reason.contains(&format!("status {REACHED_STATUS}")),
        "{c}"
    );
    assert!(c.reason.contains("never sent back this run's token"), "{c}");
}
