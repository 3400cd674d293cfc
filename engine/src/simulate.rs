//! Random concrete execution: runs the task with random choices for inputs and havocs, and returns the run if it reaches bad.
//!
//! Bugs behind loops of 100,000 iterations (SV-COMP's array tasks) are out
//! of reach of path unrolling but cost a simulation only seconds. Each step
//! solves the edge relation by propagation (equalities bind unbound
//! next-state values and locals, disjunctions are tried in random order,
//! what is left is guessed) and then evaluates the whole relation: only a
//! step that really satisfies it is taken, so every run is a valid trace.
//! Arrays change by the writes of `a' == store(..(a)..)`, so a step costs
//! its writes, not the array's size.

use format::eval::{ArrayVal, Base, Env, NextArray, Value};
use format::{ArrayUpdate, ArrayValue, BigInt, Expr, Num, Step, Task, Trace, VarSort};
use std::collections::BTreeMap;
use std::time::Instant;

/// Limits of one search.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Steps of one run before it is abandoned.
    pub max_steps: usize,
    /// Runs with different random choices.
    pub runs: usize,
    /// Attempts to solve one edge relation before the edge counts as disabled.
    pub tries: usize,
    pub deadline: Option<Instant>,
    /// The first runs that guess only small values: a loop whose bound
    /// is a guessed input ends within the steps when the input is small.
    pub narrow_runs: usize,
    /// Steps between two checks of the deadline, each counted as one
    /// query in a race (see engine::race).
    pub steps_per_tick: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_steps: 2_000_000,
            runs: 4,
            tries: 6,
            deadline: None,
            narrow_runs: 0,
            steps_per_tick: 1024,
        }
    }
}

/// A small deterministic generator (xorshift64*): the same task gives the
/// same run. A nonzero bound keeps guessed integers within it.
#[derive(Clone)]
struct Rng(u64, u64);

/// The bound of guesses in narrow runs.
const NARROW: u64 = 20;

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    /// Mostly small values (branch conditions compare with small
    /// constants), sometimes anything in the 32-bit range.
    fn int(&mut self) -> BigInt {
        let bound = self.1;
        match self.below(10) {
            _ if bound > 0 => BigInt::from(self.below(2 * bound + 1) as i64 - bound as i64),
            0..=2 => BigInt::from(self.below(3) as i64 - 1),
            3..=7 => BigInt::from(self.below(41) as i64 - 20),
            _ => BigInt::from(self.below(1 << 32) as i64 - (1 << 31)),
        }
    }
}

/// Searches for a run into the bad location; `None` if no run found one.
pub fn search(task: &Task, limits: &Limits) -> Option<Trace> {
    search_reaching(task, limits).0
}

/// [`search`], and the most steps any run took: 0 means every run got
/// stuck at once (no edge could be taken concretely, e.g. a relation over
/// many inputs that propagation cannot solve), so the search said nothing
/// about the task.
pub fn search_reaching(task: &Task, limits: &Limits) -> (Option<Trace>, usize) {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15, 0);
    let mut longest = 0;
    for i in 0..limits.runs {
        rng.1 = if i < limits.narrow_runs { NARROW } else { 0 };
        let mut reached = 0;
        let found = run(task, limits, &mut rng, None, &mut reached);
        longest = longest.max(reached);
        if found.is_some() {
            return (found, longest);
        }
        if limits.deadline.is_some_and(|d| Instant::now() >= d) || super::race::cancelled() {
            break;
        }
    }
    (None, longest)
}

fn unbound_vars(e: &Expr, env: &Env, out: &mut Vec<Expr>) {
    let mut stack = vec![e];
    while let Some(x) = stack.pop() {
        match x {
            Expr::Var(n) if !env.vars.contains_key(n) && !env.arrays.contains_key(n) => {
                out.push(x.clone())
            }
            Expr::Next(n) if !env.nexts.contains_key(n) && !env.next_arrays.contains_key(n) => {
                out.push(x.clone())
            }
            _ => stack.extend(x.children()),
        }
    }
}

