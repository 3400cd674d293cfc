//! The mutation tests' oracle: decides whether a certificate is correct
//! independently of `certa-check`, with Z3 (initiality, closure, quantified
//! regions, array traces) and concrete evaluation cross-checked with Z3
//! (witnesses and traces).

use super::structure::structure;
use engine::smt::{
    array_const, encode_bool, encode_edge, int_const, local_symbol, set_array_vars, state_symbol,
    View,
};
use format::eval::Env;
use format::{Body, Certificate, Edge, Expr, Node, SafeBody, Task, Trace, Valuation};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use z3::ast::{Array, Bool, Int};
use z3::{Params, SatResult, Solver};

/// Longest trace over arrays the oracle replays in Z3.
const MAX_ARRAY_TRACE_STEPS: usize = 300;

/// The oracle's judgement of a certificate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judgement {
    Valid,
    Invalid(String),
    Unknown(String),
}

/// Collects obligation results: any failure makes the certificate invalid;
/// otherwise any unknown makes the judgement unknown.
#[derive(Default)]
struct Tally {
    failure: Option<String>,
    unknown: Option<String>,
}

impl Tally {
    fn fail(&mut self, why: String) {
        self.failure.get_or_insert(why);
    }
    fn unknown(&mut self, why: String) {
        self.unknown.get_or_insert(why);
    }
    fn judgement(self) -> Judgement {
        match (self.failure, self.unknown) {
            (Some(f), _) => Judgement::Invalid(f),
            (None, Some(u)) => Judgement::Unknown(u),
            (None, None) => Judgement::Valid,
        }
    }
}

fn literals(b: &SafeBody, lits: &[format::Literal]) -> Vec<Expr> {
    lits.iter()
        .map(|l| {
            let f = b
                .predicates
                .iter()
                .find(|p| p.id == l.pred)
                .expect("resolved")
                .formula
                .clone();
            if l.positive {
                f
            } else {
                Expr::not(f)
            }
        })
        .collect()
}

/// The region of `n`, built from its literals (not with `SafeBody::region`):
/// the cube and the clauses, without the quantifier (see [`region_z3`]).
fn region(b: &SafeBody, n: &Node) -> Expr {
    let mut parts = literals(b, &n.cube);
    parts.extend(n.forall.iter().map(|c| Expr::Or(literals(b, c))));
    Expr::And(parts)
}

/// The region of `n` in Z3 at `view`, the index variables bound by a real
/// `forall` (each index variable is the Int constant the encoder gives it).
fn region_z3(b: &SafeBody, n: &Node, view: View) -> Bool {
    let body = encode_bool(&region(b, n), view);
    if n.forall.is_empty() || b.index_vars.is_empty() {
        return body;
    }
    let bound: Vec<Int> = b
        .index_vars
        .iter()
        .map(|x| int_const(&state_symbol(x, view.cur)))
        .collect();
    let refs: Vec<&dyn z3::ast::Ast> = bound.iter().map(|x| x as &dyn z3::ast::Ast).collect();
    z3::ast::forall_const(&refs, &[], &body)
}

/// Z3 for the oracle: one incremental solver (a scope per query) and a
/// cache of answers keyed by the query's content, so that the obligations a
/// mutant shares with its original are decided once per certificate.
pub struct Z3 {
    solver: Solver,
    cache: HashMap<String, Result<bool, String>>,
    queries: usize,
}

impl Z3 {
    pub fn new() -> Z3 {
        let solver = Solver::new();
        let mut p = Params::new();
        p.set_u32("timeout", 20_000);
        solver.set_params(&p);
        Z3 {
            solver,
            cache: HashMap::new(),
            queries: 0,
        }
    }

    /// Is the conjunction that `build` asserts satisfiable? `Err` if Z3 gives up.
    fn sat(&mut self, key: String, build: &dyn Fn(&Solver)) -> Result<bool, String> {
        if let Some(r) = self.cache.get(&key) {
            return r.clone();
        }
        self.queries += 1;
        let s = &self.solver;
        s.push();
        build(s);
        let r = match s.check() {
            SatResult::Sat => Ok(true),
            SatResult::Unsat => Ok(false),
            SatResult::Unknown => Err(format!(
                "z3 unknown: {}",
                s.get_reason_unknown().unwrap_or_default()
            )),
        };
        s.pop(1);
        self.cache.insert(key, r.clone());
        r
    }
}

