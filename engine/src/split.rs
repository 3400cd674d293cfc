//! Control-state recovery: a task whose flags (0/1 variables read only
//! through `f == 1`) encode the program counter gets one location per
//! reachable flag valuation, and answers on it are lifted back.
//!
//! Why: transition systems exported from VMT and Lustre (CHC-COMP's
//! `vmt-chc-benchmarks`) have one predicate, so the whole program lives at
//! one location whose relation is a CNF over Boolean program-counter bits.
//! PDR's lemmas there must exclude every control state but one at a time;
//! with the control states as locations each gets its own frames, as in a
//! program encoding (ctigar dillig03: unknown at 10 s before).
//!
//! A flag `f` is an integer state variable that every formula of the task
//! reads only in atoms `f == 1` (either side), `f >= 0` and `f <= 1` (the
//! CHC frontend's encoding of `Bool` arguments). A location other than the
//! initial and bad ones becomes `L%0110`: `L` with `f_i == 1` true exactly
//! for the `1` digits. An edge from `L%v` to `M%w` is the original edge
//! with the atoms `f == 1` replaced by their truth under `v` (current
//! state) and `w` (next state); the `w` reachable from `L%v` under an edge
//! are enumerated with the solver until none is left, so that every
//! original step from a state at `L` with flags `v` is a step of the split
//! task (flags read nowhere else, so the other atoms cannot tell).
//!
//! Lifting: an invariant `R_v` of `L%v` gives `L` the invariant
//! `or_v (flags are v && R_v)`, inductive because each original step is a
//! split step; a counterexample's split edges name their original edges,
//! whose path is solved again on the original task. Both answers are the
//! original task's and certa-check checks them as such.

use crate::smt::{self, Budget, Unknown};
use crate::{Config, Outcome, Verdict};
use format::{Edge, Expr, Num, Task, VarSort};
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::time::Instant;
use z3::ast::{Bool, Int};

/// A task with more flags than this is not split (2^12 valuations): the
/// Lustre encodings have 18 to 63, data rather than a program counter,
/// and the split was slower wherever it was tried (car_2: 3.2 -> 3.7 s);
/// refusing them here costs no query (ctigar's programs have 4 to 8).
const MAX_FLAGS: usize = 12;
/// A split with more locations than this is not tried.
const MAX_PLACES: usize = 256;
/// Nor a task with more edges than this (an exported transition system
/// has a few clauses; each costs queries per location found).
pub(crate) const MAX_TASK_EDGES: usize = 64;
/// Nor one where an edge from one flag valuation reaches more than this
/// many: flags that many-valued hold data, not a program counter
/// (Lustre's streams, interleaved threads), and splitting on them
/// multiplies the edges (car_2: 28 locations and 184 edges, 3.2 s -> 3.7 s).
const MAX_BRANCHING: usize = 4;
/// Nor one with more than this many edges per location, for the same reason
/// (ctigar's programs: 1.2 to 1.45; interleavings: 2.4 and more).
const MAX_EDGES_PER_PLACE: usize = 2;

/// A task with its locations split by flag valuation, and how to lift
/// answers back.
#[derive(Clone, Debug)]
pub struct Split {
    pub task: Task,
    /// What the split is on, for `--verbose`: "3 flags".
    pub(crate) on: String,
    /// Each split location: its original location and the condition (a
    /// conjunction over the current state) that singles it out there:
    /// the flag valuation, or the phase ([`crate::phases`]).
    pub(crate) places: BTreeMap<String, (String, Vec<Expr>)>,
    /// The original edge of each split edge.
    pub(crate) origin: BTreeMap<u32, u32>,
}

