//! Houdini consecution over a task's edges with a worklist: the largest subset of candidate facts per location that every edge preserves.
//!
//! Each edge gets one solver for the whole fixpoint, holding its relation
//! and, under an indicator literal each, the candidate facts of its source;
//! a query assumes the indicators of the facts still alive. An edge is
//! checked again only when facts at its source were dropped since its last
//! check: facts it preserved from a larger set it still preserves from a
//! smaller one. The result is Houdini's unique greatest fixpoint whatever
//! the order, so it equals what rounds over all edges with a new solver
//! per edge and round computed, with fewer queries (the last round
//! re-asked every edge) and no solver or relation rebuilt per round.

use crate::smt::{self, Budget, View};
use crate::solver_pool::PooledSolver;
use crate::Unknown;
use format::{Edge, Expr, Task};
use std::collections::{BTreeMap, BTreeSet};
use z3::ast::Bool;

/// How one check narrows the facts at an edge's target: given the solver
/// (relation and alive source facts asserted, the latter under
/// `assumptions`) and the target's alive facts, the facts that survive.
pub type Narrow<'a> =
    dyn FnMut(&PooledSolver, &[Bool], Vec<Expr>, &Budget) -> Result<Vec<Expr>, Unknown> + 'a;

/// Drops from `facts` (per location, over the current state) what some
/// edge does not preserve given the facts alive at its source, until every
/// edge preserves what is left. Edges into `task.bad_location` and
/// locations without an entry in `facts` (no candidates: `true`) are
/// skipped; `narrow` decides one edge's check.
pub fn consecution(
    task: &Task,
    facts: &mut BTreeMap<String, Vec<Expr>>,
    budget: &Budget,
    narrow: &mut Narrow<'_>,
) -> Result<(), Unknown> {
    let edges: Vec<&Edge> = task
        .edges
        .iter()
        .filter(|e| e.to != task.bad_location && e.from != task.bad_location)
        .collect();
    // Each location's candidates as first given, and which are alive.
    let original: BTreeMap<String, Vec<Expr>> = facts.clone();
    let mut alive: BTreeMap<&str, Vec<bool>> = original
        .iter()
        .map(|(l, fs)| (l.as_str(), vec![true; fs.len()]))
        .collect();
    let indicators: BTreeMap<&str, Vec<Bool>> = original
        .iter()
        .enumerate()
        .map(|(li, (l, fs))| {
            let ind = (0..fs.len())
                .map(|i| Bool::new_const(format!("certa!houdini!{li}!{i}")))
                .collect();
            (l.as_str(), ind)
        })
        .collect();
    let mut solvers: Vec<Option<PooledSolver>> = edges.iter().map(|_| None).collect();
    let mut pending: BTreeSet<usize> = (0..edges.len()).collect();
    while let Some(i) = pending.pop_first() {
        let e = edges[i];
        let Some(targets) = original.get(&e.to) else {
            continue;
        };
        let target_alive = &alive[e.to.as_str()];
        let current: Vec<Expr> = targets
            .iter()
            .zip(target_alive)
            .filter(|(_, &a)| a)
            .map(|(f, _)| f.clone())
            .collect();
        if current.is_empty() {
            continue;
        }
        let s = solvers[i].get_or_insert_with(|| {
            let s = smt::solver();
            s.assert(smt::encode_edge(e, 0));
            if let (Some(src), Some(ind)) = (original.get(&e.from), indicators.get(e.from.as_str()))
            {
                for (f, a) in src.iter().zip(ind) {
                    s.assert(a.implies(smt::encode_bool(f, View::state(0))));
                }
            }
            s
        });
        let assumptions: Vec<Bool> =
            match (alive.get(e.from.as_str()), indicators.get(e.from.as_str())) {
                (Some(al), Some(ind)) => ind
                    .iter()
                    .zip(al)
                    .filter(|(_, &a)| a)
                    .map(|(b, _)| b.clone())
                    .collect(),
                _ => Vec::new(),
            };
        let before = current.len();
        let kept = narrow(s, &assumptions, current, budget)?;
        if kept.len() == before {
            continue;
        }
        // Facts are distinct within a location, so membership marks them.
        let kept: BTreeSet<&Expr> = kept.iter().collect();
        let flags = alive
            .get_mut(e.to.as_str())
            .expect("a location with candidates");
        for (flag, f) in flags.iter_mut().zip(targets) {
            *flag = *flag && kept.contains(f);
        }
        for (j, other) in edges.iter().enumerate() {
            if other.from == e.to {
                pending.insert(j);
            }
        }
    }
    for (l, fs) in facts.iter_mut() {
        let flags = &alive[l.as_str()];
        let mut keep = flags.iter();
        fs.retain(|_| *keep.next().unwrap_or(&false));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at_least(c: i64) -> Expr {
        Expr::Ge(Box::new(Expr::var("x")), Box::new(Expr::int(c)))
    }

    fn equals(c: i64) -> Expr {
        Expr::eq(Expr::var("x"), Expr::int(c))
    }

    #[test]
    fn a_fact_dropped_at_one_location_is_rechecked_where_it_was_assumed() {
        // x == 0 at l0 falls to the edge back from l1 (x == 1 there); then
        // x == 1 at l1 has only x >= 0 at l0 to go on and falls too.
        let task = frontend::parse_ts(
            "loop.ts",
            "var x: int;
             location l0; location l1; location err;
             initial l0; bad err;
             init x == 0;
             edge 0 \"up\": l0 -> l1 relation x' == x + 1;
             edge 1 \"back\": l1 -> l0 relation x' == x;
             edge 2 \"fail\": l1 -> err relation x < 0 && x' == x;",
        )
        .expect("test task parses");
        z3::with_z3_config(&z3::Config::new(), || {
            let mut facts: BTreeMap<String, Vec<Expr>> = BTreeMap::new();
            facts.insert("l0".into(), vec![at_least(0), equals(0)]);
            facts.insert("l1".into(), vec![at_least(1), equals(1)]);
            let budget = Budget::new(None);
            consecution(
                &task,
                &mut facts,
                &budget,
                &mut |s, assumptions, targets, budget| {
                    let mut kept = Vec::new();
                    for f in targets {
                        s.push();
                        s.assert(smt::encode_bool(&f, View::state(1)).not());
                        let broken = budget.check(s, assumptions)?;
                        s.pop(1);
                        if !broken {
                            kept.push(f);
                        }
                    }
                    Ok(kept)
                },
            )
            .expect("no deadline");
            assert_eq!(facts["l0"], vec![at_least(0)]);
            assert_eq!(facts["l1"], vec![at_least(1)]);
        });
    }
}
