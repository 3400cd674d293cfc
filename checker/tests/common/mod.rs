//! Hand-built certificates for the seed 000 worked example (the test oracle).
#![allow(dead_code)]

use checker::{Options, Outcome, Report, Verdict};
use format::*;
use std::collections::BTreeMap;

pub fn v(n: &str) -> Expr {
    Expr::var(n)
}
pub fn nx(n: &str) -> Expr {
    Expr::next(n)
}
pub fn i(k: i64) -> Expr {
    Expr::int(k)
}
pub fn b(e: Expr) -> Box<Expr> {
    Box::new(e)
}
pub fn ge(a: Expr, c: Expr) -> Expr {
    Expr::Ge(b(a), b(c))
}
pub fn add(a: Expr, c: Expr) -> Expr {
    Expr::Add(vec![a, c])
}
pub fn and(v: Vec<Expr>) -> Expr {
    Expr::And(v)
}

/// x' = x + dx && y' = y + dy
fn update(dx: i64, dy: i64) -> Expr {
    let step = |n: &str, d: i64| {
        if d == 0 {
            Expr::eq(nx(n), v(n))
        } else {
            Expr::eq(nx(n), add(v(n), i(d)))
        }
    };
    and(vec![step("x", dx), step("y", dy)])
}

/// The seed task; `dy` is the loop's increment of `y` (1 safe, 2 the unsafe variant).
pub fn task_with(dy: i64) -> Task {
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
        init: and(vec![Expr::eq(v("x"), i(0)), Expr::eq(v("y"), i(0))]),
        edges: vec![
            edge(0, "loop", "h", "h", update(1, dy)),
            edge(1, "exit", "h", "c", update(0, 0)),
            edge(
                2,
                "fail",
                "c",
                "bad",
                and(vec![Expr::not(Expr::eq(v("x"), v("y"))), update(0, 0)]),
            ),
        ],
    }
}

pub fn task() -> Task {
    task_with(1)
}

pub fn header(task: &Task) -> Header {
    Header {
        format: FORMAT_NAME.into(),
        version: FORMAT_VERSION,
        producer: Tool {
            name: "hand-built seed 000 fixture".into(),
            version: "1".into(),
        },
        solver: Tool {
            name: "none".into(),
            version: "0".into(),
        },
        task_sha256: format::hash::task_sha256(task),
        source: None,
    }
}

pub fn cert(task: Task, body: Body) -> Certificate {
    Certificate {
        header: header(&task),
        task,
        body,
        source_map: None,
    }
}

pub fn val(pairs: &[(&str, i64)]) -> Valuation {
    pairs
        .iter()
        .map(|(k, n)| (k.to_string(), Num::from_i64(*n)))
        .collect::<BTreeMap<_, _>>()
}

pub fn witness(s: (i64, i64), n: (i64, i64)) -> Option<Witness> {
    Some(Witness {
        state_arrays: Default::default(),
        next_arrays: Default::default(),
        state: val(&[("x", s.0), ("y", s.1)]),
        inputs: val(&[]),
        next: val(&[("x", n.0), ("y", n.1)]),
    })
}

pub fn lit(pred: u32, positive: bool) -> Literal {
    Literal { pred, positive }
}

pub fn node(id: u32, loc: &str, bits: &[bool]) -> Node {
    Node {
        forall: vec![],
        id,
        location: loc.into(),
        cube: bits
            .iter()
            .enumerate()
            .map(|(j, &p)| lit(j as u32, p))
            .collect(),
    }
}

pub fn succ(node: u32, edge: u32, targets: Vec<(u32, Option<Witness>)>) -> SuccessorList {
    SuccessorList {
        hints: vec![],
        node,
        edge,
        targets: targets
            .into_iter()
            .map(|(node, witness)| Successor { node, witness })
            .collect(),
    }
}

