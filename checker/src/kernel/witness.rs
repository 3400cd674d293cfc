//! Obligation 4 (witnesses): a listed concrete step really starts in n, follows e and ends in m.
#![forbid(unsafe_code)]

use crate::concrete::{arrays, domain, env, holds, joined};
use crate::error::CheckError;
use crate::explain::show;
use crate::index::{Index, QUANTIFIED_WITNESS};
use format::eval::{Env, NextArray};
use format::print::expr_to_string;
use format::{Edge, Node, Valuation, Witness};

fn run(ix: &Index, n: &Node, e: &Edge, m: &Node, w: &Witness) -> Result<(), String> {
    let vars = ix.task.int_var_names();
    let array_vars = ix.task.array_var_names();
    let locals: Vec<String> = e.locals.iter().map(|l| l.name.clone()).collect();
    domain("the witness state", &w.state, &vars)?;
    domain("the witness state's arrays", &w.state_arrays, &array_vars)?;
    domain("the witness inputs", &w.inputs, &locals)?;
    domain("the witness next state", &w.next, &vars)?;
    domain(
        "the witness next state's arrays",
        &w.next_arrays,
        &array_vars,
    )?;
    let none = Valuation::new();
    let (cur_arrays, next_arrays) = (
        arrays("the witness state", &w.state_arrays)?,
        arrays("the witness next state", &w.next_arrays)?,
    );
    let pre = Env {
        arrays: cur_arrays.clone(),
        ..env(&[&w.state], &none)
    };
    let step = Env {
        arrays: cur_arrays,
        next_arrays: next_arrays
            .iter()
            .map(|(k, a)| (k.clone(), NextArray::Value(a.clone())))
            .collect(),
        ..env(&[&w.state, &w.inputs], &w.next)
    };
    let post = Env {
        arrays: next_arrays,
        ..env(&[&w.next], &none)
    };
    // Regions are evaluated literal by literal; region(m)(s') is region(m)
    // over the next state's values.
    ix.region_holds(n, &pre).map_err(|why| {
        format!(
            "the state {} is not in node {}: {why}",
            show(&w.state),
            n.id
        )
    })?;
    holds(&step, &e.relation, || {
        (
            format!("relation `{}`", expr_to_string(&e.relation)),
            joined(&w.state, &w.inputs, &w.next),
        )
    })?;
    ix.region_holds(m, &post).map_err(|why| {
        format!(
            "the next state {} is not in node {}: {why}",
            show(&w.next),
            m.id
        )
    })
}

pub fn check(ix: &Index, n: &Node, e: &Edge, m: &Node, w: &Witness) -> Result<(), CheckError> {
    // A witness shows an abstract edge is real; it is not needed for
    // soundness, so one this checker cannot decide is inconclusive.
    if !n.forall.is_empty() || !m.forall.is_empty() {
        return Err(CheckError::Undecided {
            obligation: "witness",
            reason: format!(
                "node {} --edge {}--> node {}: {QUANTIFIED_WITNESS}",
                n.id, e.id, m.id
            ),
        });
    }
    run(ix, n, e, m, w).map_err(|reason| CheckError::Witness {
        node: n.id,
        edge: e.id,
        name: e.name.clone(),
        target: m.id,
        reason,
    })
}
