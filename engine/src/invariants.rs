//! Guess-and-check linear invariants: sample concrete runs with Z3, take the
//! affine hull and octagon-like bounds of the states seen at each location,
//! and keep what Houdini proves inductive. The survivors seed the precision.

use super::smt::{self, Budget, View};
use super::Unknown;
use format::{Expr, Num, Task};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use std::collections::{BTreeMap, BTreeSet};
use z3::ast::{Bool, Int};
use z3::Solver;

use crate::implied::drop_implied;
#[cfg(test)]
use crate::implied::drop_weaker_bounds;

type State = Vec<BigInt>;

/// Deterministic pseudo-random numbers (no clock, so runs repeat exactly).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    /// A value in `-bound..=bound`.
    fn within(&mut self, bound: u64) -> i64 {
        (self.next() % (2 * bound + 1)) as i64 - bound as i64
    }
}

/// The variables an edge's relation sets by a top-level `v' == e`; the
/// others (such as `x' > 0` in a CHC clause) it leaves for the solver to
/// choose, which without hints it does the same way every time.
fn chosen_freely(task: &Task, relation: &Expr) -> Vec<usize> {
    fn set_by(e: &Expr, out: &mut std::collections::BTreeSet<String>) {
        match e {
            Expr::And(parts) => parts.iter().for_each(|p| set_by(p, out)),
            Expr::Eq(a, b) => {
                for side in [a, b] {
                    if let Expr::Next(v) = &**side {
                        out.insert(v.clone());
                    }
                }
            }
            _ => {}
        }
    }
    let mut set = std::collections::BTreeSet::new();
    set_by(relation, &mut set);
    (0..task.vars.len())
        .filter(|&i| !set.contains(&task.vars[i].name))
        .collect()
}

/// The Z3 constants of `task`'s state variables at `frame`.
pub(crate) fn vars_at(task: &Task, frame: usize) -> Vec<Int> {
    task.vars
        .iter()
        .map(|v| smt::int_const(&smt::state_symbol(&v.name, frame)))
        .collect()
}

/// How many times [`solve_hinted`] asks with hints before it lets the
/// solver choose: hints spread the samples but are worth little more than
/// the query they cost. Dropping an unsat core's hints until the rest fit
/// took 5.5 queries per sampled step on the Lustre encodings, whose flags
/// constrain each other (`lustre/metros_1`: 2,296 sampling queries of
/// 2,490 guessing, PDR 5,638 queries; two rounds: 360 of 585, PDR 976).
/// On 154 CHC tasks: same answers, 576,103 -> 553,804 queries.
const HINTED_ROUNDS: usize = 2;

/// Solves with random value hints as assumptions, dropping the hints in
/// the unsat core when they clash, so the others still spread the samples;
/// after [`HINTED_ROUNDS`] tries, without hints.
fn solve_hinted(
    solver: &Solver,
    hints: &[Bool],
    budget: &Budget,
) -> Result<Option<z3::Model>, Unknown> {
    let mut hints = hints.to_vec();
    for _ in 0..HINTED_ROUNDS {
        if hints.is_empty() {
            break;
        }
        if budget.check(solver, &hints)? {
            return Ok(solver.get_model());
        }
        let core = solver.get_unsat_core();
        let before = hints.len();
        hints.retain(|h| !core.contains(h));
        if hints.len() == before {
            // No hint in the core: the assertions alone are unsatisfiable
            // (an edge whose guard fails here); asking again without the
            // hints would say so a second time.
            return Ok(None);
        }
    }
    if budget.check(solver, &[])? {
        return Ok(solver.get_model());
    }
    Ok(None)
}

fn read(model: &z3::Model, vars: &[Int]) -> State {
    vars.iter()
        .map(|v| {
            model
                .eval(v, true)
                .and_then(|x| smt::int_value(&x))
                .unwrap_or_default()
        })
        .collect()
}

