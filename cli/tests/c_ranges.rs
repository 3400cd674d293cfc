//! Variables of bounded C types lie in their ranges in every reachable
//! state; every edge assumes it of its source state, so no abstraction has
//! to rediscover it (count_up_down needs `n <= UINT_MAX` to rule out a
//! wrap of `y++`).

use engine::run::run_file;
use engine::{Config, Verdict};
use format::Expr;
use frontend::{load, Encoding};

const COUNT_UP_DOWN: &str = "extern void abort(void);
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  unsigned int x = n, y = 0;
  while (x > 0) { x--; y++; }
  __VERIFIER_assert(y == n);
  return 0;
}
";

/// The program in a fresh directory, removed when the returned guard is dropped.
fn write() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("count_up_down.c");
    std::fs::write(&p, COUNT_UP_DOWN).unwrap();
    (dir, p)
}

fn upper_bound_of(e: &Expr, var: &str) -> bool {
    let bound = Expr::Le(
        Box::new(Expr::var(var)),
        Box::new(Expr::Int(format::Num(4294967295u32.into()))),
    );
    match e {
        Expr::And(xs) => xs.iter().any(|x| upper_bound_of(x, var)),
        other => *other == bound,
    }
}

#[test]
fn every_edge_assumes_the_ranges_of_unsigned_variables() {
    let (_dir, path) = write();
    for encoding in [Encoding::Lbe, Encoding::Sbe] {
        let task = load(&path, encoding).unwrap_or_else(|e| panic!("{e}")).task;
        for edge in &task.edges {
            assert!(
                upper_bound_of(&edge.relation, "n"),
                "{encoding:?}: edge {} lacks n <= UINT_MAX",
                edge.name
            );
        }
    }
}

#[test]
fn a_count_down_loop_over_unsigned_values_is_proved() {
    let (_dir, path) = write();
    let run = run_file(&path, Encoding::Lbe, &Config::default()).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        matches!(run.outcome.verdict, Verdict::Safe(_)),
        "{:?}",
        run.outcome.verdict
    );
    assert_eq!(certa::bench::check_run(&run), "VALID");
}
