//! PDR answers as certificates: an inductive frame becomes a SAFE body
//! (one node per location, its cube the lemmas as predicates, one
//! successor with a concrete witness per feasible edge), and a chain of
//! proof obligations becomes a concrete trace through the CEGAR engine's
//! path query (one frame per step).

use super::frames::{Frames, Lemma};
use crate::refine::InterpolationRefiner;
use crate::smt::{self, Budget, View};
use crate::{AbstractPath, Unknown};
use format::{
    Expr, Literal, Node, Predicate, SafeBody, Successor, SuccessorList, Task, Trace, Witness,
};
use std::time::Instant;
use z3::ast::Bool;

/// The negation of a literal, comparisons flipped rather than wrapped.
pub fn negate(l: &Expr) -> Expr {
    match l {
        Expr::Lt(a, b) => Expr::Ge(a.clone(), b.clone()),
        Expr::Le(a, b) => Expr::Gt(a.clone(), b.clone()),
        Expr::Gt(a, b) => Expr::Le(a.clone(), b.clone()),
        Expr::Ge(a, b) => Expr::Lt(a.clone(), b.clone()),
        Expr::Not(x) => (**x).clone(),
        other => Expr::not(other.clone()),
    }
}

/// A lemma as a formula: the clause `not cube`.
pub fn clause(cube: &[Expr]) -> Expr {
    match cube {
        [one] => negate(one),
        _ => Expr::Or(cube.iter().map(negate).collect()),
    }
}

/// The SAFE body of an inductive invariant: `invariant[loc]` are the
/// lemmas of each location (the bad location has none and no node).
pub fn safe_body(
    task: &Task,
    frames: &Frames,
    invariant: &[Vec<&Lemma>],
    budget: &Budget,
) -> Result<SafeBody, Unknown> {
    let formulas: Vec<Option<Vec<Expr>>> = (0..frames.locs.len())
        .map(|loc| {
            (loc != frames.bad_loc)
                .then(|| invariant[loc].iter().map(|l| clause(&l.cube)).collect())
        })
        .collect();
    safe_body_of(task, &formulas, budget)
}

/// The SAFE body with one node per location (`invariant[i]` for
/// `task.locations[i]`, its conjuncts as predicates; `None`: no node),
/// one successor with a concrete witness per feasible edge.
pub fn safe_body_of(
    task: &Task,
    invariant: &[Option<Vec<Expr>>],
    budget: &Budget,
) -> Result<SafeBody, Unknown> {
    let mut predicates: Vec<Predicate> = Vec::new();
    let mut node_of: std::collections::BTreeMap<&str, u32> = Default::default();
    let mut node_formulas: Vec<&[Expr]> = Vec::new();
    let mut nodes = Vec::new();
    for (name, formulas) in task.locations.iter().zip(invariant) {
        let Some(formulas) = formulas else { continue };
        let mut cube: Vec<Literal> = Vec::new();
        for formula in formulas {
            let id = match predicates.iter().find(|p| p.formula == *formula) {
                Some(p) => p.id,
                None => {
                    let id = predicates.len() as u32;
                    predicates.push(Predicate {
                        id,
                        formula: formula.clone(),
                    });
                    id
                }
            };
            if !cube.iter().any(|l| l.pred == id) {
                cube.push(Literal {
                    pred: id,
                    positive: true,
                });
            }
        }
        cube.sort_by_key(|l| l.pred);
        node_of.insert(name, nodes.len() as u32);
        node_formulas.push(formulas);
        nodes.push(Node {
            id: nodes.len() as u32,
            location: name.clone(),
            cube,
            forall: vec![],
        });
    }
    let mut successors = Vec::new();
    // One solver for every node, each in a scope of its own: a new solver
    // costs about a millisecond at its first check.
    let solver = smt::solver();
    for (node, formulas) in nodes.iter().zip(&node_formulas) {
        solver.push();
        for f in formulas.iter() {
            solver.assert(smt::encode_bool(f, View::state(0)));
        }
        for edge in task.edges_from(&node.location) {
            let mut targets = Vec::new();
            if let Some(&target) = node_of.get(edge.to.as_str()) {
                solver.push();
                solver.assert(smt::encode_edge(edge, 0));
                let feasible = budget.check(&solver, &[] as &[Bool]);
                let model = match feasible {
                    Ok(true) => solver.get_model(),
                    _ => None,
                };
                solver.pop(1);
                match feasible? {
                    false => {}
                    true => {
                        let m = model.ok_or_else(|| Unknown("solver gave no model".into()))?;
                        let names: Vec<String> =
                            edge.locals.iter().map(|l| l.name.clone()).collect();
                        targets.push(Successor {
                            node: target,
                            witness: Some(Witness {
                                state: crate::state_valuation(task, &m, 0),
                                inputs: smt::model_valuation(&m, &names, &|n| {
                                    smt::local_symbol(n, 0)
                                }),
                                next: crate::state_valuation(task, &m, 1),
                                state_arrays: Default::default(),
                                next_arrays: Default::default(),
                            }),
                        });
                    }
                }
            }
            successors.push(SuccessorList {
                node: node.id,
                edge: edge.id,
                targets,
                hints: vec![],
            });
        }
        solver.pop(1);
    }
    let initial = node_of
        .get(task.initial_location.as_str())
        .copied()
        .into_iter()
        .collect();
    Ok(SafeBody {
        index_vars: vec![],
        predicates,
        nodes,
        initial,
        successors,
    })
}

/// The concrete run along `edges` (task edge ids) from the initial
/// location into bad, found by the CEGAR engine's path query. `None` if
/// the path is infeasible (projection is exact, so it is not).
pub fn trace(
    task: &Task,
    edges: &[u32],
    deadline: Option<Instant>,
) -> Result<Option<Trace>, Unknown> {
    let mut locations = vec![task.initial_location.clone()];
    for &e in edges {
        locations.push(task.edge(e).expect("task edge").to.clone());
    }
    let path = AbstractPath {
        locations,
        edges: edges.to_vec(),
        facts: vec![],
    };
    InterpolationRefiner::new(task, deadline).feasible(&path)
}