/// `state` (a value per variable of `task`, in its order) as an
/// environment of the concrete evaluator.
fn state_env(task: &Task, state: &State) -> format::eval::Env {
    format::eval::Env {
        vars: task
            .vars
            .iter()
            .zip(state)
            .map(|(v, x)| (v.name.clone(), x.clone()))
            .collect(),
        ..Default::default()
    }
}

/// Concrete states per location from a few bounded random runs. Each step
/// is first solved by propagation ([`crate::simulate::Stepper`], no
/// query); only when no edge can be taken that way does the solver look for
/// one, an incremental solver per edge keeping its relation asserted.
fn sample(
    task: &Task,
    budget: &Budget,
    runs: usize,
    depth: usize,
) -> Result<BTreeMap<String, Vec<State>>, Unknown> {
    let mut seen: BTreeMap<String, Vec<State>> = BTreeMap::new();
    let mut rng = Lcg(0x5eed);
    let mut stepper = crate::simulate::Stepper::new(task, 0x5eed);
    let cur = vars_at(task, 0);
    let next = vars_at(task, 1);
    let mut solvers: BTreeMap<u32, crate::solver_pool::PooledSolver> = BTreeMap::new();
    let mut free_vars: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
    let mut first_steps: BTreeMap<u32, crate::solver_pool::PooledSolver> = BTreeMap::new();
    let init = smt::solver();
    init.assert(smt::encode_bool(&task.init, View::state(0)));
    for run in 0..runs {
        if budget.expired() {
            return Err(Unknown("timeout".into()));
        }
        // Every other run draws small values: loops whose trip count is a
        // variable then come round more than once within `depth` steps.
        let bound = if run % 2 == 1 { 3 } else { 20 };
        if let Some(s) = stepper.as_mut() {
            s.guess_within(bound);
        }
        let mut state = match stepper.as_mut().and_then(|s| s.initial()) {
            Some(state) => state,
            None => {
                let hints: Vec<Bool> = cur
                    .iter()
                    .map(|v| v.eq(Int::from_i64(rng.within(bound))))
                    .collect();
                let Some(m) = solve_hinted(&init, &hints, budget)? else {
                    return Ok(seen);
                };
                read(&m, &cur)
            }
        };
        let mut loc = task.initial_location.clone();
        for step in 0..depth {
            seen.entry(loc.clone()).or_default().push(state.clone());
            let here = loc.clone();
            let edges: Vec<_> = task
                .edges_from(&here)
                .filter(|e| e.to != task.bad_location)
                .collect();
            if edges.is_empty() {
                break;
            }
            let start = rng.next() as usize % edges.len();
            let order: Vec<&format::Edge> = (0..edges.len())
                .map(|k| edges[(start + k) % edges.len()])
                .collect();
            let concrete = stepper.as_mut().and_then(|s| {
                order
                    .iter()
                    .find_map(|&e| s.successor(e, &state).map(|n| (e, n)))
            });
            if let Some((e, n)) = concrete {
                state = n;
                loc = e.to.clone();
                continue;
            }
            let mut moved = false;
            for &e in &order {
                let s = solvers.entry(e.id).or_insert_with(|| {
                    let s = smt::solver();
                    s.assert(smt::encode_edge(e, 0));
                    s
                });
                s.push();
                for (v, x) in cur.iter().zip(&state) {
                    s.assert(v.eq(Int::from_big_int(x)));
                }
                let free = free_vars
                    .entry(e.id)
                    .or_insert_with(|| chosen_freely(task, &e.relation));
                let mut hints: Vec<Bool> = e
                    .locals
                    .iter()
                    .map(|l| {
                        smt::int_const(&smt::local_symbol(&l.name, 0))
                            .eq(Int::from_i64(rng.within(bound)))
                    })
                    .collect();
                // A value for each freely chosen variable, and a small range
                // to fall back on when that value clashes (a hint -2 for `x' > 0`).
                let b = bound as i64;
                for &i in free.iter() {
                    hints.push(next[i].eq(Int::from_i64(rng.within(bound))));
                }
                for &i in free.iter() {
                    hints.push(next[i].le(Int::from_i64(b)) & next[i].ge(Int::from_i64(-b)));
                }
                let found = solve_hinted(s, &hints, budget);
                let step = found.map(|m| m.map(|m| read(&m, &next)));
                s.pop(1);
                if let Some(n) = step? {
                    state = n;
                    loc = e.to.clone();
                    moved = true;
                    break;
                }
            }
            if !moved && step == 0 {
                // No way on from this initial state (C tasks start with
                // `init true` and a first edge that assumes every variable
                // in its type's range, which few random states are): the
                // solver picks the initial state together with a first step.
                for &e in &order {
                    let s = first_steps.entry(e.id).or_insert_with(|| {
                        let s = smt::solver();
                        s.assert(smt::encode_bool(&task.init, View::state(0)));
                        s.assert(smt::encode_edge(e, 0));
                        s
                    });
                    let hints: Vec<Bool> = cur
                        .iter()
                        .map(|v| v.eq(Int::from_i64(rng.within(bound))))
                        .collect();
                    if let Some(m) = solve_hinted(s, &hints, budget)? {
                        state = read(&m, &cur);
                        moved = true;
                        break;
                    }
                }
            }
            if !moved {
                break;
            }
        }
    }
    Ok(seen)
}

