//! Phase splitting: a loop whose body branches on thresholds of a counter
//! gets one location per phase of that counter, and answers on it are
//! lifted back as [`crate::split`]'s are.
//!
//! Why: the multi-phase problems of CHC-COMP (`aeval-benchmarks`'
//! `s_split_*`) count `i` from 0 and change what the loop does at
//! `i = 2500`, `7500`, `12500`: their invariants are disjunctions over the
//! phases (`y = -2i` while `i <= 2500`, `y = i - 7500` up to `12500`, ...),
//! which neither PDR's cubes nor the guessed linear invariants express
//! (`s_split_49`, `s_split_01`: unknown at 10 s; Golem's TPA solves them).
//! With a location per phase each disjunct is a location's own linear
//! invariant.
//!
//! The task has no cycle but self-loops. The counter `c` of a looping
//! location `L` is a linear term over state variables that every
//! self-loop of `L` steps by a constant other than 0 (each variable by a
//! top-level conjunct `x' = x + k`) and that the self-loops compare with
//! constants inside a branch (under a disjunction or an `ite`: what the
//! loop does depends on it; the loop's guard only says where it stops), at
//! [`MIN_THRESHOLDS`] to [`MAX_THRESHOLDS`] thresholds. Each comparison
//! is `c >= t` or its negation for a threshold `t`; the thresholds
//! `t_1 < ... < t_n` cut the integers into phases `P_0 = c < t_1`,
//! `P_p = t_p <= c < t_{p+1}`, `P_n = t_n <= c`. `L` becomes `L#0` ...
//! `L#n`; an edge from `L#p` to `L#q` is the original edge with `P_p(c)`
//! and `P_q(c')` conjoined and every comparison of `c` (of `c'`) that the
//! phase decides replaced by its truth value; the combinations no state
//! satisfies (one query each) are dropped. Every original step from a
//! state at `L` in phase `p` into phase `q` is a step of the split task,
//! so an invariant `R_p` of each `L#p` gives `L` the invariant
//! `or_p (P_p(c) && R_p)`, and a split counterexample's edges name
//! original edges, solved again on the original task. A phase may have a
//! counter of its own and is split again ([`split_all`]); the conditions
//! of both splits then single out the place. The answers are the original
//! task's, and certa-check checks them as such.

use crate::smt::{Budget, Unknown};
use crate::split::{fold, Split};
use format::{Edge, Expr, Num, Task};
use num_bigint::BigInt;
use num_integer::Integer;
use std::collections::{BTreeMap, BTreeSet};

/// Fewer distinct thresholds than this: no split.
const MIN_THRESHOLDS: usize = 1;
/// More than this: no split (data compared with many constants, not phases).
const MAX_THRESHOLDS: usize = 8;
/// At most this many locations in the task (a loop and a few checks).
const MAX_LOCATIONS: usize = 16;

/// Where a task is split into phases: the loop's location, its counter
/// (a linear term over state variables) and the thresholds (sorted,
/// distinct).
#[derive(Clone, Debug, PartialEq)]
pub struct Phases {
    pub loc: String,
    pub counter: Term,
    pub thresholds: Vec<BigInt>,
}

/// A linear term `sum a_i x_i` over state variables, by name; its first
/// coefficient positive (a comparison with the other sign is mirrored).
pub type Term = BTreeMap<String, BigInt>;

/// The phases to split `task` on, if it has the shape (see the module
/// comment): no arrays, at most [`MAX_LOCATIONS`] locations and
/// [`crate::split::MAX_TASK_EDGES`] edges, no cycle but self-loops, the
/// first location whose self-loops have a counter. Syntax only: no query.
pub fn candidate(task: &Task) -> Option<Phases> {
    if task.has_arrays()
        || task.locations.len() > MAX_LOCATIONS
        || task.edges.len() > crate::split::MAX_TASK_EDGES
    {
        return None;
    }
    if has_other_cycle(task) {
        return None;
    }
    // The first looping location, in the task's order, with a counter.
    task.locations
        .iter()
        .filter(|l| **l != task.initial_location && **l != task.bad_location)
        .filter(|l| task.edges.iter().any(|e| e.from == **l && e.to == **l))
        .find_map(|l| candidate_at(task, l))
}