/// A concrete environment: `vars` as current-state/local values, `nexts` primed.
fn env(vars: &[&Valuation], nexts: &Valuation) -> Env {
    let mut e = Env::default();
    for v in vars {
        e.vars
            .extend(v.iter().map(|(k, n)| (k.clone(), n.0.clone())));
    }
    e.nexts
        .extend(nexts.iter().map(|(k, n)| (k.clone(), n.0.clone())));
    e
}

fn same_keys(v: &Valuation, want: &[String]) -> bool {
    v.keys().cloned().collect::<BTreeSet<_>>() == want.iter().cloned().collect()
}

/// Asserts `sym == value` for every entry of `v`.
fn pin(s: &Solver, v: &Valuation, sym: &dyn Fn(&str) -> String) {
    for (k, n) in v {
        s.assert(int_const(&sym(k)).eq(Int::from_big_int(&n.0)));
    }
}

/// The oracle's own array values: plain maps, copied and updated per step.
type Arrays = BTreeMap<
    String,
    (
        num_bigint::BigInt,
        BTreeMap<num_bigint::BigInt, num_bigint::BigInt>,
    ),
>;

fn oracle_arrays(v: &format::ArrayValuation) -> Option<Arrays> {
    let mut out = Arrays::new();
    for (k, a) in v {
        let mut m = BTreeMap::new();
        for (i, x) in &a.entries {
            if m.insert(i.0.clone(), x.0.clone()).is_some() {
                return None;
            }
        }
        out.insert(k.clone(), (a.default.0.clone(), m));
    }
    Some(out)
}

/// Asserts `sym(a) == stores over const(default)` for every array.
fn pin_arrays(s: &Solver, v: &Arrays, sym: &dyn Fn(&str) -> String) {
    for (k, (d, m)) in v {
        let mut t = Array::const_array(&z3::Sort::int(), &Int::from_big_int(d));
        for (i, x) in m {
            t = t.store(&Int::from_big_int(i), &Int::from_big_int(x));
        }
        s.assert(array_const(&sym(k)).eq(t));
    }
}

fn format_arrays(v: &Arrays) -> format::ArrayValuation {
    v.iter()
        .map(|(k, (d, m))| {
            let entries = m
                .iter()
                .map(|(i, x)| (format::Num(i.clone()), format::Num(x.clone())))
                .collect();
            let value = format::ArrayValue {
                default: format::Num(d.clone()),
                entries,
            };
            (k.clone(), value)
        })
        .collect()
}

/// One concrete step `state --e(inputs)--> next` that must satisfy
/// `pre(state)`, `T_e` and `post(next)`: concrete evaluation and Z3 must
/// agree; a disagreement is reported as unknown (and counted by the test).
fn concrete_step(
    z: &mut Z3,
    e: &Edge,
    state: &Valuation,
    inputs: &Valuation,
    next: &Valuation,
    pre: &Expr,
    post: &Expr,
) -> Result<bool, String> {
    let none = Valuation::new();
    let (env, post_env) = (env(&[state, inputs], next), env(&[next], &none));
    let by_eval = env.holds(pre) == Ok(true)
        && env.holds(&e.relation) == Ok(true)
        && post_env.holds(post) == Ok(true);
    let key = format!("step {:?}", (e, state, inputs, next, pre, post));
    let by_z3 = z.sat(key, &|s| {
        pin(s, state, &|x| state_symbol(x, 0));
        pin(s, inputs, &|x| local_symbol(x, 0));
        pin(s, next, &|x| state_symbol(x, 1));
        s.assert(encode_bool(pre, View::state(0)));
        s.assert(encode_edge(e, 0));
        s.assert(encode_bool(post, View::state(1)));
    })?;
    if by_eval != by_z3 {
        return Err(format!(
            "ORACLE DISAGREEMENT: eval says {by_eval}, z3 says {by_z3} on edge {}",
            e.id
        ));
    }
    Ok(by_eval)
}

