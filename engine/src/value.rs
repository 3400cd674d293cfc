//! Explicit values (seed 003): partial maps from variables to integers, a
//! transfer that evaluates edge relations where known values allow it, and
//! value interpolation over the constraint sequence of an infeasible path.
//! Array cells at known indices are tracked like variables (`a[16]`), so
//! programs whose heap is built from known addresses are unrolled exactly.

use super::smt::Budget;
use super::{AbstractPath, Unknown};
use format::eval::{Env, Value};
use format::{Edge, Expr, Task};
use num_bigint::BigInt;
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};

/// Known values of the tracked variables; an absent variable is unknown.
pub type Values = BTreeMap<String, BigInt>;

/// Most environments a relation may split into (one per feasible branch of
/// its disjunctions) before they are joined into one.
pub const MAX_SPLITS: usize = 128;

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
        ..Env::default()
    }
}

/// True if every variable of `e` has a value in `env` (checked without
/// allocating, before the evaluator is asked).
fn known(e: &Expr, env: &Env) -> bool {
    match e {
        Expr::Bool(_) | Expr::Int(_) => true,
        Expr::Var(n) => env.vars.contains_key(n),
        Expr::Next(n) => env.nexts.contains_key(n),
        Expr::Add(xs) | Expr::And(xs) | Expr::Or(xs) => xs.iter().all(|x| known(x, env)),
        Expr::Neg(a) | Expr::Not(a) | Expr::Mul(_, a) | Expr::Div(a, _) | Expr::Mod(a, _) => {
            known(a, env)
        }
        Expr::Sub(a, b)
        | Expr::Eq(a, b)
        | Expr::Lt(a, b)
        | Expr::Le(a, b)
        | Expr::Gt(a, b)
        | Expr::Ge(a, b)
        | Expr::Implies(a, b)
        | Expr::Times(a, b)
        | Expr::Quot(a, b)
        | Expr::Rem(a, b)
        | Expr::BitAnd(a, b)
        | Expr::BitOr(a, b)
        | Expr::BitXor(a, b) => known(a, env) && known(b, env),
        Expr::Ite(c, a, b) => known(c, env) && known(a, env) && known(b, env),
        // Arrays are not tracked by explicit values.
        Expr::Select(..) | Expr::Store(..) | Expr::ConstArray(_) => false,
    }
}

/// The key of one array cell among the tracked values: `a[16]`. Task
/// names never contain `[`, so the keys of cells and variables differ.
pub fn cell_key(array: &str, index: &BigInt) -> String {
    format!("{array}[{index}]")
}

/// The array and index of a cell key; `None` for a variable's key.
pub fn split_cell(key: &str) -> Option<(&str, BigInt)> {
    let (array, rest) = key.split_once('[')?;
    Some((array, rest.strip_suffix(']')?.parse().ok()?))
}

/// The variable a key belongs to: a cell's array, else the key itself.
pub fn base(key: &str) -> &str {
    key.split_once('[').map_or(key, |(array, _)| array)
}

fn has_select(e: &Expr) -> bool {
    let mut stack = vec![e];
    while let Some(x) = stack.pop() {
        if matches!(x, Expr::Select(..)) {
            return true;
        }
        stack.extend(x.children());
    }
    false
}

/// `e` with every read of a known cell replaced by its value.
fn resolve<'e>(e: &'e Expr, env: &Env) -> Cow<'e, Expr> {
    if !has_select(e) {
        return Cow::Borrowed(e);
    }
    Cow::Owned(e.rewrite(&|x| match x {
        Expr::Select(a, i) => {
            let i = resolve(i, env).into_owned();
            match int_value(&i, env).and_then(|idx| cell(a, &idx, env)) {
                Some(v) => Some(Expr::Int(format::Num(v))),
                None => Some(Expr::Select(a.clone(), Box::new(i))),
            }
        }
        _ => None,
    }))
}

/// The value of an integer term whose operands are all known.
fn int_value(e: &Expr, env: &Env) -> Option<BigInt> {
    let e = resolve(e, env);
    if !known(&e, env) {
        return None;
    }
    match env.eval(&e) {
        Ok(Value::Int(c)) => Some(c),
        _ => None,
    }
}

