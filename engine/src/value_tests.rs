//! Unit tests of explicit values: transfer, array cells, sign bounds and value interpolation.
use super::*;
use frontend::parse_ts;

/// A path in seed 003's spirit: `lock` goes 0 -> 1 -> 0, the counter `n`
/// and the flag `done` are never needed to refute the error `lock != 0`.
const LOCKS: &str = "
    var lock: int; var n: int; var done: int;
    location a; location b; location c; location bad;
    initial a; bad bad;
    init lock == 0 && done == 0;
    edge 0 \"take\": a -> b relation lock' == 1 && n' == n + 1 && done' == done;
    edge 1 \"give\": b -> c relation lock' == lock - 1 && n' == n && done' == 1;
    edge 2 \"fail\": c -> bad relation lock != 0 && lock' == lock && n' == n && done' == done;
";

fn task(text: &str) -> Task {
    parse_ts("test.ts", text).expect("test task parses")
}

fn vals(pairs: &[(&str, i64)]) -> Values {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), BigInt::from(*v)))
        .collect()
}

fn edge(text: &str) -> Edge {
    task(&format!(
        "var x: int; var y: int; location a; location bad; initial a; bad bad; init true;
         edge 0 \"e\": a -> a local t: int; relation {text};"
    ))
    .edges[0]
        .clone()
}

fn all(_: &str) -> bool {
    true
}

#[test]
fn known_values_are_evaluated_through_assignments() {
    let e = edge("x' == x + 2 && y' == x * 3 + y");
    assert_eq!(
        post(&vals(&[("x", 1), ("y", 4)]), &e, &all),
        vec![vals(&[("x", 3), ("y", 7)])]
    );
}

#[test]
fn an_assume_equality_binds_an_unknown_variable() {
    let e = edge("x == 5 && x' == x && y' == y");
    assert_eq!(post(&vals(&[]), &e, &all), vec![vals(&[("x", 5)])]);
}

#[test]
fn an_assignment_from_an_unknown_value_forgets_the_variable() {
    let e = edge("x' == t && y' == y");
    assert_eq!(
        post(&vals(&[("x", 1), ("y", 2)]), &e, &all),
        vec![vals(&[("y", 2)])]
    );
}

#[test]
fn an_assume_falsified_by_known_values_has_no_successor() {
    let e = edge("x > 3 && x' == x && y' == y");
    assert!(post(&vals(&[("x", 1)]), &e, &all).is_empty());
    // Unknown operands keep the step (the SMT query decides it).
    assert_eq!(post(&vals(&[]), &e, &all).len(), 1);
}

#[test]
fn branches_of_a_block_give_one_successor_each() {
    let e = edge("(x == 0 && x' == 1 || x != 0 && x' == 0) && y' == y");
    assert_eq!(post(&vals(&[("x", 0)]), &e, &all), vec![vals(&[("x", 1)])]);
    let both = post(&vals(&[]), &e, &all);
    assert_eq!(both.len(), 2, "{both:?}");
}

#[test]
fn untracked_variables_are_left_out_of_successors() {
    let e = edge("x' == 1 && y' == 2");
    assert_eq!(post(&vals(&[]), &e, &|v| v == "y"), vec![vals(&[("y", 2)])]);
}

/// An edge over the array `a` and the integers `x`, `y`; the encoder
/// is told that `a` is an array, as `verify` does per task.
fn array_edge(text: &str) -> Edge {
    let t = task(&format!(
        "var a: int[]; var x: int; var y: int; location l; location bad; initial l; bad bad;
         init true; edge 0 \"e\": l -> l local t: int; relation {text};"
    ));
    crate::smt::set_array_vars(&t);
    t.edges[0].clone()
}

#[test]
fn a_write_at_a_known_index_is_tracked_as_a_cell() {
    let e = array_edge("a' == store(store(a, x, 7), x + 1, y) && x' == x && y' == y");
    let got = post(&vals(&[("x", 16), ("a[3]", 5)]), &e, &all);
    // y unknown: cell 17 is unknown; cell 3 is kept, 16 written.
    assert_eq!(got, vec![vals(&[("x", 16), ("a[16]", 7), ("a[3]", 5)])]);
}

#[test]
fn a_read_of_a_known_cell_decides_a_guard() {
    let e = array_edge("a[x] == 1 && a' == a && x' == x && y' == y");
    assert!(post(&vals(&[("x", 4), ("a[4]", 2)]), &e, &all).is_empty());
    assert_eq!(post(&vals(&[("x", 4), ("a[4]", 1)]), &e, &all).len(), 1);
    // Reading through a write at another known index.
    let e = array_edge("store(a, x + 1, 9)[x] == 1 && a' == a && x' == x && y' == y");
    assert!(post(&vals(&[("x", 4), ("a[4]", 2)]), &e, &all).is_empty());
}

