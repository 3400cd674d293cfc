//! The checker's own bad input, in-process (issue 23 §9; the CLI side is in
//! tests/tests/checker_hostile_input.rs): huge limits, constant arrays,
//! source bindings under a deadline, and archive source names.
mod common;
use checker::solver::{solve, Answer, Limits, Query};
use checker::{Binding, Options, Outcome, Verdict};
use common::*;
use format::Expr;
use std::time::{Duration, Instant};

fn konst(v: i64) -> Expr {
    Expr::ConstArray(b(i(v)))
}

fn array_query(assertions: Vec<Expr>) -> Query {
    Query {
        vars: vec!["k".into()],
        arrays: vec!["a".into()],
        assertions,
        ..Query::default()
    }
}

#[test]
fn huge_total_time_is_no_deadline_and_does_not_panic() {
    assert_eq!(checker::deadline(Some(Duration::MAX)), None);
    assert_eq!(checker::deadline(Some(Duration::from_secs(u64::MAX))), None);
    assert!(checker::deadline(Some(Duration::from_secs(1))).is_some());
    for total in [
        Duration::MAX,
        Duration::from_secs(u64::MAX),
        Duration::from_secs(1 << 62),
    ] {
        let o = Options {
            total: Some(total),
            ..Options::default()
        };
        let r = run_with(&p1_cert(), &o);
        assert_eq!(r.verdict(), Verdict::Valid, "{}", checker::report::text(&r));
    }
}

#[test]
fn huge_per_query_time_limit_is_no_limit() {
    // x > y && y > x: UNSAT at once. cvc5's tlimit-per wraps around for
    // values this large and would answer unknown (TIMEOUT) immediately.
    let q = Query {
        vars: vec!["x".into(), "y".into()],
        assertions: vec![
            Expr::Gt(b(v("x")), b(v("y"))),
            Expr::Gt(b(v("y")), b(v("x"))),
        ],
        ..Query::default()
    };
    for ms in [u64::MAX, 1 << 62, checker::solver::MAX_TIMEOUT_MS + 1] {
        let limits = Limits {
            timeout_ms: Some(ms),
            rlimit: Some(u64::MAX),
            proofs: false,
        };
        assert!(matches!(solve(&q, limits), Answer::Unsat(_)), "{ms}");
    }
}

#[test]
fn constant_array_queries_are_decided_exactly() {
    // a == const(0) && a[k] != 0: UNSAT.
    let a0 = Expr::eq(v("a"), konst(0));
    let q = array_query(vec![
        a0.clone(),
        Expr::not(Expr::eq(Expr::select(v("a"), v("k")), i(0))),
    ]);
    assert!(q.has_const_arrays());
    assert!(matches!(solve(&q, Limits::default()), Answer::Unsat(_)));
    // a == store(const(0), 1, 5) && a[1] != 5: UNSAT.
    let q = array_query(vec![
        Expr::eq(v("a"), Expr::store(konst(0), i(1), i(5))),
        Expr::not(Expr::eq(Expr::select(v("a"), i(1)), i(5))),
    ]);
    assert!(matches!(solve(&q, Limits::default()), Answer::Unsat(_)));
    // a == store(const(0), 1, 5) && a[k] == 5 && k != 1: UNSAT.
    let q = array_query(vec![
        Expr::eq(v("a"), Expr::store(konst(0), i(1), i(5))),
        Expr::eq(Expr::select(v("a"), v("k")), i(5)),
        Expr::not(Expr::eq(v("k"), i(1))),
    ]);
    assert!(matches!(solve(&q, Limits::default()), Answer::Unsat(_)));
    // Two constant arrays that differ are different arrays.
    let q = array_query(vec![Expr::eq(konst(0), konst(1))]);
    assert!(!matches!(solve(&q, Limits::default()), Answer::Sat(_)));
    assert!(matches!(
        solve(&q, Limits::default()),
        Answer::Unsat(_) | Answer::Unknown(_)
    ));
    // a == const(0) && a[k] == 0: SAT, and the model is re-evaluated.
    let q = array_query(vec![a0, Expr::eq(Expr::select(v("a"), v("k")), i(0))]);
    match solve(&q, Limits::default()) {
        Answer::Sat(m) => assert_eq!(m.arrays["a"].default, format::Num::from_i64(0)),
        Answer::Unsat(_) => panic!("satisfiable query answered UNSAT"),
        Answer::Unknown(why) => panic!("unknown: {why}"),
    }
    // Without array symbols, a constant array still makes it QF_ALIA.
    let q = Query {
        vars: vec!["k".into()],
        assertions: vec![Expr::not(Expr::eq(Expr::select(konst(7), v("k")), i(7)))],
        ..Query::default()
    };
    assert_eq!(q.logic(), "QF_ALIA");
    assert!(matches!(solve(&q, Limits::default()), Answer::Unsat(_)));
}

#[test]
fn emitted_smtlib_of_constant_arrays_asks_for_arrays_exp() {
    let q = array_query(vec![Expr::eq(v("a"), konst(0))]);
    let text = checker::emit::smtlib(&q, "t");
    let opt = text.find("(set-option :arrays-exp true)").expect(&text);
    assert!(
        opt < text.find("(set-logic QF_ALIA)").expect(&text),
        "{text}"
    );
    let plain = checker::emit::smtlib(&array_query(vec![]), "t");
    assert!(!plain.contains("arrays-exp"), "{plain}");
}

#[test]
fn source_binding_past_the_deadline_is_inconclusive() {
    let source = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/imp/seed.imp");
    let bytes = std::fs::read(&source).unwrap();
    let mut cert = p1_cert();
    cert.header.source = Some(format::SourceFile {
        name: "seed.imp".into(),
        sha256: format::hash::bytes_sha256(&bytes),
        translation: format::Translation {
            language: "imp".into(),
            encoding: "lbe".into(),
            data_model: None,
            frontend: frontend::FRONTEND.into(),
            properties: vec![],
            assumptions: vec![],
        },
    });
    let binding = Binding::Source {
        path: source,
        bytes,
    };
    let past = Some(Instant::now());
    let got = checker::binding::check_until(&cert, &binding, past, Some(Duration::from_secs(7)));
    match got {
        Outcome::Unknown(why) => assert!(why.starts_with("timeout during re-translation"), "{why}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn archive_source_names_must_stay_inside() {
    use checker::archive::{source_path, ArchiveError};
    let dir = std::path::Path::new("/archive");
    assert_eq!(
        source_path(dir, "seed.imp").unwrap(),
        std::path::Path::new("/archive/source/seed.imp")
    );
    assert!(source_path(dir, "sub/seed.imp").is_ok());
    for bad in [
        "../seed.imp",
        "a/../../b.c",
        "/etc/passwd",
        "",
        ".",
        "./x.c",
        "..",
    ] {
        match source_path(dir, bad) {
            Err(ArchiveError::Tampered(why)) => {
                assert!(why.contains(&format!("`{bad}`")), "{why}")
            }
            other => panic!("{bad:?}: {other:?}"),
        }
    }
}