/// The value of `rhs` as a binding for `target` (an unbound `Var` local or `Next`).
pub fn binding(env: &Env, target: &Expr, rhs: &Expr) -> Option<Binding> {
    match env.eval(rhs).ok()? {
        Value::Int(v) => Some(Binding::Int(v)),
        Value::Array(view) => {
            let Expr::Next(name) = target else {
                return None;
            };
            let same = matches!(view.base, Base::Stored(b) if env.arrays.get(name).is_some_and(|a| std::ptr::eq(a, b)));
            Some(Binding::Array(if same {
                NextArray::Writes(view.writes)
            } else {
                NextArray::Value(view.materialise())
            }))
        }
        Value::Bool(_) => None,
    }
}

pub enum Binding {
    Int(BigInt),
    Array(NextArray),
}

pub fn bind(env: &mut Env, target: &Expr, b: Binding) {
    match (target, b) {
        (Expr::Var(n), Binding::Int(v)) => {
            env.vars.insert(n.clone(), v);
        }
        (Expr::Next(n), Binding::Int(v)) => {
            env.nexts.insert(n.clone(), v);
        }
        (Expr::Next(n), Binding::Array(a)) => {
            env.next_arrays.insert(n.clone(), a);
        }
        _ => {}
    }
}

pub fn is_unbound(env: &Env, e: &Expr) -> bool {
    match e {
        Expr::Var(n) => !env.vars.contains_key(n) && !env.arrays.contains_key(n),
        Expr::Next(n) => !env.nexts.contains_key(n) && !env.next_arrays.contains_key(n),
        _ => false,
    }
}

/// Tries the disjuncts in `order` one at a time with `solve`, undoing the
/// bindings of each one that fails; true when one succeeds.
pub fn some_disjunct<'e>(
    env: &mut Env,
    order: impl IntoIterator<Item = &'e Expr>,
    mut solve: impl FnMut(&mut Env, Vec<&'e Expr>) -> bool,
) -> bool {
    for d in order {
        let saved = (env.vars.clone(), env.nexts.clone(), env.next_arrays.clone());
        let mut parts = Vec::new();
        conjuncts(d, &mut parts);
        if solve(env, parts) {
            return true;
        }
        (env.vars, env.nexts, env.next_arrays) = saved;
    }
    false
}

pub fn conjuncts<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
    match e {
        Expr::And(v) => v.iter().for_each(|x| conjuncts(x, out)),
        _ => out.push(e),
    }
}

struct Solver<'a> {
    sorts: &'a BTreeMap<String, VarSort>,
    rng: &'a mut Rng,
    /// Values to use instead of guesses (a solver's model of the run), and
    /// the step they are for (`None`: the initial state).
    oracle: Option<(&'a Oracle<'a>, Option<usize>)>,
}

/// A value for an unbound `Var` (an edge local) or `Next` at a step of a
/// run (`None`: the initial state).
pub(crate) type Oracle<'a> = dyn Fn(Option<usize>, &Expr) -> Option<Binding> + 'a;

/// A run to follow: its edges, and the values of its choices.
pub(crate) struct Plan<'a> {
    pub path: &'a [u32],
    pub oracle: &'a Oracle<'a>,
}

