//! Explicit-value analysis end to end: a control-flow program proved by
//! values alone with a VALID certificate whose states are `x == c` cubes,
//! the threshold hand-over to predicates, and `auto` staying cheap.

use certa_tests::corpus_dir;
use engine::run::{run_file, Run};
use engine::{AnalysisKind, Config, Verdict};
use format::{Body, Expr};
use frontend::Encoding;

fn run(file: &str, analysis: AnalysisKind, threshold: usize) -> Run {
    let cfg = Config {
        analysis,
        value_threshold: Some(threshold),
        ..Config::default()
    };
    run_file(&corpus_dir().join(file), Encoding::Lbe, &cfg).expect("corpus program translates")
}

fn is_value_literal(e: &Expr) -> bool {
    matches!(e, Expr::Eq(a, b) if matches!(**a, Expr::Var(_)) && matches!(**b, Expr::Int(_)))
}

#[test]
fn value_analysis_alone_proves_a_state_machine_with_a_valid_certificate() {
    let r = run("c/state_machine.c", AnalysisKind::Value, 12);
    assert!(
        matches!(r.outcome.verdict, Verdict::Safe(_)),
        "{:?}",
        r.outcome.verdict
    );
    assert_eq!(certa::bench::check_run(&r), "VALID");
    let cert = r
        .certificate
        .as_ref()
        .expect("a SAFE run writes a certificate");
    let Body::Safe(body) = &cert.body else {
        panic!("SAFE certificate expected")
    };
    // Every predicate is a value literal and some node knows the state.
    assert!(body.predicates.iter().all(|p| is_value_literal(&p.formula)));
    assert!(body
        .predicates
        .iter()
        .any(|p| matches!(&p.formula, Expr::Eq(a, _) if **a == Expr::var("state"))));
    assert!(body.nodes.iter().any(|n| !n.cube.is_empty()));
}

#[test]
fn value_analysis_finds_the_state_machine_bug_with_a_replayable_trace() {
    let r = run("c/state_machine_bug.c", AnalysisKind::Value, 12);
    assert!(
        matches!(r.outcome.verdict, Verdict::Unsafe(_)),
        "{:?}",
        r.outcome.verdict
    );
    assert_eq!(certa::bench::check_run(&r), "VALID");
}

#[test]
fn a_variable_past_the_threshold_is_handed_to_the_predicates() {
    // i takes 1001 values: past the threshold values alone cannot refute...
    let alone = run("imp/count_to_1000.imp", AnalysisKind::Value, 12);
    match &alone.outcome.verdict {
        Verdict::Unknown(why) => assert!(why.contains("explicit values cannot refute"), "{why}"),
        v => panic!("expected UNKNOWN, got {v:?}"),
    }
    // ...a threshold above 1000 unrolls the loop explicitly...
    let unrolled = run("imp/count_to_1000.imp", AnalysisKind::Value, 2000);
    assert!(matches!(unrolled.outcome.verdict, Verdict::Safe(_)));
    assert!(unrolled.outcome.stats.nodes > 1000);
    // ...and in the composite, predicates take over with a small graph.
    let both = run("imp/count_to_1000.imp", AnalysisKind::ValuePredicate, 12);
    assert!(
        matches!(both.outcome.verdict, Verdict::Safe(_)),
        "{:?}",
        both.outcome.verdict
    );
    assert!(
        both.outcome.stats.nodes < 100,
        "{}",
        both.outcome.stats.nodes
    );
    assert_eq!(certa::bench::check_run(&both), "VALID");
    let Body::Safe(body) = &both.certificate.as_ref().unwrap().body else {
        panic!("SAFE certificate expected")
    };
    assert!(body
        .predicates
        .iter()
        .any(|p| !is_value_literal(&p.formula)));
}

#[test]
fn auto_needs_no_invariant_guessing_for_a_straight_line_program() {
    let r = run("c/assume.c", AnalysisKind::Auto, 12);
    assert!(matches!(r.outcome.verdict, Verdict::Safe(_)));
    // Invariant guessing alone issues hundreds of queries on this program.
    assert!(r.outcome.stats.queries < 20, "{}", r.outcome.stats.queries);
}

fn vars_of(e: &Expr) -> Vec<String> {
    let (mut vars, mut nexts) = (Vec::new(), Vec::new());
    e.collect_vars(&mut vars, &mut nexts);
    vars.sort();
    vars.dedup();
    vars
}

#[test]
fn relational_facts_over_unknown_inputs_go_to_predicates_and_control_to_values() {
    // `token` starts unknown: values alone cannot refute the error path...
    let alone = run("c/token_pass.c", AnalysisKind::Value, 64);
    match &alone.outcome.verdict {
        Verdict::Unknown(why) => assert!(why.contains("explicit values cannot refute"), "{why}"),
        v => panic!("expected UNKNOWN, got {v:?}"),
    }
    // ...the composite proves it with a relational predicate, while the
    // control variables of the interpolants stay explicit values.
    let both = run("c/token_pass.c", AnalysisKind::ValuePredicate, 64);
    assert!(
        matches!(both.outcome.verdict, Verdict::Safe(_)),
        "{:?}",
        both.outcome.verdict
    );
    assert_eq!(certa::bench::check_run(&both), "VALID");
    let Body::Safe(body) = &both.certificate.as_ref().unwrap().body else {
        panic!("SAFE certificate expected")
    };
    let relational = |p: &&format::Predicate| {
        let v = vars_of(&p.formula);
        v.contains(&"token".to_string()) && v.contains(&"local".to_string())
    };
    assert!(body.predicates.iter().any(|p| relational(&p)));
    for p in &body.predicates {
        let v = vars_of(&p.formula);
        if v.iter().any(|x| x == "m_pc" || x == "t_pc") {
            assert!(
                is_value_literal(&p.formula),
                "control as a predicate: {p:?}"
            );
        }
    }
    // The unsafe variant is found with a replayable trace.
    let bug = run("c/token_pass_bug.c", AnalysisKind::ValuePredicate, 64);
    assert!(matches!(bug.outcome.verdict, Verdict::Unsafe(_)));
    assert_eq!(certa::bench::check_run(&bug), "VALID");
}

#[test]
fn auto_hands_a_loop_whose_predicates_keep_growing_to_invariant_guessing() {
    // nested.imp's interpolants unroll its loops one predicate at a time:
    // auto stops the cheap phase and predicates with invariants prove it.
    let r = run("imp/nested.imp", AnalysisKind::Auto, 64);
    assert!(
        matches!(r.outcome.verdict, Verdict::Safe(_)),
        "{:?}",
        r.outcome.verdict
    );
    assert_eq!(r.outcome.stats.analysis, "predicate");
    assert_eq!(certa::bench::check_run(&r), "VALID");
    // A control-flow program is answered by the cheap phase.
    let cheap = run("c/token_pass.c", AnalysisKind::Auto, 64);
    assert!(matches!(cheap.outcome.verdict, Verdict::Safe(_)));
    assert_eq!(cheap.outcome.stats.analysis, "value+predicate");
}