/// The flags of `task`, in its variable order (see the module comment).
pub fn flags(task: &Task) -> Vec<String> {
    let ints: BTreeSet<&str> = task
        .vars
        .iter()
        .filter(|v| v.sort == VarSort::Int)
        .map(|v| v.name.as_str())
        .collect();
    let mut spoilt: BTreeSet<String> = BTreeSet::new();
    let mut tested: BTreeSet<String> = BTreeSet::new();
    scan(&task.init, &mut spoilt, &mut tested);
    for e in &task.edges {
        scan(&e.relation, &mut spoilt, &mut tested);
        // A local of the same name would be read as that local.
        spoilt.extend(e.locals.iter().map(|l| l.name.clone()));
    }
    task.vars
        .iter()
        .map(|v| v.name.clone())
        .filter(|n| ints.contains(n.as_str()) && tested.contains(n) && !spoilt.contains(n))
        .collect()
}

/// The variable (current or next) of a flag test `f == 1`.
fn flag_test(e: &Expr) -> Option<&Expr> {
    let one = |x: &Expr| matches!(x, Expr::Int(Num(n)) if *n == 1.into());
    let var = |x: &Expr| matches!(x, Expr::Var(_) | Expr::Next(_));
    match e {
        Expr::Eq(a, b) if var(a) && one(b) => Some(a),
        Expr::Eq(a, b) if one(a) && var(b) => Some(b),
        _ => None,
    }
}

/// Is `e` a range atom `f >= 0` or `f <= 1` (either way round)?
fn range_atom(e: &Expr) -> bool {
    let is = |x: &Expr, k: i64| matches!(x, Expr::Int(Num(n)) if *n == k.into());
    let var = |x: &Expr| matches!(x, Expr::Var(_) | Expr::Next(_));
    match e {
        // f >= 0, 0 <= f
        Expr::Ge(a, b) if var(a) => is(b, 0),
        Expr::Le(b, a) if var(a) => is(b, 0),
        // f <= 1, 1 >= f
        Expr::Le(a, b) if var(a) => is(b, 1),
        Expr::Ge(b, a) if var(a) => is(b, 1),
        _ => false,
    }
}

fn name(v: &Expr) -> &str {
    match v {
        Expr::Var(n) | Expr::Next(n) => n,
        _ => "",
    }
}

/// Variables read outside flag tests and range atoms go to `spoilt`,
/// those tested as `f == 1` to `tested`.
fn scan(e: &Expr, spoilt: &mut BTreeSet<String>, tested: &mut BTreeSet<String>) {
    let mut stack = vec![e];
    while let Some(e) = stack.pop() {
        if let Some(v) = flag_test(e) {
            tested.insert(name(v).to_string());
        } else if range_atom(e) {
        } else if let Expr::Var(n) | Expr::Next(n) = e {
            spoilt.insert(n.clone());
        } else {
            stack.extend(e.children());
        }
    }
}

/// `e` with the flag tests of the current state decided by `cur` and
/// those of the next state by `next` (where given), constants folded.
fn decide(e: &Expr, flags: &[String], cur: Option<&[bool]>, next: Option<&[bool]>) -> Expr {
    let value = |v: &Expr| -> Option<bool> {
        let i = flags.iter().position(|f| f == name(v))?;
        match v {
            Expr::Var(_) => cur.map(|c| c[i]),
            _ => next.map(|n| n[i]),
        }
    };
    let decided = fold(&e.rewrite(&|x| flag_test(x).and_then(value).map(Expr::Bool)));
    let Expr::And(parts) = decided else {
        return decided;
    };
    // The flags' range conjuncts say nothing once the flags are decided
    // (the split task reads them nowhere): dropped, a weakening that every
    // original step still satisfies.
    let is_flag = |v: &Expr| flags.iter().any(|f| f == name(v));
    let parts: Vec<Expr> = parts
        .into_iter()
        .filter(|p| !(range_atom(p) && p.children().into_iter().any(is_flag)))
        .collect();
    propagate(parts)
}

