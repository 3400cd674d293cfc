//! Property tests of the whole pipeline: random small `.imp` programs go
//! through certa (frontend, LBE, CEGAR) and the independent checker, and the
//! verdict is compared with an exhaustive concrete interpreter written here,
//! independently of the verifier.
//!
//! The programs are finite by construction: every data variable is first set
//! to a constant or to a nondet value assumed into a small range; loops are
//! `c = 0; while (c < K) { ...; c = c + 1; }` with K <= 4 and a counter the
//! body never writes (at most 2 nested, so at most 20 iterations on any run);
//! `x = *;` is always followed by `assume(lo <= x && x <= hi)`. So the
//! interpreter's set-of-states exploration is exact: it sees every run.
//!
//! * SAFE: no explored run fails an assertion.
//! * UNSAFE: the trace is VALID under the checker and the interpreter finds a
//!   failing run.
//! * every certificate is VALID under `checker::check`;
//! * UNKNOWN is allowed and counted.
//!
//! `CERTA_PIPELINE_CASES=N` runs N cases (default 20).

use engine::{Config, Verdict};
use frontend::Encoding;
use proptest::prelude::*;
use proptest::test_runner::{Config as PtConfig, TestCaseError, TestRunner};
use std::cell::RefCell;
use std::collections::BTreeSet;
use std::time::{Duration, Instant};

const DATA: [&str; 3] = ["x", "y", "z"];
const COUNTERS: [&str; 2] = ["i", "j"];

#[derive(Clone, Debug)]
enum E {
    Var(usize),
    Const(i64),
    Add(Box<E>, Box<E>),
    Sub(Box<E>, Box<E>),
    MulK(i64, Box<E>),
}

#[derive(Clone, Copy, Debug)]
enum Cmp {
    Lt,
    Le,
    Eq,
    Ne,
    Ge,
    Gt,
}

#[derive(Clone, Debug)]
enum C {
    Atom(Cmp, E, E),
    And(Box<C>, Box<C>),
    Or(Box<C>, Box<C>),
    Not(Box<C>),
}

#[derive(Clone, Debug)]
enum S {
    Assign(usize, E),
    /// `v = *; assume(lo <= v && v <= lo + w);`
    Havoc(usize, i64, i64),
    Assume(C),
    Assert(C),
    If(C, Vec<S>, Vec<S>),
    IfStar(Vec<S>, Vec<S>),
    /// `c = 0; while (c < K) { body; c = c + 1; }`, c the counter of this nesting level.
    Loop(i64, Vec<S>),
}

#[derive(Clone, Debug)]
struct Prog {
    nvars: usize,
    /// Per data variable: `Ok(k)` is `v = k;`, `Err((lo, w))` a bounded havoc.
    init: Vec<Result<i64, (i64, i64)>>,
    body: Vec<S>,
    last: C,
}

// ------------------------------------------------------------- generation

fn expr(nv: usize) -> BoxedStrategy<E> {
    let leaf = prop_oneof![(0..nv).prop_map(E::Var), (-3i64..=3).prop_map(E::Const)];
    leaf.prop_recursive(2, 6, 2, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| E::Add(Box::new(a), Box::new(b))),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| E::Sub(Box::new(a), Box::new(b))),
            (-2i64..=2, inner).prop_map(|(k, a)| E::MulK(k, Box::new(a))),
        ]
    })
    .boxed()
}

fn cmp() -> impl Strategy<Value = Cmp> {
    prop::sample::select(vec![Cmp::Lt, Cmp::Le, Cmp::Eq, Cmp::Ne, Cmp::Ge, Cmp::Gt])
}

fn cond(nv: usize) -> BoxedStrategy<C> {
    let atom = (cmp(), expr(nv), expr(nv)).prop_map(|(c, a, b)| C::Atom(c, a, b));
    atom.prop_recursive(1, 3, 2, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| C::And(Box::new(a), Box::new(b))),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| C::Or(Box::new(a), Box::new(b))),
            inner.prop_map(|a| C::Not(Box::new(a))),
        ]
    })
    .boxed()
}

fn stmt(nv: usize, depth: u32, loops: usize) -> BoxedStrategy<S> {
    let leaf = prop_oneof![
        3 => ((0..nv), expr(nv)).prop_map(|(v, e)| S::Assign(v, e)),
        1 => ((0..nv), -2i64..=2, 0i64..=3).prop_map(|(v, lo, w)| S::Havoc(v, lo, w)),
        1 => cond(nv).prop_map(S::Assume),
        2 => cond(nv).prop_map(S::Assert),
    ];
    if depth == 0 {
        return leaf.boxed();
    }
    let block = move |l| prop::collection::vec(stmt(nv, depth - 1, l), 1..3);
    let mut options: Vec<(u32, BoxedStrategy<S>)> = vec![
        (4, leaf.boxed()),
        (
            1,
            (cond(nv), block(loops), block(loops))
                .prop_map(|(c, a, b)| S::If(c, a, b))
                .boxed(),
        ),
        (
            1,
            (block(loops), block(loops))
                .prop_map(|(a, b)| S::IfStar(a, b))
                .boxed(),
        ),
    ];
    if loops < COUNTERS.len() {
        options.push((
            1,
            (0i64..=4, block(loops + 1))
                .prop_map(|(k, b)| S::Loop(k, b))
                .boxed(),
        ));
    }
    proptest::strategy::Union::new_weighted(options).boxed()
}