/// The phases of the loop at `loc`, if its self-loops step a counter
/// compared with constants inside a branch.
fn candidate_at(task: &Task, loc: &str) -> Option<Phases> {
    let loops: Vec<&Edge> = task
        .edges
        .iter()
        .filter(|e| e.from == loc && e.to == loc)
        .collect();
    let ints: BTreeSet<String> = task.int_var_names().into_iter().collect();
    let mut compared: BTreeMap<Term, BTreeSet<BigInt>> = BTreeMap::new();
    for e in &loops {
        collect_thresholds(&div_equalities_as_bounds(&e.relation), &mut compared);
    }
    let mut best: Option<Phases> = None;
    for (term, thresholds) in compared {
        // A counter: state variables only, each stepped by a constant on
        // every loop edge, the term by a constant other than 0.
        let counts = loops.iter().all(|e| {
            let state =
                |x: &String| ints.contains(x.as_str()) && !e.locals.iter().any(|l| l.name == *x);
            term.keys().all(state)
                && term
                    .iter()
                    .map(|(x, a)| Some(a * step(&e.relation, x)?))
                    .sum::<Option<BigInt>>()
                    .is_some_and(|k| k != BigInt::from(0))
        });
        if !counts || thresholds.len() < MIN_THRESHOLDS || thresholds.len() > MAX_THRESHOLDS {
            continue;
        }
        // The counter compared in the most places; the first in the
        // terms' order among equals.
        if best
            .as_ref()
            .is_none_or(|b| b.thresholds.len() < thresholds.len())
        {
            best = Some(Phases {
                loc: loc.to_string(),
                counter: term,
                thresholds: thresholds.into_iter().collect(),
            });
        }
    }
    best
}

/// Is there a cycle in `task`'s location graph other than self-loops?
fn has_other_cycle(task: &Task) -> bool {
    crate::entries::topological_order(task).is_none()
}

/// The constant `k` of a top-level conjunct `x' = x + k` of `relation`
/// (any arrangement of the linear equation; `k` may be 0).
fn step(relation: &Expr, x: &str) -> Option<BigInt> {
    let conjuncts: Vec<&Expr> = match relation {
        Expr::And(parts) => parts.iter().collect(),
        other => vec![other],
    };
    conjuncts.into_iter().find_map(|e| {
        let Expr::Eq(a, b) = e else { return None };
        let (mut coefs, k) = linear(&Expr::Sub(a.clone(), b.clone()))?;
        // a - b = s x' - s x + k' (s = 1 or -1): x' = x - k' / s.
        let s = coefs.remove(&(x.to_string(), true))?;
        let minus = coefs.remove(&(x.to_string(), false))?;
        (coefs.is_empty() && (s == BigInt::from(1) || s == BigInt::from(-1)) && minus == -&s)
            .then(|| -k * s)
    })
}

/// `e` as `sum a_v v + k` over current (`false`) and next (`true`) state
/// variables, zero coefficients dropped; `None` if it is not linear.
fn linear(e: &Expr) -> Option<(BTreeMap<(String, bool), BigInt>, BigInt)> {
    let (coefs, k) = crate::substitute::linear(e)?;
    let coefs = coefs
        .into_iter()
        .map(|(v, a)| match v {
            Expr::Next(x) => ((x, true), a),
            Expr::Var(x) => ((x, false), a),
            _ => unreachable!("linear terms are variables"),
        })
        .collect();
    Some((coefs, k))
}