/// P1 = (x >= 0, y >= 0, x == y).
pub fn p1() -> Vec<Predicate> {
    vec![
        Predicate {
            id: 0,
            formula: ge(v("x"), i(0)),
        },
        Predicate {
            id: 1,
            formula: ge(v("y"), i(0)),
        },
        Predicate {
            id: 2,
            formula: Expr::eq(v("x"), v("y")),
        },
    ]
}

/// R1 = {(h,111), (c,111)}: the valid SAFE certificate of the seed.
pub fn p1_body() -> SafeBody {
    SafeBody {
        index_vars: vec![],
        predicates: p1(),
        nodes: vec![
            node(0, "h", &[true, true, true]),
            node(1, "c", &[true, true, true]),
        ],
        initial: vec![0],
        successors: vec![
            succ(0, 0, vec![(0, witness((0, 0), (1, 1)))]),
            succ(0, 1, vec![(1, witness((0, 0), (0, 0)))]),
            succ(1, 2, vec![]),
        ],
    }
}

pub fn p1_cert() -> Certificate {
    cert(task(), Body::Safe(p1_body()))
}

/// R0 over P0 = (x >= 0, y >= 0): (h,11), (c,11), and optionally a node at bad.
pub fn r0_body(with_bad: bool) -> SafeBody {
    let mut nodes = vec![node(0, "h", &[true, true]), node(1, "c", &[true, true])];
    let mut fail = vec![];
    if with_bad {
        nodes.push(Node {
            forall: vec![],
            id: 2,
            location: "bad".into(),
            cube: vec![],
        });
        fail.push((2, witness((0, 1), (0, 1))));
    }
    SafeBody {
        index_vars: vec![],
        predicates: p1().into_iter().take(2).collect(),
        nodes,
        initial: vec![0],
        successors: vec![
            succ(0, 0, vec![(0, witness((0, 0), (1, 1)))]),
            succ(0, 1, vec![(1, witness((0, 0), (0, 0)))]),
            succ(1, 2, fail),
        ],
    }
}

/// The y := y + 2 variant's real counterexample: (0,0) loop (1,2) exit (1,2) fail (1,2).
pub fn variant_trace() -> Trace {
    let step = |edge, x, y| Step {
        arrays: Default::default(),
        edge,
        inputs: val(&[]),
        next: val(&[("x", x), ("y", y)]),
    };
    Trace {
        initial_arrays: Default::default(),
        initial: val(&[("x", 0), ("y", 0)]),
        steps: vec![step(0, 1, 2), step(1, 1, 2), step(2, 1, 2)],
    }
}

pub fn variant_cert() -> Certificate {
    cert(task_with(2), Body::Unsafe(variant_trace()))
}

pub fn run(c: &Certificate) -> Report {
    run_with(c, &Options::default())
}

pub fn run_with(c: &Certificate, o: &Options) -> Report {
    checker::on_large_stack(|| checker::check(c, o))
}

pub fn assert_valid(c: &Certificate) {
    let r = run(c);
    assert_eq!(r.verdict(), Verdict::Valid, "{}", checker::report::text(&r));
}

/// Asserts INVALID and returns the first failure.
pub fn first_failure(c: &Certificate) -> checker::CheckError {
    let r = run(c);
    assert_eq!(
        r.verdict(),
        Verdict::Invalid,
        "{}",
        checker::report::text(&r)
    );
    r.records
        .iter()
        .find_map(|x| match &x.outcome {
            Outcome::Fails(e) => Some(e.clone()),
            _ => None,
        })
        .unwrap()
}

/// With the body of a SAFE certificate changed by `f`.
pub fn with_body(f: impl FnOnce(&mut SafeBody)) -> Certificate {
    let mut b = p1_body();
    f(&mut b);
    cert(task(), Body::Safe(b))
}

/// With the task changed by `f` (and the header re-hashed).
pub fn with_task(f: impl FnOnce(&mut Task)) -> Certificate {
    let mut t = task();
    f(&mut t);
    cert(t, Body::Safe(p1_body()))
}
