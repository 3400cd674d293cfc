//! Houdini consecution over a task's edges with a worklist: the largest subset of candidate facts per location that every edge preserves.
//!
//! An edge is checked again only when facts at its source were dropped
//! since its last check: facts it preserved from a larger set it still
//! preserves from a smaller one. The result is Houdini's unique greatest
//! fixpoint whatever the order, so it equals what rounds over all edges
//! computed, with fewer queries (the last round re-asked every edge). Each
//! check takes an empty solver and asserts the source's facts outright:
//! under indicator literals, in one solver kept per edge, Z3 could not
//! simplify with them and took seconds on queries it answers in 0.14 s
//! (HOLA_05's candidates, 1.36 s from a file, 15 s in the process).

use crate::smt::{self, Budget, View};
use crate::Unknown;
use format::{Edge, Expr, Task};
use std::collections::{BTreeMap, BTreeSet};
use z3::Solver;

/// How one check narrows the facts at an edge's target: given a solver
/// holding the edge's relation and the facts alive at its source, and the
/// target's alive facts, the facts that survive.
pub type Narrow<'a> = dyn FnMut(&Solver, Vec<Expr>, &Budget) -> Result<Vec<Expr>, Unknown> + 'a;

/// Drops from `facts` (per location, over the current state) what some
/// edge does not preserve given the facts alive at its source, until every
/// edge preserves what is left. Edges into or out of `task.bad_location`
/// and locations without an entry in `facts` (no candidates: `true`) are
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
    let mut pending: BTreeSet<usize> = (0..edges.len()).collect();
    while let Some(i) = pending.pop_first() {
        let e = edges[i];
        let current = match facts.get(&e.to) {
            Some(at) if !at.is_empty() => at.clone(),
            _ => continue,
        };
        let s = smt::solver();
        for f in facts.get(&e.from).map(Vec::as_slice).unwrap_or_default() {
            s.assert(smt::encode_bool(f, View::state(0)));
        }
        s.assert(smt::encode_edge(e, 0));
        let before = current.len();
        let kept = narrow(&s, current, budget)?;
        if kept.len() == before {
            continue;
        }
        facts.insert(e.to.clone(), kept);
        for (j, other) in edges.iter().enumerate() {
            if other.from == e.to {
                pending.insert(j);
            }
        }
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
            consecution(&task, &mut facts, &budget, &mut |s, targets, budget| {
                let mut kept = Vec::new();
                for f in targets {
                    s.push();
                    s.assert(smt::encode_bool(&f, View::state(1)).not());
                    let broken = budget.check(s, &[])?;
                    s.pop(1);
                    if !broken {
                        kept.push(f);
                    }
                }
                Ok(kept)
            })
            .expect("no deadline");
            assert_eq!(facts["l0"], vec![at_least(0)]);
            assert_eq!(facts["l1"], vec![at_least(1)]);
        });
    }
}