/// The term `t` and threshold `k` with `atom` equivalent to `t >= k`
/// (`true`) or to its negation (`false`): a comparison of a linear term
/// over the current state (over the next one when `next`) with a
/// constant, `t`'s first coefficient positive.
fn threshold(atom: &Expr, next: bool) -> Option<(Term, BigInt, bool)> {
    let (a, b, strict, at_least) = match atom {
        Expr::Ge(a, b) => (a, b, false, true),
        Expr::Gt(a, b) => (a, b, true, true),
        Expr::Le(a, b) => (a, b, false, false),
        Expr::Lt(a, b) => (a, b, true, false),
        _ => return None,
    };
    let (a, b, strict, at_least) = without_div(a, b, strict, at_least);
    // a - b = t + c: the atom says t + c (>=, >, <=, <) 0.
    let (coefs, c) = linear(&Expr::Sub(Box::new(a), Box::new(b)))?;
    if coefs.is_empty() || coefs.keys().any(|(_, n)| *n != next) {
        return None;
    }
    let mut term: Term = coefs.into_iter().map(|((x, _), a)| (x, a)).collect();
    let (mut c, mut at_least) = (c, at_least);
    if term.values().next().is_some_and(|a| *a < BigInt::from(0)) {
        // -t + c op 0 is t - c op' 0.
        term.values_mut().for_each(|a| *a = -a.clone());
        c = -c;
        at_least = !at_least;
    }
    // t + c >= 0: t >= -c; t + c > 0: t >= 1 - c; t + c <= 0: not t >= 1 - c;
    // t + c < 0: not t >= -c.
    let one_more = strict == at_least;
    let k = if one_more { BigInt::from(1) - c } else { -c };
    // g t' >= k is t' >= ceil(k / g): `10 w >= 7` and `w >= 1` are one
    // comparison of one term.
    let g = term.values().fold(BigInt::from(0), |g, a| g.gcd(a));
    if g > BigInt::from(1) {
        term.values_mut().for_each(|a| *a = &*a / &g);
        return Some((term, k.div_ceil(&g), at_least));
    }
    Some((term, k, at_least))
}

/// The comparison `a (>, >=, <, <=) b` (`strict`, `at_least`) with a
/// `div` by a positive constant on one side as the equivalent comparison
/// of its dividend: over the integers `e div d >= b` iff `e >= d b`, and
/// `e div d <= b` iff `e <= d b + d - 1` (`s_split_26`: `n >= i / 50`).
fn without_div(a: &Expr, b: &Expr, strict: bool, at_least: bool) -> (Expr, Expr, bool, bool) {
    let (a, b, at_least) = match (a, b) {
        (a, Expr::Div(..)) if !matches!(a, Expr::Div(..)) => (b, a, !at_least),
        _ => (a, b, at_least),
    };
    let Expr::Div(e, Num(d)) = a else {
        return (a.clone(), b.clone(), strict, at_least);
    };
    if *d <= BigInt::from(0) {
        return (a.clone(), b.clone(), strict, at_least);
    }
    let db = Expr::Mul(Num(d.clone()), Box::new(b.clone()));
    let plus = |k: BigInt| Expr::Add(vec![db.clone(), Expr::Int(Num(k))]);
    let bound = match (at_least, strict) {
        // e div d >= b: e >= d b; e div d > b: e >= d b + d.
        (true, false) => db.clone(),
        (true, true) => plus(d.clone()),
        // e div d <= b: e <= d b + d - 1; e div d < b: e <= d b - 1.
        (false, false) => plus(d - 1),
        (false, true) => plus(BigInt::from(-1)),
    };
    ((**e).clone(), bound, false, at_least)
}

/// `e` with every equality `x = t div d` (either side) written as
/// `x <= t div d && x >= t div d`: comparisons that [`threshold`] reads as
/// two thresholds of `t - d x` (`s_split_27`: `a1 = a0 div 1000` is
/// `0 <= a0 - 1000 a1 < 1000`, the phase where the loop counts).
fn div_equalities_as_bounds(e: &Expr) -> Expr {
    e.rewrite(&|x| match x {
        Expr::Eq(a, b) if matches!(**a, Expr::Div(..)) != matches!(**b, Expr::Div(..)) => {
            let both = [
                Expr::Le(a.clone(), b.clone()),
                Expr::Ge(a.clone(), b.clone()),
            ];
            Some(Expr::And(
                both.into_iter()
                    .map(|c| div_equalities_as_bounds(&c))
                    .collect(),
            ))
        }
        _ => None,
    })
}