/// The conjunction of `parts` with each literal conjunct decided inside
/// the others (`a && (!a || b)` is `a && b`): equivalent, and what the
/// decided flags leave of a CNF over program-counter bits is mostly that.
pub(crate) fn propagate(mut parts: Vec<Expr>) -> Expr {
    for _round in 0..4 {
        let literals: Vec<(Expr, bool)> = parts
            .iter()
            .filter_map(|p| match p {
                Expr::And(_) | Expr::Or(_) | Expr::Implies(..) | Expr::Bool(_) => None,
                Expr::Not(a) if !matches!(**a, Expr::And(_) | Expr::Or(_)) => {
                    Some(((**a).clone(), false))
                }
                Expr::Not(_) => None,
                a => Some((a.clone(), true)),
            })
            .collect();
        if literals.is_empty() {
            break;
        }
        let mut changed = false;
        let mut next = Vec::with_capacity(parts.len());
        for p in &parts {
            let is_literal = literals.iter().any(|(a, pos)| {
                (*pos && p == a) || (!*pos && *p == Expr::Not(Box::new(a.clone())))
            });
            if is_literal
                || !matches!(
                    p,
                    Expr::Or(_) | Expr::And(_) | Expr::Implies(..) | Expr::Ite(..)
                )
            {
                next.push(p.clone());
                continue;
            }
            let q = fold(&p.rewrite(&|x| {
                literals
                    .iter()
                    .find(|(a, _)| a == x)
                    .map(|(_, pos)| Expr::Bool(*pos))
            }));
            changed |= q != *p;
            match q {
                Expr::Bool(true) => {}
                Expr::Bool(false) => return Expr::Bool(false),
                Expr::And(qs) => next.extend(qs),
                q => next.push(q),
            }
        }
        parts = next;
        if !changed {
            break;
        }
    }
    fold(&Expr::And(parts))
}

/// Boolean constants folded away (bottom up).
pub fn fold(e: &Expr) -> Expr {
    match e {
        Expr::And(xs) => fold_junction(xs, true),
        Expr::Or(xs) => fold_junction(xs, false),
        Expr::Not(x) => match fold(x) {
            Expr::Bool(b) => Expr::Bool(!b),
            Expr::Not(y) => *y,
            y => Expr::Not(Box::new(y)),
        },
        Expr::Implies(a, b) => match (fold(a), fold(b)) {
            (Expr::Bool(false), _) | (_, Expr::Bool(true)) => Expr::Bool(true),
            (Expr::Bool(true), y) => y,
            (x, Expr::Bool(false)) => fold(&Expr::Not(Box::new(x))),
            (x, y) => Expr::Implies(Box::new(x), Box::new(y)),
        },
        Expr::Eq(a, b) => match (fold(a), fold(b)) {
            (Expr::Bool(x), Expr::Bool(y)) => Expr::Bool(x == y),
            (Expr::Bool(true), y) | (y, Expr::Bool(true)) => y,
            (Expr::Bool(false), y) | (y, Expr::Bool(false)) => fold(&Expr::Not(Box::new(y))),
            (x, y) => Expr::Eq(Box::new(x), Box::new(y)),
        },
        Expr::Ite(c, a, b) => match fold(c) {
            Expr::Bool(true) => fold(a),
            Expr::Bool(false) => fold(b),
            c => Expr::Ite(Box::new(c), Box::new(fold(a)), Box::new(fold(b))),
        },
        _ => e.clone(),
    }
}

/// A conjunction (`and`) or disjunction folded: its unit dropped, its zero
/// absorbing, nested members of the same kind flattened.
fn fold_junction(xs: &[Expr], and: bool) -> Expr {
    let make = |v: Vec<Expr>| if and { Expr::And(v) } else { Expr::Or(v) };
    let mut out = Vec::new();
    for x in xs {
        match fold(x) {
            Expr::Bool(b) if b == and => {}
            Expr::Bool(_) => return Expr::Bool(!and),
            Expr::And(ys) if and => out.extend(ys),
            Expr::Or(ys) if !and => out.extend(ys),
            y => out.push(y),
        }
    }
    match out.len() {
        0 => Expr::Bool(and),
        1 => out.pop().expect("one"),
        _ => make(out),
    }
}