/// The equalities `sum a_i x_i = c` satisfied by every point: a basis of the
/// null space of `[points | -1]`, by fraction-free elimination.
fn affine_hull(points: &[State], n: usize) -> Vec<(Vec<BigInt>, BigInt)> {
    let mut rows: Vec<Vec<BigInt>> = points
        .iter()
        .map(|p| {
            p.iter()
                .cloned()
                .chain(std::iter::once(-BigInt::one()))
                .collect()
        })
        .collect();
    let cols = n + 1;
    let mut pivots = Vec::new();
    let mut r = 0;
    for c in 0..cols {
        let Some(p) = (r..rows.len()).find(|&i| !rows[i][c].is_zero()) else {
            continue;
        };
        rows.swap(r, p);
        for i in 0..rows.len() {
            if i != r && !rows[i][c].is_zero() {
                let (a, b) = (rows[r][c].clone(), rows[i][c].clone());
                for k in 0..cols {
                    rows[i][k] = &rows[i][k] * &a - &rows[r][k] * &b;
                }
                // Keep entries small: divide the row by the gcd of its entries.
                let g = rows[i].iter().fold(BigInt::zero(), |g, x| g.gcd(x));
                if !g.is_zero() && !g.is_one() {
                    rows[i].iter_mut().for_each(|x| *x /= &g);
                }
            }
        }
        pivots.push(c);
        r += 1;
        if r == rows.len() {
            break;
        }
    }
    let mut out = Vec::new();
    for free in (0..cols).filter(|c| !pivots.contains(c)) {
        // Solve pivot variables for free = 1, others 0, scaled to integers.
        let mut lcm = BigInt::one();
        for (i, &pc) in pivots.iter().enumerate() {
            lcm = lcm.lcm(&rows[i][pc]);
        }
        let mut v = vec![BigInt::zero(); cols];
        v[free] = lcm.clone();
        for (i, &pc) in pivots.iter().enumerate() {
            v[pc] = -(&rows[i][free] * &lcm) / &rows[i][pc];
        }
        let g = v.iter().fold(BigInt::zero(), |g, x| g.gcd(x));
        if !g.is_zero() {
            v.iter_mut().for_each(|x| *x /= &g);
        }
        let c = v.pop().expect("constant column");
        if v.iter().filter(|x| !x.is_zero()).count() >= 1 {
            out.push((v, c));
        }
    }
    out
}

