//! Cut-point reduction: a task with its pass-through locations removed
//! (the large-block rules, on relations), and answers on the smaller task
//! lifted back to the original one.
//!
//! CHC problems from program encodings name one predicate per program
//! point, so PDR walks through ten locations per loop iteration and keeps
//! a solver per clause. Like LBE on CFAs (and Golem's and Spacer's clause
//! inlining), a location other than the initial and bad ones is removed
//! when it has one way in (rule 1: the edge in is composed with each edge
//! out) or one way out (rule 1': each edge in is composed with it), never
//! with a self-loop, so that every cycle keeps a location; unreachable
//! locations and dead ends go with their edges. The edge count never
//! grows. Parallel edges are not merged (each reduced edge stays one path
//! of original edges, which is what a counterexample needs).
//!
//! The answers are the original task's, checked as such by certa-check:
//! a counterexample's composed edges are expanded into original edges and
//! the path is solved again; an invariant is extended to each removed
//! location, last removed first, by quantifier elimination: after its one
//! edge in from `A`, the image `exists s. I_A(s) /\ T(s, x)`; before its
//! one edge out to `B`, the preimage `forall x'. T(x, x') -> I_B(x')`. Both
//! are inductive at the removed location because the composed edges were.
//! Where elimination fails, the caller runs the original task instead.

use crate::smt::{self, Budget, Unknown, View};
use crate::{Config, Outcome, Verdict};
use format::{Edge, Expr, SafeBody, Task, VarDecl, VarSort};
use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;
use z3::ast::{Bool, Dynamic, Int};

/// Largest relation (in sub-expressions) a composition may produce.
const MAX_RELATION_SIZE: usize = 4_000;
/// Largest invariant (in sub-expressions) elimination may give a removed location.
const MAX_LIFTED_SIZE: usize = 20_000;

/// How a location was removed, and what its invariant is made from.
#[derive(Clone, Debug)]
enum Removal {
    /// It had one edge in (from a location alive then).
    After(Edge),
    /// It had one edge out (to a location alive then).
    Before(Edge),
    /// No edge in: unreachable, no node.
    Unreachable,
    /// No edge out: nothing follows, its invariant is `true`.
    DeadEnd,
}

/// A task with locations removed, and how to lift answers back.
#[derive(Clone, Debug)]
pub struct Reduced {
    pub task: Task,
    removed: Vec<(String, Removal)>,
    /// The original edges each reduced edge stands for, in path order.
    expansion: BTreeMap<u32, Vec<u32>>,
}

impl Reduced {
    /// Locations removed.
    pub fn removed(&self) -> usize {
        self.removed.len()
    }

    /// The original edge ids along reduced edges `edges`.
    pub fn expand(&self, edges: &[u32]) -> Vec<u32> {
        edges
            .iter()
            .flat_map(|e| self.expansion.get(e).cloned().unwrap_or_else(|| vec![*e]))
            .collect()
    }
}

/// Fresh edge-local names that collide with no state variable.
struct Fresh<'t> {
    task: &'t Task,
    next: usize,
}

impl Fresh<'_> {
    fn name(&mut self, base: &str) -> String {
        loop {
            self.next += 1;
            let n = format!("r{}_{}", self.next, base);
            if !self.task.is_state_var(&n) {
                return n;
            }
        }
    }
}

/// The top-level conjuncts of `e` other than `true`.
pub(crate) fn conjuncts(e: &Expr) -> Vec<Expr> {
    let mut parts = Vec::new();
    crate::simulate::conjuncts(e, &mut parts);
    parts
        .into_iter()
        .filter(|p| **p != Expr::Bool(true))
        .cloned()
        .collect()
}

fn has_next(e: &Expr) -> bool {
    let (mut v, mut n) = (Vec::new(), Vec::new());
    e.collect_vars(&mut v, &mut n);
    !n.is_empty()
}

