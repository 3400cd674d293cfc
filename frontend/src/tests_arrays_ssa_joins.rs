//! SSA joins of array writes, semantically: the LBE relation of a loop body with writes under
//! nested branches holds exactly for the states the body reaches (property tests).

use super::*;
use crate::tests_arrays_helpers::{env, imp, some_locals};
use format::eval::ArrayVal;
use format::print::expr_to_string;
use num_bigint::BigInt;
use proptest::prelude::*;
use std::collections::BTreeMap;

#[derive(Clone, Debug)]
enum Ix {
    K(i64),
    I,
}

#[derive(Clone, Debug)]
enum Val {
    K(i64),
    Read(Ix),
}

#[derive(Clone, Debug)]
enum Cond {
    IEq0,
    IGt0,
    XEq1,
    Nondet,
}

#[derive(Clone, Debug)]
enum St {
    Write(Ix, Val),
    If(Cond, Vec<St>, Vec<St>),
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct State {
    i: i64,
    x: i64,
    a: [i64; 3],
}

fn ix_text(k: &Ix) -> String {
    match k {
        Ix::K(n) => n.to_string(),
        Ix::I => "i".into(),
    }
}

fn body_text(body: &[St]) -> String {
    body.iter()
        .map(|s| match s {
            St::Write(k, v) => {
                let v = match v {
                    Val::K(n) => n.to_string(),
                    Val::Read(r) => format!("a[{}]", ix_text(r)),
                };
                format!("a[{}] = {v};", ix_text(k))
            }
            St::If(c, t, e) => {
                let c = match c {
                    Cond::IEq0 => "i == 0",
                    Cond::IGt0 => "i > 0",
                    Cond::XEq1 => "x == 1",
                    Cond::Nondet => "*",
                };
                format!(
                    "if ({c}) {{ {} }} else {{ {} }}",
                    body_text(t),
                    body_text(e)
                )
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every state `body` can end in from `s`.
fn run(body: &[St], s: State) -> Vec<State> {
    let mut states = vec![s];
    for st in body {
        let mut next = Vec::new();
        for s in states {
            let at = |k: &Ix, s: &State| match k {
                Ix::K(n) => *n as usize,
                Ix::I => s.i as usize,
            };
            match st {
                St::Write(k, v) => {
                    let mut s2 = s.clone();
                    s2.a[at(k, &s)] = match v {
                        Val::K(n) => *n,
                        Val::Read(r) => s.a[at(r, &s)],
                    };
                    next.push(s2);
                }
                St::If(c, t, e) => {
                    let (take_t, take_e) = match c {
                        Cond::IEq0 => (s.i == 0, s.i != 0),
                        Cond::IGt0 => (s.i > 0, s.i <= 0),
                        Cond::XEq1 => (s.x == 1, s.x != 1),
                        Cond::Nondet => (true, true),
                    };
                    if take_t {
                        next.extend(run(t, s.clone()));
                    }
                    if take_e {
                        next.extend(run(e, s.clone()));
                    }
                }
            }
        }
        states = next;
    }
    states
}

fn stmts(depth: u32) -> BoxedStrategy<Vec<St>> {
    let ix = prop_oneof![(0i64..3).prop_map(Ix::K), Just(Ix::I)];
    let val = prop_oneof![(0i64..4).prop_map(Val::K), ix.clone().prop_map(Val::Read)];
    let write = (ix, val).prop_map(|(k, v)| St::Write(k, v)).boxed();
    let st = if depth == 0 {
        write
    } else {
        let cond = prop_oneof![
            Just(Cond::IEq0),
            Just(Cond::IGt0),
            Just(Cond::XEq1),
            Just(Cond::Nondet)
        ];
        prop_oneof![
            2 => write,
            1 => (cond, stmts(depth - 1), stmts(depth - 1)).prop_map(|(c, t, e)| St::If(c, t, e)),
        ]
        .boxed()
    };
    proptest::collection::vec(st, 0..3).boxed()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// The LBE relation of a loop body with array writes under (nested,
    /// possibly nondeterministic) branches, followed by reads, holds exactly
    /// for the states the body reaches (locals searched over a small domain).
    #[test]
    fn lbe_array_joins_are_exact(body in stmts(2), p in 0usize..3, q in 0usize..3) {
        let src = format!(
            "var i, x: int;\nvar a: int[];\nwhile (*) {{ {} x = a[{p}] + a[{q}]; }}\nassert(x != 100);\n",
            body_text(&body)
        );
        let t = imp(&src, Encoding::Lbe);
        let e = t.edges.iter().find(|e| e.from == e.to && e.from != "entry").unwrap();
        prop_assume!(e.locals.len() <= 5);
        let ints = |s: &State| -> BTreeMap<String, BigInt> {
            [("i".to_string(), BigInt::from(s.i)), ("x".to_string(), BigInt::from(s.x))].into()
        };
        let array = |s: &State| ArrayVal {
            default: BigInt::from(0),
            entries: (0..3).map(|k| (BigInt::from(k), BigInt::from(s.a[k as usize]))).collect(),
        };
        let holds = |pre: &State, post: &State| {
            some_locals(e, env(ints(pre), ints(post), array(pre), Some(array(post))))
        };
        for (i, x, a) in [(0, 0, [1, 2, 3]), (1, 1, [0, 3, 1]), (2, 0, [2, 2, 0]), (2, 1, [3, 0, 2])] {
            let pre = State { i, x, a };
            let posts: Vec<State> = run(&body, pre.clone())
                .into_iter()
                .map(|mut s| { s.x = s.a[p] + s.a[q]; s })
                .collect();
            for post in &posts {
                prop_assert!(holds(&pre, post), "{src}\n{}\npre {pre:?} post {post:?}", expr_to_string(&e.relation));
            }
            let mut wrong = posts[0].clone();
            wrong.a[(i as usize + 1) % 3] += 1;
            if !posts.contains(&wrong) {
                prop_assert!(!holds(&pre, &wrong), "{src}\n{}\npre {pre:?} wrong {wrong:?}", expr_to_string(&e.relation));
            }
            let mut wrong = posts[0].clone();
            wrong.x += 1;
            if !posts.contains(&wrong) {
                prop_assert!(!holds(&pre, &wrong), "{src}\n{}\npre {pre:?} wrong {wrong:?}", expr_to_string(&e.relation));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// The same for an edge into `bad` (no frame): it is enabled exactly
    /// where some execution of the body violates the assertion.
    #[test]
    fn lbe_array_joins_into_bad_are_exact(body in stmts(2), p in 0usize..3, v in 0i64..4) {
        let src = format!(
            "var i, x: int;\nvar a: int[];\nwhile (*) {{ {} assert(a[{p}] != {v}); }}\n",
            body_text(&body)
        );
        let t = imp(&src, Encoding::Lbe);
        let Some(e) = t.edges.iter().find(|e| e.to == "bad" && e.from != "entry") else {
            return Ok(());
        };
        prop_assume!(e.locals.len() <= 5);
        for (i, x, a) in [(0, 0, [1, 2, 3]), (1, 1, [0, 3, 1]), (2, 0, [2, 2, 0]), (2, 1, [3, 0, 2])] {
            let pre = State { i, x, a };
            let want = run(&body, pre.clone()).iter().any(|s| s.a[p] == v);
            let vars = [("i".to_string(), BigInt::from(i)), ("x".to_string(), BigInt::from(x))].into();
            let pre_a = ArrayVal {
                default: BigInt::from(0),
                entries: (0..3).map(|k| (BigInt::from(k), BigInt::from(a[k as usize]))).collect(),
            };
            let got = some_locals(e, env(vars, BTreeMap::new(), pre_a, None));
            prop_assert_eq!(got, want, "{}\n{}\npre {:?}", src, expr_to_string(&e.relation), pre);
        }
    }
}
