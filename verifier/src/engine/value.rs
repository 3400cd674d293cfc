//! Explicit values (seed 003): partial maps from variables to integers, a
//! transfer that evaluates edge relations where known values allow it, and
//! value interpolation over the constraint sequence of an infeasible path.

use super::smt::Budget;
use super::{AbstractPath, Unknown};
use format::eval::{Env, Value};
use format::{Edge, Expr, Task};
use num_bigint::BigInt;
use std::collections::{BTreeMap, BTreeSet};

/// Known values of the tracked variables; an absent variable is unknown.
pub type Values = BTreeMap<String, BigInt>;

/// Most environments a relation may split into (one per feasible branch of
/// its disjunctions) before they are joined into one.
pub const MAX_SPLITS: usize = 16;

fn same(a: &Env, b: &Env) -> bool {
    a.vars == b.vars && a.nexts == b.nexts
}

/// Keeps the bindings on which all environments agree (the join).
fn join(envs: &[Env]) -> Env {
    let agree = |get: &dyn Fn(&Env) -> &BTreeMap<String, BigInt>| {
        let mut out = get(&envs[0]).clone();
        out.retain(|k, v| envs[1..].iter().all(|e| get(e).get(k) == Some(v)));
        out
    };
    Env {
        vars: agree(&|e| &e.vars),
        nexts: agree(&|e| &e.nexts),
    }
}

/// Binds `target` (an unbound variable) to the value of `value` if known.
fn bind(target: &Expr, value: &Expr, env: &mut Env) -> bool {
    let slot = match target {
        Expr::Var(n) if !env.vars.contains_key(n) => (false, n),
        Expr::Next(n) if !env.nexts.contains_key(n) => (true, n),
        _ => return false,
    };
    let Ok(Value::Int(c)) = env.eval(value) else {
        return false;
    };
    let map = if slot.0 {
        &mut env.nexts
    } else {
        &mut env.vars
    };
    map.insert(slot.1.clone(), c);
    true
}

/// Evaluates the atoms under `env` to a fixpoint: equalities with one
/// unknown variable side bind it. `None` when a known value falsifies one.
fn propagate(atoms: &[&Expr], mut env: Env) -> Option<Env> {
    let mut pending: Vec<&Expr> = atoms.to_vec();
    loop {
        let mut bound = false;
        let mut i = 0;
        while i < pending.len() {
            match env.eval(pending[i]) {
                Ok(Value::Bool(false)) => return None,
                Ok(_) => {
                    pending.swap_remove(i);
                    continue;
                }
                Err(_) => {}
            }
            if let Expr::Eq(l, r) = pending[i] {
                if bind(l, r, &mut env) || bind(r, l, &mut env) {
                    bound = true;
                    pending.swap_remove(i);
                    continue;
                }
            }
            i += 1;
        }
        if !bound {
            return Some(env);
        }
    }
}

fn flatten<'a>(e: &'a Expr, atoms: &mut Vec<&'a Expr>, ors: &mut Vec<&'a [Expr]>) {
    match e {
        Expr::And(cs) => cs.iter().for_each(|c| flatten(c, atoms, ors)),
        Expr::Or(ds) => ors.push(ds),
        Expr::Bool(true) => {}
        _ => atoms.push(e),
    }
}

/// The environments, extending `env`, under which `formula` may hold: every
/// assignment that satisfies `formula` and agrees with `env` agrees with one
/// of them. Empty when the known values falsify `formula`. Constraints over
/// unknown values are dropped (an over-approximation the SMT check refines).
pub fn solve(formula: &Expr, env: Env) -> Vec<Env> {
    let (mut atoms, mut ors) = (Vec::new(), Vec::new());
    flatten(formula, &mut atoms, &mut ors);
    let mut envs: Vec<Env> = propagate(&atoms, env).into_iter().collect();
    for disjuncts in ors {
        let mut next: Vec<Env> = Vec::new();
        for env in &envs {
            for d in disjuncts {
                for e in solve(d, env.clone()) {
                    if let Some(e) = propagate(&atoms, e) {
                        if !next.iter().any(|n| same(n, &e)) {
                            next.push(e);
                        }
                    }
                }
            }
        }
        envs = if next.len() > MAX_SPLITS {
            vec![join(&next)]
        } else {
            next
        };
        if envs.is_empty() {
            break;
        }
    }
    envs
}

