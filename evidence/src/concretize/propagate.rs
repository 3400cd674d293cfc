//! Concrete propagation along single statements: binds the values a
//! statement defines by its equalities and guesses the rest from the large
//! block's end state (`Hints`).

use engine::simulate::{self, binding, is_unbound};
use format::eval::{Env, NextArray, Value};
use format::{ArrayUpdate, BigInt, Expr, Step, Valuation};
use std::collections::{BTreeMap, HashMap};

/// Guesses for values the propagation cannot derive: the LBE step's end state and inputs.
pub(super) struct Hints<'a> {
    pub(super) next: Option<&'a Valuation>,
    /// LBE inputs by the state variable they are a version of (`v@k` -> `v`), when unique.
    pub(super) inputs: HashMap<String, BigInt>,
    pub(super) arrays: &'a BTreeMap<String, ArrayUpdate>,
    /// Values fixed by a model (Z3 fallback): locals and next integers.
    pub(super) forced: Option<(&'a Valuation, &'a Valuation)>,
}

impl<'a> Hints<'a> {
    pub(super) fn new(step: &'a Step, at_bad: bool) -> Hints<'a> {
        let mut inputs: HashMap<String, Option<BigInt>> = HashMap::new();
        for (k, v) in &step.inputs {
            if let Some((base, _)) = k.rsplit_once('@') {
                inputs
                    .entry(base.to_string())
                    .and_modify(|e| *e = None)
                    .or_insert(Some(v.0.clone()));
            }
        }
        Hints {
            next: (!at_bad).then_some(&step.next),
            inputs: inputs
                .into_iter()
                .filter_map(|(k, v)| Some((k, v?)))
                .collect(),
            arrays: &step.arrays,
            forced: None,
        }
    }
    fn int(&self, name: &str) -> Option<BigInt> {
        match self.next.and_then(|n| n.get(name)) {
            Some(v) => Some(v.0.clone()),
            None => self.inputs.get(name).cloned(),
        }
    }
}

/// Binds the unbound variables of the conjunction `parts` so that every
/// part holds, by equalities first and guesses from `hints` last.
pub(super) fn propagate(env: &mut Env, parts: Vec<&Expr>, hints: &Hints, depth: usize) -> bool {
    let mut open = parts;
    while !open.is_empty() {
        let mut progress = false;
        let mut rest = Vec::new();
        for c in std::mem::take(&mut open) {
            match propagate_one(env, c, hints, depth) {
                Some(true) => progress = true,
                Some(false) => return false,
                None => rest.push(c),
            }
        }
        open = rest;
        if open.is_empty() || progress {
            continue;
        }
        // Nothing propagates: bind one unbound variable from the hints.
        let mut vars = Vec::new();
        for c in &open {
            unbound_vars(c, env, &mut vars);
        }
        let guessed = vars.iter().find_map(|v| guess(env, v, hints).then_some(()));
        if guessed.is_none() {
            return false;
        }
    }
    true
}

fn guess(env: &mut Env, var: &Expr, hints: &Hints) -> bool {
    match var {
        Expr::Next(n) if env.arrays.contains_key(n) => {
            let Some(u) = hints.arrays.get(n) else {
                return false;
            };
            let mut v = match &u.reset {
                Some(r) => match r.to_val() {
                    Ok(v) => v,
                    Err(_) => return false,
                },
                None => env.arrays[n].clone(),
            };
            v.apply(&format::writes_to_val(&u.writes));
            env.next_arrays.insert(n.clone(), NextArray::Value(v));
            true
        }
        Expr::Next(n) => match hints.int(n) {
            Some(v) => {
                env.nexts.insert(n.clone(), v);
                true
            }
            None => false,
        },
        Expr::Var(n) => {
            let base = n.rsplit_once('@').map_or(n.as_str(), |(b, _)| b);
            match hints.int(base) {
                Some(v) => {
                    env.vars.insert(n.clone(), v);
                    true
                }
                None => false,
            }
        }
        _ => false,
    }
}

fn unbound_vars(e: &Expr, env: &Env, out: &mut Vec<Expr>) {
    let mut stack = vec![e];
    while let Some(x) = stack.pop() {
        match x {
            Expr::Var(n) if !env.vars.contains_key(n) && !env.arrays.contains_key(n) => {
                if !out.contains(x) {
                    out.push(x.clone())
                }
            }
            Expr::Next(n) if !env.nexts.contains_key(n) && !env.next_arrays.contains_key(n) => {
                if !out.contains(x) {
                    out.push(x.clone())
                }
            }
            _ => stack.extend(x.children().into_iter().rev()),
        }
    }
}

/// One conjunct: `Some(true)` holds (binding what it defines), `Some(false)`
/// violated, `None` not decidable yet.
fn propagate_one(env: &mut Env, c: &Expr, hints: &Hints, depth: usize) -> Option<bool> {
    if let Expr::Eq(l, r) = c {
        for (target, rhs) in [(l, r), (r, l)] {
            if is_unbound(env, target) {
                let b = binding(env, target, rhs)?;
                simulate::bind(env, target, b);
                return Some(true);
            }
        }
    }
    if let Expr::Or(ds) = c {
        if env.eval(c).is_err() && depth < 8 {
            return Some(simulate::some_disjunct(env, ds, |env, parts| {
                propagate(env, parts, hints, depth + 1)
            }));
        }
    }
    match env.eval(c) {
        Ok(Value::Bool(b)) => Some(b),
        _ => None,
    }
}
