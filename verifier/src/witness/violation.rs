//! The waypoints of a violation witness, from an UNSAFE certificate: the
//! run is first refined to single statements (`concretize`), so that every
//! nondet value is known at the call that returned it.

use super::cexpr::{CScope, CVar, Printer};
use super::{Waypoint, WaypointKind};
use crate::concretize;
use format::{Expr, Num};
use std::path::Path;

/// One waypoint per nondet value (an assumption on the variable it was
/// stored in, at the next statement; else the call's return value), then
/// the target at the failing call.
pub fn waypoints(
    cert: &format::Certificate,
    source: &Path,
    info: &frontend::CSourceInfo,
) -> Result<Vec<Waypoint>, String> {
    let st = concretize::sbe_trace(cert, source)?;
    let stmt = |step: usize| -> Option<&format::SourceStatement> {
        let edge = st.trace.steps.get(step)?.edge;
        st.source_map.statements(edge).last()
    };
    let function_at = |step: usize| -> String {
        let edge = st.trace.steps[step].edge as usize;
        info.function_of(&st.sbe_task.edges[edge].from)
            .unwrap_or("main")
            .to_string()
    };
    let mut out = Vec::new();
    for read in &st.nondet {
        let assigned = read.assigned.as_ref().and_then(|v| {
            let c = info.vars.get(v)?;
            (!c.array).then(|| (v.clone(), c))
        });
        // The first statement of another position after the assignment.
        let next = assigned.as_ref().and_then(|_| {
            let here = stmt(read.assign_step.unwrap_or(read.step)).map(|s| (s.line, s.col));
            (read.assign_step.unwrap_or(read.step) + 1..st.trace.steps.len()).find(|&j| {
                stmt(j).is_some_and(|s| {
                    Some((s.line, s.col)) != here && !s.text.starts_with("__VERIFIER_nondet_")
                })
            })
        });
        match (assigned, next) {
            (Some((var, c)), Some(j))
                if st.sbe_task.edges[st.trace.steps[j].edge as usize].to
                    != st.sbe_task.bad_location =>
            {
                let mut scope = CScope::new();
                scope.insert(
                    var.clone(),
                    CVar {
                        c_name: c.c_name.clone(),
                        signed: c.ty.signed,
                        bits: c.ty.bits,
                    },
                );
                let eq = Expr::eq(Expr::var(&var), Expr::Int(Num(read.value.clone())));
                let text = Printer { scope: &scope }
                    .formula(&eq)
                    .ok_or_else(|| format!("cannot state `{} == {}` in C", c.c_name, read.value))?;
                let s = stmt(j).expect("found above");
                out.push(Waypoint {
                    kind: WaypointKind::Assumption(text),
                    line: s.line,
                    column: s.col,
                    function: function_at(j),
                });
            }
            _ => out.push(Waypoint {
                kind: WaypointKind::FunctionReturn(format!("\\result == {}", read.value)),
                line: read.line,
                // The closing parenthesis of the call.
                column: read.col + read.call_text.len().max(1) as u32 - 1,
                function: function_at(read.step),
            }),
        }
    }
    let last = st
        .trace
        .steps
        .len()
        .checked_sub(1)
        .ok_or("the trace has no step")?;
    let edge = st.trace.steps[last].edge;
    let stmts = st.source_map.statements(edge);
    let target = stmts
        .iter()
        .find(|s| s.text.contains("reach_error") || s.text.contains("__VERIFIER_error"))
        .or(stmts.last())
        .ok_or("the failing step has no source statement")?;
    out.push(Waypoint {
        kind: WaypointKind::Target,
        line: target.line,
        column: target.col,
        function: function_at(last),
    });
    Ok(out)
}
