//! Obligation 4 (witnesses): a listed concrete step really starts in n, follows e and ends in m.
#![forbid(unsafe_code)]

use crate::concrete::{domain, env, holds, joined};
use crate::error::{show, CheckError};
use crate::index::Index;
use format::print::expr_to_string;
use format::{Edge, Node, Valuation, Witness};

fn run(ix: &Index, n: &Node, e: &Edge, m: &Node, w: &Witness) -> Result<(), String> {
    let vars = ix.task.var_names();
    let locals: Vec<String> = e.locals.iter().map(|l| l.name.clone()).collect();
    domain("the witness state", &w.state, &vars)?;
    domain("the witness inputs", &w.inputs, &locals)?;
    domain("the witness next state", &w.next, &vars)?;
    let none = Valuation::new();
    // Regions are evaluated literal by literal; region(m)(s') is region(m)
    // over the next state's values.
    ix.region_holds(n, &env(&[&w.state], &none))
        .map_err(|why| {
            format!(
                "the state {} is not in node {}: {why}",
                show(&w.state),
                n.id
            )
        })?;
    holds(&env(&[&w.state, &w.inputs], &w.next), &e.relation, || {
        (
            format!("relation `{}`", expr_to_string(&e.relation)),
            joined(&w.state, &w.inputs, &w.next),
        )
    })?;
    ix.region_holds(m, &env(&[&w.next], &none)).map_err(|why| {
        format!(
            "the next state {} is not in node {}: {why}",
            show(&w.next),
            m.id
        )
    })
}

pub fn check(ix: &Index, n: &Node, e: &Edge, m: &Node, w: &Witness) -> Result<(), CheckError> {
    run(ix, n, e, m, w).map_err(|reason| CheckError::Witness {
        node: n.id,
        edge: e.id,
        name: e.name.clone(),
        target: m.id,
        reason,
    })
}