/// The formula "the flags are `v`" over the current state.
fn valuation(flags: &[String], v: &[bool]) -> Vec<Expr> {
    flags
        .iter()
        .zip(v)
        .map(|(f, &b)| {
            let test = Expr::eq(Expr::var(f), Expr::int(1));
            if b {
                test
            } else {
                Expr::not(test)
            }
        })
        .collect()
}

fn place_name(task: &Task, loc: &str, v: &[bool]) -> String {
    let bits: String = v.iter().map(|&b| if b { '1' } else { '0' }).collect();
    let mut name = format!("{loc}%{bits}");
    while task.has_location(&name) {
        name.push('%');
    }
    name
}

/// The flags to split `task` on, if it has the shape worth it: one
/// location besides the initial and bad ones (an exported transition
/// system; a program encoding has its control flow in its locations
/// already, and splitting its data flags doubled them: rust-horn hhk2008,
/// 879 -> 3,721 queries), at most [`MAX_TASK_EDGES`] edges, no arrays, 1
/// to [`MAX_FLAGS`] flags. Syntax only: no query.
pub fn candidate_flags(task: &Task) -> Option<Vec<String>> {
    let inner = task
        .locations
        .iter()
        .filter(|l| **l != task.initial_location && **l != task.bad_location)
        .count();
    if inner != 1 || task.has_arrays() || task.edges.len() > MAX_TASK_EDGES {
        return None;
    }
    let flags = flags(task);
    (!flags.is_empty() && flags.len() <= MAX_FLAGS).then_some(flags)
}

/// The split of `task`, or `None` where it is no candidate
/// ([`candidate_flags`]) or the split would be too large.
pub fn split(task: &Task, budget: &Budget) -> Result<Option<Split>, Unknown> {
    let Some(flags) = candidate_flags(task) else {
        return Ok(None);
    };
    let splits = |l: &str| l != task.initial_location && l != task.bad_location;
    let mut out = Split {
        task: Task {
            vars: task.vars.clone(),
            locations: vec![task.initial_location.clone()],
            initial_location: task.initial_location.clone(),
            bad_location: task.bad_location.clone(),
            init: task.init.clone(),
            edges: Vec::new(),
        },
        on: format!("{} flags", flags.len()),
        places: BTreeMap::new(),
        origin: BTreeMap::new(),
    };
    // Locations to expand: (split name, original, valuation); `None` for
    // the initial location, which is not split.
    let mut queue: VecDeque<(String, String, Option<Vec<bool>>)> = VecDeque::new();
    queue.push_back((
        task.initial_location.clone(),
        task.initial_location.clone(),
        None,
    ));
    let mut seen: BTreeSet<String> = BTreeSet::new();
    seen.insert(task.initial_location.clone());
    let next_tests: Vec<Bool> = flags
        .iter()
        .map(|f| Int::new_const(smt::state_symbol(f, 1)).eq(Int::from_i64(1)))
        .collect();
    while let Some((here, loc, v)) = queue.pop_front() {
        for e in task.edges_from(&loc) {
            let targets: Vec<Option<Vec<bool>>> = if splits(&e.to) {
                let from_here = Edge {
                    relation: decide(&e.relation, &flags, v.as_deref(), None),
                    ..e.clone()
                };
                let Some(found) = successors(&from_here, &next_tests, budget)? else {
                    return Ok(None);
                };
                found.into_iter().map(Some).collect()
            } else {
                vec![None]
            };
            for w in targets {
                let to = match &w {
                    Some(w) => place_name(task, &e.to, w),
                    None => e.to.clone(),
                };
                if seen.insert(to.clone()) {
                    if let Some(w) = &w {
                        out.places
                            .insert(to.clone(), (e.to.clone(), valuation(&flags, w)));
                    }
                    if to != task.bad_location {
                        out.task.locations.push(to.clone());
                    }
                    queue.push_back((to.clone(), e.to.clone(), w.clone()));
                }
                let relation = decide(&e.relation, &flags, v.as_deref(), w.as_deref());
                if relation == Expr::Bool(false) {
                    continue;
                }
                let id = out.task.edges.len() as u32;
                out.origin.insert(id, e.id);
                out.task.edges.push(Edge {
                    id,
                    name: e.name.clone(),
                    from: here.clone(),
                    to,
                    locals: e.locals.clone(),
                    relation,
                });
            }
            if out.places.len() > MAX_PLACES
                || out.task.edges.len() > MAX_EDGES_PER_PLACE * out.places.len() + 8
            {
                return Ok(None);
            }
        }
    }
    out.task.locations.push(task.bad_location.clone());
    Ok(Some(out))
}