#[test]
fn a_write_at_an_unknown_index_forgets_every_cell() {
    let e = array_edge("a' == store(a, t, 1) && x' == x && y' == y");
    assert_eq!(
        post(&vals(&[("x", 1), ("a[4]", 2)]), &e, &all),
        vec![vals(&[("x", 1)])]
    );
}

#[test]
fn a_cell_is_written_as_a_read_of_its_array_in_certificates() {
    assert_eq!(
        split_cell("mem.node.h[16]"),
        Some(("mem.node.h", BigInt::from(16)))
    );
    assert_eq!(split_cell("x"), None);
    assert_eq!(base("mem.node.h[-8]"), "mem.node.h");
    let read = Expr::Select(Box::new(Expr::var("a")), Box::new(Expr::int(16)));
    assert_eq!(
        literal("a[16]", &BigInt::from(3)),
        Expr::eq(read, Expr::int(3))
    );
}

#[test]
fn bounds_from_both_sides_with_nothing_between_have_no_successor() {
    // A result known only by its sign, then tested against the other sign.
    let e = edge("(x < 0 && t < 0 || x >= 0 && t >= 0) && t >= 0 && x' == x && y' == t");
    assert!(post(&vals(&[("x", -3)]), &e, &all).is_empty());
    assert_eq!(post(&vals(&[("x", 3)]), &e, &all), vec![vals(&[("x", 3)])]);
    // Branches that end with the same values keep only common facts.
    let e = edge("(t < 0 || t > 5) && t >= 0 && x' == x && y' == y");
    assert_eq!(post(&vals(&[("x", 1)]), &e, &all), vec![vals(&[("x", 1)])]);
    let e = edge("t == 2 && t > 4 && x' == x && y' == y");
    assert!(post(&vals(&[]), &e, &all).is_empty());
}

#[test]
fn value_interpolation_tracks_only_what_refutes_the_path() {
    let t = task(LOCKS);
    let path = AbstractPath {
        locations: vec!["a".into(), "b".into(), "c".into(), "bad".into()],
        edges: vec![0, 1, 2],
        facts: vec![],
    };
    let prec = interpolate(&t, &path, &BTreeSet::new(), &Budget::new(None))
        .unwrap()
        .expect("values refute the path");
    let names = |i: usize| prec[i].iter().cloned().collect::<Vec<_>>();
    // At a nothing is needed (`take` sets lock), at b and c only lock.
    assert_eq!(names(0), Vec::<String>::new());
    assert_eq!(names(1), vec!["lock".to_string()]);
    assert_eq!(names(2), vec!["lock".to_string()]);
}

#[test]
fn value_interpolation_gives_up_when_unknown_values_carry_the_proof() {
    let t = task(
        "var x: int; var y: int; location a; location b; location bad; initial a; bad bad;
         init true;
         edge 0 \"copy\": a -> b relation y' == x && x' == x;
         edge 1 \"fail\": b -> bad relation x != y && x' == x && y' == y;",
    );
    let path = AbstractPath {
        locations: vec!["a".into(), "b".into(), "bad".into()],
        edges: vec![0, 1],
        facts: vec![],
    };
    let got = interpolate(&t, &path, &BTreeSet::new(), &Budget::new(None)).unwrap();
    assert!(got.is_none(), "{got:?}");
}

#[test]
fn untracked_variables_are_never_put_back_by_interpolation() {
    let t = task(LOCKS);
    let path = AbstractPath {
        locations: vec!["a".into(), "b".into(), "c".into(), "bad".into()],
        edges: vec![0, 1, 2],
        facts: vec![],
    };
    let untracked: BTreeSet<String> = ["lock".to_string()].into();
    let got = interpolate(&t, &path, &untracked, &Budget::new(None)).unwrap();
    assert!(got.is_none(), "{got:?}");
}

#[test]
fn a_post_of_many_split_steps_is_charged_to_its_race_lane() {
    // A block of 600 conjuncts: 600 split steps and no solver query.
    // Uncharged, such posts let a lane fall behind in work while it ran
    // for seconds (`conc/stateful01`: 5.2 million steps in 5.4 s).
    let relation = vec!["(x == 0 || y == 1)"; 600].join(" && ") + " && x' == x && y' == y";
    let e = edge(&relation);
    let lane = crate::race::Lane::leading(1, 0);
    crate::race::in_lane(lane.clone(), || {
        let _ = post(&vals(&[("x", 0), ("y", 0)]), &e, &all);
    });
    assert!(lane.spent() >= 1, "charged {} units", lane.spent());
    // Outside a race the same post charges nothing and still answers.
    assert_eq!(
        post(&vals(&[("x", 0), ("y", 0)]), &e, &all),
        vec![vals(&[("x", 0), ("y", 0)])]
    );
}
