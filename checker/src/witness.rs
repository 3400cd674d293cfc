//! Obligation 4 (witnesses): a listed concrete step really starts in n, follows e and ends in m.
#![forbid(unsafe_code)]

use crate::concrete::{domain, env, holds};
use crate::error::CheckError;
use crate::regions::prime;
use format::print::expr_to_string;
use format::{Edge, Node, SafeBody, Task, Valuation, Witness};

fn run(
    task: &Task,
    body: &SafeBody,
    n: &Node,
    e: &Edge,
    m: &Node,
    w: &Witness,
) -> Result<(), String> {
    let vars = task.var_names();
    let locals: Vec<String> = e.locals.iter().map(|l| l.name.clone()).collect();
    domain("the witness state", &w.state, &vars)?;
    domain("the witness inputs", &w.inputs, &locals)?;
    domain("the witness next state", &w.next, &vars)?;
    let none = Valuation::new();
    let (src, dst) = (body.region(n), body.region(m));
    let what = |id: u32, r: &format::Expr| format!("region of node {id} `{}`", expr_to_string(r));
    holds(&env(&[&w.state], &none), &src, &what(n.id, &src), &w.state)?;
    let rel = format!("relation `{}`", expr_to_string(&e.relation));
    let mut all = w.state.clone();
    all.extend(w.inputs.iter().map(|(k, v)| (k.clone(), v.clone())));
    all.extend(w.next.iter().map(|(k, v)| (format!("{k}'"), v.clone())));
    holds(
        &env(&[&w.state, &w.inputs], &w.next),
        &e.relation,
        &rel,
        &all,
    )?;
    holds(
        &env(&[], &w.next),
        &prime(&dst),
        &format!("{} at the next state", what(m.id, &dst)),
        &w.next,
    )
}

pub fn check(
    task: &Task,
    body: &SafeBody,
    n: &Node,
    e: &Edge,
    m: &Node,
    w: &Witness,
) -> Result<(), CheckError> {
    run(task, body, n, e, m, w).map_err(|reason| CheckError::Witness {
        node: n.id,
        edge: e.id,
        name: e.name.clone(),
        target: m.id,
        reason,
    })
}
