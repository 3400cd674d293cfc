//! Obligation 3 (closure): `region(n)(s) and T_e(s,s',w) and AND over m in succ(n,e) of not region(m)(s')` is UNSAT.
//!
//! With quantified regions, `region(n)` is assumed at the hinted instances
//! only and each `not region(m)` gets its own Skolem constants: the query
//! stays quantifier-free and an UNSAT answer still proves the obligation.
#![forbid(unsafe_code)]

use crate::error::CheckError;
use crate::index::Index;
use crate::regions::{cube_text, split};
use crate::solver::{Model, Query};
use format::{Edge, Node};

/// The query of one (node, edge) pair, built only when it is checked: the
/// pairs are iterated lazily ([`Index::steps`]) and their sizes bounded ([`crate::work`]).
pub fn query(ix: &Index, n: &Node, e: &Edge) -> Query {
    let mut vars = ix.task.int_var_names();
    vars.extend(e.locals.iter().map(|l| l.name.clone()));
    let mut assertions = ix.hypothesis(n, ix.hints(n.id, e.id));
    assertions.push(e.relation.clone());
    for m in ix
        .targets(n.id, e.id)
        .into_iter()
        .filter_map(|id| ix.node(id))
    {
        vars.extend(ix.skolems(m));
        assertions.push(ix.outside(m, true));
    }
    Query {
        vars,
        nexts: ix.task.int_var_names(),
        arrays: ix.task.array_var_names(),
        next_arrays: ix.task.array_var_names(),
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
        arrays: crate::regions::arrays_text(&m.arrays, &m.next_arrays),
        note: crate::regions::hint_note(ix, n, e),
    }
}