/// The flag valuations of the next state that `edge` can reach (its
/// relation already decided for the current state), one query each and
/// one more to find there is no other; `None` if there are more than
/// [`MAX_BRANCHING`].
fn successors(
    edge: &Edge,
    next_tests: &[Bool],
    budget: &Budget,
) -> Result<Option<Vec<Vec<bool>>>, Unknown> {
    let s = smt::solver();
    s.assert(smt::encode_edge(edge, 0));
    let mut found = Vec::new();
    while budget.check(&s, &[])? {
        let model = s
            .get_model()
            .ok_or_else(|| Unknown("the solver gave no model for a flag valuation".into()))?;
        let w: Vec<bool> = next_tests
            .iter()
            .map(|t| {
                model
                    .eval(t, true)
                    .and_then(|b| b.as_bool())
                    .unwrap_or(false)
            })
            .collect();
        let same: Vec<Bool> = next_tests
            .iter()
            .zip(&w)
            .map(|(t, &b)| if b { t.clone() } else { t.not() })
            .collect();
        s.assert(Bool::and(&same).not());
        found.push(w);
        if found.len() > MAX_BRANCHING {
            return Ok(None);
        }
    }
    Ok(Some(found))
}

impl Split {
    /// A split of `task` on `on` with no locations or edges yet: its
    /// variables, initial and bad locations and initial condition.
    pub(crate) fn empty(task: &Task, on: String) -> Split {
        Split {
            task: Task {
                vars: task.vars.clone(),
                locations: Vec::new(),
                initial_location: task.initial_location.clone(),
                bad_location: task.bad_location.clone(),
                init: task.init.clone(),
                edges: Vec::new(),
            },
            on,
            places: BTreeMap::new(),
            origin: BTreeMap::new(),
        }
    }

    /// Per original location, the region `or_v (flags are v && R_v)` of
    /// the split regions `regions` (for a phase split: `or_p (c in phase p
    /// && R_p)`).
    pub fn lift_regions(&self, regions: &BTreeMap<String, Expr>) -> BTreeMap<String, Expr> {
        let mut out: BTreeMap<String, Vec<Expr>> = BTreeMap::new();
        for (place, region) in regions {
            if *region == Expr::Bool(false) {
                continue;
            }
            match self.places.get(place) {
                Some((loc, condition)) => {
                    let mut conj = condition.clone();
                    conj.push(region.clone());
                    out.entry(loc.clone())
                        .or_default()
                        .push(fold(&Expr::And(conj)));
                }
                None => out.entry(place.clone()).or_default().push(region.clone()),
            }
        }
        out.into_iter()
            .map(|(l, mut rs)| {
                let r = if rs.len() == 1 {
                    rs.pop().expect("one")
                } else {
                    Expr::Or(rs)
                };
                (l, r)
            })
            .collect()
    }

    /// The original edges along split edges `edges`.
    pub fn expand(&self, edges: &[u32]) -> Vec<u32> {
        edges.iter().map(|e| self.origin[e]).collect()
    }
}

/// `e` with every current-state variable read as the next state's.
pub(crate) fn primed(e: &Expr) -> Expr {
    e.rewrite(&|x| match x {
        Expr::Var(n) => Some(Expr::Next(n.clone())),
        _ => None,
    })
}

