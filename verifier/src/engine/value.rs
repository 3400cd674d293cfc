//! Explicit values (seed 003): partial maps from variables to integers, a
//! transfer that evaluates edge relations where known values allow it, and
//! value interpolation over the constraint sequence of an infeasible path.

use super::smt::{self, Budget, View};
use super::{AbstractPath, Unknown};
use format::eval::{Env, Value};
use format::{Edge, Expr, Task};
use num_bigint::BigInt;
use std::collections::{BTreeMap, BTreeSet};
use z3::ast::Bool;
use z3::Solver;

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

/// One successor covering all branches (their join); `None` if none exists.
fn joined_post(values: &Values, edge: &Edge, keep: &dyn Fn(&str) -> bool) -> Option<Values> {
    let succs = post(values, edge, keep);
    let first = succs.first()?.clone();
    let mut out = first;
    out.retain(|k, v| succs[1..].iter().all(|s| s.get(k) == Some(v)));
    Some(out)
}

/// The formula `x == c` for one known value (how certificates write it).
pub fn literal(var: &str, value: &BigInt) -> Expr {
    Expr::eq(Expr::var(var), Expr::Int(format::Num(value.clone())))
}

/// Value interpolation along an infeasible path (seed 003, Refine with
/// Interpolate): at each position the interpolant is the post of the
/// previous interpolant, with every variable dropped whose value the rest
/// of the path does not need to stay contradicting. Returns the variables
/// to track at each path location, or `None` when known values cannot
/// refute the path (the infeasibility rests on facts about unknown values).
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
    // One solver for the whole path; an activation literal per step lets
    // each query assume exactly the suffix.
    let solver = Solver::new();
    let active: Vec<Bool> = (0..edges.len())
        .map(|j| Bool::new_const(format!("step!{j}")))
        .collect();
    for (j, e) in edges.iter().enumerate() {
        solver.assert(active[j].implies(smt::encode_edge(e, j)));
    }
    let joined_initial = {
        let inits = initial(&task.init, &keep);
        let Some(first) = inits.first().cloned() else {
            // The initial condition alone is contradicting: nothing to track.
            return Ok(Some(vec![BTreeSet::new(); edges.len()]));
        };
        let mut out = first;
        out.retain(|k, v| inits[1..].iter().all(|s| s.get(k) == Some(v)));
        out
    };
    let mut precisions = vec![BTreeSet::new(); edges.len()];
    let mut itp = joined_initial;
    for i in 0..edges.len() {
        if i > 0 {
            match joined_post(&itp, edges[i - 1], &keep) {
                Some(v) => itp = v,
                // The previous interpolant already refutes the step: the
                // locations after it need nothing.
                None => return Ok(Some(precisions)),
            }
        }
        let vars: Vec<String> = itp.keys().cloned().collect();
        let lits: Vec<Bool> = vars
            .iter()
            .map(|x| smt::encode_bool(&literal(x, &itp[x]), View::state(i)))
            .collect();
        let guards: Vec<Bool> = (0..vars.len())
            .map(|k| Bool::new_const(format!("val!{i}!{k}")))
            .collect();
        solver.push();
        for (g, l) in guards.iter().zip(&lits) {
            solver.assert(g.implies(l));
        }
        let suffix = &active[i..];
        let query = |chosen: &[usize]| {
            let mut assume: Vec<Bool> = suffix.to_vec();
            assume.extend(chosen.iter().map(|&k| guards[k].clone()));
            budget.check(&solver, &assume)
        };
        let all: Vec<usize> = (0..vars.len()).collect();
        if query(&all)? {
            solver.pop(1);
            return Ok(None);
        }
        let core: BTreeSet<String> = solver
            .get_unsat_core()
            .iter()
            .map(|b| b.to_string())
            .collect();
        let mut needed: Vec<usize> = all
            .into_iter()
            .filter(|&k| core.contains(&guards[k].to_string()))
            .collect();
        // Interpolate: drop each variable whose value the suffix does not need.
        let mut k = 0;
        while k < needed.len() {
            let mut without = needed.clone();
            without.remove(k);
            if query(&without)? {
                k += 1;
            } else {
                needed = without;
            }
        }
        solver.pop(1);
        let kept: BTreeSet<String> = needed.iter().map(|&k| vars[k].clone()).collect();
        itp.retain(|x, _| kept.contains(x));
        precisions[i] = kept;
    }
    Ok(Some(precisions))
}
