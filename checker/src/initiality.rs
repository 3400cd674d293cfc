//! Obligation 2 (initiality): `I(s) and AND over initial nodes n of not region(n)(s)` is UNSAT.
#![forbid(unsafe_code)]

use crate::error::CheckError;
use crate::solver::{Model, Query};
use format::{Expr, SafeBody, Task};

pub fn query(task: &Task, body: &SafeBody) -> Query {
    let mut assertions = vec![task.init.clone()];
    for n in body.initial.iter().filter_map(|&i| body.node(i)) {
        assertions.push(Expr::not(body.region(n)));
    }
    Query {
        vars: task.var_names(),
        nexts: vec![],
        assertions,
    }
}

/// The model is an initial state that no initial node covers.
pub fn failure(task: &Task, body: &SafeBody, m: &Model) -> CheckError {
    let (location, initial) = (task.initial_location.clone(), body.initial.clone());
    CheckError::Initiality {
        state: m.vars.clone(),
        location,
        initial,
    }
}