impl Solver<'_> {
    fn guess(&mut self, env: &mut Env, var: &Expr) {
        if let Some(b) = self.oracle.and_then(|(o, step)| o(step, var)) {
            bind(env, var, b);
            return;
        }
        let name = match var {
            Expr::Var(n) | Expr::Next(n) => n,
            _ => return,
        };
        if self.sorts.get(name) == Some(&VarSort::IntArray) {
            // A havocked array: some default everywhere, and distinct-ish
            // values at the first indices (a constant array hides bugs that
            // mix up indices).
            let entries = (0..32).map(|i| (BigInt::from(i), self.rng.int())).collect();
            let a = ArrayVal {
                default: self.rng.int(),
                entries,
            };
            bind(env, var, Binding::Array(NextArray::Value(a)));
        } else {
            let v = self.rng.int();
            bind(env, var, Binding::Int(v));
        }
    }

    /// Binds the unbound variables of the conjunction `parts` so that
    /// every part holds; `false` if this attempt failed.
    fn solve(&mut self, env: &mut Env, parts: Vec<&Expr>) -> bool {
        let mut open = parts;
        while !open.is_empty() {
            let mut progress = false;
            let mut rest = Vec::new();
            for c in std::mem::take(&mut open) {
                match self.step(env, c) {
                    Some(true) => progress = true,
                    Some(false) => return false,
                    None => rest.push(c),
                }
            }
            open = rest;
            if open.is_empty() {
                break;
            }
            if !progress {
                // Nothing propagates: guess one unbound variable.
                let mut vars = Vec::new();
                unbound_vars(open[0], env, &mut vars);
                match vars.first() {
                    Some(v) => {
                        let v = v.clone();
                        self.guess(env, &v)
                    }
                    None => return false,
                }
            }
        }
        true
    }

    /// One conjunct: `Some(true)` done (holds), `Some(false)` violated,
    /// `None` not yet decidable.
    fn step(&mut self, env: &mut Env, c: &Expr) -> Option<bool> {
        if let Expr::Eq(l, r) = c {
            for (target, rhs) in [(l, r), (r, l)] {
                if is_unbound(env, target) {
                    let b = binding(env, target, rhs)?;
                    bind(env, target, b);
                    return Some(true);
                }
            }
            // `a == -1 + r` (CHC clauses name the new value on either
            // side): solve for the one unbound integer of a linear equation.
            if env.eval(c).is_err() {
                if let Some(solved) = self.solve_linear(env, l, r) {
                    return Some(solved);
                }
            }
        }
        if let Expr::Or(ds) = c {
            if env.eval(c).is_err() {
                let mut order: Vec<&Expr> = ds.iter().collect();
                for i in (1..order.len()).rev() {
                    order.swap(i, self.rng.below(i as u64 + 1) as usize);
                }
                return Some(some_disjunct(env, order, |env, parts| {
                    self.solve(env, parts)
                }));
            }
        }
        match env.eval(c) {
            Ok(Value::Bool(b)) => Some(b),
            _ => None,
        }
    }
}

impl Solver<'_> {
    /// `l == r` with exactly one unbound integer variable `x`, as `a x + k
    /// == 0`: binds `x` to `-k / a` (`Some(true)`), or `Some(false)` when
    /// `a` does not divide `k` (no integer solves it); `None` when the
    /// equation is not of that shape.
    fn solve_linear(&self, env: &mut Env, l: &Expr, r: &Expr) -> Option<bool> {
        let diff = Expr::Sub(Box::new(l.clone()), Box::new(r.clone()));
        let (coefs, mut k) = crate::substitute::linear(&diff)?;
        let mut unbound: BTreeMap<Expr, BigInt> = BTreeMap::new();
        for (v, a) in coefs {
            if !is_unbound(env, &v) {
                match env.eval(&v).ok()? {
                    Value::Int(x) => k += a * x,
                    _ => return None,
                }
            } else if matches!(&v, Expr::Var(n) | Expr::Next(n) if self.sorts.get(n) == Some(&VarSort::IntArray))
            {
                return None;
            } else {
                unbound.insert(v, a);
            }
        }
        unbound.retain(|_, a| *a != BigInt::from(0));
        let mut only = unbound.into_iter();
        let (x, a) = only.next()?;
        if only.next().is_some() {
            return None;
        }
        let minus_k = -k;
        if &minus_k % &a != BigInt::from(0) {
            return Some(false);
        }
        bind(env, &x, Binding::Int(minus_k / a));
        Some(true)
    }
}

fn update(a: &NextArray) -> ArrayUpdate {
    let num = |(k, v): &(BigInt, BigInt)| (Num(k.clone()), Num(v.clone()));
    match a {
        NextArray::Writes(w) => ArrayUpdate {
            reset: None,
            writes: w.iter().map(num).collect(),
        },
        NextArray::Value(v) => ArrayUpdate {
            reset: Some(ArrayValue::from_val(v)),
            writes: vec![],
        },
    }
}

/// Replays `plan` concretely: each step solves its edge's relation with the
/// plan's values where the relation leaves a choice, and is taken only
/// when the whole relation holds, so the trace is a real run (or `None`).
pub(crate) fn follow(task: &Task, plan: &Plan) -> Option<Trace> {
    let limits = Limits {
        max_steps: plan.path.len() + 1,
        tries: 1,
        ..Limits::default()
    };
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15, NARROW);
    let trace = run(task, &limits, &mut rng, Some(plan), &mut 0)?;
    (trace.steps.len() == plan.path.len()).then_some(trace)
}