/// The edge `a; b` (`a` into the location `b` leaves), as edge `id`: the
/// intermediate state is substituted where `a` defines it by an equality
/// `x' = t`, an edge local otherwise; every local is renamed apart.
fn compose(task: &Task, a: &Edge, b: &Edge, id: u32, fresh: &mut Fresh) -> Edge {
    let mut locals: Vec<VarDecl> = Vec::new();
    let mut rename = |edge: &Edge, locals: &mut Vec<VarDecl>| -> BTreeMap<String, String> {
        edge.locals
            .iter()
            .map(|l| {
                let n = fresh.name(&l.name);
                locals.push(VarDecl {
                    name: n.clone(),
                    sort: l.sort,
                });
                (l.name.clone(), n)
            })
            .collect()
    };
    let a_locals = rename(a, &mut locals);
    let b_locals = rename(b, &mut locals);
    let rename_a = |e: &Expr| e.map_vars(&|n| a_locals.get(n).map(|m| Expr::Var(m.clone())));
    let mut parts = conjuncts(&rename_a(&a.relation));
    let mut defined: BTreeMap<String, Expr> = BTreeMap::new();
    parts.retain(|c| {
        let (x, t) = match c {
            Expr::Eq(l, r) => match (&**l, &**r) {
                (Expr::Next(x), t) | (t, Expr::Next(x)) if !has_next(t) => (x, t),
                _ => return true,
            },
            _ => return true,
        };
        if defined.contains_key(x) || !task.is_state_var(x) {
            return true;
        }
        defined.insert(x.clone(), t.clone());
        false
    });
    // The intermediate value of each variable `a` does not define.
    let mut middle: BTreeMap<String, String> = BTreeMap::new();
    for v in &task.vars {
        if !defined.contains_key(&v.name) {
            let n = fresh.name(&v.name);
            middle.insert(v.name.clone(), n.clone());
            locals.push(VarDecl {
                name: n,
                sort: VarSort::Int,
            });
        }
    }
    let mid = |x: &str| -> Expr {
        defined
            .get(x)
            .cloned()
            .unwrap_or_else(|| Expr::Var(middle[x].clone()))
    };
    let mut relation: Vec<Expr> = parts
        .iter()
        .map(|c| {
            c.rewrite(&|x| match x {
                Expr::Next(n) => Some(mid(n)),
                _ => None,
            })
        })
        .collect();
    relation.push(b.relation.rewrite(&|x| match x {
        Expr::Var(n) if task.is_state_var(n) => Some(mid(n)),
        Expr::Var(n) => b_locals.get(n).map(|m| Expr::Var(m.clone())),
        _ => None,
    }));
    // Locals the relation no longer mentions are dropped.
    let (mut used, mut nexts) = (Vec::new(), Vec::new());
    let relation = Expr::And(relation);
    relation.collect_vars(&mut used, &mut nexts);
    let used: BTreeSet<String> = used.into_iter().collect();
    locals.retain(|l| used.contains(&l.name));
    Edge {
        id,
        name: format!("{}; {}", a.name, b.name),
        from: a.from.clone(),
        to: b.to.clone(),
        locals,
        relation,
    }
}

/// `task` with its pass-through locations removed; `None` if there is
/// none (or the task has arrays, whose havocs stay locations).
pub fn reduce(task: &Task) -> Option<Reduced> {
    if task.has_arrays() {
        return None;
    }
    let mut edges: Vec<Edge> = task.edges.clone();
    let mut expansion: BTreeMap<u32, Vec<u32>> = edges.iter().map(|e| (e.id, vec![e.id])).collect();
    let mut next_id = edges.iter().map(|e| e.id).max().unwrap_or(0) + 1;
    let mut fresh = Fresh { task, next: 0 };
    let mut removed: Vec<(String, Removal)> = Vec::new();
    let mut alive: BTreeSet<&str> = task.locations.iter().map(|l| l.as_str()).collect();
    loop {
        let mut progress = false;
        for loc in &task.locations {
            if !alive.contains(loc.as_str())
                || *loc == task.initial_location
                || *loc == task.bad_location
            {
                continue;
            }
            let ins: Vec<usize> = (0..edges.len()).filter(|&i| edges[i].to == *loc).collect();
            let outs: Vec<usize> = (0..edges.len())
                .filter(|&i| edges[i].from == *loc)
                .collect();
            if ins.iter().any(|&i| edges[i].from == *loc) {
                continue;
            }
            let (how, new): (Removal, Vec<Edge>) = if ins.is_empty() {
                (Removal::Unreachable, vec![])
            } else if outs.is_empty() {
                (Removal::DeadEnd, vec![])
            } else if ins.len() == 1 || outs.len() == 1 {
                let mut new = Vec::new();
                for &i in &ins {
                    for &o in &outs {
                        let e = compose(task, &edges[i], &edges[o], next_id, &mut fresh);
                        let mut path = expansion[&edges[i].id].clone();
                        path.extend(expansion[&edges[o].id].iter().copied());
                        expansion.insert(next_id, path);
                        next_id += 1;
                        new.push(e);
                    }
                }
                if new.iter().any(|e| e.relation.size() > MAX_RELATION_SIZE) {
                    continue;
                }
                let how = if ins.len() == 1 {
                    Removal::After(edges[ins[0]].clone())
                } else {
                    Removal::Before(edges[outs[0]].clone())
                };
                (how, new)
            } else {
                continue;
            };
            edges.retain(|e| e.from != *loc && e.to != *loc);
            edges.extend(new);
            alive.remove(loc.as_str());
            removed.push((loc.clone(), how));
            progress = true;
        }
        if !progress {
            break;
        }
    }
    if removed.is_empty() {
        return None;
    }
    let ids: BTreeSet<u32> = edges.iter().map(|e| e.id).collect();
    expansion.retain(|id, _| ids.contains(id));
    let reduced = Task {
        locations: task
            .locations
            .iter()
            .filter(|l| alive.contains(l.as_str()))
            .cloned()
            .collect(),
        edges,
        ..task.clone()
    };
    Some(Reduced {
        task: reduced,
        removed,
        expansion,
    })
}

