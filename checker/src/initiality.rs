//! Obligation 2 (initiality): `I(s) and AND over initial nodes n of not region(n)(s)` is UNSAT.
#![forbid(unsafe_code)]

use crate::error::CheckError;
use crate::index::Index;
use crate::solver::{Model, Query};
use format::Expr;

pub fn query(ix: &Index) -> Query {
    let mut assertions = vec![ix.task.init.clone()];
    for n in ix.body.initial.iter().filter_map(|&i| ix.node(i)) {
        assertions.push(Expr::not(ix.region(n)));
    }
    Query {
        vars: ix.task.var_names(),
        nexts: vec![],
        assertions,
    }
}

/// The model is an initial state that no initial node covers.
pub fn failure(ix: &Index, m: &Model) -> CheckError {
    CheckError::Initiality {
        state: m.vars.clone(),
        location: ix.task.initial_location.clone(),
        initial: ix.body.initial.clone(),
    }
}