/// One step as a run keeps it: values only, in the order of the edge's
/// locals and of the state's integers, made a [`Step`] once the run has
/// reached the bad location (most runs never do; keeping every step as
/// maps with named keys made long runs fault in tens of megabytes).
struct KeptStep {
    edge: u32,
    inputs: Vec<BigInt>,
    next: Kept,
    arrays: BTreeMap<String, format::ArrayUpdate>,
}

/// The next state's integers: values in the order of the state's integer
/// names, or (should the names differ) the whole map.
enum Kept {
    Values(Vec<BigInt>),
    Named(BTreeMap<String, BigInt>),
}

impl KeptStep {
    fn into_step(self, task: &Task, int_vars: &[String]) -> Step {
        let locals = task
            .edge(self.edge)
            .map(|e| &e.locals[..])
            .unwrap_or_default();
        let inputs = locals
            .iter()
            .zip(self.inputs)
            .map(|(l, v)| (l.name.clone(), Num(v)))
            .collect();
        let next = match self.next {
            Kept::Values(values) => int_vars
                .iter()
                .zip(values)
                .map(|(k, v)| (k.clone(), Num(v)))
                .collect(),
            Kept::Named(map) => map.into_iter().map(|(k, v)| (k, Num(v))).collect(),
        };
        Step {
            edge: self.edge,
            inputs,
            next,
            arrays: self.arrays,
        }
    }
}

/// Concrete steps without a solver, for sampling reachable states: each
/// solves a relation by propagation and small guesses, and is taken only
/// when the whole relation holds. States are values of the task's
/// variables in its order; tasks with arrays are not sampled this way.
pub(crate) struct Stepper {
    names: Vec<String>,
    init: Expr,
    sorts: BTreeMap<String, VarSort>,
    rng: Rng,
}

impl Stepper {
    /// `None` for a task with arrays.
    pub(crate) fn new(task: &Task, seed: u64) -> Option<Stepper> {
        if task.vars.iter().any(|v| v.sort != VarSort::Int) {
            return None;
        }
        Some(Stepper {
            names: task.var_names(),
            init: init_as_next(task),
            sorts: sorts_of(task),
            rng: Rng(seed | 1, NARROW),
        })
    }

    /// Guesses from here on lie within `-bound..=bound` (at least 1): small
    /// values only, as the solver's samples, since a bound seen in a run
    /// that guessed 2^31 is no candidate worth a query.
    pub(crate) fn guess_within(&mut self, bound: u64) {
        self.rng.1 = bound.max(1);
    }

    /// An initial state, or `None` if the attempts failed.
    pub(crate) fn initial(&mut self) -> Option<Vec<BigInt>> {
        let tries = Limits::default().tries;
        let env = initial_env(
            &self.init,
            &self.names,
            &[],
            &self.sorts,
            &mut self.rng,
            tries,
            None,
        )?;
        self.names
            .iter()
            .map(|v| env.nexts.get(v).cloned())
            .collect()
    }

    /// A successor of `state` along `e`, or `None` if the attempts failed
    /// (the edge may be disabled, or its relation beyond propagation).
    pub(crate) fn successor(&mut self, e: &format::Edge, state: &[BigInt]) -> Option<Vec<BigInt>> {
        let mut env = Env::default();
        env.vars = self
            .names
            .iter()
            .cloned()
            .zip(state.iter().cloned())
            .collect();
        let tries = Limits::default().tries;
        if !take_edge(
            &mut env,
            e,
            &self.names,
            &self.sorts,
            &mut self.rng,
            tries,
            None,
        ) {
            return None;
        }
        self.names
            .iter()
            .map(|v| env.nexts.get(v).cloned())
            .collect()
    }
}

