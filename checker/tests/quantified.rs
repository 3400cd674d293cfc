//! Arrays and quantified regions: the fixture certificates hold, and every mutation of a hint, region, array value or store index is refused (or inconclusive, never VALID).
mod common;
use checker::{CheckError, Verdict};
use common::*;
use format::*;

fn fixture(name: &str) -> Certificate {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name);
    codec::read_certificate(&path).expect("fixture reads")
}

fn safe() -> Certificate {
    fixture("array_init_safe.json")
}

fn unsafe_() -> Certificate {
    fixture("array_init_unsafe.json")
}

fn body(c: &mut Certificate) -> &mut SafeBody {
    match &mut c.body {
        Body::Safe(b) => b,
        _ => panic!("safe fixture"),
    }
}

fn trace(c: &mut Certificate) -> &mut Trace {
    match &mut c.body {
        Body::Unsafe(t) => t,
        _ => panic!("unsafe fixture"),
    }
}

/// The successor list of the fixture's assertion edge (`fail`, into bad).
fn assertion(b: &mut SafeBody) -> &mut SuccessorList {
    b.successors
        .iter_mut()
        .find(|s| s.edge == 4)
        .expect("the assertion edge is listed")
}

fn rehash(c: &mut Certificate) {
    c.header.task_sha256 = hash::task_sha256(&c.task);
}

#[test]
fn quantified_fixture_certificates_are_valid() {
    assert_valid(&safe());
    assert_valid(&unsafe_());
}

#[test]
fn closure_fails_when_the_hint_for_the_assertion_index_is_dropped() {
    let mut c = safe();
    assertion(body(&mut c)).hints.clear();
    let e = first_failure(&c);
    assert!(matches!(e, CheckError::Closure { edge: 4, .. }), "{e}");
    assert!(e.to_string().contains("0 hinted instance"), "{e}");
}

#[test]
fn closure_fails_when_a_hint_is_altered() {
    let mut c = safe();
    assertion(body(&mut c)).hints = vec![vec![Expr::Add(vec![Expr::var("x"), Expr::int(1)])]];
    let e = first_failure(&c);
    assert!(matches!(e, CheckError::Closure { edge: 4, .. }), "{e}");
    assert!(e.to_string().contains("missing or wrong hint"), "{e}");
}

#[test]
fn closure_fails_when_the_skolem_hint_of_the_loop_is_dropped() {
    let mut c = safe();
    let b = body(&mut c);
    let s = b.successors.iter_mut().find(|s| s.edge == 1).unwrap();
    s.hints
        .retain(|h| !matches!(&h[0], Expr::Var(n) if n.contains('@')));
    assert!(matches!(
        first_failure(&c),
        CheckError::Closure { edge: 1, .. }
    ));
}

#[test]
fn weakening_a_quantified_region_is_refused() {
    let mut c = safe();
    let b = body(&mut c);
    let loop_node = b.nodes.iter_mut().find(|n| n.location == "L1").unwrap();
    assert!(!loop_node.forall.is_empty());
    loop_node.forall.clear();
    let id = loop_node.id;
    // Its Skolem constant is gone with its clauses: a hint naming it is ill-sorted.
    assert!(matches!(first_failure(&c), CheckError::IllSorted { .. }));
    for s in &mut body(&mut c).successors {
        s.hints
            .retain(|h| !matches!(&h[0], Expr::Var(n) if n.ends_with(&format!("@{id}"))));
    }
    assert!(matches!(first_failure(&c), CheckError::Closure { .. }));
}

#[test]
fn flipping_a_clause_literal_is_refused() {
    let mut c = safe();
    let b = body(&mut c);
    let n = b.nodes.iter_mut().find(|n| n.location == "L2").unwrap();
    for clause in &mut n.forall {
        if let Some(l) = clause.last_mut() {
            l.positive = !l.positive;
        }
    }
    assert_eq!(run(&c).verdict(), Verdict::Invalid);
}

#[test]
fn a_store_index_flipped_in_the_task_breaks_both_certificates() {
    // a[i] = 42 becomes a[i + 1] = 42: a[0] is never written.
    let flip = |c: &mut Certificate| {
        let e = c.task.edges.iter_mut().find(|e| e.id == 1).unwrap();
        e.relation = e.relation.rewrite(&|x| match x {
            Expr::Store(a, i, v) => Some(Expr::store(
                (**a).clone(),
                Expr::Add(vec![(**i).clone(), Expr::int(1)]),
                (**v).clone(),
            )),
            _ => None,
        });
        rehash(c);
    };
    let mut c = safe();
    flip(&mut c);
    assert!(matches!(first_failure(&c), CheckError::Closure { .. }));
    let mut c = unsafe_();
    flip(&mut c);
    assert!(matches!(first_failure(&c), CheckError::Trace { .. }));
}

#[test]
fn changing_an_array_write_in_the_trace_is_refused() {
    let mut c = unsafe_();
    let t = trace(&mut c);
    let step = t
        .steps
        .iter_mut()
        .find(|s| s.arrays.values().any(|u| !u.writes.is_empty()))
        .unwrap();
    let u = step.arrays.values_mut().next().unwrap();
    u.writes[0].1 = Num::from_i64(41);
    let e = first_failure(&c);
    assert!(matches!(e, CheckError::Trace { step: Some(_), .. }), "{e}");
}