/// `task` with `loc` split into `places` (a name and a condition over the
/// current state each; [`crate::phases`], [`crate::residues`]): an edge
/// between places is the original one with the source's condition, the
/// relation `decide` gives for the pair (the tests the conditions settle
/// replaced by their truth) and the target's condition on the next state;
/// pairs that fold to `false` or that no step satisfies (one query each)
/// are dropped.
pub(crate) fn split_location(
    task: &Task,
    loc: &str,
    on: String,
    places: Vec<(String, Vec<Expr>)>,
    decide: &dyn Fn(&Edge, Option<usize>, Option<usize>) -> Expr,
    budget: &Budget,
) -> Result<Split, Unknown> {
    let mut out = Split::empty(task, on);
    for l in &task.locations {
        if l == loc {
            for (name, condition) in &places {
                out.task.locations.push(name.clone());
                out.places
                    .insert(name.clone(), (l.clone(), condition.clone()));
            }
        } else {
            out.task.locations.push(l.clone());
        }
    }
    let at = |l: &str| -> Vec<Option<usize>> {
        if l == loc {
            (0..places.len()).map(Some).collect()
        } else {
            vec![None]
        }
    };
    for e in &task.edges {
        for p in at(&e.from) {
            for q in at(&e.to) {
                let mut parts = Vec::new();
                if let Some(p) = p {
                    parts.extend(places[p].1.iter().cloned());
                }
                parts.push(decide(e, p, q));
                if let Some(q) = q {
                    parts.extend(places[q].1.iter().map(primed));
                }
                let relation = propagate(parts);
                if relation == Expr::Bool(false) {
                    continue;
                }
                let name = |i: Option<usize>, original: &String| {
                    i.map_or_else(|| original.clone(), |i| places[i].0.clone())
                };
                let edge = Edge {
                    id: out.task.edges.len() as u32,
                    name: e.name.clone(),
                    from: name(p, &e.from),
                    to: name(q, &e.to),
                    locals: e.locals.clone(),
                    relation,
                };
                let s = smt::solver();
                s.assert(smt::encode_edge(&edge, 0));
                if !budget.check(&s, &[])? {
                    continue;
                }
                out.origin.insert(edge.id, e.id);
                out.task.edges.push(edge);
            }
        }
    }
    Ok(out)
}

