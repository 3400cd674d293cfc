//! One negative test per structure error variant, plus depth and hash checks.
mod common;
use checker::{CheckError, Options, Verdict};
use common::*;
use format::*;

#[test]
fn structure_rejects_wrong_format_name() {
    let mut c = p1_cert();
    c.header.format = "something-else".into();
    assert!(matches!(first_failure(&c), CheckError::WrongFormat { .. }));
}

#[test]
fn structure_rejects_wrong_version() {
    let mut c = p1_cert();
    c.header.version = FORMAT_VERSION + 1;
    assert!(matches!(first_failure(&c), CheckError::WrongVersion { .. }));
}

#[test]
fn structure_rejects_task_changed_after_hashing() {
    let mut c = p1_cert();
    c.task.init = Expr::Bool(true);
    let e = first_failure(&c);
    assert!(matches!(e, CheckError::TaskHash { .. }), "{e}");
}

#[test]
fn structure_rejects_task_other_than_given() {
    let o = Options {
        binding: checker::Binding::Task {
            file: "t.json".into(),
            sha256: format::hash::task_sha256(&task_with(2)),
        },
        ..Options::default()
    };
    let r = run_with(&p1_cert(), &o);
    assert_eq!(r.verdict(), Verdict::Invalid);
    assert!(matches!(
        r.failures().next().unwrap().1,
        CheckError::TaskMismatch { .. }
    ));
    let o = Options {
        binding: checker::Binding::Task {
            file: "t.json".into(),
            sha256: format::hash::task_sha256(&task()),
        },
        ..Options::default()
    };
    assert_eq!(run_with(&p1_cert(), &o).verdict(), Verdict::Valid);
}

#[test]
fn structure_rejects_non_identifier_variable_name() {
    let c = with_task(|t| t.vars.push(VarDecl::int("a|b")));
    assert!(matches!(first_failure(&c), CheckError::BadName { .. }));
    let c = with_task(|t| t.vars.push(VarDecl::int("x'")));
    assert!(matches!(first_failure(&c), CheckError::BadName { .. }));
    let c = with_task(|t| t.locations.push("has space".into()));
    assert!(matches!(first_failure(&c), CheckError::BadName { .. }));
    assert!(checker::structure::is_ident("main::x@1.$2"));
}

#[test]
fn structure_rejects_edge_name_with_newline() {
    let c = with_task(|t| t.edges[0].name = "loop\n(assert false)".into());
    assert!(matches!(first_failure(&c), CheckError::BadEdgeName { .. }));
}

#[test]
fn structure_rejects_array_sorted_locals_as_unsupported() {
    // Array state variables are fine; edge locals must be integers.
    let c = with_task(|t| {
        t.vars.push(VarDecl {
            name: "a".into(),
            sort: VarSort::IntArray,
        })
    });
    // (The fixture's witnesses then lack a value for `a`: a witness error.)
    let e = first_failure(&c);
    assert!(matches!(e, CheckError::Witness { .. }), "{e}");
    let c = with_task(|t| {
        t.edges[0].locals.push(VarDecl {
            name: "tmp".into(),
            sort: VarSort::IntArray,
        })
    });
    let e = first_failure(&c);
    assert!(
        matches!(e, CheckError::UnsupportedSort { .. })
            && e.to_string().contains("unsupported sort"),
        "{e}"
    );
}

#[test]
fn structure_rejects_duplicate_ids() {
    let dup = |c: Certificate, what: &str| {
        let e = first_failure(&c);
        assert!(
            matches!(&e, CheckError::Duplicate { what: w, .. } if w.contains(what)),
            "{e}"
        );
    };
    dup(
        with_task(|t| t.vars.push(VarDecl::int("x"))),
        "state variable",
    );
    dup(with_task(|t| t.locations.push("h".into())), "location");
    dup(with_task(|t| t.edges[1].id = 0), "edge");
    dup(with_body(|b| b.predicates[1].id = 0), "predicate");
    dup(with_body(|b| b.nodes[1].id = 0), "node");
    dup(
        with_body(|b| b.successors.push(succ(0, 0, vec![]))),
        "successor list",
    );
    dup(
        with_task(|t| t.edges[0].locals = vec![VarDecl::int("u"), VarDecl::int("u")]),
        "local",
    );
}

#[test]
fn structure_rejects_local_clashing_with_state_variable() {
    let c = with_task(|t| t.edges[0].locals.push(VarDecl::int("x")));
    assert!(matches!(
        first_failure(&c),
        CheckError::LocalClash { edge: 0, .. }
    ));
}

#[test]
fn structure_rejects_unknown_locations() {
    let unk = |c: Certificate| {
        let e = first_failure(&c);
        assert!(matches!(e, CheckError::UnknownLocation { .. }), "{e}");
    };
    unk(with_task(|t| t.initial_location = "nowhere".into()));
    unk(with_task(|t| t.bad_location = "nowhere".into()));
    unk(with_task(|t| t.edges[0].to = "nowhere".into()));
    unk(with_body(|b| b.nodes[1].location = "nowhere".into()));
}

#[test]
fn structure_rejects_unknown_ids() {
    let unk = |c: Certificate, kind: &str| {
        let e = first_failure(&c);
        assert!(
            matches!(&e, CheckError::UnknownId { kind: k, .. } if k == kind),
            "{e}"
        );
    };
    unk(
        with_body(|b| b.nodes[0].cube.push(lit(9, true))),
        "predicate",
    );
    unk(with_body(|b| b.initial.push(9)), "node");
    unk(with_body(|b| b.successors[0].node = 9), "node");
    unk(with_body(|b| b.successors[0].edge = 9), "edge");
    unk(
        with_body(|b| b.successors[0].targets[0].node = 9),
        "target node",
    );
}