fn prog() -> impl Strategy<Value = Prog> {
    (2usize..=3).prop_flat_map(|nv| {
        let init = prop::collection::vec(
            prop_oneof![
                (-2i64..=2).prop_map(Ok),
                (-2i64..=2, 0i64..=3).prop_map(Err)
            ],
            nv,
        );
        (init, prop::collection::vec(stmt(nv, 2, 0), 1..5), cond(nv)).prop_map(
            move |(init, body, last)| Prog {
                nvars: nv,
                init,
                body,
                last,
            },
        )
    })
}

// --------------------------------------------------------------- printing

fn pe(e: &E) -> String {
    match e {
        E::Var(v) => DATA[*v].into(),
        E::Const(k) if *k < 0 => format!("(0 - {})", -k),
        E::Const(k) => k.to_string(),
        E::Add(a, b) => format!("({} + {})", pe(a), pe(b)),
        E::Sub(a, b) => format!("({} - {})", pe(a), pe(b)),
        E::MulK(k, a) if *k < 0 => format!("(0 - {} * {})", -k, pe(a)),
        E::MulK(k, a) => format!("({k} * {})", pe(a)),
    }
}

fn pc(c: &C) -> String {
    match c {
        C::Atom(op, a, b) => {
            let o = match op {
                Cmp::Lt => "<",
                Cmp::Le => "<=",
                Cmp::Eq => "==",
                Cmp::Ne => "!=",
                Cmp::Ge => ">=",
                Cmp::Gt => ">",
            };
            format!("{} {o} {}", pe(a), pe(b))
        }
        C::And(a, b) => format!("({}) && ({})", pc(a), pc(b)),
        C::Or(a, b) => format!("({}) || ({})", pc(a), pc(b)),
        C::Not(a) => format!("!({})", pc(a)),
    }
}

fn ps(s: &S, ind: usize, loops: usize, out: &mut String) {
    let pad = "  ".repeat(ind);
    match s {
        S::Assign(v, e) => out.push_str(&format!("{pad}{} = {};\n", DATA[*v], pe(e))),
        S::Havoc(v, lo, w) => {
            let n = DATA[*v];
            out.push_str(&format!(
                "{pad}{n} = *;\n{pad}assume({n} >= {} && {n} <= {});\n",
                pe(&E::Const(*lo)),
                pe(&E::Const(lo + w))
            ))
        }
        S::Assume(c) => out.push_str(&format!("{pad}assume({});\n", pc(c))),
        S::Assert(c) => out.push_str(&format!("{pad}assert({});\n", pc(c))),
        S::If(c, a, b) => {
            out.push_str(&format!("{pad}if ({}) {{\n", pc(c)));
            a.iter().for_each(|s| ps(s, ind + 1, loops, out));
            out.push_str(&format!("{pad}}} else {{\n"));
            b.iter().for_each(|s| ps(s, ind + 1, loops, out));
            out.push_str(&format!("{pad}}}\n"));
        }
        S::IfStar(a, b) => {
            out.push_str(&format!("{pad}if (*) {{\n"));
            a.iter().for_each(|s| ps(s, ind + 1, loops, out));
            out.push_str(&format!("{pad}}} else {{\n"));
            b.iter().for_each(|s| ps(s, ind + 1, loops, out));
            out.push_str(&format!("{pad}}}\n"));
        }
        S::Loop(k, body) => {
            let c = COUNTERS[loops];
            out.push_str(&format!("{pad}{c} = 0;\n{pad}while ({c} < {k}) {{\n"));
            body.iter().for_each(|s| ps(s, ind + 1, loops + 1, out));
            out.push_str(&format!("{pad}  {c} = {c} + 1;\n{pad}}}\n"));
        }
    }
}

fn uses_loops(body: &[S], depth: usize) -> usize {
    body.iter()
        .map(|s| match s {
            S::Loop(_, b) => uses_loops(b, depth + 1).max(depth + 1),
            S::If(_, a, b) | S::IfStar(a, b) => uses_loops(a, depth).max(uses_loops(b, depth)),
            _ => depth,
        })
        .max()
        .unwrap_or(depth)
}