/// The thresholds, per term, of the comparisons inside a branch of `e`
/// (under a disjunction, an implication or an `ite`): what the loop does
/// depends on them. A comparison outside every branch (the loop's guard,
/// a conjunct) only says where the loop stops, which is no phase.
fn collect_thresholds(e: &Expr, out: &mut BTreeMap<Term, BTreeSet<BigInt>>) {
    let mut stack = vec![(e, false)];
    while let Some((e, branched)) = stack.pop() {
        match threshold(e, false) {
            Some((term, k, _)) if branched => {
                out.entry(term).or_default().insert(k);
            }
            Some(_) => {}
            None => {
                let branch =
                    branched || matches!(e, Expr::Or(_) | Expr::Implies(..) | Expr::Ite(..));
                stack.extend(e.children().into_iter().map(|x| (x, branch)));
            }
        }
    }
}

/// `term` as an expression over the current state (the next one when `next`).
fn term_expr(term: &Term, next: bool) -> Expr {
    let parts: Vec<Expr> = term
        .iter()
        .map(|(x, a)| {
            let v = if next {
                Expr::Next(x.clone())
            } else {
                Expr::var(x)
            };
            if *a == BigInt::from(1) {
                v
            } else {
                Expr::Mul(Num(a.clone()), Box::new(v))
            }
        })
        .collect();
    match <[Expr; 1]>::try_from(parts) {
        Ok([one]) => one,
        Err(parts) => Expr::Add(parts),
    }
}

/// `term` for `--verbose`: `a0 - a2`.
fn term_text(term: &Term) -> String {
    format::print::expr_to_string(&term_expr(term, false))
}

/// Phase `p`'s bounds: `lo <= c < hi`, `None` for unbounded.
fn bounds(ts: &[BigInt], p: usize) -> (Option<&BigInt>, Option<&BigInt>) {
    let lo = p.checked_sub(1).map(|i| &ts[i]);
    (lo, ts.get(p))
}

/// `c >= t` on phase `(lo, hi)`: true, false, or not decided.
fn decided(t: &BigInt, (lo, hi): (Option<&BigInt>, Option<&BigInt>)) -> Option<bool> {
    if lo.is_some_and(|lo| lo >= t) {
        Some(true)
    } else if hi.is_some_and(|hi| hi <= t) {
        Some(false)
    } else {
        None
    }
}

/// The condition "`c` (or `c'`) is in phase `p`", as conjuncts.
fn condition(ts: &[BigInt], p: usize, c: &Expr) -> Vec<Expr> {
    let (lo, hi) = bounds(ts, p);
    let k = |t: &BigInt| Box::new(Expr::Int(Num(t.clone())));
    let mut out = Vec::new();
    if let Some(lo) = lo {
        out.push(Expr::Ge(Box::new(c.clone()), k(lo)));
    }
    if let Some(hi) = hi {
        out.push(Expr::Lt(Box::new(c.clone()), k(hi)));
    }
    out
}

/// `relation` with the comparisons of the counter that phases `cur` (of
/// `c`) and `next` (of `c'`) decide replaced by their truth, constants
/// folded.
fn decide(relation: &Expr, ph: &Phases, cur: Option<usize>, next: Option<usize>) -> Expr {
    let ts = &ph.thresholds;
    fold(&relation.rewrite(&|x| {
        for (phase, is_next) in [(cur, false), (next, true)] {
            let Some(p) = phase else { continue };
            if let Some((term, t, positive)) = threshold(x, is_next) {
                if term == ph.counter {
                    return decided(&t, bounds(ts, p)).map(|v| Expr::Bool(v == positive));
                }
            }
        }
        None
    }))
}

fn place_name(task: &Task, loc: &str, p: usize) -> String {
    let mut name = format!("{loc}#{p}");
    while task.has_location(&name) {
        name.push('#');
    }
    name
}

/// Rounds of [`split_all`]: a phase's own phases, and theirs.
const MAX_ROUNDS: usize = 3;

/// The phase split of `task` on `ph`, and then of the split task on its
/// own candidates (at most [`MAX_ROUNDS`] splits in all), as one split of
/// `task`. Why again: a second counter may count only in one phase
/// (`s_split_44`: `j` rises once `i >= 1000`, and the loop branches on
/// `j >= 2000`), a counter there and nowhere else.
pub fn split_all(task: &Task, ph: &Phases, budget: &Budget) -> Result<Split, Unknown> {
    let mut out = split(task, ph, budget)?;
    for _ in 1..MAX_ROUNDS {
        let Some(ph) = candidate(&out.task) else {
            break;
        };
        let next = split(&out.task, &ph, budget)?;
        out = compose(out, next);
    }
    // A phase entered both from the start and from the phase before it
    // gets a location per entry (see crate::entries).
    if let Some(next) = crate::entries::split(&out.task) {
        out = compose(out, next);
    }
    Ok(out)
}

