//! Obligation 2 (initiality): `I(s) and AND over initial nodes n of not region(n)(s)` is UNSAT.
#![forbid(unsafe_code)]

use crate::index::Index;
use crate::solver::Query;

/// Initial regions are goals only, so a quantified one needs no hints:
/// its negation becomes Skolem constants.
pub fn query(ix: &Index) -> Query {
    let mut assertions = vec![ix.task.init.clone()];
    let mut vars = ix.task.int_var_names();
    for n in ix.body.initial.iter().filter_map(|&i| ix.node(i)) {
        vars.extend(ix.skolems(n));
        assertions.push(ix.outside(n, false));
    }
    Query {
        vars,
        arrays: ix.task.array_var_names(),
        assertions,
        ..Query::default()
    }
}