fn judge_safe(z: &mut Z3, task: &Task, b: &SafeBody, t: &mut Tally) {
    let vars = task.var_names();
    // Initiality.
    let initial: Vec<&Node> = b.initial.iter().filter_map(|&i| b.node(i)).collect();
    let key = format!("init {:?}", (&task.init, &initial, &b.predicates));
    let r = z.sat(key, &|s| {
        s.assert(encode_bool(&task.init, View::state(0)));
        for n in &initial {
            s.assert(region_z3(b, n, View::state(0)).not());
        }
    });
    match r {
        Ok(true) => t.fail("initiality".into()),
        Ok(false) => {}
        Err(u) => t.unknown(format!("initiality: {u}")),
    }
    // Closure.
    for n in &b.nodes {
        for e in task.edges.iter().filter(|e| e.from == n.location) {
            let targets: Vec<u32> = b
                .successors
                .iter()
                .filter(|s| s.node == n.id && s.edge == e.id)
                .flat_map(|s| s.targets.iter().map(|t| t.node))
                .collect();
            let posts: Vec<&Node> = targets.iter().filter_map(|&id| b.node(id)).collect();
            let key = format!("closure {:?}", (n, e, &posts, &b.predicates, &b.index_vars));
            let r = z.sat(key, &|s| {
                s.assert(region_z3(b, n, View::state(0)));
                s.assert(encode_edge(e, 0));
                for m in &posts {
                    s.assert(region_z3(b, m, View::state(1)).not());
                }
            });
            match r {
                Ok(true) => t.fail(format!("closure of node {} under edge {}", n.id, e.id)),
                Ok(false) => {}
                Err(u) => t.unknown(format!("closure ({}, {}): {u}", n.id, e.id)),
            }
        }
    }
    // Witnesses.
    for sl in &b.successors {
        let (Some(n), Some(e)) = (b.node(sl.node), task.edge(sl.edge)) else {
            continue;
        };
        let locals: Vec<String> = e.locals.iter().map(|l| l.name.clone()).collect();
        for tg in &sl.targets {
            let (Some(m), Some(w)) = (b.node(tg.node), &tg.witness) else {
                continue;
            };
            let what = format!("witness ({}, {}) -> {}", n.id, e.id, m.id);
            if !same_keys(&w.state, &vars)
                || !same_keys(&w.inputs, &locals)
                || !same_keys(&w.next, &vars)
            {
                t.fail(format!("{what}: domain"));
                continue;
            }
            match concrete_step(
                z,
                e,
                &w.state,
                &w.inputs,
                &w.next,
                &region(b, n),
                &region(b, m),
            ) {
                Ok(true) => {}
                Ok(false) => t.fail(format!("{what}: false")),
                Err(u) => t.unknown(format!("{what}: {u}")),
            }
        }
    }
}

/// Judges a trace over arrays: every step's values, arrays included, are
/// pinned in Z3 and the relation must be satisfiable (Z3 alone decides).
fn judge_array_trace(z: &mut Z3, task: &Task, tr: &Trace, t: &mut Tally) {
    // Pinning whole arrays per step costs the array's size per step: long
    // runs (the 1,000-iteration corpus bugs) are left to the checker's tests.
    if tr.steps.len() > MAX_ARRAY_TRACE_STEPS {
        return t.unknown(format!(
            "array trace of {} steps is longer than the oracle's {MAX_ARRAY_TRACE_STEPS}",
            tr.steps.len()
        ));
    }
    let ints = task.int_var_names();
    let arrays = task.array_var_names();
    let Some(mut cur_arrays) = oracle_arrays(&tr.initial_arrays) else {
        return t.fail("trace: an index listed twice".into());
    };
    if !same_keys(&tr.initial, &ints) || cur_arrays.keys().cloned().collect::<Vec<_>>() != arrays {
        return t.fail("trace: initial domain".into());
    }
    let key = format!(
        "initial {:?}",
        (&task.init, &tr.initial, &tr.initial_arrays)
    );
    let cur0 = cur_arrays.clone();
    match z.sat(key, &|s| {
        pin(s, &tr.initial, &|x| state_symbol(x, 0));
        pin_arrays(s, &cur0, &|x| state_symbol(x, 0));
        s.assert(encode_bool(&task.init, View::state(0)));
    }) {
        Ok(true) => {}
        Ok(false) => return t.fail("trace: initial state violates init".into()),
        Err(u) => return t.unknown(u),
    }
    let (mut loc, mut cur) = (task.initial_location.clone(), tr.initial.clone());
    for (i, st) in tr.steps.iter().enumerate() {
        let Some(e) = task.edge(st.edge) else {
            return t.fail(format!("trace step {i}: no edge {}", st.edge));
        };
        let locals: Vec<String> = e.locals.iter().map(|l| l.name.clone()).collect();
        if e.from != loc
            || !same_keys(&st.inputs, &locals)
            || !same_keys(&st.next, &ints)
            || st.arrays.keys().any(|a| !arrays.contains(a))
        {
            return t.fail(format!("trace step {i}: location or domain"));
        }
        let mut next_arrays = cur_arrays.clone();
        for (a, u) in &st.arrays {
            if let Some(r) = &u.reset {
                match oracle_arrays(&BTreeMap::from([(a.clone(), r.clone())])) {
                    Some(v) => next_arrays.extend(v),
                    None => return t.fail(format!("trace step {i}: an index listed twice")),
                }
            }
            let slot = next_arrays.get_mut(a).expect("array variable");
            for (k, v) in &u.writes {
                slot.1.insert(k.0.clone(), v.0.clone());
            }
        }
        let key = format!("step {:?}", (e, &cur, &format_arrays(&cur_arrays), st));
        let (c, n) = (cur_arrays.clone(), next_arrays.clone());
        match z.sat(key, &|s| {
            pin(s, &cur, &|x| state_symbol(x, 0));
            pin_arrays(s, &c, &|x| state_symbol(x, 0));
            pin(s, &st.inputs, &|x| local_symbol(x, 0));
            pin(s, &st.next, &|x| state_symbol(x, 1));
            pin_arrays(s, &n, &|x| state_symbol(x, 1));
            s.assert(encode_edge(e, 0));
        }) {
            Ok(true) => {}
            Ok(false) => return t.fail(format!("trace step {i}: relation false")),
            Err(u) => return t.unknown(format!("trace step {i}: {u}")),
        }
        loc = e.to.clone();
        cur = st.next.clone();
        cur_arrays = next_arrays;
    }
    if loc != task.bad_location {
        t.fail(format!("trace ends at {loc}, not bad"));
    }
}

