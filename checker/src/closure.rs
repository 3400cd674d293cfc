//! Obligation 3 (closure): `region(n)(s) and T_e(s,s',w) and AND over m in succ(n,e) of not region(m)(s')` is UNSAT.
#![forbid(unsafe_code)]

use crate::error::CheckError;
use crate::regions::{cube_text, prime, split};
use crate::solver::{Model, Query};
use format::{Edge, Expr, Node, SafeBody, Task};

/// Every (node, edge leaving the node's location), in node then edge order.
pub fn steps<'a>(task: &'a Task, body: &'a SafeBody) -> Vec<(&'a Node, &'a Edge)> {
    body.nodes
        .iter()
        .flat_map(|n| task.edges_from(&n.location).map(move |e| (n, e)))
        .collect()
}

/// `succ(n, e)`; a missing list is the empty list.
pub fn targets(body: &SafeBody, n: &Node, e: &Edge) -> Vec<u32> {
    let list = body
        .successors
        .iter()
        .find(|s| s.node == n.id && s.edge == e.id);
    list.map(|s| s.targets.iter().map(|t| t.node).collect())
        .unwrap_or_default()
}

pub fn query(task: &Task, body: &SafeBody, n: &Node, e: &Edge) -> Query {
    let mut vars = task.var_names();
    vars.extend(e.locals.iter().map(|l| l.name.clone()));
    let mut assertions = vec![body.region(n), e.relation.clone()];
    for m in targets(body, n, e)
        .into_iter()
        .filter_map(|id| body.node(id))
    {
        assertions.push(Expr::not(prime(&body.region(m))));
    }
    Query {
        vars,
        nexts: task.var_names(),
        assertions,
    }
}

/// The model is a step out of `n` by `e` that no listed successor covers.
pub fn failure(task: &Task, body: &SafeBody, n: &Node, e: &Edge, m: &Model) -> CheckError {
    let (state, inputs) = split(&m.vars, &task.var_names());
    CheckError::Closure {
        node: n.id,
        location: n.location.clone(),
        cube: cube_text(body, n),
        edge: e.id,
        name: e.name.clone(),
        to: e.to.clone(),
        targets: targets(body, n, e),
        state,
        inputs,
        next: m.nexts.clone(),
    }
}
