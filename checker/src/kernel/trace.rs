//! Obligation 5 (trace replay): the concrete run starts in I at the initial location, follows edges, and enters bad.
#![forbid(unsafe_code)]

use crate::concrete::{arrays, domain, holds, joined};
use crate::error::CheckError;
use format::eval::{Env, NextArray};
use format::print::expr_to_string;
use format::{writes_to_val, Task, Trace, Valuation};
use std::collections::HashMap;
use std::time::Instant;

fn at(step: Option<usize>) -> impl Fn(String) -> CheckError {
    move |reason| CheckError::Trace { step, reason }
}

fn big(v: &Valuation) -> impl Iterator<Item = (String, format::BigInt)> + '_ {
    v.iter().map(|(k, n)| (k.clone(), n.0.clone()))
}

/// Replays `trace`; past `deadline` it stops with [`CheckError::OutOfTime`],
/// which the caller records as inconclusive. One environment is updated in
/// place, so a step costs its relation and its array writes, not the
/// size of the arrays.
pub fn check(task: &Task, trace: &Trace, deadline: Option<Instant>) -> Result<(), CheckError> {
    let edges: HashMap<u32, &format::Edge> = task.edges.iter().map(|e| (e.id, e)).collect();
    let vars = task.int_var_names();
    let array_vars = task.array_var_names();
    domain("the initial valuation", &trace.initial, &vars).map_err(at(None))?;
    domain("the initial arrays", &trace.initial_arrays, &array_vars).map_err(at(None))?;
    let mut env = Env {
        vars: big(&trace.initial).collect(),
        arrays: arrays("the initial arrays", &trace.initial_arrays).map_err(at(None))?,
        ..Env::default()
    };
    holds(&env, &task.init, || {
        (
            format!("init `{}`", expr_to_string(&task.init)),
            trace.initial.clone(),
        )
    })
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
        if let Some(a) = s.arrays.keys().find(|a| !array_vars.contains(a)) {
            return Err(fail(format!(
                "the step updates `{a}`, which is not an array variable"
            )));
        }
        env.vars.extend(big(&s.inputs));
        env.nexts = big(&s.next).collect();
        // An array the step does not list keeps its value.
        env.next_arrays = array_vars
            .iter()
            .map(|a| (a.clone(), NextArray::Writes(vec![])))
            .collect();
        for (a, u) in &s.arrays {
            let next = match &u.reset {
                Some(v) => {
                    let mut v = v.to_val().map_err(|r| fail(format!("array `{a}`: {r}")))?;
                    v.apply(&writes_to_val(&u.writes));
                    NextArray::Value(v)
                }
                None => NextArray::Writes(writes_to_val(&u.writes)),
            };
            env.next_arrays.insert(a.clone(), next);
        }
        holds(&env, &e.relation, || {
            let rel = format!(
                "relation of edge {} `{}` (`{}`)",
                e.id,
                e.name,
                expr_to_string(&e.relation)
            );
            (rel, joined(cur, &s.inputs, &s.next))
        })
        .map_err(&fail)?;
        // The next state becomes the current one.
        env.advance();
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
