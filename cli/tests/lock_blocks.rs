//! Large blocks keep correlated branches together: a loop body of n lock
//! diamonds (SV-COMP's test_locks pattern) is one block from the loop head,
//! so its error edges are infeasible at once and no refinement is needed.

use engine::run::run_file;
use engine::{AnalysisKind, Config, Verdict};
use frontend::{load, Encoding};
use std::path::PathBuf;
use tempfile::TempDir;

/// test_locks_n: `if (p_i) lk_i = 1;` for all i, then
/// `if (p_i) { if (lk_i != 1) error; lk_i = 0; }` for all i. The file is in
/// a fresh directory, removed when the returned guard is dropped.
fn locks(n: usize) -> (TempDir, PathBuf) {
    let mut s = String::from(
        "extern void abort(void);\nextern void reach_error(void);\n\
         extern int __VERIFIER_nondet_int(void);\nint main(void) {\n",
    );
    for i in 1..=n {
        s += &format!("  int p{i} = __VERIFIER_nondet_int();\n  int lk{i};\n");
    }
    s += "  int cond;\n  while (1) {\n    cond = __VERIFIER_nondet_int();\n    if (cond == 0) { goto out; }\n";
    for i in 1..=n {
        s += &format!("    lk{i} = 0;\n");
    }
    for i in 1..=n {
        s += &format!("    if (p{i} != 0) {{ lk{i} = 1; }}\n");
    }
    for i in 1..=n {
        s += &format!("    if (p{i} != 0) {{ if (lk{i} != 1) {{ goto ERROR; }} lk{i} = 0; }}\n");
    }
    s += "  }\n out:\n  return 0;\n ERROR: { reach_error(); abort(); }\n  return 0;\n}\n";
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join(format!("locks_{n}.c"));
    std::fs::write(&p, s).unwrap();
    (dir, p)
}

#[test]
fn a_loop_body_of_fifteen_lock_diamonds_is_one_block() {
    let (_dir, path) = locks(15);
    let program = load(&path, Encoding::Lbe).unwrap_or_else(|e| panic!("{e}"));
    // entry, the loop head and bad: no cut inside the body.
    assert_eq!(
        program.task.locations.len(),
        3,
        "{:?}",
        program.task.locations
    );
}

#[test]
fn fifteen_correlated_locks_are_proved_without_refinement() {
    let cfg = Config {
        analysis: AnalysisKind::Auto,
        ..Config::default()
    };
    let (_dir, path) = locks(15);
    let run = run_file(&path, Encoding::Lbe, &cfg).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        matches!(run.outcome.verdict, Verdict::Safe(_)),
        "{:?}",
        run.outcome.verdict
    );
    assert_eq!(run.outcome.stats.refinements, 0);
    assert_eq!(certa::bench::check_run(&run), "VALID");
}