#[test]
fn structure_rejects_ill_sorted_formulas() {
    let bad = |c: Certificate, what: &str| {
        let e = first_failure(&c);
        assert!(
            matches!(&e, CheckError::IllSorted { what: w, .. } if w.contains(what)),
            "{e}"
        );
    };
    // A predicate over a next-state variable, an integer init, an unknown variable in a relation.
    bad(
        with_body(|b| b.predicates[0].formula = ge(nx("x"), i(0))),
        "predicate p0",
    );
    bad(with_task(|t| t.init = v("x")), "init");
    bad(
        with_task(|t| t.edges[0].relation = Expr::eq(nx("x"), v("z"))),
        "relation of edge 0",
    );
    bad(
        with_task(|t| t.init = Expr::eq(Expr::Div(b(v("x")), Num::from_i64(0)), i(0))),
        "init",
    );
    let e = first_failure(&with_task(|t| t.init = v("x")));
    assert!(
        e.to_string().contains("`x`"),
        "the message quotes the formula: {e}"
    );
}

#[test]
fn structure_rejects_too_deep_formula_without_overflow() {
    checker::on_large_stack(|| {
        let mut f = ge(v("x"), i(0));
        for _ in 0..expr::MAX_DEPTH + 10 {
            f = Expr::not(Expr::not(f));
        }
        let c = with_body(|b| b.predicates[0].formula = f);
        let e = checker::check(&c, &Options::default());
        assert_eq!(e.verdict(), Verdict::Invalid);
        assert!(e
            .failures()
            .next()
            .unwrap()
            .1
            .to_string()
            .contains("deeper"));
    });
}

#[test]
fn deep_formula_within_limit_is_checked() {
    checker::on_large_stack(|| {
        let mut f = ge(v("x"), i(0));
        for _ in 0..(expr::MAX_DEPTH / 2 - 10) {
            f = Expr::not(Expr::not(f));
        }
        let c = with_body(|b| b.predicates[0].formula = f);
        let r = checker::check(&c, &Options::default());
        assert_eq!(r.verdict(), Verdict::Valid, "{}", checker::report::text(&r));
    });
}

#[test]
fn structure_rejects_node_at_bad() {
    let c = with_body(|b| {
        b.nodes.push(Node {
            forall: vec![],
            id: 5,
            location: "bad".into(),
            cube: vec![],
        })
    });
    assert!(matches!(
        first_failure(&c),
        CheckError::NodeAtBad { node: 5, .. }
    ));
}

#[test]
fn structure_rejects_initial_node_elsewhere() {
    // (c,111) as the only initial node would otherwise "cover" I.
    let c = with_body(|b| b.initial = vec![1]);
    assert!(matches!(
        first_failure(&c),
        CheckError::InitialElsewhere { node: 1, .. }
    ));
}

#[test]
fn structure_rejects_successor_list_for_edge_not_leaving_node() {
    let c = with_body(|b| b.successors.push(succ(1, 0, vec![])));
    assert!(matches!(
        first_failure(&c),
        CheckError::EdgeNotFromNode {
            node: 1,
            edge: 0,
            ..
        }
    ));
}

#[test]
fn structure_rejects_successor_at_wrong_location() {
    let c = with_body(|b| b.successors[0].targets[0].node = 1);
    assert!(matches!(
        first_failure(&c),
        CheckError::TargetWrongLocation {
            node: 0,
            edge: 0,
            target: 1,
            ..
        }
    ));
}

#[test]
fn edge_locals_are_quantified_in_closure() {
    // loop: x' = x + u && y' = y + u && u >= 0 keeps x == y >= 0.
    let mut t = task();
    t.edges[0].locals = vec![VarDecl::int("u")];
    t.edges[0].relation = and(vec![
        ge(v("u"), i(0)),
        Expr::eq(nx("x"), add(v("x"), v("u"))),
        Expr::eq(nx("y"), add(v("y"), v("u"))),
    ]);
    let mut body = p1_body();
    body.successors[0].targets[0].witness = Some(Witness {
        state_arrays: Default::default(),
        next_arrays: Default::default(),
        state: val(&[("x", 0), ("y", 0)]),
        inputs: val(&[("u", 5)]),
        next: val(&[("x", 5), ("y", 5)]),
    });
    assert_valid(&cert(t.clone(), Body::Safe(body)));
    // Without u >= 0 the loop leaves the region, and the counterexample names u.
    if let Expr::And(v) = &mut t.edges[0].relation {
        v.remove(0);
    }
    let mut body = p1_body();
    body.successors[0].targets[0].witness = None;
    let e = first_failure(&cert(t, Body::Safe(body)));
    assert!(
        matches!(
            e,
            CheckError::Closure {
                node: 0,
                edge: 0,
                ..
            }
        ) && e.to_string().contains("inputs u="),
        "{e}"
    );
}

#[test]
fn div_and_mod_follow_smtlib_semantics() {
    // init x == -7 && y == -7; predicate (x mod 3 == 2) && (x div 3 == -3): holds at -7, never checked elsewhere.
    let mut t = task();
    t.init = and(vec![Expr::eq(v("x"), i(-7)), Expr::eq(v("y"), i(-7))]);
    t.edges.clear();
    let three = Num::from_i64(3);
    let p = and(vec![
        Expr::eq(Expr::Mod(b(v("x")), three.clone()), i(2)),
        Expr::eq(Expr::Div(b(v("x")), three), i(-3)),
    ]);
    let body = SafeBody {
        index_vars: vec![],
        predicates: vec![Predicate { id: 0, formula: p }],
        nodes: vec![node(0, "h", &[true])],
        initial: vec![0],
        successors: vec![],
    };
    assert_valid(&cert(t, Body::Safe(body)));
}
