//! Obligation 5 (trace replay): the concrete run starts in I at the initial location, follows edges, and enters bad.
#![forbid(unsafe_code)]

use crate::concrete::{domain, env, holds, joined};
use crate::error::CheckError;
use format::print::expr_to_string;
use format::{Task, Trace, Valuation};
use std::collections::HashMap;
use std::time::Instant;

fn at(step: Option<usize>) -> impl Fn(String) -> CheckError {
    move |reason| CheckError::Trace { step, reason }
}

/// Replays `trace`; past `deadline` it stops with [`CheckError::OutOfTime`],
/// which the caller records as inconclusive.
pub fn check(task: &Task, trace: &Trace, deadline: Option<Instant>) -> Result<(), CheckError> {
    let edges: HashMap<u32, &format::Edge> = task.edges.iter().map(|e| (e.id, e)).collect();
    let vars = task.var_names();
    domain("the initial valuation", &trace.initial, &vars).map_err(at(None))?;
    holds(
        &env(&[&trace.initial], &Valuation::new()),
        &task.init,
        || {
            (
                format!("init `{}`", expr_to_string(&task.init)),
                trace.initial.clone(),
            )
        },
    )
    .map_err(at(None))?;
    let (mut loc, mut cur) = (&task.initial_location, &trace.initial);
    for (i, s) in trace.steps.iter().enumerate() {
        let fail = at(Some(i));
        if i % 1024 == 0 && deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(CheckError::OutOfTime {
                obligation: "trace",
                at: format!("step {i}"),
            });
        }
        let e = edges
            .get(&s.edge)
            .ok_or_else(|| fail(format!("edge {} does not exist", s.edge)))?;
        if &e.from != loc {
            return Err(fail(format!(
                "edge {} `{}` leaves `{}`, but the run is at `{loc}`",
                e.id, e.name, e.from
            )));
        }
        let locals: Vec<String> = e.locals.iter().map(|l| l.name.clone()).collect();
        domain("the step inputs", &s.inputs, &locals).map_err(&fail)?;
        domain("the step's next state", &s.next, &vars).map_err(&fail)?;
        holds(&env(&[cur, &s.inputs], &s.next), &e.relation, || {
            let rel = format!(
                "relation of edge {} `{}` (`{}`)",
                e.id,
                e.name,
                expr_to_string(&e.relation)
            );
            (rel, joined(cur, &s.inputs, &s.next))
        })
        .map_err(&fail)?;
        (loc, cur) = (&e.to, &s.next);
    }
    if loc != &task.bad_location {
        let n = trace.steps.len();
        return Err(at(None)(format!(
            "the run of {n} steps ends at `{loc}`, not at the bad location `{}`",
            task.bad_location
        )));
    }
    Ok(())
}