/// One run; `reached` is set to the steps it took before it ended.
fn run(
    task: &Task,
    limits: &Limits,
    rng: &mut Rng,
    plan: Option<&Plan>,
    reached: &mut usize,
) -> Option<Trace> {
    let sorts = sorts_of(task);
    let int_vars = task.int_var_names();
    let array_vars = task.array_var_names();
    let init = init_as_next(task);
    let env = initial_env(
        &init,
        &int_vars,
        &array_vars,
        &sorts,
        rng,
        limits.tries,
        plan,
    )?;
    let mut cur = env;
    cur.advance();
    let initial = cur
        .vars
        .iter()
        .map(|(k, v)| (k.clone(), Num(v.clone())))
        .collect();
    let initial_arrays = cur
        .arrays
        .iter()
        .map(|(k, a)| (k.clone(), ArrayValue::from_val(a)))
        .collect();
    let mut sorted_int_vars = int_vars.clone();
    sorted_int_vars.sort();
    let mut steps: Vec<KeptStep> = Vec::new();
    let mut loc = task.initial_location.clone();
    for n in 0..limits.max_steps {
        *reached = n;
        if loc == task.bad_location {
            return Some(Trace {
                initial,
                initial_arrays,
                steps: steps
                    .into_iter()
                    .map(|k| k.into_step(task, &sorted_int_vars))
                    .collect(),
            });
        }
        if n % limits.steps_per_tick.max(1) == 0
            && (limits.deadline.is_some_and(|d| Instant::now() >= d)
                || super::race::tick().is_err())
        {
            return None;
        }
        // Edges into bad first, then the others in random order; or the
        // plan's edge.
        let mut edges: Vec<&format::Edge> = match plan {
            Some(p) => {
                let e = task.edge(*p.path.get(n)?)?;
                if e.from != loc {
                    return None;
                }
                vec![e]
            }
            None => task.edges_from(&loc).collect(),
        };
        for i in (1..edges.len()).rev() {
            edges.swap(i, rng.below(i as u64 + 1) as usize);
        }
        edges.sort_by_key(|e| e.to != task.bad_location);
        let taken = edges.into_iter().find(|e| {
            take_edge(
                &mut cur,
                e,
                &int_vars,
                &sorts,
                rng,
                limits.tries,
                plan.map(|p| (p, n)),
            )
        });
        let e = taken?;
        let inputs = e.locals.iter().map(|l| cur.vars[&l.name].clone()).collect();
        let next = if cur.nexts.keys().eq(sorted_int_vars.iter()) {
            Kept::Values(cur.nexts.values().cloned().collect())
        } else {
            Kept::Named(cur.nexts.clone())
        };
        // An array the step leaves as it is needs no entry (format: kept).
        let arrays = cur
            .next_arrays
            .iter()
            .filter(|(_, a)| !matches!(a, NextArray::Writes(w) if w.is_empty()))
            .map(|(k, a)| (k.clone(), update(a)))
            .collect();
        steps.push(KeptStep {
            edge: e.id,
            inputs,
            next,
            arrays,
        });
        for l in &e.locals {
            cur.vars.remove(&l.name);
        }
        cur.advance();
        loc = e.to.clone();
    }
    None
}

/// The sort of every state variable and edge local of `task`, by name.
fn sorts_of(task: &Task) -> BTreeMap<String, VarSort> {
    task.vars
        .iter()
        .map(|v| (v.name.clone(), v.sort))
        .chain(
            task.edges
                .iter()
                .flat_map(|e| e.locals.iter().map(|l| (l.name.clone(), l.sort))),
        )
        .collect()
}

/// The initial condition over next-state names: solved in an empty
/// environment, its values become the first state by `Env::advance`.
fn init_as_next(task: &Task) -> Expr {
    crate::split::primed(&task.init)
}

/// An environment whose next-state values satisfy `init` (see
/// [`init_as_next`]), with the plan's values where it has them; `None` if
/// `tries` attempts failed.
fn initial_env(
    init: &Expr,
    int_vars: &[String],
    array_vars: &[String],
    sorts: &BTreeMap<String, VarSort>,
    rng: &mut Rng,
    tries: usize,
    plan: Option<&Plan>,
) -> Option<Env> {
    for _ in 0..tries {
        let mut env = Env::default();
        let mut parts = Vec::new();
        conjuncts(init, &mut parts);
        if let Some(p) = plan {
            for v in int_vars {
                let x = Expr::Next(v.clone());
                if let Some(b) = (p.oracle)(None, &x) {
                    bind(&mut env, &x, b);
                }
            }
        }
        let mut s = Solver {
            sorts,
            rng: &mut *rng,
            oracle: plan.map(|p| (p.oracle, None)),
        };
        if s.solve(&mut env, parts) {
            for v in int_vars.iter().chain(array_vars) {
                if is_unbound(&env, &Expr::Next(v.clone())) {
                    s.guess(&mut env, &Expr::Next(v.clone()));
                }
            }
            if env.holds(init) == Ok(true) {
                return Some(env);
            }
        }
    }
    None
}