/// The region of each location of a SAFE body (the disjunction of its
/// nodes' cubes; `false` without nodes); `None` with index variables.
pub(crate) fn regions(task: &Task, body: &SafeBody) -> Option<BTreeMap<String, Expr>> {
    if !body.index_vars.is_empty() || body.nodes.iter().any(|n| !n.forall.is_empty()) {
        return None;
    }
    let mut out: BTreeMap<String, Vec<Expr>> = BTreeMap::new();
    for n in &body.nodes {
        out.entry(n.location.clone())
            .or_default()
            .push(body.region(n));
    }
    Some(
        task.locations
            .iter()
            .map(|l| {
                let r = match out.remove(l) {
                    None => Expr::Bool(false),
                    Some(mut one) if one.len() == 1 => one.pop().expect("one"),
                    Some(many) => Expr::Or(many),
                };
                (l.clone(), r)
            })
            .collect(),
    )
}

/// `exists bound. body` without quantifiers, decoded over the constants
/// `keep` maps to state variables; `None` where Z3 leaves something else.
fn eliminate(
    body: &Bool,
    bound: &[Int],
    keep: &dyn Fn(&str) -> Option<Expr>,
    budget: &Budget,
) -> Result<Option<Expr>, Unknown> {
    // An elimination counts in the race like a query.
    crate::race::tick()?;
    let Some(subgoals) = smt::eliminate_exists(bound, body, budget)? else {
        return Ok(None);
    };
    // Z3 writes an empty conjunction as a nullary `and`, which decodes as
    // an unknown symbol: each subgoal's formulas are decoded one by one.
    let mut disjuncts = Vec::new();
    for g in subgoals {
        let mut conj = Vec::new();
        for f in g {
            match smt::decode(&Dynamic::from_ast(&f), keep) {
                Ok(e) => conj.push(e),
                Err(_) => return Ok(None),
            }
        }
        disjuncts.push(Expr::And(conj));
    }
    let lifted = match disjuncts.len() {
        1 => disjuncts.pop().expect("one"),
        _ => Expr::Or(disjuncts),
    };
    // A blown-up elimination would make the certificate large and its
    // checking slow: the whole task is the better bet then.
    Ok((lifted.size() <= MAX_LIFTED_SIZE).then_some(lifted))
}

