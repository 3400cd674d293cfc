//! Work bounds (SPEC §5): the obligations a certificate implies are counted and
//! sized before any is checked, so that a small file cannot demand unbounded work.
#![forbid(unsafe_code)]

use crate::error::CheckError;
use crate::structure::at_most;
use format::{SafeBody, Task, Trace};
use std::collections::{HashMap, HashSet};

/// Closure obligations (node, edge) of one certificate.
pub const MAX_CLOSURE_OBLIGATIONS: usize = 1_000_000;
/// Terms of one solver query (regions, relation and successor regions).
pub const MAX_QUERY_TERMS: usize = 1_000_000;
/// Terms summed over all solver queries.
pub const MAX_TOTAL_QUERY_TERMS: usize = 100_000_000;
/// Terms evaluated concretely, summed over all witnesses or trace steps.
pub const MAX_EVAL_TERMS: usize = 200_000_000;

/// Cube literals are unique per node, and the closure, initiality and
/// witness work stays within the bounds above.
pub fn check_safe(task: &Task, body: &SafeBody) -> Result<(), CheckError> {
    let pred_size: HashMap<u32, usize> = body
        .predicates
        .iter()
        .map(|p| (p.id, p.formula.size()))
        .collect();
    let mut region_size: HashMap<u32, usize> = HashMap::new();
    let mut forall_size: HashMap<u32, usize> = HashMap::new();
    for n in &body.nodes {
        let mut seen = HashSet::new();
        let mut size = 1usize;
        for l in &n.cube {
            if !seen.insert(l.pred) {
                return Err(CheckError::Duplicate {
                    what: format!("literal in the cube of node {}: predicate", n.id),
                    id: l.pred.to_string(),
                });
            }
            size = size.saturating_add(pred_size.get(&l.pred).copied().unwrap_or(0) + 1);
        }
        let mut forall = 0usize;
        for l in n.forall.iter().flatten() {
            forall = forall.saturating_add(pred_size.get(&l.pred).copied().unwrap_or(0) + 1);
        }
        region_size.insert(n.id, size.saturating_add(forall));
        forall_size.insert(n.id, forall);
    }
    let region = |id: u32| region_size.get(&id).copied().unwrap_or(0);
    // Each hint instantiates the node's clauses once more.
    let hinted: HashMap<(u32, u32), usize> = body
        .successors
        .iter()
        .map(|s| {
            let clauses = forall_size.get(&s.node).copied().unwrap_or(0);
            let terms: usize = s.hints.iter().flatten().map(|t| t.size()).sum();
            let size = clauses.saturating_mul(s.hints.len()).saturating_add(terms);
            ((s.node, s.edge), size)
        })
        .collect();
    let mut out_edges: HashMap<&str, Vec<(u32, usize)>> = HashMap::new();
    for e in &task.edges {
        out_edges
            .entry(&e.from)
            .or_default()
            .push((e.id, e.relation.size()));
    }
    let targets: HashMap<(u32, u32), usize> = body
        .successors
        .iter()
        .map(|s| {
            (
                (s.node, s.edge),
                s.targets.iter().map(|t| region(t.node)).sum(),
            )
        })
        .collect();
    let (mut obligations, mut total, mut eval) = (0usize, 0usize, 0usize);
    for n in &body.nodes {
        let rels = out_edges.get(n.location.as_str()).map_or(&[][..], |v| v);
        obligations += rels.len();
        at_most("closure obligations", obligations, MAX_CLOSURE_OBLIGATIONS)?;
        for &(edge, rel) in rels {
            let succ = targets.get(&(n.id, edge)).copied().unwrap_or(0);
            let hints = hinted.get(&(n.id, edge)).copied().unwrap_or(0);
            let query = region(n.id)
                .saturating_add(rel)
                .saturating_add(succ)
                .saturating_add(hints);
            at_most("terms of one closure query", query, MAX_QUERY_TERMS)?;
            total = total.saturating_add(query);
        }
    }
    let init = task.init.size() + body.initial.iter().map(|&i| region(i)).sum::<usize>();
    at_most("terms of the initiality query", init, MAX_QUERY_TERMS)?;
    at_most(
        "terms summed over all solver queries",
        total.saturating_add(init),
        MAX_TOTAL_QUERY_TERMS,
    )?;
    let rel_size: HashMap<u32, usize> = task
        .edges
        .iter()
        .map(|e| (e.id, e.relation.size()))
        .collect();
    for s in &body.successors {
        for t in &s.targets {
            if t.witness.is_some() {
                let step =
                    region(s.node) + rel_size.get(&s.edge).copied().unwrap_or(0) + region(t.node);
                eval = eval.saturating_add(step);
            }
        }
    }
    at_most("terms evaluated over all witnesses", eval, MAX_EVAL_TERMS)
}

/// The replay of a trace evaluates each step's relation once.
pub fn check_trace(task: &Task, trace: &Trace) -> Result<(), CheckError> {
    let rel_size: HashMap<u32, usize> = task
        .edges
        .iter()
        .map(|e| (e.id, e.relation.size()))
        .collect();
    // Array values cost their entries and writes.
    let arrays = trace
        .initial_arrays
        .values()
        .map(|a| a.entries.len())
        .sum::<usize>();
    let eval = trace
        .steps
        .iter()
        .fold(task.init.size().saturating_add(arrays), |acc, s| {
            let writes: usize = s
                .arrays
                .values()
                .map(|u| u.writes.len() + u.reset.as_ref().map_or(0, |r| r.entries.len()))
                .sum();
            acc.saturating_add(rel_size.get(&s.edge).copied().unwrap_or(0))
                .saturating_add(writes)
        });
    at_most("terms evaluated over the trace", eval, MAX_EVAL_TERMS)
}