fn linear(task: &Task, coeffs: &[BigInt]) -> Expr {
    let terms: Vec<Expr> = task
        .vars
        .iter()
        .zip(coeffs)
        .filter(|(_, a)| !a.is_zero())
        .map(|(v, a)| {
            if a.is_one() {
                Expr::var(&v.name)
            } else {
                Expr::Mul(Num(a.clone()), Box::new(Expr::var(&v.name)))
            }
        })
        .collect();
    if terms.len() == 1 {
        terms.into_iter().next().expect("one")
    } else {
        Expr::Add(terms)
    }
}

/// Coefficient vectors of the octagon-like forms `±x ±y ±z` over up to
/// `width` of the `eligible` variables (fewer for many variables, to bound
/// the candidates).
///
/// Forms over three variables cost: 160 of 232 templates at six
/// variables, and every Houdini query carries every candidate. Without
/// them `auto` gave the same answers on 230 tasks (per-task median 0.994
/// to 1.000), but CEGAR alone no longer proved `corpus/imp/invgen_up.imp`
/// and `zilu_b04.imp` (0.15 s before, timeouts after): its predicates
/// need `x - y + z`-like bounds. They stay where the task has at most six
/// eligible variables (`all`), as before, taken over the live ones
/// ([`live_vars`]); deciding by the live count instead gave triples to
/// `reve_010-horn` and PDR timed out there (0.34 s before).
fn templates(n: usize, all: usize, eligible: &[usize]) -> Vec<Vec<BigInt>> {
    let m = eligible.len();
    let width = if all <= 6 {
        3
    } else if n <= 12 {
        2
    } else {
        1
    };
    let mut out = Vec::new();
    let mut pick = Vec::new();
    fn rec(n: usize, width: usize, from: usize, pick: &mut Vec<usize>, out: &mut Vec<Vec<BigInt>>) {
        if !pick.is_empty() {
            for signs in 0..(1u32 << pick.len()) {
                let mut v = vec![BigInt::zero(); n];
                for (k, &i) in pick.iter().enumerate() {
                    v[i] = if signs & (1 << k) == 0 {
                        BigInt::one()
                    } else {
                        -BigInt::one()
                    };
                }
                out.push(v);
            }
        }
        if pick.len() == width {
            return;
        }
        for i in from..n {
            pick.push(i);
            rec(n, width, i + 1, pick, out);
            pick.pop();
        }
    }
    rec(m, width, 0, &mut pick, &mut out);
    // Spread the forms over the eligible variables' positions.
    out.into_iter()
        .map(|f| {
            let mut v = vec![BigInt::zero(); n];
            for (k, a) in f.into_iter().enumerate() {
                v[eligible[k]] = a;
            }
            v
        })
        .collect()
}

/// The state variables (by index) that each location's future may read:
/// those an edge out reads, and those it copies unchanged (`x' = x`) to a
/// location where they are live. A variable no path reads before
/// overwriting it is dead there, and facts about it are no help to a proof
/// (the reachable states with any value in its place are as inductive):
/// templates over dead temporaries were most of the candidates of C
/// encodings such as `HOLA_13` (280 at one location).
fn live_vars(task: &Task) -> BTreeMap<String, BTreeSet<usize>> {
    let index: BTreeMap<&str, usize> = task
        .vars
        .iter()
        .enumerate()
        .map(|(i, v)| (v.name.as_str(), i))
        .collect();
    let mut edges: Vec<(&str, &str, BTreeSet<usize>, BTreeSet<usize>)> = Vec::new();
    for e in &task.edges {
        let (mut reads, mut copies) = (BTreeSet::new(), BTreeSet::new());
        let mut stack = vec![&e.relation];
        while let Some(c) = stack.pop() {
            match c {
                Expr::And(xs) => stack.extend(xs),
                Expr::Eq(a, b) => match (&**a, &**b) {
                    (Expr::Next(x), Expr::Var(y)) | (Expr::Var(y), Expr::Next(x))
                        if x == y && index.contains_key(x.as_str()) =>
                    {
                        copies.insert(index[x.as_str()]);
                    }
                    _ => note_reads(c, &index, &mut reads),
                },
                _ => note_reads(c, &index, &mut reads),
            }
        }
        edges.push((e.from.as_str(), e.to.as_str(), reads, copies));
    }
    let mut live: BTreeMap<String, BTreeSet<usize>> = task
        .locations
        .iter()
        .map(|l| (l.clone(), BTreeSet::new()))
        .collect();
    loop {
        let mut changed = false;
        for (from, to, reads, copies) in &edges {
            let through: Vec<usize> = copies
                .iter()
                .filter(|i| live.get(*to).is_some_and(|l| l.contains(i)))
                .copied()
                .collect();
            if let Some(at) = live.get_mut(*from) {
                for i in reads.iter().copied().chain(through) {
                    changed |= at.insert(i);
                }
            }
        }
        if !changed {
            return live;
        }
    }
}