/// Value states of the initial condition, restricted to `keep`.
pub fn initial(init: &Expr, keep: &dyn Fn(&str) -> bool) -> Vec<Values> {
    let mut out: Vec<Values> = Vec::new();
    for env in solve(init, Env::default()) {
        let mut v = env.vars;
        v.retain(|k, _| keep(k));
        if !out.contains(&v) {
            out.push(v);
        }
    }
    out
}

/// Value successors of `values` under `edge`, restricted to `keep`. Empty
/// when the known values falsify the step.
pub fn post(values: &Values, edge: &Edge, keep: &dyn Fn(&str) -> bool) -> Vec<Values> {
    let env = Env {
        vars: values.clone(),
        nexts: BTreeMap::new(),
    };
    let mut out: Vec<Values> = Vec::new();
    for env in solve(&edge.relation, env) {
        let mut v = env.nexts;
        v.retain(|k, _| keep(k));
        if !out.contains(&v) {
            out.push(v);
        }
    }
    out
}

/// The formula `x == c` for one known value (how certificates write it).
pub fn literal(var: &str, value: &BigInt) -> Expr {
    Expr::eq(Expr::var(var), Expr::Int(format::Num(value.clone())))
}

/// Most value maps an interpolant keeps before they are joined into one.
const MAX_MAPS: usize = 32;

/// The successors of a set of value maps (joined past [`MAX_MAPS`]).
fn post_all(maps: &[Values], edge: &Edge, keep: &dyn Fn(&str) -> bool) -> Vec<Values> {
    let mut out: Vec<Values> = Vec::new();
    for m in maps {
        for s in post(m, edge, keep) {
            if !out.contains(&s) {
                out.push(s);
            }
        }
    }
    if out.len() > MAX_MAPS {
        let mut j = out[0].clone();
        j.retain(|k, v| out[1..].iter().all(|s| s.get(k) == Some(v)));
        out = vec![j];
    }
    out
}

/// True if evaluating `edges` from every map of `maps` meets a contradiction.
fn contradicting(maps: &[Values], edges: &[&Edge], keep: &dyn Fn(&str) -> bool) -> bool {
    let mut cur = maps.to_vec();
    for e in edges {
        if cur.is_empty() {
            return true;
        }
        cur = post_all(&cur, e, keep);
    }
    cur.is_empty()
}

/// Value interpolation along an infeasible path (seed 003, Refine with
/// Interpolate): the interpolant at position i is the post of the one at
/// i-1, with every variable dropped whose value the rest of the path does
/// not need to stay contradicting. With large blocks a post may branch, so
/// an interpolant is a small set of value maps. Returns the variables to
/// track at each path location, or `None` when even all known values do not
/// make the path contradicting (it rests on facts about unknown values).
pub fn interpolate(
    task: &Task,
    path: &AbstractPath,
    untracked: &BTreeSet<String>,
    budget: &Budget,
) -> Result<Option<Vec<BTreeSet<String>>>, Unknown> {
    let keep = |v: &str| task.is_state_var(v) && !untracked.contains(v);
    let edges: Vec<&Edge> = path
        .edges
        .iter()
        .map(|&e| task.edge(e).expect("paths only use task edges"))
        .collect();
    let start = initial(&task.init, &keep);
    if std::env::var("CERTA_DEBUG_VALUES").is_ok() {
        let mut cur = start.clone();
        for e in &edges {
            eprintln!("before edge {}: {} maps: {:?}", e.id, cur.len(), cur);
            cur = post_all(&cur, e, &keep);
        }
        eprintln!("end: {} maps", cur.len());
    }
    if !contradicting(&start, &edges, &keep) {
        return Ok(None);
    }
    let mut precisions = vec![BTreeSet::new(); edges.len()];
    let mut itp = start;
    for i in 0..edges.len() {
        if budget.expired() {
            return Err(Unknown("timeout".into()));
        }
        if i > 0 {
            itp = post_all(&itp, edges[i - 1], &keep);
        }
        if itp.is_empty() {
            // The previous interpolant already refutes the step before.
            break;
        }
        let suffix = &edges[i..];
        let mut vars: BTreeSet<String> = itp.iter().flat_map(|m| m.keys().cloned()).collect();
        for x in vars.clone() {
            let without: Vec<Values> = itp
                .iter()
                .map(|m| {
                    let mut m = m.clone();
                    m.remove(&x);
                    m
                })
                .collect();
            if contradicting(&without, suffix, &keep) {
                itp = without;
                itp.dedup();
                vars.remove(&x);
            }
        }
        precisions[i] = vars;
    }
    Ok(Some(precisions))
}