fn print(p: &Prog) -> String {
    let mut names: Vec<&str> = DATA[..p.nvars].to_vec();
    names.extend(&COUNTERS[..uses_loops(&p.body, 0)]);
    let mut out = format!(
        "// generated by tests/tests/pipeline_props.rs\nvar {}: int;\n",
        names.join(", ")
    );
    for (v, init) in p.init.iter().enumerate() {
        match init {
            Ok(k) => ps(&S::Assign(v, E::Const(*k)), 0, 0, &mut out),
            Err((lo, w)) => ps(&S::Havoc(v, *lo, *w), 0, 0, &mut out),
        }
    }
    p.body.iter().for_each(|s| ps(s, 0, 0, &mut out));
    out.push_str(&format!("assert({});\n", pc(&p.last)));
    out
}

// ------------------------------------------------------------ interpreter

/// Data variables then loop counters.
type State = [i64; 5];

const MAX_STATES: usize = 50_000;

struct Explore {
    failed: bool,
    /// The state set was cut at MAX_STATES somewhere (exploration partial).
    truncated: bool,
}

fn ev(e: &E, s: &State) -> i64 {
    match e {
        E::Var(v) => s[*v],
        E::Const(k) => *k,
        E::Add(a, b) => ev(a, s).saturating_add(ev(b, s)),
        E::Sub(a, b) => ev(a, s).saturating_sub(ev(b, s)),
        E::MulK(k, a) => k.saturating_mul(ev(a, s)),
    }
}

fn holds(c: &C, s: &State) -> bool {
    match c {
        C::Atom(op, a, b) => {
            let (x, y) = (ev(a, s), ev(b, s));
            match op {
                Cmp::Lt => x < y,
                Cmp::Le => x <= y,
                Cmp::Eq => x == y,
                Cmp::Ne => x != y,
                Cmp::Ge => x >= y,
                Cmp::Gt => x > y,
            }
        }
        C::And(a, b) => holds(a, s) && holds(b, s),
        C::Or(a, b) => holds(a, s) || holds(b, s),
        C::Not(a) => !holds(a, s),
    }
}

impl Explore {
    fn cap(&mut self, mut set: BTreeSet<State>) -> BTreeSet<State> {
        if set.len() > MAX_STATES {
            self.truncated = true;
            while set.len() > MAX_STATES {
                set.pop_last();
            }
        }
        set
    }

    fn block(&mut self, b: &[S], mut set: BTreeSet<State>, loops: usize) -> BTreeSet<State> {
        for s in b {
            set = self.stmt(s, set, loops);
        }
        set
    }

    fn stmt(&mut self, st: &S, set: BTreeSet<State>, loops: usize) -> BTreeSet<State> {
        let out = match st {
            S::Assign(v, e) => set
                .into_iter()
                .map(|mut s| {
                    s[*v] = ev(e, &s);
                    s
                })
                .collect(),
            S::Havoc(v, lo, w) => set
                .into_iter()
                .flat_map(|s| {
                    (*lo..=lo + w).map(move |k| {
                        let mut t = s;
                        t[*v] = k;
                        t
                    })
                })
                .collect(),
            S::Assume(c) => set.into_iter().filter(|s| holds(c, s)).collect(),
            S::Assert(c) => {
                if set.iter().any(|s| !holds(c, s)) {
                    self.failed = true;
                }
                set.into_iter().filter(|s| holds(c, s)).collect()
            }
            S::If(c, a, b) => {
                let (t, f): (BTreeSet<State>, BTreeSet<State>) =
                    set.into_iter().partition(|s| holds(c, s));
                let mut out = self.block(a, t, loops);
                out.extend(self.block(b, f, loops));
                out
            }
            S::IfStar(a, b) => {
                let mut out = self.block(a, set.clone(), loops);
                out.extend(self.block(b, set, loops));
                out
            }
            S::Loop(k, body) => {
                let c = DATA.len() + loops;
                let mut cur: BTreeSet<State> = set
                    .into_iter()
                    .map(|mut s| {
                        s[c] = 0;
                        s
                    })
                    .collect();
                let mut exits = BTreeSet::new();
                // The counter only grows by one per iteration: K + 1 rounds end every run.
                for _ in 0..=*k {
                    let (go, stop): (BTreeSet<State>, BTreeSet<State>) =
                        cur.into_iter().partition(|s| s[c] < *k);
                    exits.extend(stop);
                    let after = self.block(body, go, loops + 1);
                    cur = after
                        .into_iter()
                        .map(|mut s| {
                            s[c] += 1;
                            s
                        })
                        .collect();
                }
                assert!(cur.is_empty() || cur.iter().all(|s| s[c] >= *k));
                exits.extend(cur);
                exits
            }
        };
        self.cap(out)
    }
}