/// Tries up to `tries` times to take `e` from the state in `cur` (at step
/// `n` of `plan`, whose values come first): on success `cur` holds the
/// step's locals and next-state values and the whole relation holds; on
/// failure they are cleared.
fn take_edge(
    cur: &mut Env,
    e: &format::Edge,
    int_vars: &[String],
    sorts: &BTreeMap<String, VarSort>,
    rng: &mut Rng,
    tries: usize,
    plan: Option<(&Plan, usize)>,
) -> bool {
    for _ in 0..tries {
        let mut parts = Vec::new();
        conjuncts(&e.relation, &mut parts);
        if let Some((p, n)) = plan {
            // The plan's integers first: propagation never backtracks
            // over a disjunct it chose (the model's values decide).
            let ints = e.locals.iter().map(|l| Expr::Var(l.name.clone()));
            let nexts = int_vars.iter().map(|v| Expr::Next(v.clone()));
            for x in ints.chain(nexts) {
                if let Some(b) = (p.oracle)(Some(n), &x) {
                    bind(cur, &x, b);
                }
            }
        }
        let mut s = Solver {
            sorts,
            rng: &mut *rng,
            oracle: plan.map(|(p, n)| (p.oracle, Some(n))),
        };
        if !s.solve(cur, parts) {
            clear(cur, e);
            continue;
        }
        // Havocked integers keep their value; locals left open get one.
        for v in int_vars {
            if !cur.nexts.contains_key(v) {
                let keep = cur.vars[v].clone();
                cur.nexts.insert(v.clone(), keep);
            }
        }
        for l in &e.locals {
            if !cur.vars.contains_key(&l.name) {
                s.guess(cur, &Expr::Var(l.name.clone()));
            }
        }
        if cur.holds(&e.relation) == Ok(true) {
            return true;
        }
        clear(cur, e);
    }
    false
}

/// Forgets the partial solution of one attempt at `e`.
fn clear(env: &mut Env, e: &format::Edge) {
    for l in &e.locals {
        env.vars.remove(&l.name);
    }
    env.nexts.clear();
    env.next_arrays.clear();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdr::testing::x;

    /// PDR's counter, loop bound 1000, with `x == -1 + x'` (the CHC way
    /// of writing `x' = x + 1`), and bad once `x = 1000`.
    fn chc_style_counter() -> Task {
        let mut task = crate::pdr::testing::counter_task();
        let inc = Expr::eq(x(), Expr::Add(vec![Expr::int(-1), Expr::next("x")]));
        task.edges[0].relation = Expr::And(vec![
            Expr::Lt(Box::new(x()), Box::new(Expr::int(1000))),
            inc,
        ]);
        task.edges[1].relation = Expr::eq(x(), Expr::int(1000));
        task
    }

    #[test]
    fn a_next_value_inside_a_linear_equation_is_solved_for_not_guessed() {
        let task = chc_style_counter();
        let trace = search(&task, &Limits::default()).expect("bad after 1000 increments");
        assert_eq!(trace.steps.len(), 1001);
        let mut stepper = Stepper::new(&task, 1).unwrap();
        let next = stepper.successor(&task.edges[0], &[BigInt::from(41)]);
        assert_eq!(next, Some(vec![BigInt::from(42)]));
    }

    #[test]
    fn a_linear_equation_without_an_integer_solution_disables_the_edge() {
        // 2 x' == x: no integer x' when x is odd.
        let mut task = chc_style_counter();
        task.edges[0].relation =
            Expr::eq(Expr::Mul(Num::from_i64(2), Box::new(Expr::next("x"))), x());
        let mut stepper = Stepper::new(&task, 1).unwrap();
        assert_eq!(stepper.successor(&task.edges[0], &[BigInt::from(7)]), None);
        assert_eq!(
            stepper.successor(&task.edges[0], &[BigInt::from(8)]),
            Some(vec![BigInt::from(4)])
        );
    }
}