/// Adds to `reads` the state variables `e` reads (current-state copies).
fn note_reads(e: &Expr, index: &BTreeMap<&str, usize>, reads: &mut BTreeSet<usize>) {
    let (mut vars, mut nexts) = (Vec::new(), Vec::new());
    e.collect_vars(&mut vars, &mut nexts);
    reads.extend(vars.iter().filter_map(|v| index.get(v.as_str())));
}

/// Variables worth invariants: not the error state's `violation` mark,
/// which only edges into `bad` assign (see `frontend::c::VIOLATION`).
fn eligible(task: &Task) -> Vec<usize> {
    let mark = frontend::c::VIOLATION;
    (0..task.vars.len())
        .filter(|&i| {
            let name = &task.vars[i].name;
            name != mark && !name.starts_with(&format!("{mark}."))
        })
        .collect()
}

/// `2^k - 1` or `-2^k` for a C integer width `k + 1` or `k`: a type's limit.
fn is_type_limit(c: &BigInt) -> bool {
    [7u32, 8, 15, 16, 31, 32, 63, 64].iter().any(|&k| {
        let p = BigInt::one() << k;
        *c == &p - 1 || *c == -p
    })
}

/// The integer constants below 2^40 in magnitude that `sides` finds as an
/// operand of a comparison anywhere in the task's relations and initial
/// condition (`sides` gives a comparison's two operands, `None` for other
/// expressions).
pub fn compared_constants<'a>(
    task: &'a Task,
    sides: impl Fn(&'a Expr) -> Option<(&'a Expr, &'a Expr)>,
) -> std::collections::BTreeSet<BigInt> {
    let mut out = std::collections::BTreeSet::new();
    let mut stack: Vec<&Expr> = task.edges.iter().map(|e| &e.relation).collect();
    stack.push(&task.init);
    while let Some(e) = stack.pop() {
        if let Some((a, b)) = sides(e) {
            for side in [a, b] {
                if let Expr::Int(Num(c)) = side {
                    if c.bits() <= 40 {
                        out.insert(c.clone());
                    }
                }
            }
        }
        stack.extend(e.children());
    }
    out
}

/// The small integer constants the task compares with (its thresholds):
/// bounds such as `n <= 1000` hold at a loop but are never sampled at their
/// extreme, and proving that a counter stays in its type's range needs them.
pub fn thresholds(task: &Task) -> Vec<BigInt> {
    let out = compared_constants(task, |e| match e {
        Expr::Lt(a, b) | Expr::Le(a, b) | Expr::Gt(a, b) | Expr::Ge(a, b) => Some((a, b)),
        _ => None,
    });
    // The closest to zero first (loop bounds), and every type limit.
    let (limits, mut v): (Vec<BigInt>, Vec<BigInt>) = out.into_iter().partition(is_type_limit);
    v.sort_by_key(|c| c.abs());
    v.truncate(16);
    v.extend(limits);
    v
}