fn explore(p: &Prog) -> Explore {
    let mut x = Explore {
        failed: false,
        truncated: false,
    };
    let mut set = BTreeSet::from([[0i64; 5]]);
    for (v, init) in p.init.iter().enumerate() {
        let s = match init {
            Ok(k) => S::Assign(v, E::Const(*k)),
            Err((lo, w)) => S::Havoc(v, *lo, *w),
        };
        set = x.stmt(&s, set, 0);
    }
    let set = x.block(&p.body, set, 0);
    x.stmt(&S::Assert(p.last.clone()), set, 0);
    x
}

// ------------------------------------------------------------------ test

#[derive(Default, Debug)]
struct Counts {
    cases: u32,
    safe: u32,
    unsafe_: u32,
    unknown: u32,
    truncated: u32,
    seconds: f64,
}

fn cases() -> u32 {
    std::env::var("CERTA_PIPELINE_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20)
}

fn check_one(p: &Prog, counts: &RefCell<Counts>) -> Result<(), TestCaseError> {
    let text = print(p);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("case.imp");
    std::fs::write(&file, &text).unwrap();
    let cfg = Config {
        timeout: Some(Duration::from_secs(5)),
        ..Config::default()
    };
    let start = Instant::now();
    let run = engine::run::run_file(&file, Encoding::Lbe, &cfg).map_err(|e| {
        TestCaseError::fail(format!(
            "frontend rejected a generated program: {e}\n{text}"
        ))
    })?;
    let concrete = explore(p);
    let mut c = counts.borrow_mut();
    c.cases += 1;
    c.truncated += concrete.truncated as u32;
    match &run.outcome.verdict {
        Verdict::Unknown(_) => {
            c.unknown += 1;
            return Ok(());
        }
        Verdict::Safe(_) => {
            c.safe += 1;
            prop_assert!(
                !concrete.failed,
                "certa says SAFE but a concrete run fails an assertion:\n{text}"
            );
        }
        Verdict::Unsafe(_) => {
            c.unsafe_ += 1;
            prop_assert!(
                concrete.failed || concrete.truncated,
                "certa says UNSAFE but no concrete run (all {} explored) fails:\n{text}",
                if concrete.truncated {
                    "partially"
                } else {
                    "exhaustively"
                }
            );
        }
    }
    drop(c);
    let cert = run
        .certificate
        .as_ref()
        .expect("definite verdicts carry a certificate");
    let opts = checker::Options {
        limits: checker::Limits {
            timeout_ms: Some(20_000),
            rlimit: None,
            proofs: false,
        },
        ..checker::Options::default()
    };
    let rep = checker::on_large_stack(|| checker::check(cert, &opts));
    let why: Vec<String> = rep.failures().map(|(_, e)| e.to_string()).collect();
    prop_assert_eq!(
        rep.verdict(),
        checker::Verdict::Valid,
        "certificate not VALID ({:?}):\n{}",
        why,
        text
    );
    counts.borrow_mut().seconds += start.elapsed().as_secs_f64();
    Ok(())
}

#[test]
fn random_programs_agree_with_a_concrete_interpreter() {
    let counts = RefCell::new(Counts::default());
    let start = Instant::now();
    let mut runner = TestRunner::new(PtConfig {
        cases: cases(),
        failure_persistence: None,
        max_shrink_iters: 200,
        ..PtConfig::default()
    });
    let r = runner.run(&prog(), |p| check_one(&p, &counts));
    let c = counts.borrow();
    eprintln!(
        "pipeline: {} programs ({} incl. shrinking) in {:.1}s: {} safe, {} unsafe, {} unknown; {} with truncated exploration",
        cases(),
        c.cases,
        start.elapsed().as_secs_f64(),
        c.safe,
        c.unsafe_,
        c.unknown,
        c.truncated
    );
    if let Err(e) = r {
        panic!("{e}");
    }
}

/// The interpreter itself, on programs whose answer is known.
#[test]
fn interpreter_sanity() {
    let x = E::Var(0);
    let y = E::Var(1);
    // x = 0; y = havoc 0..3; i = 0; while (i < 3) { x = x + 1 }; assert(x == 3)
    let safe = Prog {
        nvars: 2,
        init: vec![Ok(0), Err((0, 3))],
        body: vec![S::Loop(
            3,
            vec![S::Assign(
                0,
                E::Add(Box::new(x.clone()), Box::new(E::Const(1))),
            )],
        )],
        last: C::Atom(Cmp::Eq, x.clone(), E::Const(3)),
    };
    assert!(!explore(&safe).failed);
    assert!(print(&safe).contains("while (i < 3)"));
    let unsafe_ = Prog {
        last: C::Atom(Cmp::Ne, y, E::Const(2)),
        ..safe
    };
    assert!(explore(&unsafe_).failed);
}
