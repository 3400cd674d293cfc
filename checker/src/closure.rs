//! Obligation 3 (closure): `region(n)(s) and T_e(s,s',w) and AND over m in succ(n,e) of not region(m)(s')` is UNSAT.
#![forbid(unsafe_code)]

use crate::error::CheckError;
use crate::index::Index;
use crate::regions::{cube_text, prime, split};
use crate::solver::{Model, Query};
use format::{Edge, Expr, Node};

/// The query of one (node, edge) pair, built only when it is checked: the
/// pairs are iterated lazily ([`Index::steps`]) and their sizes bounded ([`crate::work`]).
pub fn query(ix: &Index, n: &Node, e: &Edge) -> Query {
    let mut vars = ix.task.var_names();
    vars.extend(e.locals.iter().map(|l| l.name.clone()));
    let mut assertions = vec![ix.region(n), e.relation.clone()];
    for m in ix
        .targets(n.id, e.id)
        .into_iter()
        .filter_map(|id| ix.node(id))
    {
        assertions.push(Expr::not(prime(&ix.region(m))));
    }
    Query {
        vars,
        nexts: ix.task.var_names(),
        assertions,
    }
}

/// The model is a step out of `n` by `e` that no listed successor covers.
pub fn failure(ix: &Index, n: &Node, e: &Edge, m: &Model) -> CheckError {
    let (state, inputs) = split(&m.vars, &ix.task.var_names());
    CheckError::Closure {
        node: n.id,
        location: n.location.clone(),
        cube: cube_text(ix.body, n),
        edge: e.id,
        name: e.name.clone(),
        to: e.to.clone(),
        targets: ix.targets(n.id, e.id),
        state,
        inputs,
        next: m.nexts.clone(),
    }
}