/// `second` (a split of `first.task`) as a split of `first`'s original.
pub(crate) fn compose(first: Split, second: Split) -> Split {
    let mut places = BTreeMap::new();
    for (name, (loc, cond)) in &first.places {
        if second.task.has_location(name) {
            places.insert(name.clone(), (loc.clone(), cond.clone()));
        }
    }
    for (name, (loc, cond)) in second.places {
        let place = match first.places.get(&loc) {
            Some((original, outer)) => (original.clone(), [outer.clone(), cond].concat()),
            None => (loc, cond),
        };
        places.insert(name, place);
    }
    let origin = second
        .origin
        .iter()
        .map(|(&e, o)| (e, first.origin.get(o).copied().unwrap_or(*o)))
        .collect();
    Split {
        task: second.task,
        on: format!("{}, then {}", first.on, second.on),
        places,
        origin,
    }
}

/// The phase split of `task` on `ph` (see the module comment).
pub fn split(task: &Task, ph: &Phases, budget: &Budget) -> Result<Split, Unknown> {
    let n = ph.thresholds.len() + 1;
    let counter = term_expr(&ph.counter, false);
    let places = (0..n)
        .map(|p| {
            let name = place_name(task, &ph.loc, p);
            (name, condition(&ph.thresholds, p, &counter))
        })
        .collect();
    let on = format!("{} phases of {} at {}", n, term_text(&ph.counter), ph.loc);
    crate::split::split_location(
        task,
        &ph.loc,
        on,
        places,
        &|e, p, q| decide(&div_equalities_as_bounds(&e.relation), ph, p, q),
        budget,
    )
}

/// Concrete steps of [`deep_samples`]' run, jumps not counted.
const DEEP_STEPS: usize = 400;
/// Jumps of [`deep_samples`]' run.
const DEEP_JUMPS: usize = 16;
/// States recorded per location by [`deep_samples`].
const DEEP_STATES: usize = 8;
/// Guesses of [`deep_samples`]' run where small ones leave no step.
const WIDE_GUESSES: u64 = 1 << 20;
/// The longest jump: 2^40 iterations.
const LONGEST_JUMP_BITS: u32 = 40;

/// States for the locations that `seen` (the invariant guess's short
/// random runs) has none of, from concrete runs (one per [`DEEP_SEEDS`],
/// each guessing its own inputs) that jump over the
/// iterations of a self-loop repeating the same change: after two steps
/// along a self-loop that changed the state by the same `d`, the run
/// moves on to `s + m d`, the last state from which the loop still
/// repeats `d` (exponential, then binary search over `m`). Why: a phase
/// split's later phases ([`split`]) start thousands or millions of
/// iterations in (`s_split_43`: at `i = 50,000,000`), beyond the 30 steps
/// of the short runs, and their invariants are guessed from their states.
/// The states only rule candidates out: every candidate is still proved
/// inductive before it is used, so a state the jump got wrong (an
/// unreachable one) costs a candidate, never soundness. No query.
pub(crate) fn deep_samples(task: &Task, seen: &mut BTreeMap<String, Vec<Vec<BigInt>>>) {
    let known: BTreeSet<String> = seen.keys().cloned().collect();
    for (run, seed) in DEEP_SEEDS.into_iter().enumerate() {
        deep_run(task, seed, &known, seen, DEEP_STATES * (run + 1));
    }
}

/// Seeds of [`deep_samples`]' runs. Why several: the inputs a run guesses
/// stay fixed along it, so the states of one run satisfy equalities that
/// hold for its inputs only (`s_split_47`: `a0 - a2 = 777` for the input
/// `a1 = 1`, where the invariant is `a0 - a2 = 777 a1`); states of runs
/// with other inputs rule those out and leave the general equality.
const DEEP_SEEDS: [u64; 3] = [0xdee9, 0xdeea, 0xdeeb];