/// The largest coefficient of an affine hull equality kept as a candidate.
/// Why: a hull of fewer samples than variables is a subspace through them
/// alone, whose equalities have coefficients such as `-193 a0 - 263 a1 -
/// 379 a2 + 209 a3 + 525 a4 = 0`; they never survive Houdini, but while
/// they are asserted integer reasoning over them is slow (HOLA_05 with
/// early guessing: one consecution query 0.8 s, 0.03 s without them).
/// On the 134 LIA-Lin tasks certa solves, three runs each: per-task median
/// wall 0.994, `HOLA_13` 0.75 → 0.19 s, `HOLA_42` 0.48 → 0.21 s, the
/// same invariants guessed where we compared.
const HULL_COEFFICIENT_BOUND: i64 = 16;

/// The absolute values of the constants `task` multiplies by (`777 * a1`):
/// a hull equality may have them as coefficients (`a2 = a0 - 777 a1`,
/// `s_split_47`) beyond [`HULL_COEFFICIENT_BOUND`], since the program
/// itself scales by them.
fn multipliers(task: &Task) -> BTreeSet<BigInt> {
    let mut out = BTreeSet::new();
    let mut stack: Vec<&Expr> = task.edges.iter().map(|e| &e.relation).collect();
    stack.push(&task.init);
    while let Some(e) = stack.pop() {
        if let Expr::Mul(Num(k), _) = e {
            out.insert(k.abs());
        }
        stack.extend(e.children());
    }
    out
}

/// Candidate facts at one location from the states seen there: the affine
/// hull's equalities with small coefficients ([`HULL_COEFFICIENT_BOUND`]),
/// `f >= min f` for each template form `f`, and comparisons under a 0/1
/// guard ([`crate::guarded`]).
fn candidates(task: &Task, points: &[State], live: &BTreeSet<usize>) -> Vec<Expr> {
    let n = task.vars.len();
    let mut eligible = eligible(task);
    let all = eligible.len();
    eligible.retain(|i| live.contains(i));
    let bound = BigInt::from(HULL_COEFFICIENT_BOUND);
    let written = multipliers(task);
    let mut out: Vec<Expr> = affine_hull(points, n)
        .into_iter()
        .filter(|(a, _)| {
            a.iter()
                .all(|x| x.abs() <= bound || written.contains(&x.abs()))
        })
        .map(|(a, c)| Expr::eq(linear(task, &a), Expr::Int(Num(c))))
        .collect();
    // `±x >= c` for each threshold `c` the samples satisfy.
    let limits = thresholds(task);
    for &i in &eligible {
        for sign in [BigInt::one(), -BigInt::one()] {
            let mut t = vec![BigInt::zero(); n];
            t[i] = sign.clone();
            let lo = points.iter().map(|p| &p[i] * &sign).min();
            for c in &limits {
                let c = c * &sign;
                if lo.as_ref().is_some_and(|lo| *lo >= c) {
                    out.push(Expr::Ge(
                        Box::new(linear(task, &t)),
                        Box::new(Expr::Int(Num(c))),
                    ));
                }
            }
        }
    }
    // Sums of two variables within a C type's limits (`sent + n <=
    // INT_MAX`: a counter and a bound that trade places), for the limits
    // the task compares with.
    let type_limits: Vec<&BigInt> = limits.iter().filter(|c| is_type_limit(c)).collect();
    let forms = templates(n, all, &eligible);
    for t in &forms {
        if t.iter().filter(|a| !a.is_zero()).count() != 2 {
            continue;
        }
        let values: Vec<BigInt> = points
            .iter()
            .map(|p| p.iter().zip(t).map(|(x, a)| x * a).sum())
            .collect();
        for c in &type_limits {
            for c in [(*c).clone(), -(*c).clone()] {
                if values.iter().all(|v| *v >= c) {
                    out.push(Expr::Ge(
                        Box::new(linear(task, &t)),
                        Box::new(Expr::Int(Num(c))),
                    ));
                }
            }
        }
    }
    for t in &forms {
        let values: Vec<BigInt> = points
            .iter()
            .map(|p| p.iter().zip(t).map(|(x, a)| x * a).sum())
            .collect();
        let Some(lo) = values.iter().min() else {
            continue;
        };
        out.push(Expr::Ge(
            Box::new(linear(task, &t)),
            Box::new(Expr::Int(Num(lo.clone()))),
        ));
        // Samples may miss the tight case; `f >= 0` is the usual invariant then.
        if lo.is_positive() {
            out.push(Expr::Ge(Box::new(linear(task, &t)), Box::new(Expr::int(0))));
        }
    }
    let names: Vec<String> = task.vars.iter().map(|v| v.name.clone()).collect();
    out.extend(crate::guarded::guarded_candidates(
        &names, points, &eligible,
    ));
    out
}

