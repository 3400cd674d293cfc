//! Obligation 3 (closure): `region(n)(s) and T_e(s,s',w) and AND over m in succ(n,e) of not region(m)(s')` is UNSAT.
//!
//! With quantified regions, `region(n)` is assumed at the hinted instances
//! only and each `not region(m)` gets its own Skolem constants: the query
//! stays quantifier-free and an UNSAT answer still proves the obligation.
#![forbid(unsafe_code)]

use crate::index::Index;
use crate::solver::Query;
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