/// One run of [`deep_samples`], adding at most `cap` states in all to
/// each location the short runs (`known`) did not reach.
fn deep_run(
    task: &Task,
    seed: u64,
    known: &BTreeSet<String>,
    seen: &mut BTreeMap<String, Vec<Vec<BigInt>>>,
    cap: usize,
) {
    // Nothing to add where the short runs reached every location.
    let mut missing: BTreeSet<&String> = task
        .locations
        .iter()
        .filter(|l| **l != task.bad_location && !known.contains(*l))
        .filter(|l| seen.get(*l).is_none_or(|at| at.len() < cap))
        .collect();
    if missing.is_empty() {
        return;
    }
    let Some(mut stepper) = crate::simulate::Stepper::new(task, seed) else {
        return;
    };
    stepper.guess_within(20);
    let Some(mut state) = stepper.initial() else {
        return;
    };
    let mut loc = task.initial_location.clone();
    let mut last: Option<(u32, Vec<BigInt>)> = None;
    let mut jumps = 0;
    for _ in 0..DEEP_STEPS {
        if !known.contains(&loc) {
            missing.remove(&loc);
            // A few states a location: the later ones of a long phase add
            // nothing.
            let at = seen.entry(loc.clone()).or_default();
            if at.len() < cap {
                at.push(state.clone());
            }
        }
        let wanted_here = !known.contains(&loc) && seen.get(&loc).is_some_and(|at| at.len() < cap);
        if missing.is_empty() && !wanted_here {
            return;
        }
        let here = loc.clone();
        let step = |stepper: &mut crate::simulate::Stepper| {
            task.edges_from(&here)
                .filter(|e| e.to != task.bad_location)
                .find_map(|e| stepper.successor(e, &state).map(|n| (e, n)))
        };
        // Small guesses first, as the short runs; a step that needs a
        // larger value (`n' >= 25`) gets guesses within 2^20.
        let taken = step(&mut stepper).or_else(|| {
            stepper.guess_within(WIDE_GUESSES);
            let wide = step(&mut stepper);
            stepper.guess_within(20);
            wide
        });
        let Some((e, next)) = taken else {
            return;
        };
        let delta: Vec<BigInt> = next.iter().zip(&state).map(|(n, s)| n - s).collect();
        let repeats = e.from == e.to
            && last
                .as_ref()
                .is_some_and(|(id, d)| *id == e.id && *d == delta)
            && delta.iter().any(|d| *d != BigInt::from(0));
        state = next;
        loc = e.to.clone();
        if repeats && jumps < DEEP_JUMPS {
            jumps += 1;
            let m = longest_repeat(&mut stepper, e, &state, &delta);
            if m > BigInt::from(0) {
                state = state.iter().zip(&delta).map(|(s, d)| s + &m * d).collect();
                last = None;
                continue;
            }
        }
        last = Some((e.id, delta));
    }
}

/// The largest `m < 2^LONGEST_JUMP_BITS` with `e` still stepping
/// `state + m d` by `d` (assumed to hold for every smaller `m`), or 0.
fn longest_repeat(
    stepper: &mut crate::simulate::Stepper,
    e: &Edge,
    state: &[BigInt],
    d: &[BigInt],
) -> BigInt {
    let mut repeats = |m: &BigInt| {
        let s: Vec<BigInt> = state.iter().zip(d).map(|(s, d)| s + m * d).collect();
        let want: Vec<BigInt> = s.iter().zip(d).map(|(s, d)| s + d).collect();
        stepper.successor(e, &s) == Some(want)
    };
    // The largest power of two that still repeats, then the bits below it.
    let mut good = BigInt::from(0);
    let mut bit = 0;
    while bit < LONGEST_JUMP_BITS && repeats(&(BigInt::from(1) << bit)) {
        bit += 1;
    }
    if bit == 0 {
        return good;
    }
    good = BigInt::from(1) << (bit - 1);
    for b in (0..bit - 1).rev() {
        let more = &good + (BigInt::from(1) << b);
        if repeats(&more) {
            good = more;
        }
    }
    good
}

#[cfg(test)]
#[path = "phases_tests.rs"]
mod tests;