/// The facts (read in `view`, over `task`'s state variables) that every
/// model of what `s` holds satisfies. One query asks for a model breaking
/// any of them; the facts that model breaks are dropped and the rest asked
/// again, so the queries count the rounds of dropping, not the facts.
///
/// The model is read once per variable and the facts evaluated by the
/// concrete evaluator, not one model evaluation per fact. `s` is left as
/// it was.
fn surviving(
    task: &Task,
    s: &Solver,
    mut facts: Vec<Expr>,
    view: View,
    budget: &Budget,
) -> Result<Vec<Expr>, Unknown> {
    let vars = vars_at(task, view.cur);
    let mut encoded: Vec<Bool> = facts.iter().map(|f| smt::encode_bool(f, view)).collect();
    while !facts.is_empty() {
        s.push();
        let broken: Vec<Bool> = encoded.iter().map(|b| b.not()).collect();
        s.assert(Bool::or(&broken.iter().collect::<Vec<_>>()));
        let sat = budget.check(s, &[]);
        let model = if matches!(sat, Ok(true)) {
            s.get_model()
        } else {
            None
        };
        s.pop(1);
        if !sat? {
            break;
        }
        let Some(model) = model else {
            return Err(Unknown(
                "the solver gave no model for a broken candidate".into(),
            ));
        };
        let env = state_env(task, &read(&model, &vars));
        // A fact the evaluator cannot decide is asked of the model.
        let holds: Vec<bool> = facts
            .iter()
            .zip(&encoded)
            .map(|(f, b)| match env.holds(f) {
                Ok(holds) => holds,
                Err(_) => model.eval(b, true).and_then(|v| v.as_bool()) != Some(false),
            })
            .collect();
        if holds.iter().all(|&h| h) {
            // The model breaks none by evaluation (partial models of
            // uninterpreted operators): ask about each fact on its own.
            let mut kept = Vec::new();
            for (f, b) in facts.into_iter().zip(&encoded) {
                s.push();
                s.assert(b.not());
                let broken = budget.check(s, &[]);
                s.pop(1);
                if !broken? {
                    kept.push(f);
                }
            }
            return Ok(kept);
        }
        let mut keep = holds.iter();
        facts.retain(|_| *keep.next().unwrap_or(&false));
        let mut keep = holds.iter();
        encoded.retain(|_| *keep.next().unwrap_or(&false));
    }
    Ok(facts)
}

/// Candidate facts that survive Houdini: each holds initially and is
/// preserved by every edge given all surviving candidates at its source.
/// Facts implied by the other survivors at the same location are dropped.
pub fn linear_invariants(task: &Task, budget: &Budget) -> Result<Vec<(String, Expr)>, Unknown> {
    linear_invariants_of(task, &sampled_states(task, budget)?, budget, false)
}