fn judge_trace(z: &mut Z3, task: &Task, tr: &Trace, t: &mut Tally) {
    if task.has_arrays() {
        return judge_array_trace(z, task, tr, t);
    }
    let vars = task.var_names();
    if !same_keys(&tr.initial, &vars) {
        return t.fail("trace: initial domain".into());
    }
    // Initial state: concrete and Z3.
    let by_eval = env(&[&tr.initial], &Valuation::new()).holds(&task.init) == Ok(true);
    let key = format!("initial {:?}", (&task.init, &tr.initial));
    let r = z.sat(key, &|s| {
        pin(s, &tr.initial, &|x| state_symbol(x, 0));
        s.assert(encode_bool(&task.init, View::state(0)));
    });
    match r {
        Ok(z) if z != by_eval => {
            return t.unknown(format!(
                "ORACLE DISAGREEMENT on init: eval {by_eval}, z3 {z}"
            ))
        }
        Ok(_) if !by_eval => return t.fail("trace: initial state violates init".into()),
        Ok(_) => {}
        Err(u) => return t.unknown(u),
    }
    let (mut loc, mut cur) = (task.initial_location.clone(), tr.initial.clone());
    let tru = Expr::Bool(true);
    for (i, st) in tr.steps.iter().enumerate() {
        let Some(e) = task.edge(st.edge) else {
            return t.fail(format!("trace step {i}: no edge {}", st.edge));
        };
        let locals: Vec<String> = e.locals.iter().map(|l| l.name.clone()).collect();
        if e.from != loc || !same_keys(&st.inputs, &locals) || !same_keys(&st.next, &vars) {
            return t.fail(format!("trace step {i}: location or domain"));
        }
        match concrete_step(z, e, &cur, &st.inputs, &st.next, &tru, &tru) {
            Ok(true) => {}
            Ok(false) => return t.fail(format!("trace step {i}: relation false")),
            Err(u) => return t.unknown(format!("trace step {i}: {u}")),
        }
        loc = e.to.clone();
        cur = st.next.clone();
    }
    if loc != task.bad_location {
        t.fail(format!("trace ends at {loc}, not bad"));
    }
}

pub fn oracle(z: &mut Z3, cert: &Certificate) -> Judgement {
    set_array_vars(&cert.task);
    if let Err(why) = structure(cert) {
        return Judgement::Invalid(format!("structure: {why}"));
    }
    let mut t = Tally::default();
    match &cert.body {
        Body::Safe(b) => judge_safe(z, &cert.task, b, &mut t),
        Body::Unsafe(tr) => judge_trace(z, &cert.task, tr, &mut t),
    }
    t.judgement()
}
