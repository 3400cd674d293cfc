//! The CEGAR engine on seed 000's worked example and its unsafe variant.

use engine::{verify, Config, Verdict};
use format::{Edge, Expr, Task, VarDecl};

fn add(a: Expr, k: i64) -> Expr {
    Expr::Add(vec![a, Expr::int(k)])
}

fn frame(x: &str) -> Expr {
    Expr::eq(Expr::next(x), Expr::var(x))
}

fn seed_task(y_step: i64) -> Task {
    let edge = |id, name: &str, from: &str, to: &str, relation| Edge {
        id,
        name: name.into(),
        from: from.into(),
        to: to.into(),
        locals: vec![],
        relation,
    };
    Task {
        vars: vec![VarDecl::int("x"), VarDecl::int("y")],
        locations: vec!["h".into(), "c".into(), "bad".into()],
        initial_location: "h".into(),
        bad_location: "bad".into(),
        init: Expr::And(vec![
            Expr::eq(Expr::var("x"), Expr::int(0)),
            Expr::eq(Expr::var("y"), Expr::int(0)),
        ]),
        edges: vec![
            edge(
                0,
                "loop",
                "h",
                "h",
                Expr::And(vec![
                    Expr::eq(Expr::next("x"), add(Expr::var("x"), 1)),
                    Expr::eq(Expr::next("y"), add(Expr::var("y"), y_step)),
                ]),
            ),
            edge(1, "exit", "h", "c", Expr::And(vec![frame("x"), frame("y")])),
            edge(
                2,
                "fail",
                "c",
                "bad",
                Expr::And(vec![
                    Expr::not(Expr::eq(Expr::var("x"), Expr::var("y"))),
                    frame("x"),
                    frame("y"),
                ]),
            ),
        ],
    }
}

#[test]
fn seed_example_is_proved_safe_with_the_equality_predicate() {
    let out = verify(&seed_task(1), &Config::default());
    let Verdict::Safe(body) = &out.verdict else {
        panic!("expected SAFE, got {:?}", out.verdict)
    };
    let preds: Vec<String> = body
        .predicates
        .iter()
        .map(|p| format::print::expr_to_string(&p.formula))
        .collect();
    eprintln!("predicates: {preds:?}, stats {:?}", out.stats);
    eprintln!("{}", format::encode::to_json(body));
}

#[test]
fn seed_variant_yields_the_real_counterexample() {
    let out = verify(&seed_task(2), &Config::default());
    let Verdict::Unsafe(trace) = &out.verdict else {
        panic!("expected UNSAFE, got {:?}", out.verdict)
    };
    eprintln!("{}", format::encode::to_json(trace));
}