/// Concrete states per location from a few bounded random runs from the
/// initial states: reachable states, so a fact false in one of them is no
/// invariant there.
pub fn sampled_states(task: &Task, budget: &Budget) -> Result<Samples, Unknown> {
    let mut seen = sample(task, budget, 4, 30)?;
    crate::phases::deep_samples(task, &mut seen);
    for points in seen.values_mut() {
        points.sort();
        points.dedup();
    }
    Ok(Samples(seen))
}

/// States sampled per location ([`sampled_states`]), each a value per
/// variable of the task in its order; sorted, without repeats.
#[derive(Debug, Default)]
pub struct Samples(BTreeMap<String, Vec<State>>);

impl Samples {
    /// The states sampled at `loc`, each a value per variable of the task
    /// (in `task.vars` order); `None` where no run reached it.
    pub fn at(&self, loc: &str) -> Option<&[Vec<BigInt>]> {
        self.0.get(loc).map(Vec::as_slice)
    }

    /// Does `fact` hold in every state sampled at `loc`? (A fact the
    /// concrete evaluator cannot decide counts as holding.)
    pub fn all_satisfy(&self, task: &Task, loc: &str, fact: &Expr) -> bool {
        self.0.get(loc).is_none_or(|states| {
            states
                .iter()
                .all(|state| state_env(task, state).holds(fact).unwrap_or(true))
        })
    }
}

/// [`linear_invariants`] from states already sampled. With `unreached`,
/// a location no sample reached starts with the candidate `false` (kept
/// only if no edge enters it from the states the other candidates allow):
/// a location that a split made and no run can reach (`x < 1000 && y >=
/// 2000` where `y = x`) otherwise counts as `true`, and its edges break
/// every candidate where they lead (`s_split_42`). The invariants found
/// are inductive together with those `false`s, so a caller taking them
/// must take the `false`s too (PDR: a lemma with the empty cube).
pub fn linear_invariants_of(
    task: &Task,
    samples: &Samples,
    budget: &Budget,
    unreached: bool,
) -> Result<Vec<(String, Expr)>, Unknown> {
    let mut cand: BTreeMap<String, Vec<Expr>> = BTreeMap::new();
    let live = live_vars(task);
    for (loc, points) in &samples.0 {
        if points.len() >= 2 {
            // The same bound can come from a threshold and a template;
            // keep its first place (the order decides what drop_implied keeps).
            let mut once = std::collections::BTreeSet::new();
            let at = live.get(loc).cloned().unwrap_or_default();
            let mut facts = candidates(task, points, &at);
            facts.retain(|f| once.insert(f.clone()));
            cand.insert(loc.clone(), facts);
        }
    }
    if unreached {
        for l in &task.locations {
            if *l != task.initial_location && *l != task.bad_location && !samples.0.contains_key(l)
            {
                cand.insert(l.clone(), vec![Expr::Bool(false)]);
            }
        }
    }
    // Initiation at the initial location.
    if let Some(cs) = cand.get_mut(&task.initial_location) {
        let init = smt::solver();
        init.assert(smt::encode_bool(&task.init, View::state(0)));
        let kept = surviving(task, &init, std::mem::take(cs), View::state(0), budget)?;
        *cs = kept;
    }
    // Consecution, to a fixpoint. A location without candidates is `true`;
    // one that no sample reached keeps no facts, which is sound.
    crate::houdini::consecution(task, &mut cand, budget, &mut |s, targets, budget| {
        surviving(task, s, targets, View::state(1), budget)
    })?;
    let mut out = Vec::new();
    for (loc, facts) in cand {
        // Try the template bounds (listed last) first, so that an equality
        // such as `x = y` survives rather than the two bounds implying it.
        let facts = drop_implied(facts, budget)?;
        out.extend(facts.into_iter().map(|f| (loc.clone(), f)));
    }
    Ok(out)
}

#[cfg(test)]
#[path = "invariants_tests.rs"]
mod tests;