/// Invariants of every location of the original task from the regions of
/// the reduced one; `None` where elimination fails.
fn lift_regions(
    task: &Task,
    reduced: &Reduced,
    mut region: BTreeMap<String, Expr>,
    budget: &Budget,
) -> Result<Option<BTreeMap<String, Expr>>, Unknown> {
    let names = task.var_names();
    let frame = |k: usize| crate::invariants::vars_at(task, k);
    let decode_frame = |k: usize| {
        let syms: BTreeMap<String, String> = names
            .iter()
            .map(|n| (smt::state_symbol(n, k), n.clone()))
            .collect();
        move |s: &str| syms.get(s).map(|n| Expr::Var(n.clone()))
    };
    for (loc, how) in reduced.removed.iter().rev() {
        let inv = match how {
            Removal::Unreachable => Expr::Bool(false),
            Removal::DeadEnd => Expr::Bool(true),
            Removal::After(edge) => {
                let from = &region[&edge.from];
                if let Some(image) = image_by_substitution(task, edge, from, budget) {
                    region.insert(loc.clone(), image);
                    continue;
                }
                let body = Bool::and(&[
                    smt::encode_bool(from, View::state(0)),
                    smt::encode_edge(edge, 0),
                ]);
                let mut bound = frame(0);
                bound.extend(locals(edge));
                match eliminate(&body, &bound, &decode_frame(1), budget)? {
                    Some(e) => e,
                    None => return Ok(None),
                }
            }
            Removal::Before(edge) => {
                let to = &region[&edge.to];
                if let Some(pre) = preimage_by_substitution(task, edge, to, budget) {
                    region.insert(loc.clone(), pre);
                    continue;
                }
                let body = Bool::and(&[
                    smt::encode_edge(edge, 0),
                    smt::encode_bool(to, View::state(1)).not(),
                ]);
                let mut bound = frame(1);
                bound.extend(locals(edge));
                match eliminate(&body, &bound, &decode_frame(0), budget)? {
                    Some(e) => Expr::not(e),
                    None => return Ok(None),
                }
            }
        };
        region.insert(loc.clone(), inv);
    }
    Ok(Some(region))
}

/// `exists x, locals. from(x) && R(x, x')` over the state, without Z3
/// where the edge's equations name every bound variable
/// ([`crate::substitute`]); `None` otherwise (and for arrays, or a local
/// named like a state variable).
fn image_by_substitution(task: &Task, edge: &Edge, from: &Expr, budget: &Budget) -> Option<Expr> {
    let bound = substitution_bound(task, edge, |n| Expr::Var(n.into()))?;
    let image = crate::substitute::eliminate(
        &[from.clone(), edge.relation.clone()],
        &bound,
        &|sentence| satisfiable(sentence, budget),
    )?;
    // A blown-up image (case splits) goes to Z3, which simplifies.
    (image.size() <= MAX_LIFTED_SIZE).then(|| {
        image.rewrite(&|x| match x {
            Expr::Next(n) => Some(Expr::Var(n.clone())),
            _ => None,
        })
    })
}

/// `not exists x', locals. R(x, x') && not to(x')`: the states from which
/// the edge leads only into `to`, like [`image_by_substitution`].
pub(crate) fn preimage_by_substitution(
    task: &Task,
    edge: &Edge,
    to: &Expr,
    budget: &Budget,
) -> Option<Expr> {
    let bound = substitution_bound(task, edge, |n| Expr::Next(n.into()))?;
    let to_next = to.map_vars(&|n| Some(Expr::Next(n.into())));
    let escape = crate::substitute::eliminate(
        &[edge.relation.clone(), Expr::not(to_next)],
        &bound,
        &|sentence| satisfiable(sentence, budget),
    )?;
    (escape.size() <= MAX_LIFTED_SIZE).then(|| Expr::not(escape))
}

/// Is `sentence` (its variables all existential) satisfiable? One query;
/// `None` if the solver does not say.
fn satisfiable(sentence: &Expr, budget: &Budget) -> Option<bool> {
    let s = smt::solver();
    s.assert(smt::encode_bool(sentence, View::state(0)));
    budget.check(&s, &[]).ok()
}

/// The state variables as `state(name)` and the edge's locals: what an
/// image or preimage through `edge` binds. `None` where substitution is not
/// to be tried.
fn substitution_bound(
    task: &Task,
    edge: &Edge,
    state: impl Fn(&str) -> Expr,
) -> Option<BTreeSet<Expr>> {
    if task.has_arrays() {
        return None;
    }
    let names: BTreeSet<&str> = task.vars.iter().map(|v| v.name.as_str()).collect();
    if edge.locals.iter().any(|l| names.contains(l.name.as_str())) {
        return None;
    }
    let mut bound: BTreeSet<Expr> = names.iter().map(|n| state(n)).collect();
    bound.extend(edge.locals.iter().map(|l| Expr::Var(l.name.clone())));
    Some(bound)
}