/// `run` on the split of `task` (see the module comment) with its
/// pass-through locations removed ([`crate::reduce::run_reduced`]), the
/// answer lifted back through both; on `task` itself (reduced) where there
/// is nothing to split or the answer does not lift. The liftings run
/// inside `lifting`, which gives them the Z3 context and watchdog; the
/// exploration runs in a context of its own ([`crate::strategy::fresh`]):
/// its terms and models in the engine's context changed the engine's later
/// models, and so its proofs (conc/fib_bench_v2, not split: PDR's 11,601
/// queries became 17,154).
pub fn run_simplified(
    task: &Task,
    cfg: &Config,
    start: Instant,
    engine: &str,
    run: &dyn Fn(&Task) -> Outcome,
    lifting: &crate::reduce::Lifting,
) -> Outcome {
    let run = |t: &Task| crate::reduce::run_reduced(t, cfg, start, engine, run, lifting);
    let phases = crate::phases::candidate(task);
    let residues = crate::residues::candidate(task);
    if !cfg.reduce || (candidate_flags(task).is_none() && phases.is_none() && residues.is_none()) {
        return run(task);
    }
    let deadline = cfg.timeout.map(|t| start + t);
    let (found, queries) = crate::strategy::fresh(|| {
        let budget = Budget::new(deadline);
        let found = match split(task, &budget) {
            Ok(None) => match (&residues, &phases) {
                (Some(rs), _) => crate::residues::split_then_phases(task, rs, &budget).map(Some),
                (None, Some(phases)) => crate::phases::split_all(task, phases, &budget).map(Some),
                (None, None) => Ok(None),
            },
            other => other,
        };
        (found, budget.queries.get())
    });
    let split = match found {
        Ok(Some(split)) => split,
        Ok(None) => {
            let mut out = run(task);
            out.stats.queries += queries;
            return out;
        }
        Err(Unknown(why)) => {
            return Outcome {
                verdict: Verdict::Unknown(why),
                stats: crate::Stats {
                    analysis: "split",
                    queries,
                    time: start.elapsed(),
                    ..crate::Stats::default()
                },
            }
        }
    };
    if cfg.progress {
        eprintln!(
            "certa: [{engine}] split on {}: {} locations, {} edges ({queries} queries)",
            split.on,
            split.task.locations.len(),
            split.task.edges.len(),
        );
    }
    let mut out = run(&split.task);
    out.stats.queries += queries;
    if matches!(out.verdict, Verdict::Unknown(_)) {
        return out;
    }
    let found = &out.verdict;
    let split = &split;
    let (lifted, queries) = lifting(&|| {
        let budget = Budget::new(deadline);
        let lifted = match found {
            Verdict::Safe(body) => crate::reduce::regions(&split.task, body).map(|r| {
                let lifted = split.lift_regions(&r);
                let invariant: Vec<Option<Vec<Expr>>> = task
                    .locations
                    .iter()
                    .map(|l| {
                        let r = lifted.get(l)?;
                        (*l != task.bad_location).then(|| crate::reduce::conjuncts(r))
                    })
                    .collect();
                match crate::pdr::certificate::safe_body_of(task, &invariant, &budget) {
                    Ok(body) => Verdict::Safe(body),
                    Err(Unknown(why)) => Verdict::Unknown(why),
                }
            }),
            Verdict::Unsafe(trace) => {
                crate::reduce::lift_trace(task, trace, &|e| split.expand(e), deadline)
            }
            Verdict::Unknown(_) => None,
        };
        (lifted, budget.queries.get())
    });
    out.stats.queries += queries;
    crate::reduce::adopt(out, lifted, start).unwrap_or_else(|| {
        if cfg.progress {
            eprintln!("certa: [{engine}] the split answer does not lift: the whole task instead");
        }
        run(task)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdr::testing::{edge_ends, in_context};

    /// A counting phase and a checking phase told apart by the flag `p`.
    const PHASES: &str = "
        var p: int; var x: int; var n: int;
        location init; location s; location bad;
        initial init; bad bad;
        init true;
        edge 0 \"enter\": init -> s relation !(p' == 1) && x' == 0 && n' == n && p' >= 0 && p' <= 1;
        edge 1 \"count\": s -> s relation !(p == 1) && x < n && !(p' == 1) && x' == x + 1 && n' == n && p' >= 0 && p' <= 1;
        edge 2 \"leave\": s -> s relation !(p == 1) && x >= n && p' == 1 && x' == x && n' == n && p' >= 0 && p' <= 1;
        edge 3 \"check\": s -> bad relation p == 1 && x < 0;";

    fn phases() -> Task {
        frontend::parse_ts("phases.ts", PHASES).expect("test task parses")
    }

    #[test]
    fn flags_are_the_variables_read_only_in_tests_against_one_and_ranges() {
        assert_eq!(flags(&phases()), vec!["p".to_string()]);
    }

    #[test]
    fn a_variable_read_in_arithmetic_is_no_flag() {
        let text = PHASES.replace("x' == x + 1", "x' == x + p");
        let task = frontend::parse_ts("phases.ts", &text).expect("parses");
        assert!(flags(&task).is_empty());
    }

    #[test]
    fn each_reachable_flag_valuation_becomes_a_location_and_dead_edges_go() {
        let task = phases();
        let split = in_context(|| split(&task, &Budget::new(None)).expect("no timeout"))
            .expect("the task has a flag");
        assert_eq!(split.task.locations, ["init", "s%0", "s%1", "bad"]);
        let edges = edge_ends(&split.task);
        assert_eq!(
            edges,
            [
                ("enter", "init", "s%0"),
                ("count", "s%0", "s%0"),
                ("leave", "s%0", "s%1"),
                ("check", "s%1", "bad"),
            ]
        );
        // The flag is decided away: no split edge reads it.
        for e in &split.task.edges {
            let (mut vars, mut nexts) = (Vec::new(), Vec::new());
            e.relation.collect_vars(&mut vars, &mut nexts);
            assert!(
                !vars.contains(&"p".to_string()) && !nexts.contains(&"p".to_string()),
                "{e:?}"
            );
        }
        assert_eq!(split.expand(&[0, 1, 1, 2, 3]), vec![0, 1, 1, 2, 3]);
    }

    #[test]
    fn a_task_with_its_control_flow_in_locations_is_not_split() {
        let text = PHASES
            .replace("location s;", "location s; location t;")
            .replace("\"check\": s -> bad", "\"check\": t -> bad")
            .replace(
                "edge 0",
                "edge 4 \"t\": s -> t relation true;\n        edge 0",
            );
        let task = frontend::parse_ts("phases.ts", &text).expect("parses");
        assert!(in_context(|| split(&task, &Budget::new(None)).expect("no timeout")).is_none());
    }

    #[test]
    fn a_task_with_more_flags_than_a_program_counter_needs_is_refused_without_a_query() {
        let many: Vec<String> = (0..=MAX_FLAGS).map(|i| format!("f{i}")).collect();
        let decls: String = many.iter().map(|f| format!("var {f}: int; ")).collect();
        let tests: Vec<String> = many.iter().map(|f| format!("{f}' == 1")).collect();
        let text = format!(
            "{decls} var x: int;
             location init; location s; location bad; initial init; bad bad; init true;
             edge 0 \"go\": init -> s relation {} && x' == 0;
             edge 1 \"check\": s -> bad relation x > 0;",
            tests.join(" && ")
        );
        let task = frontend::parse_ts("many.ts", &text).expect("parses");
        assert_eq!(flags(&task).len(), MAX_FLAGS + 1);
        assert!(candidate_flags(&task).is_none());
        let fewer = text
            .replace("f0' == 1 && ", "")
            .replace("var f0: int; ", "");
        let task = frontend::parse_ts("fewer.ts", &fewer).expect("parses");
        assert_eq!(candidate_flags(&task).map(|f| f.len()), Some(MAX_FLAGS));
    }

    #[test]
    fn a_literal_conjunct_is_decided_inside_the_other_conjuncts() {
        let a = Expr::Lt(Box::new(Expr::var("x")), Box::new(Expr::int(3)));
        let b = Expr::eq(Expr::var("y"), Expr::int(0));
        let c = Expr::eq(Expr::var("z"), Expr::int(0));
        let e = propagate(vec![
            a.clone(),
            Expr::Or(vec![Expr::not(a.clone()), b.clone()]),
            Expr::Or(vec![a.clone(), c]),
        ]);
        assert_eq!(e, Expr::And(vec![a, b]));
    }

    #[test]
    fn a_lifted_region_pins_the_flags_of_its_split_location() {
        let task = phases();
        let split = in_context(|| split(&task, &Budget::new(None)).expect("no timeout"))
            .expect("the task has a flag");
        let x_nonneg = Expr::Ge(Box::new(Expr::var("x")), Box::new(Expr::int(0)));
        let regions: BTreeMap<String, Expr> = [
            ("init".to_string(), Expr::Bool(true)),
            ("s%0".to_string(), x_nonneg.clone()),
            ("s%1".to_string(), Expr::Bool(false)),
        ]
        .into_iter()
        .collect();
        let lifted = split.lift_regions(&regions);
        let p_is_one = Expr::eq(Expr::var("p"), Expr::int(1));
        assert_eq!(lifted["s"], Expr::And(vec![Expr::not(p_is_one), x_nonneg]));
        assert_eq!(lifted["init"], Expr::Bool(true));
    }
}
