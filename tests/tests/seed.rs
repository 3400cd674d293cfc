//! Seed 000's worked example end to end: the predicate `x = y`, the single
//! loop-head cube, and the replayable counterexample of the `y := y + 2` variant.

use certa_tests::corpus_dir;
use engine::run::run_file;
use engine::{Config, Verdict};
use format::{Body, Expr};
use frontend::Encoding;
use z3::ast::{Bool, Int};
use z3::{SatResult, Solver};

/// Z3 validity of `a <=> b` (or `a => b`) over state variables x, y.
fn valid(f: Bool) -> bool {
    let s = Solver::new();
    s.assert(f.not());
    s.check() == SatResult::Unsat
}

fn z3_of(e: &Expr) -> Bool {
    engine::smt::encode_bool(e, engine::smt::View::state(0))
}

fn x_eq_y() -> Bool {
    Int::new_const("x~0").eq(Int::new_const("y~0"))
}

#[test]
fn seed_example_finds_x_equals_y_and_one_loop_head_cube() {
    let run = run_file(
        &corpus_dir().join("imp/seed.imp"),
        Encoding::Lbe,
        &Config::default(),
    )
    .expect("loads");
    let Verdict::Safe(body) = &run.outcome.verdict else {
        panic!("expected SAFE, got {:?}", run.outcome.verdict)
    };
    assert!(
        body.predicates
            .iter()
            .any(|p| valid(z3_of(&p.formula).eq(x_eq_y()))),
        "no predicate equivalent to x = y among {:?}",
        body.predicates
            .iter()
            .map(|p| format::print::expr_to_string(&p.formula))
            .collect::<Vec<_>>()
    );
    // The loop head is the location with a self-loop.
    let task = &run.program.task;
    let head = task
        .edges
        .iter()
        .find(|e| e.from == e.to)
        .map(|e| e.from.clone())
        .expect("a loop head");
    let at_head: Vec<_> = body.nodes.iter().filter(|n| n.location == head).collect();
    assert_eq!(
        at_head.len(),
        1,
        "expected a single cube at the loop head, got {at_head:?}"
    );
    let region = z3_of(&body.region(at_head[0]));
    assert!(
        valid(region.implies(x_eq_y())),
        "the loop-head cube does not imply x = y"
    );
    assert_eq!(certa::bench::check_run(&run), "VALID");
}

#[test]
fn seed_variant_counterexample_replays_valid() {
    let run = run_file(
        &corpus_dir().join("imp/seed_variant.imp"),
        Encoding::Lbe,
        &Config::default(),
    )
    .expect("loads");
    let Verdict::Unsafe(trace) = &run.outcome.verdict else {
        panic!("expected UNSAFE, got {:?}", run.outcome.verdict)
    };
    assert!(!trace.steps.is_empty());
    assert_eq!(certa::bench::check_run(&run), "VALID");
    let cert = run.certificate.as_ref().expect("certificate");
    assert!(matches!(cert.body, Body::Unsafe(_)));
    let text = evidence::replay::render(cert).expect("renders");
    assert!(text.contains("reaches bad"), "{text}");
    assert!(!text.contains("NOT"), "{text}");
}