/// The value of cell `index` of the array term `a`, if known.
fn cell(a: &Expr, index: &BigInt, env: &Env) -> Option<BigInt> {
    match a {
        Expr::Var(n) => env.vars.get(&cell_key(n, index)).cloned(),
        Expr::Next(n) => env.nexts.get(&cell_key(n, index)).cloned(),
        Expr::Store(b, j, v) => {
            if &int_value(j, env)? == index {
                int_value(v, env)
            } else {
                cell(b, index, env)
            }
        }
        Expr::ConstArray(v) => int_value(v, env),
        Expr::Ite(c, x, y) => {
            let c = resolve(c, env);
            match known(&c, env).then(|| env.eval(&c)) {
                Some(Ok(Value::Bool(true))) => cell(x, index, env),
                Some(Ok(Value::Bool(false))) => cell(y, index, env),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The known cells of the array term `a`; `None` while a write's index is
/// unknown (it may become known as other atoms bind values).
fn cells(a: &Expr, env: &Env) -> Option<BTreeMap<BigInt, BigInt>> {
    let of = |map: &BTreeMap<String, BigInt>, n: &str| {
        let prefix = format!("{n}[");
        map.range(prefix.clone()..)
            .take_while(|(k, _)| k.starts_with(&prefix))
            .filter_map(|(k, v)| Some((split_cell(k)?.1, v.clone())))
            .collect()
    };
    match a {
        Expr::Var(n) => Some(of(&env.vars, n)),
        Expr::Next(n) => Some(of(&env.nexts, n)),
        Expr::Store(b, j, v) => {
            let j = int_value(j, env)?;
            let mut m = cells(b, env)?;
            match int_value(v, env) {
                Some(x) => m.insert(j, x),
                None => m.remove(&j),
            };
            Some(m)
        }
        // The default is not tracked: only written cells are.
        Expr::ConstArray(_) => Some(BTreeMap::new()),
        Expr::Ite(c, x, y) => {
            let c = resolve(c, env);
            match known(&c, env).then(|| env.eval(&c)) {
                Some(Ok(Value::Bool(true))) => cells(x, env),
                Some(Ok(Value::Bool(false))) => cells(y, env),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Binds the cells of the next-state array `target` to the known cells of
/// `value`; false while a write's index is unknown.
fn bind_array(target: &str, value: &Expr, env: &mut Env) -> bool {
    let Some(known_cells) = cells(value, env) else {
        return false;
    };
    for (i, v) in known_cells {
        env.nexts.insert(cell_key(target, &i), v);
    }
    true
}

/// Binds `target` (an unbound variable) to the value of `value` if known.
fn bind(target: &Expr, value: &Expr, env: &mut Env) -> bool {
    let slot = match target {
        Expr::Var(n) if !env.vars.contains_key(n) => (false, n),
        Expr::Next(n) if !env.nexts.contains_key(n) => (true, n),
        _ => return false,
    };
    if !known(value, env) {
        return false;
    }
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

/// What one atom does to an environment.
enum Step {
    False,
    Holds,
    Pending,
}

/// Decides `atom` under `env` if its operands are known, or binds the
/// unknown side of an equality whose other side is known.
fn step(atom: &Expr, env: &mut Env) -> Step {
    let atom = &*resolve(atom, env);
    if let Expr::Eq(l, r) = atom {
        if super::smt::is_array(l) || super::smt::is_array(r) {
            let bound = match (&**l, &**r) {
                (Expr::Next(n), v) | (v, Expr::Next(n)) if !matches!(v, Expr::Next(_)) => {
                    bind_array(n, v, env)
                }
                _ => false,
            };
            return if bound { Step::Holds } else { Step::Pending };
        }
    }
    if known(atom, env) {
        return match env.eval(atom) {
            Ok(Value::Bool(false)) => Step::False,
            Ok(_) => Step::Holds,
            Err(_) => Step::Pending,
        };
    }
    match atom {
        Expr::Eq(l, r) if bind(l, r, env) || bind(r, l, env) => Step::Holds,
        _ => Step::Pending,
    }
}

/// Retries the pending atoms to a fixpoint; `None` when one is falsified.
fn propagate<'a>(pending: &mut Vec<&'a Expr>, env: &mut Env) -> bool {
    loop {
        let before = pending.len();
        let mut i = 0;
        while i < pending.len() {
            match step(pending[i], env) {
                Step::False => return false,
                Step::Holds => {
                    pending.swap_remove(i);
                }
                Step::Pending => i += 1,
            }
        }
        if pending.len() == before {
            return true;
        }
    }
}

/// Conjuncts in order: atoms and disjunctions.
enum Item<'a> {
    Atom(&'a Expr),
    Or(&'a [Expr]),
}

fn flatten<'a>(e: &'a Expr, out: &mut Vec<Item<'a>>) {
    match e {
        Expr::And(cs) => cs.iter().for_each(|c| flatten(c, out)),
        Expr::Or(ds) => out.push(Item::Or(ds)),
        Expr::Bool(true) => {}
        _ => out.push(Item::Atom(e)),
    }
}

/// True if the first conjunct of `e` is an atom the known values falsify
/// (a dead branch, skipped before its environment is copied).
fn falsified_at_once(e: &Expr, env: &Env) -> bool {
    let first = match e {
        Expr::And(cs) => match cs.first() {
            Some(c) => c,
            None => return false,
        },
        other => other,
    };
    !matches!(first, Expr::And(_) | Expr::Or(_))
        && known(first, env)
        && matches!(env.eval(first), Ok(Value::Bool(false)))
}

/// False if the undecided atoms bound one unknown variable by known values
/// from both sides with nothing in between (`r < 0` and `r >= 0`): a
/// contradiction no single atom shows, as a value known only by its sign
/// (`strcmp`'s result) gives.
fn bounds_agree(pending: &[&Expr], env: &Env) -> bool {
    let mut bounds: BTreeMap<(bool, String), (Option<BigInt>, Option<BigInt>)> = BTreeMap::new();
    for atom in pending {
        let atom = resolve(atom, env);
        let (l, r, op) = match &*atom {
            Expr::Lt(l, r) => (l, r, "<"),
            Expr::Le(l, r) => (l, r, "<="),
            Expr::Gt(l, r) => (r, l, "<"),
            Expr::Ge(l, r) => (r, l, "<="),
            Expr::Eq(l, r) => (l, r, "=="),
            _ => continue,
        };
        let unknown = |e: &Expr| match e {
            Expr::Var(n) if !env.vars.contains_key(n) => Some((false, n.clone())),
            Expr::Next(n) if !env.nexts.contains_key(n) => Some((true, n.clone())),
            _ => None,
        };
        // `x op c` bounds x from above, `c op x` from below.
        let (var, c, above) = match (unknown(l), unknown(r)) {
            (Some(v), None) => (v, r, true),
            (None, Some(v)) => (v, l, false),
            _ => continue,
        };
        let Some(c) = int_value(c, env) else { continue };
        let strict = BigInt::from(i32::from(op == "<"));
        let entry = bounds.entry(var).or_default();
        let tighten_hi = |hi: &mut Option<BigInt>, v: BigInt| {
            if hi.as_ref().is_none_or(|h| v < *h) {
                *hi = Some(v)
            }
        };
        let tighten_lo = |lo: &mut Option<BigInt>, v: BigInt| {
            if lo.as_ref().is_none_or(|l| v > *l) {
                *lo = Some(v)
            }
        };
        if op == "==" {
            tighten_hi(&mut entry.1, c.clone());
            tighten_lo(&mut entry.0, c);
        } else if above {
            tighten_hi(&mut entry.1, c - strict);
        } else {
            tighten_lo(&mut entry.0, c + strict);
        }
    }
    bounds
        .values()
        .all(|(lo, hi)| !matches!((lo, hi), (Some(l), Some(h)) if l > h))
}

/// Atom steps one relation may take while branches are kept apart; past
/// it, every disjunction is joined at once (linear, coarser).
const WORK_LIMIT: usize = 200_000;

struct Splitter {
    cap: usize,
    work: usize,
    limit: usize,
}

/// An environment with the atoms of the current conjunction it could not
/// decide yet (they hold in every branch of that conjunction).
type Branch<'a> = (Env, Vec<&'a Expr>);

impl Splitter {
    /// The branches of `formula` under `env`, each with the atoms it could
    /// not decide (they hold in every run of that branch).
    fn solve<'a>(&mut self, formula: &'a Expr, env: Env) -> Option<Vec<Branch<'a>>> {
        let mut items = Vec::new();
        flatten(formula, &mut items);
        let mut branches: Vec<Branch<'a>> = vec![(env, Vec::new())];
        for item in items {
            self.work += branches.len();
            if self.work > self.limit {
                return None;
            }
            branches = match item {
                Item::Atom(a) => branches
                    .into_iter()
                    .filter_map(|(mut env, mut pending)| match step(a, &mut env) {
                        Step::False => None,
                        Step::Holds => Some((env, pending)),
                        Step::Pending => {
                            pending.push(a);
                            Some((env, pending))
                        }
                    })
                    .collect(),
                Item::Or(disjuncts) => {
                    let mut next: Vec<Branch<'a>> = Vec::new();
                    for (env, pending) in branches {
                        for d in disjuncts.iter().filter(|d| !falsified_at_once(d, &env)) {
                            for (mut e, inner) in self.solve(d, env.clone())? {
                                let mut p = pending.clone();
                                for a in inner {
                                    if !p.contains(&a) {
                                        p.push(a);
                                    }
                                }
                                if !propagate(&mut p, &mut e) || !bounds_agree(&p, &e) {
                                    continue;
                                }
                                merge(&mut next, e, p);
                            }
                        }
                    }
                    if next.len() > self.cap {
                        let envs: Vec<Env> = next.iter().map(|(e, _)| e.clone()).collect();
                        vec![(join(&envs), common(&next))]
                    } else {
                        next
                    }
                }
            };
            if branches.is_empty() {
                return Some(Vec::new());
            }
        }
        let mut out: Vec<Branch<'a>> = Vec::new();
        for (mut env, mut pending) in branches {
            if propagate(&mut pending, &mut env) && bounds_agree(&pending, &env) {
                merge(&mut out, env, pending);
            }
        }
        Some(out)
    }
}

/// Adds a branch; one with the same values keeps only the undecided atoms
/// both have (a run of either branch satisfies those).
fn merge<'a>(out: &mut Vec<Branch<'a>>, env: Env, pending: Vec<&'a Expr>) {
    match out.iter_mut().find(|(n, _)| same(n, &env)) {
        Some((_, q)) => q.retain(|a| pending.contains(a)),
        None => out.push((env, pending)),
    }
}

/// The undecided atoms every branch has.
fn common<'a>(branches: &[Branch<'a>]) -> Vec<&'a Expr> {
    let mut atoms = branches.first().map(|b| b.1.clone()).unwrap_or_default();
    atoms.retain(|a| branches.iter().all(|b| b.1.contains(a)));
    atoms
}

/// The environments, extending `env`, under which `formula` may hold: every
/// assignment that satisfies `formula` and agrees with `env` agrees with one
/// of them. Empty when the known values falsify `formula`. Constraints over
/// unknown values are dropped (an over-approximation the SMT check refines).
/// Conjuncts are taken in order (large blocks are in program order); each
/// disjunction splits the environments, joined past [`MAX_SPLITS`].
pub fn solve(formula: &Expr, env: Env) -> Vec<Env> {
    let mut precise = Splitter {
        cap: MAX_SPLITS,
        work: 0,
        limit: WORK_LIMIT,
    };
    if let Some(out) = precise.solve(formula, env.clone()) {
        charge_split_work(precise.work);
        return out.into_iter().map(|(e, _)| e).collect();
    }
    let mut linear = Splitter {
        cap: 1,
        work: 0,
        limit: usize::MAX,
    };
    let out = linear
        .solve(formula, env)
        .map(|out| out.into_iter().map(|(e, _)| e).collect())
        .unwrap_or_default();
    charge_split_work(precise.work + linear.work);
    out
}

/// Branch steps of [`Splitter`] that count as one work unit in the race
/// ([`crate::race::charge`]): about 1 us each, so a unit is about a PDR
/// query's time. Uncharged, they made the race wait for this lane: on
/// `conc/stateful01` value posts took 5.4 s (5.2 million steps) between
/// 262 queries, and `auto` answered at 36 s what PDR had at 4 s.
const SPLIT_WORK_PER_UNIT: u64 = 256;

thread_local! {
    /// Split work not yet charged (less than a unit).
    static UNCHARGED_SPLIT_WORK: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Charges `work` branch steps to this thread's lane, whole units only;
/// the rest waits for the next post. A lane past its cap is cancelled by
/// the charge and stops at its next query.
fn charge_split_work(work: usize) {
    let total = UNCHARGED_SPLIT_WORK.with(|w| w.get()) + work as u64;
    UNCHARGED_SPLIT_WORK.with(|w| w.set(total % SPLIT_WORK_PER_UNIT));
    if total >= SPLIT_WORK_PER_UNIT {
        // Err: this lane was outraced; its next query says so.
        let _ = crate::race::charge(total / SPLIT_WORK_PER_UNIT);
    }
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
        ..Env::default()
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
    let c = Expr::Int(format::Num(value.clone()));
    match split_cell(var) {
        Some((array, index)) => Expr::eq(
            Expr::Select(
                Box::new(Expr::var(array)),
                Box::new(Expr::Int(format::Num(index))),
            ),
            c,
        ),
        None => Expr::eq(Expr::var(var), c),
    }
}

/// How the current values of state variables flow through one edge: per
/// variable, the next-state variables it may reach through equalities, and
/// whether it may reach a guard. Syntactic and over-approximate; it only
/// decides which values interpolation keeps, never soundness.
struct Flow {
    observed: BTreeSet<String>,
    reaches: BTreeMap<String, BTreeSet<String>>,
}

fn flow(task: &Task, edge: &Edge) -> Flow {
    fn find(parent: &mut BTreeMap<String, String>, x: &str) -> String {
        let mut root = x.to_string();
        while let Some(p) = parent.get(&root) {
            if *p == root {
                break;
            }
            root = p.clone();
        }
        parent.insert(x.to_string(), root.clone());
        root
    }
    fn symbols(e: &Expr, out: &mut Vec<String>) {
        match e {
            Expr::Var(n) => out.push(format!("v:{n}")),
            Expr::Next(n) => out.push(format!("n:{n}")),
            _ => e.children().into_iter().for_each(|c| symbols(c, out)),
        }
    }
    fn has_symbol(e: &Expr) -> bool {
        let mut syms = Vec::new();
        symbols(e, &mut syms);
        !syms.is_empty()
    }
    let is_defined = |e: &Expr| match e {
        Expr::Next(_) => true,
        Expr::Var(n) => !task.is_state_var(n),
        _ => false,
    };
    let mut parent: BTreeMap<String, String> = BTreeMap::new();
    let mut guards: Vec<String> = Vec::new();
    let mut stack = vec![&edge.relation];
    while let Some(e) = stack.pop() {
        match e {
            Expr::And(cs) | Expr::Or(cs) => stack.extend(cs),
            Expr::Not(a) => stack.push(a),
            // A defined symbol equal to a constant may be a guard in
            // disguise (`x@1 == 0` where `x@1 == x` elsewhere): observed.
            Expr::Eq(l, r)
                if (is_defined(l) || is_defined(r)) && has_symbol(l) && has_symbol(r) =>
            {
                let mut syms = Vec::new();
                symbols(e, &mut syms);
                if let Some((first, rest)) = syms.split_first() {
                    for s in rest {
                        let (a, b) = (find(&mut parent, first), find(&mut parent, s));
                        parent.insert(a, b);
                    }
                }
            }
            _ => symbols(e, &mut guards),
        }
    }
    let observed_roots: BTreeSet<String> = guards.iter().map(|g| find(&mut parent, g)).collect();
    let mut members: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let keys: Vec<String> = parent.keys().cloned().collect();
    for k in keys {
        let r = find(&mut parent, &k);
        members.entry(r).or_default().push(k);
    }
    let mut observed = BTreeSet::new();
    let mut reaches = BTreeMap::new();
    for x in task.var_names() {
        let root = find(&mut parent, &format!("v:{x}"));
        if observed_roots.contains(&root) {
            observed.insert(x.clone());
        }
        let nexts: BTreeSet<String> = members
            .get(&root)
            .into_iter()
            .flatten()
            .filter_map(|m| m.strip_prefix("n:").map(str::to_string))
            .collect();
        reaches.insert(x, nexts);
    }
    Flow { observed, reaches }
}

/// The variables whose values may matter at each position of the path
/// (backward liveness over [`flow`]); position `i` is before edge `i`.
fn live_along(task: &Task, edges: &[&Edge]) -> Vec<BTreeSet<String>> {
    let mut live = vec![BTreeSet::new(); edges.len() + 1];
    for i in (0..edges.len()).rev() {
        let f = flow(task, edges[i]);
        let after = live[i + 1].clone();
        live[i] = task
            .var_names()
            .into_iter()
            .filter(|x| f.observed.contains(x) || f.reaches[x].iter().any(|y| after.contains(y)))
            .collect();
    }
    live
}

/// Most value maps an interpolant keeps before they are joined into one.
const MAX_MAPS: usize = 128;

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
    // A map that knows more than another adds nothing to a contradiction
    // check: if the weaker one contradicts, so does it.
    let weaker =
        |a: &Values, b: &Values| a.len() < b.len() && a.iter().all(|(k, v)| b.get(k) == Some(v));
    let snapshot = out.clone();
    out.retain(|m| !snapshot.iter().any(|w| weaker(w, m)));
    if out.len() > MAX_MAPS {
        let mut j = out[0].clone();
        j.retain(|k, v| out[1..].iter().all(|s| s.get(k) == Some(v)));
        out = vec![j];
    }
    out
}

/// Value posts of a replay that count as one work unit in the race
/// ([`crate::race::charge`]): about a PDR query's time (a post of a large
/// block takes 50-100 us). Interpolation replays the rest of the path once
/// per position and variable without a solver query; on a path of 104
/// steps that was 1.4 s between two queries, all of it spent after PDR had
/// answered, while the race waited for this lane to catch up
/// (`multi-phase/s_split_29`: PDR 0.2 s, the race 1.6 s).
const POSTS_PER_UNIT: u64 = 2;

/// True if evaluating `edges` from every map of `maps` meets a contradiction;
/// after step j only the variables in `live[j + 1]` are kept. Each post
/// is charged to the lane ([`POSTS_PER_UNIT`]).
fn contradicting(
    maps: &[Values],
    edges: &[&Edge],
    live: &[BTreeSet<String>],
    keep: &dyn Fn(&str) -> bool,
) -> Result<bool, Unknown> {
    let mut cur = maps.to_vec();
    let mut posts = 0;
    for (j, e) in edges.iter().enumerate() {
        if cur.is_empty() {
            break;
        }
        posts += cur.len() as u64;
        cur = post_all(&cur, e, &|v| keep(v) && live[j + 1].contains(base(v)));
    }
    crate::race::charge(posts.div_ceil(POSTS_PER_UNIT))?;
    Ok(cur.is_empty())
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
    let keep = |v: &str| task.is_state_var(base(v)) && !untracked.contains(v);
    let edges: Vec<&Edge> = path
        .edges
        .iter()
        .map(|&e| task.edge(e).expect("paths only use task edges"))
        .collect();
    let live = live_along(task, &edges);
    let start = initial(&task.init, &|v| keep(v) && live[0].contains(base(v)));
    if !contradicting(&start, &edges, &live, &keep)? {
        return Ok(None);
    }
    let mut precisions = vec![BTreeSet::new(); edges.len()];
    let mut itp = start;
    for i in 0..edges.len() {
        if budget.expired() {
            return Err(Unknown("timeout".into()));
        }
        if i > 0 {
            itp = post_all(&itp, edges[i - 1], &|v| {
                keep(v) && live[i].contains(base(v))
            });
        }
        if itp.is_empty() {
            // The previous interpolant already refutes the step before.
            break;
        }
        let suffix = &edges[i..];
        let mut vars: BTreeSet<String> = itp.iter().flat_map(|m| m.keys().cloned()).collect();
        for x in vars.clone() {
            // Each trial replays the whole suffix without solver queries:
            // on long paths with many variables this loop is the cost.
            if budget.expired() {
                return Err(Unknown("timeout".into()));
            }
            let without: Vec<Values> = itp
                .iter()
                .map(|m| {
                    let mut m = m.clone();
                    m.remove(&x);
                    m
                })
                .collect();
            if contradicting(&without, suffix, &live[i..], &keep)? {
                itp = without;
                itp.dedup();
                vars.remove(&x);
            }
        }
        precisions[i] = vars;
    }
    Ok(Some(precisions))
}

#[cfg(test)]
#[path = "value_tests.rs"]
mod tests;
