//! Inlined calls keep their source lines: the source map of an inlined
//! callee names the callee's lines (not the call site's), and an error trace
//! that runs through inlined functions reports them, step by step.

use certa_tests::TempFile;
use engine::run::run_file;
use engine::{Config, Verdict};
use format::print::expr_to_string;
use frontend::{self, Encoding};

/// Lines 7-9 are in `step`, line 5 in `fail`; both are inlined into the loop.
const PROGRAM: &str = "extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int g;
void fail(void) { reach_error(); abort(); }
int step(int a) {
  g = g + a;
  if (g == 3) {
    fail();
  }
  return g;
}
int main(void) {
  while (__VERIFIER_nondet_int()) {
    step(1);
  }
  return 0;
}
";

/// A copy of the program in a directory of the test's own: the tests run
/// in parallel, and one must not read the file while another rewrites it.
/// The directory is removed when the result is dropped.
fn program() -> TempFile {
    TempFile::with_contents("inlined.c", PROGRAM)
}

#[test]
fn source_map_of_an_inlined_callee_names_its_lines() {
    let path = program();
    for enc in [Encoding::Sbe, Encoding::Lbe] {
        let p = frontend::load(&path, enc).expect("translates");
        assert!(
            p.source_map.file.ends_with("inlined.c"),
            "{}",
            p.source_map.file
        );
        // The edge that updates `g` (SBE), or the loop edge (LBE), covers
        // `g = g + a` on line 7, column 3.
        let e = p
            .task
            .edges
            .iter()
            .find(|e| match enc {
                // (not the overflow check of `g + a` before it)
                Encoding::Sbe => expr_to_string(&e.relation).contains("g' == g + step.a"),
                Encoding::Lbe => e.from == e.to,
            })
            .unwrap_or_else(|| panic!("{enc:?}: no such edge"));
        let stmts = &p.source_map.edges[e.id as usize].statements;
        assert!(
            stmts
                .iter()
                .any(|s| (s.line, s.col, s.text.as_str()) == (7, 3, "g = g + a")),
            "{enc:?}: {stmts:?}"
        );
        if enc == Encoding::Sbe {
            // One statement per edge: the callee's, not the call site's (line 15).
            assert_eq!(stmts.len(), 1, "{stmts:?}");
        }
    }
}

#[test]
fn error_trace_through_inlined_functions_reports_the_callee_lines() {
    let path = program();
    let run = run_file(&path, Encoding::Lbe, &Config::default()).expect("loads");
    let Verdict::Unsafe(trace) = &run.outcome.verdict else {
        panic!("expected UNSAFE, got {:?}", run.outcome.verdict)
    };
    assert_eq!(certa::bench::check_run(&run), "VALID");
    let cert = run.certificate.as_ref().expect("certificate");
    let text = evidence::replay::render(cert).expect("renders");
    assert!(text.contains("reaches bad"), "{text}");
    assert!(!text.contains("NOT"), "{text}");
    // g reaches 3 after three calls: some steps go round the loop, each
    // through the inlined body of `step`.
    assert!(trace.steps.len() >= 2, "{text}");
    let at = |line: u32| format!("inlined.c:{line}:");
    for (line, what) in [
        (7, "g = g + a"),
        (8, "[g == 3]"),
        (9, "fail()"),
        (5, "reach_error()"),
    ] {
        assert!(
            text.lines()
                .any(|l| l.contains(&at(line)) && l.trim_end().ends_with(what)),
            "line {line} `{what}` missing:\n{text}"
        );
    }
    // The last step (into bad) covers the failing call chain, callee lines included.
    let last = text.rsplit("step ").next().expect("a step");
    for line in [5, 7, 8, 9] {
        assert!(last.contains(&format!("inlined.c:{line}:")), "{last}");
    }
}