fn locals(edge: &Edge) -> Vec<Int> {
    edge.locals
        .iter()
        .map(|l| smt::int_const(&smt::local_symbol(&l.name, 0)))
        .collect()
}

/// A SAFE body of the original task from one of the reduced task: one
/// node per location, its invariant split into conjuncts. `Ok(None)` where
/// lifting fails (index variables, elimination).
pub fn lift_safe(
    task: &Task,
    reduced: &Reduced,
    body: &SafeBody,
    budget: &Budget,
) -> Result<Option<SafeBody>, Unknown> {
    let Some(region) = regions(&reduced.task, body) else {
        return Ok(None);
    };
    let Some(lifted) = lift_regions(task, reduced, region, budget)? else {
        return Ok(None);
    };
    let invariant: Vec<Option<Vec<Expr>>> = task
        .locations
        .iter()
        .map(|l| {
            if *l == task.bad_location || lifted[l] == Expr::Bool(false) {
                return None;
            }
            Some(conjuncts(&lifted[l]))
        })
        .collect();
    crate::profile::span("certify every location", || {
        crate::pdr::certificate::safe_body_of(task, &invariant, budget)
    })
    .map(Some)
}

/// Runs a lifting (its answer and its queries) in a Z3 context.
pub type Lifting =
    dyn Fn(&(dyn Fn() -> (Option<Verdict>, u64) + Send + Sync)) -> (Option<Verdict>, u64);

/// `run` on `task` with its pass-through locations removed, the answer
/// lifted back to `task` (inside `in_context`, which gives the lifting
/// the Z3 context and watchdog it runs in); `run` on `task` itself where
/// nothing is removed or the answer does not lift.
pub fn run_reduced(
    task: &Task,
    cfg: &Config,
    start: Instant,
    engine: &str,
    run: &dyn Fn(&Task) -> Outcome,
    in_context: &Lifting,
) -> Outcome {
    let reduced = if cfg.reduce { reduce(task) } else { None };
    let Some(reduced) = reduced else {
        return run(task);
    };
    if cfg.progress {
        eprintln!(
            "certa: [{engine}] {} pass-through locations removed: {} locations, {} edges left",
            reduced.removed(),
            reduced.task.locations.len(),
            reduced.task.edges.len()
        );
    }
    let mut out = run(&reduced.task);
    if matches!(out.verdict, Verdict::Unknown(_)) {
        return out;
    }
    let deadline = cfg.timeout.map(|t| start + t);
    let found = &out.verdict;
    let reduced = &reduced;
    let (lifted, queries) = in_context(&|| {
        let budget = Budget::new(deadline);
        let lifted = match found {
            Verdict::Safe(body) => {
                match crate::profile::span("lift the proof to removed locations", || {
                    lift_safe(task, reduced, body, &budget)
                }) {
                    Ok(Some(body)) => Some(Verdict::Safe(body)),
                    Ok(None) => None,
                    Err(Unknown(why)) => Some(Verdict::Unknown(why)),
                }
            }
            Verdict::Unsafe(trace) => lift_trace(task, trace, &|e| reduced.expand(e), deadline),
            Verdict::Unknown(_) => None,
        };
        (lifted, budget.queries.get())
    });
    out.stats.queries += queries;
    adopt(out, lifted, start).unwrap_or_else(|| {
        if cfg.progress {
            eprintln!("certa: [{engine}] the answer does not lift: the whole task instead");
        }
        run(task)
    })
}

/// The counterexample along the original edges that `expand` gives for
/// `trace`'s edges, solved again on `task`; `None` if that path has no
/// solution.
pub(crate) fn lift_trace(
    task: &Task,
    trace: &format::Trace,
    expand: &dyn Fn(&[u32]) -> Vec<u32>,
    deadline: Option<Instant>,
) -> Option<Verdict> {
    let edges: Vec<u32> = trace.steps.iter().map(|s| s.edge).collect();
    match crate::pdr::certificate::trace(task, &expand(&edges), deadline) {
        Ok(Some(trace)) => Some(Verdict::Unsafe(trace)),
        Ok(None) => None,
        Err(Unknown(why)) => Some(Verdict::Unknown(why)),
    }
}