#[test]
fn changing_an_initial_array_value_is_refused_or_still_a_real_run() {
    // The bug does not depend on a's initial values: a changed default is
    // still a real run (the independent oracle: concrete replay).
    let mut c = unsafe_();
    let t = trace(&mut c);
    t.initial_arrays.get_mut("a").unwrap().default = Num::from_i64(-5);
    assert_valid(&c);
    // A missing array value is refused.
    let mut c = unsafe_();
    trace(&mut c).initial_arrays.clear();
    let e = first_failure(&c);
    assert!(e.to_string().contains("gives no value for `a`"), "{e}");
}

#[test]
fn an_index_listed_twice_in_an_array_value_is_refused() {
    let mut c = unsafe_();
    let a = trace(&mut c).initial_arrays.get_mut("a").unwrap();
    a.entries = vec![
        (Num::from_i64(3), Num::from_i64(1)),
        (Num::from_i64(3), Num::from_i64(2)),
    ];
    let e = first_failure(&c);
    assert!(e.to_string().contains("listed twice"), "{e}");
}

#[test]
fn structure_rejects_an_index_variable_named_like_a_state_variable() {
    let mut c = safe();
    body(&mut c).index_vars = vec!["x".into()];
    assert!(matches!(
        first_failure(&c),
        CheckError::IndexVarClash { .. }
    ));
}

#[test]
fn structure_rejects_an_indexed_predicate_in_a_cube() {
    let mut c = safe();
    let b = body(&mut c);
    let p = b
        .predicates
        .iter()
        .find(|p| format::print::expr_to_string(&p.formula).contains("k!"))
        .unwrap()
        .id;
    b.nodes[1].cube.push(lit(p, true));
    assert!(matches!(
        first_failure(&c),
        CheckError::IndexedInCube { .. }
    ));
}

#[test]
fn structure_rejects_a_hint_of_the_wrong_arity() {
    let mut c = safe();
    assertion(body(&mut c)).hints = vec![vec![Expr::var("x"), Expr::var("x")]];
    assert!(matches!(first_failure(&c), CheckError::HintArity { .. }));
}

#[test]
fn structure_rejects_a_hint_naming_an_unknown_skolem() {
    let mut c = safe();
    // The assertion edge has no target, so no Skolem constant exists.
    assertion(body(&mut c)).hints = vec![vec![Expr::var("k!@2")]];
    assert!(matches!(first_failure(&c), CheckError::IllSorted { .. }));
}

#[test]
fn structure_rejects_a_skolem_name_that_is_a_state_variable() {
    let mut c = safe();
    c.task.vars.push(VarDecl::int("k!@1"));
    rehash(&mut c);
    assert!(matches!(first_failure(&c), CheckError::SkolemClash { .. }));
}

#[test]
fn structure_rejects_a_constant_array_of_a_non_literal() {
    let mut c = safe();
    c.task.init = Expr::eq(Expr::var("a"), Expr::ConstArray(Box::new(Expr::var("x"))));
    rehash(&mut c);
    assert!(matches!(first_failure(&c), CheckError::IllSorted { .. }));
}

#[test]
fn structure_rejects_array_locals() {
    let mut c = safe();
    c.task.edges[0].locals.push(VarDecl {
        name: "tmp".into(),
        sort: VarSort::IntArray,
    });
    rehash(&mut c);
    assert!(matches!(
        first_failure(&c),
        CheckError::UnsupportedSort { .. }
    ));
}

#[test]
fn a_witness_at_a_quantified_node_is_inconclusive_not_valid() {
    let mut c = safe();
    let b = body(&mut c);
    let s = b.successors.iter_mut().find(|s| s.edge == 1).unwrap();
    s.targets[0].witness = Some(Witness {
        state: val(&[("i", 0), ("x", 0)]),
        inputs: Valuation::new(),
        next: val(&[("i", 1), ("x", 0)]),
        state_arrays: Default::default(),
        next_arrays: Default::default(),
    });
    let r = run(&c);
    assert_eq!(
        r.verdict(),
        Verdict::Inconclusive,
        "{}",
        checker::report::text(&r)
    );
}

#[test]
fn version_2_certificates_still_check() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/seed/format-v2");
    let c = codec::read_certificate(&dir.join("seed_p1_safe.json")).unwrap();
    assert_eq!(c.header.version, 2);
    assert_valid(&c);
    let c = codec::read_certificate(&dir.join("seed_variant_trace.json")).unwrap();
    assert_valid(&c);
}

#[test]
fn an_array_a_step_does_not_list_keeps_its_value() {
    let mut c = unsafe_();
    for s in &mut trace(&mut c).steps {
        s.arrays
            .retain(|_, u| !u.writes.is_empty() || u.reset.is_some());
    }
    assert_valid(&c);
    // Leaving out a step's write claims the array did not change: refused.
    let t = trace(&mut c);
    let s = t.steps.iter_mut().find(|s| !s.arrays.is_empty()).unwrap();
    s.arrays.clear();
    assert!(matches!(
        first_failure(&c),
        CheckError::Trace { step: Some(_), .. }
    ));
}
