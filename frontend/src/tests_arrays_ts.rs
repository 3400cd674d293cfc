//! Arrays in `.ts` transition systems: printing and parsing round-trip (also of generated
//! array expressions), errors.

use super::*;
use crate::tests_arrays_helpers::{arr, valid};
use format::print::task_to_string;
use format::{Edge, Expr, Task, VarDecl};
use proptest::prelude::*;

fn sample_array_task() -> Task {
    let a = || Expr::var("a");
    let b = || Expr::var("b");
    let i = || Expr::var("i");
    let konst = |k: i64| Expr::ConstArray(Box::new(Expr::int(k)));
    Task {
        vars: vec![VarDecl::int("i"), arr("a"), arr("b")],
        locations: vec!["l".into(), "bad".into()],
        initial_location: "l".into(),
        bad_location: "bad".into(),
        init: Expr::And(vec![
            Expr::eq(a(), konst(0)),
            Expr::eq(b(), Expr::store(konst(-3), Expr::int(1), Expr::int(2))),
        ]),
        edges: vec![
            Edge {
                id: 0,
                name: "write".into(),
                from: "l".into(),
                to: "l".into(),
                locals: vec![VarDecl::int("t")],
                relation: Expr::And(vec![
                    Expr::eq(
                        Expr::next("a"),
                        Expr::store(a(), i(), Expr::select(b(), Expr::var("t"))),
                    ),
                    Expr::eq(
                        Expr::next("b"),
                        Expr::Ite(
                            Box::new(Expr::Gt(Box::new(i()), Box::new(Expr::int(0)))),
                            Box::new(b()),
                            Box::new(Expr::store(b(), Expr::int(0), Expr::int(-1))),
                        ),
                    ),
                    Expr::eq(Expr::next("i"), Expr::select(Expr::next("a"), i())),
                ]),
            },
            Edge {
                id: 1,
                name: "fail".into(),
                from: "l".into(),
                to: "bad".into(),
                locals: vec![],
                relation: Expr::And(vec![
                    Expr::not(Expr::eq(a(), b())),
                    Expr::eq(
                        Expr::select(Expr::store(a(), i(), Expr::int(1)), i()),
                        Expr::select(
                            Expr::Ite(
                                Box::new(Expr::Bool(true)),
                                Box::new(konst(7)),
                                Box::new(a()),
                            ),
                            Expr::int(-2),
                        ),
                    ),
                ]),
            },
        ],
    }
}

#[test]
fn ts_array_round_trip() {
    let t = sample_array_task();
    valid(&t);
    let text = task_to_string(&t);
    assert!(text.contains("var a: int[];"), "{text}");
    assert!(
        text.contains("relation a' == store(a, i, b[t]) && b' == ite(i > 0, b, store(b, 0, -1)) && i' == a'[i];"),
        "{text}"
    );
    assert!(
        text.contains("relation a != b && store(a, i, 1)[i] == ite(true, const(7), a)[-2];"),
        "{text}"
    );
    assert_eq!(parse_ts("t.ts", &text).unwrap(), t);
}

#[test]
fn ts_array_errors() {
    let head = "var x: int;\nvar a: int[];\nlocation l;\ninitial l;\nbad l;\n";
    let err = |body: &str| match parse_ts("t.ts", &format!("{head}{body}")) {
        Ok(t) => panic!("expected an error, got {}", task_to_string(&t)),
        Err(e) => e.to_string(),
    };
    let e = err("edge 0 \"e\": l -> l\n  local b: int[];\n  relation true;\n");
    assert!(
        e.starts_with("t.ts:7:9: unsupported: edge local `b`"),
        "{e}"
    );
    let e = err("init a == 0;\n");
    assert!(e.starts_with("t.ts:6:11: type error"), "{e}");
    let e = err("init a < a;\n");
    assert!(e.starts_with("t.ts:6:6: type error"), "{e}");
    let e = err("init x[0] == 0;\n");
    assert!(e.starts_with("t.ts:6:6: type error"), "{e}");
    let e = err("init const(x) == a;\n");
    assert!(
        e.starts_with("t.ts:6:12: type error: `const` takes an integer literal"),
        "{e}"
    );
    let e = err("init store(a, 0) == a;\n");
    assert!(
        e.starts_with("t.ts:6:6: syntax error: `store` takes three arguments"),
        "{e}"
    );
    let e = err("init ite(x > 0, a, 1) == a;\n");
    assert!(
        e.contains("type error: branches of `ite` have different sorts"),
        "{e}"
    );
}