/// `out` with its verdict replaced by the lifted one (statistics to
/// match); `None` where the answer did not lift.
pub(crate) fn adopt(mut out: Outcome, lifted: Option<Verdict>, start: Instant) -> Option<Outcome> {
    let verdict = lifted?;
    if let Verdict::Safe(body) = &verdict {
        out.stats.nodes = body.nodes.len();
        out.stats.predicates = body.predicates.len();
    }
    out.verdict = verdict;
    out.stats.time = start.elapsed();
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use format::eval::Env;
    use num_bigint::BigInt;
    use proptest::prelude::*;

    /// One loop iteration through five program points and a diamond.
    const CHAIN: &str = "
        var x: int; var y: int; var c: int;
        location head; location p1; location p2; location then; location else;
        location join; location exit; location bad;
        initial head; bad bad;
        init x == 0 && y == 0;
        edge 0 \"to p1\": head -> p1 relation x' == x && y' == y && c' == c;
        edge 1 \"step x\": p1 -> p2 relation x' == x + 1 && y' == y && c' == c;
        edge 2 \"then\": p2 -> then relation c > 0 && x' == x && y' == y && c' == c;
        edge 3 \"else\": p2 -> else relation c <= 0 && x' == x && y' == y && c' == c;
        edge 4 \"y+1\": then -> join relation y' == y + 1 && x' == x && c' == c;
        edge 5 \"y=x\": else -> join relation y' == x && x' == x && c' == c;
        edge 6 \"back\": join -> head relation x' == x && y' == y;
        edge 7 \"leave\": head -> exit relation x' == x && y' == y && c' == c;
        edge 8 \"check\": exit -> bad relation x != y && x' == x && y' == y && c' == c;";

    #[test]
    fn a_chain_of_program_points_reduces_to_its_loop_head_with_one_edge_per_path() {
        let task = frontend::parse_ts("chain.ts", CHAIN).expect("parses");
        let r = reduce(&task).expect("something is removed");
        assert_eq!(r.task.locations, ["head", "bad"]);
        let mut paths: Vec<Vec<u32>> = r.task.edges.iter().map(|e| r.expand(&[e.id])).collect();
        paths.sort();
        assert_eq!(
            paths,
            [vec![0, 1, 2, 4, 6], vec![0, 1, 3, 5, 6], vec![7, 8]]
        );
        // `c` is havocked by the back edge: the only value without a definition.
        for e in &r.task.edges {
            assert!(e.locals.len() <= 1, "{:?}", e.locals);
        }
    }

    #[test]
    fn a_location_on_a_self_loop_or_with_many_ways_in_and_out_stays() {
        let task = frontend::parse_ts(
            "loop.ts",
            "var x: int; location l0; location l; location m; location bad;
             initial l0; bad bad; init x == 0;
             edge 0 \"a\": l0 -> l relation x' == x;
             edge 1 \"b\": l0 -> l relation x' == x + 1;
             edge 2 \"loop\": l -> l relation x' == x + 1;
             edge 3 \"c\": l -> m relation x' == x;
             edge 4 \"d\": l -> m relation x' == x - 1;
             edge 5 \"e\": l0 -> m relation x' == x;
             edge 6 \"f\": m -> bad relation x > 5;
             edge 7 \"g\": m -> l relation x' == x;",
        )
        .expect("parses");
        assert!(reduce(&task).is_none());
    }

    #[test]
    fn composition_substitutes_assigned_values_and_keeps_havocked_ones_as_locals() {
        let task = frontend::parse_ts(
            "two.ts",
            "var x: int; var y: int; location a; location b; location c; location bad;
             initial a; bad bad; init true;
             edge 0 \"inc\": a -> b relation x' == x + 1;
             edge 1 \"dbl\": b -> c relation x' == 2 * x && y' == y + x;
             edge 2 \"err\": c -> bad relation x == y;",
        )
        .expect("parses");
        let e = compose(
            &task,
            &task.edges[0],
            &task.edges[1],
            9,
            &mut Fresh {
                task: &task,
                next: 0,
            },
        );
        // x is assigned, y havocked by `inc`: one local, y's middle value.
        assert_eq!(e.locals.len(), 1, "{:?}", e.locals);
        let y_mid = e.locals[0].name.clone();
        let holds = |x: i64, y: i64, mid: i64, x1: i64, y1: i64| {
            let mut env = Env::default();
            env.vars.insert("x".into(), BigInt::from(x));
            env.vars.insert("y".into(), BigInt::from(y));
            env.vars.insert(y_mid.clone(), BigInt::from(mid));
            env.nexts.insert("x".into(), BigInt::from(x1));
            env.nexts.insert("y".into(), BigInt::from(y1));
            env.holds(&e.relation).expect("evaluates")
        };
        assert!(holds(3, 0, 7, 8, 11));
        assert!(!holds(3, 0, 7, 6, 10));
        assert!(!holds(3, 0, 7, 8, 10));
    }

    /// A random task over one variable in `-R..=R`: every relation bounds
    /// `x'`, so the state space is finite and the semantics can be enumerated.
    const R: i64 = 5;

    fn random_task(edges: Vec<(usize, usize, i64, i64, u8)>) -> Task {
        let loc = |i: usize| match i {
            0 => "l0".to_string(),
            5 => "bad".to_string(),
            i => format!("l{i}"),
        };
        let mut text = String::from("var x: int;\n");
        for i in 0..6 {
            text += &format!("location {};\n", loc(i));
        }
        text += "initial l0; bad bad; init x == 0;\n";
        for (id, (from, to, k, c, kind)) in edges.into_iter().enumerate() {
            let update = match kind % 3 {
                0 => format!("x' == x + {k}"),
                1 => format!("x < {c} && x' == x + {k}"),
                _ => format!("x >= {c}"),
            };
            text += &format!(
                "edge {id} \"e{id}\": {} -> {} relation {update} && x' >= -{R} && x' <= {R};\n",
                loc(from),
                loc(to.max(1))
            );
        }
        frontend::parse_ts("random.ts", &text).expect("random task parses")
    }

    /// The (location, x) pairs reachable in `task`, by enumeration.
    fn reachable(task: &Task) -> BTreeSet<(String, i64)> {
        let mut seen = BTreeSet::new();
        let mut todo = vec![(task.initial_location.clone(), 0i64)];
        while let Some((l, x)) = todo.pop() {
            if !seen.insert((l.clone(), x)) {
                continue;
            }
            for e in task.edges_from(&l) {
                let locals: Vec<&str> = e.locals.iter().map(|v| v.name.as_str()).collect();
                let combos = (2 * R + 1).pow(locals.len() as u32);
                for x1 in -R..=R {
                    let fires = (0..combos).any(|mut n| {
                        let mut env = Env::default();
                        env.vars.insert("x".into(), BigInt::from(x));
                        env.nexts.insert("x".into(), BigInt::from(x1));
                        for v in &locals {
                            env.vars
                                .insert(v.to_string(), BigInt::from(n % (2 * R + 1) - R));
                            n /= 2 * R + 1;
                        }
                        env.holds(&e.relation).expect("evaluates")
                    });
                    if fires {
                        todo.push((e.to.clone(), x1));
                    }
                }
            }
        }
        seen
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Removing locations keeps exactly the states reachable at the
        /// locations that stay, never adds edges, and each reduced edge
        /// stands for a path of original edges between its ends.
        #[test]
        fn reduction_keeps_the_reachable_states_of_the_remaining_locations(
            edges in prop::collection::vec((0usize..5, 1usize..6, -2i64..3, -3i64..4, 0u8..3), 1..10)
        ) {
            let task = random_task(edges);
            let Some(r) = reduce(&task) else { return Ok(()) };
            prop_assume!(r.task.edges.iter().all(|e| e.locals.len() <= 2));
            prop_assert!(r.task.edges.len() <= task.edges.len());
            for e in &r.task.edges {
                let path = r.expand(&[e.id]);
                let first = task.edge(path[0]).expect("original edge");
                prop_assert_eq!(&first.from, &e.from);
                let last = task.edge(*path.last().expect("non-empty")).expect("original edge");
                prop_assert_eq!(&last.to, &e.to);
                for w in path.windows(2) {
                    prop_assert_eq!(&task.edge(w[0]).unwrap().to, &task.edge(w[1]).unwrap().from);
                }
            }
            let kept: BTreeSet<&String> = r.task.locations.iter().collect();
            let original: BTreeSet<(String, i64)> =
                reachable(&task).into_iter().filter(|(l, _)| kept.contains(l)).collect();
            prop_assert_eq!(reachable(&r.task), original);
        }
    }
}
