//! Proofs for tasks without cycles: at each location, the states from
//! which no path reaches bad (the weakest precondition of safety), computed
//! backwards by substitution and certified like PDR's frames.
//!
//! Why: an unrolled program (rust-horn's `bmc-*-safe`) has no loop, so its
//! weakest preconditions are finite formulas; PDR still learns them a cube
//! at a time (`bmc-3-safe`: 455 queries, 69 ms; Golem 3.4 ms). Each edge's
//! precondition is [`crate::reduce::preimage_by_substitution`]: exact where
//! it answers, `None` (and PDR instead) where the edge's equations do not
//! bind every next-state variable or the formula grows past its limit.

use crate::pdr::certificate::safe_body_of;
use crate::smt::{self, Budget, View};
use format::{Expr, SafeBody, Task};
use std::collections::BTreeMap;
use z3::ast::Bool;

/// A SAFE body for `task` from weakest preconditions, or `None` where the
/// task has a cycle among the locations its initial one reaches, a
/// precondition does not come out by substitution, or the formulas do not
/// make a certificate (the task is unsafe, or the budget ran out).
pub fn prove(task: &Task, budget: &Budget) -> Option<SafeBody> {
    let order = reachable_order(task)?;
    let mut safe: BTreeMap<&str, Expr> = BTreeMap::new();
    safe.insert(task.bad_location.as_str(), Expr::Bool(false));
    // Successors first: each location's edges lead to locations done.
    for loc in order.iter().rev() {
        if *loc == task.bad_location {
            continue;
        }
        let mut parts = Vec::new();
        for e in task.edges_from(loc) {
            let to = safe.get(e.to.as_str())?;
            if *to == Expr::Bool(true) {
                continue;
            }
            parts.push(crate::reduce::preimage_by_substitution(
                task, e, to, budget,
            )?);
        }
        let mut facts: Vec<Expr> = Vec::new();
        for p in parts {
            for f in crate::reduce::conjuncts(&crate::split::fold(&p)) {
                if !facts.contains(&f) {
                    facts.push(f);
                }
            }
        }
        let w = crate::split::fold(&Expr::And(facts));
        safe.insert(loc, w);
    }
    if !certified(task, &safe, budget)? {
        return None;
    }
    let invariant: Vec<Option<Vec<Expr>>> = task
        .locations
        .iter()
        .map(|l| {
            // A location no state may be at (its precondition `false`) is
            // left out, as the lifting leaves such locations out: the step
            // checks showed that nothing enters it.
            let w = safe
                .get(l.as_str())
                .filter(|w| *l != task.bad_location && **w != Expr::Bool(false))?;
            Some(crate::reduce::conjuncts(w))
        })
        .collect();
    safe_body_of(task, &invariant, budget).ok()
}

/// Do the initial states lie in the initial location's precondition, and
/// does every edge lead from a location's precondition into its target's?
/// The second holds by construction where substitution is exact; both are
/// asked (one query each) so that no slip there becomes a SAFE answer.
/// `None` if the solver does not say.
fn certified(task: &Task, safe: &BTreeMap<&str, Expr>, budget: &Budget) -> Option<bool> {
    let holds = |facts: &[Bool]| -> Option<bool> {
        let s = smt::solver();
        facts.iter().for_each(|f| s.assert(f));
        budget.check(&s, &[]).ok().map(|sat| !sat)
    };
    let at = |l: &str, frame: usize| -> Option<Bool> {
        Some(smt::encode_bool(safe.get(l)?, View::state(frame)))
    };
    let init = smt::encode_bool(&task.init, View::state(0));
    if !holds(&[init, at(&task.initial_location, 0)?.not()])? {
        return Some(false);
    }
    for (loc, _) in safe.iter().filter(|(l, _)| **l != task.bad_location) {
        for e in task.edges_from(loc) {
            let step = [at(loc, 0)?, smt::encode_edge(e, 0), at(&e.to, 1)?.not()];
            if !holds(&step)? {
                return Some(false);
            }
        }
    }
    Some(true)
}

/// The locations the initial one reaches (edges out of bad left out), in a
/// topological order; `None` if they include a cycle.
fn reachable_order(task: &Task) -> Option<Vec<String>> {
    let (index, succ) = crate::bmc::location_graph(task, |e| e.from != task.bad_location);
    let start = *index.get(task.initial_location.as_str())?;
    let mut reached = vec![false; succ.len()];
    let mut stack = vec![start];
    reached[start] = true;
    while let Some(v) = stack.pop() {
        for &w in &succ[v] {
            if !reached[w] {
                reached[w] = true;
                stack.push(w);
            }
        }
    }
    let mut preds = vec![0usize; succ.len()];
    for v in (0..succ.len()).filter(|&v| reached[v]) {
        for &w in &succ[v] {
            preds[w] += 1;
        }
    }
    let mut ready = vec![start];
    let mut order = Vec::new();
    while let Some(v) = ready.pop() {
        order.push(task.locations[v].clone());
        for &w in &succ[v] {
            preds[w] -= 1;
            if preds[w] == 0 {
                ready.push(w);
            }
        }
    }
    (order.len() == reached.iter().filter(|r| **r).count()).then_some(order)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdr::testing::in_context;

    fn chain(bad_bound: i64) -> Task {
        frontend::parse_ts(
            "chain.ts",
            &format!(
                "var x: int; var y: int;
                 location init; location a; location b; location c; location bad;
                 initial init; bad bad;
                 init true;
                 edge 0 \"start\": init -> a relation x' >= 0 && x' <= 10 && y' == 0;
                 edge 1 \"left\": a -> b relation x > 5 && x' == x - 5 && y' == y + 1;
                 edge 2 \"right\": a -> b relation x <= 5 && x' == x && y' == y + 2;
                 edge 3 \"on\": b -> c relation x' == x + y && y' == y;
                 edge 4 \"check\": c -> bad relation x > {bad_bound};"
            ),
        )
        .expect("test task parses")
    }

    #[test]
    fn a_diamond_without_cycles_is_proved_by_its_weakest_preconditions() {
        // x <= 10 - 5 + 1 on the left, x <= 5 + 2 on the right: x <= 7 at c.
        let body = in_context(|| prove(&chain(7), &Budget::new(None)));
        assert!(body.is_some());
    }

    #[test]
    fn an_unsafe_diamond_gets_no_proof() {
        let body = in_context(|| prove(&chain(6), &Budget::new(None)));
        assert!(body.is_none());
    }

    #[test]
    fn a_location_no_state_reaches_is_left_out_of_the_certificate() {
        let task = frontend::parse_ts(
            "dead.ts",
            "var x: int;
             location init; location a; location b; location bad;
             initial init; bad bad;
             init true;
             edge 0 \"start\": init -> a relation x' == 0;
             edge 1 \"jump\": a -> b relation x > 5 && x' == x;
             edge 2 \"fail\": b -> bad relation x' == x;",
        )
        .expect("test task parses");
        let body = in_context(|| prove(&task, &Budget::new(None))).expect("proved");
        let at: Vec<&str> = body.nodes.iter().map(|n| n.location.as_str()).collect();
        assert_eq!(at, ["init", "a"]);
    }

    #[test]
    fn a_task_with_a_loop_is_left_to_the_engines() {
        let mut task = chain(7);
        let mut back = task.edges[3].clone();
        back.id = 5;
        back.to = "a".into();
        task.edges.push(back);
        assert!(reachable_order(&task).is_none());
    }
}