const ARRAYS: &[&str] = &["a", "b.1"];
const INTS: &[&str] = &["x", "y@2"];

/// Well-sorted (int, bool, array) expressions over [`INTS`] and [`ARRAYS`]
/// (primed too) and the local `t`.
fn array_exprs(
    depth: u32,
) -> (
    BoxedStrategy<Expr>,
    BoxedStrategy<Expr>,
    BoxedStrategy<Expr>,
) {
    let mut ints: Vec<Expr> = INTS.iter().map(|n| Expr::var(n)).collect();
    ints.extend(INTS.iter().map(|n| Expr::next(n)));
    ints.push(Expr::var("t"));
    let mut arrays: Vec<Expr> = ARRAYS.iter().map(|n| Expr::var(n)).collect();
    arrays.extend(ARRAYS.iter().map(|n| Expr::next(n)));
    let il = prop_oneof![
        (-3i64..3).prop_map(Expr::int),
        proptest::sample::select(ints)
    ]
    .boxed();
    let al = prop_oneof![
        3 => proptest::sample::select(arrays),
        1 => (-3i64..3).prop_map(|k| Expr::ConstArray(Box::new(Expr::int(k)))),
    ]
    .boxed();
    let bl = any::<bool>().prop_map(Expr::Bool).boxed();
    if depth == 0 {
        return (il, bl, al);
    }
    let (i, b, a) = array_exprs(depth - 1);
    let bx = |s: BoxedStrategy<Expr>| s.prop_map(Box::new);
    let int = prop_oneof![
        2 => il,
        2 => (bx(a.clone()), bx(i.clone())).prop_map(|(x, k)| Expr::Select(x, k)),
        1 => (bx(i.clone()), bx(i.clone())).prop_map(|(x, y)| Expr::Sub(x, y)),
        1 => proptest::collection::vec(i.clone(), 1..3).prop_map(Expr::Add),
        1 => (bx(b.clone()), bx(i.clone()), bx(i.clone())).prop_map(|(c, x, y)| Expr::Ite(c, x, y)),
    ]
    .boxed();
    let array = prop_oneof![
        2 => al,
        2 => (bx(a.clone()), bx(i.clone()), bx(i.clone())).prop_map(|(x, k, v)| Expr::Store(x, k, v)),
        1 => (bx(b.clone()), bx(a.clone()), bx(a.clone())).prop_map(|(c, x, y)| Expr::Ite(c, x, y)),
    ]
    .boxed();
    let boolean = prop_oneof![
        1 => bl,
        2 => (bx(i.clone()), bx(i.clone())).prop_map(|(x, y)| Expr::Eq(x, y)),
        2 => (bx(a.clone()), bx(a.clone())).prop_map(|(x, y)| Expr::Eq(x, y)),
        1 => (bx(a.clone()), bx(a.clone())).prop_map(|(x, y)| Expr::not(Expr::Eq(x, y))),
        1 => (bx(i.clone()), bx(i.clone())).prop_map(|(x, y)| Expr::Lt(x, y)),
        1 => proptest::collection::vec(b.clone(), 2..4).prop_map(Expr::And),
        1 => proptest::collection::vec(b.clone(), 2..4).prop_map(Expr::Or),
    ]
    .boxed();
    (int, boolean, array)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn ts_array_expr_round_trip(e in array_exprs(4).1) {
        let mut vars: Vec<VarDecl> = INTS.iter().map(|n| VarDecl::int(n)).collect();
        vars.extend(ARRAYS.iter().map(|n| arr(n)));
        let t = Task {
            vars,
            locations: vec!["l".into()],
            initial_location: "l".into(),
            bad_location: "l".into(),
            init: Expr::Bool(true),
            edges: vec![Edge {
                id: 3,
                name: "e".into(),
                from: "l".into(),
                to: "l".into(),
                locals: vec![VarDecl::int("t")],
                relation: e,
            }],
        };
        valid(&t);
        let text = task_to_string(&t);
        let back = parse_ts("rt.ts", &text);
        prop_assert!(back.is_ok(), "{}\n{}", back.unwrap_err(), text);
        prop_assert_eq!(back.unwrap(), t, "{}", text);
    }
}
