//! The waypoints of a violation witness, from an UNSAFE certificate: the
//! run is first refined to single statements (`concretize`), so that every
//! nondet value is known at the call that returned it.

use super::cexpr::{CScope, CVar, Printer};
use super::{Waypoint, WaypointKind};
use crate::concretize::{self, NondetRead, SourceTrace};
use format::{Expr, Num, SourceStatement};
use std::path::Path;

/// Most nondet values written as waypoints; a run with more (a loop filling
/// an array with 100,000 values) gets only its target, which is weaker but
/// still a witness, rather than a file too large to read.
pub const MAX_WAYPOINTS: usize = 10_000;

/// One waypoint per nondet value (an assumption on the variable it was
/// stored in, at the next statement; else the call's return value), then
/// the target at the failing call. A run too long to keep statement by
/// statement gets `function_return` waypoints only.
pub fn waypoints(
    cert: &format::Certificate,
    source: &Path,
    info: &frontend::CSourceInfo,
) -> Result<Vec<Waypoint>, String> {
    let st = match concretize::sbe_trace(cert, source) {
        Ok(st) => st,
        Err(e) if e.contains("too long to keep") => concretize::nondet_reads(cert, source)?,
        Err(e) => return Err(e),
    };
    let function_of = |loc: &str| info.function_of(loc).unwrap_or("main").to_string();
    let mut out = Vec::new();
    if st.nondet.len() <= MAX_WAYPOINTS {
        for read in &st.nondet {
            let w = match assumption(&st, info, read) {
                Some(w) => w,
                None => Waypoint {
                    kind: WaypointKind::FunctionReturn(format!("\\result == {}", read.value)),
                    line: read.line,
                    // The closing parenthesis of the call.
                    column: read.col + read.call_text.len().max(1) as u32 - 1,
                    function: call_site(&st, read)
                        .map(|loc| function_of(&loc))
                        .unwrap_or_else(|| "main".into()),
                },
            };
            out.push(w);
        }
    }
    let (target, loc) = target(cert, &st).ok_or("the failing step has no source statement")?;
    out.push(Waypoint {
        kind: WaypointKind::Target,
        line: target.line,
        column: target.col,
        function: function_of(&loc),
    });
    Ok(out)
}

/// The last source statement of an SBE step.
fn statement(st: &SourceTrace, step: usize) -> Option<&SourceStatement> {
    let edge = st.trace.steps.get(step)?.edge;
    st.source_map.statements(edge).last()
}

/// `x == v` at the first statement after the one that stored the value in
/// the C variable `x`, when the run is kept and that statement is not the
/// failing one.
fn assumption(
    st: &SourceTrace,
    info: &frontend::CSourceInfo,
    read: &NondetRead,
) -> Option<Waypoint> {
    let var = read.assigned.as_ref()?;
    let c = info.vars.get(var).filter(|c| !c.array)?;
    let stored = read.assign_step.unwrap_or(read.step);
    let here = statement(st, stored).map(|s| (s.line, s.col));
    let next = (stored + 1..st.trace.steps.len()).find(|&j| {
        statement(st, j).is_some_and(|s| {
            Some((s.line, s.col)) != here && !s.text.starts_with("__VERIFIER_nondet_")
        })
    })?;
    let edge = &st.sbe_task.edges[st.trace.steps[next].edge as usize];
    if edge.to == st.sbe_task.bad_location {
        return None;
    }
    let mut scope = CScope::new();
    scope.insert(
        var.clone(),
        CVar {
            c_name: c.c_name.clone(),
            signed: c.ty.signed,
            bits: c.ty.bits,
        },
    );
    let eq = Expr::eq(Expr::var(var), Expr::Int(Num(read.value.clone())));
    let text = Printer { scope: &scope }.formula(&eq)?;
    let s = statement(st, next)?;
    Some(Waypoint {
        kind: WaypointKind::Assumption(text),
        line: s.line,
        column: s.col,
        function: info.function_of(&edge.from).unwrap_or("main").to_string(),
    })
}

/// The location of the call edge of a nondet read (from the kept run, else
/// the SBE edge whose statement is the call).
fn call_site(st: &SourceTrace, read: &NondetRead) -> Option<String> {
    if let Some(step) = st.trace.steps.get(read.step) {
        return Some(st.sbe_task.edges[step.edge as usize].from.clone());
    }
    st.source_map
        .edges
        .iter()
        .find(|o| {
            o.statements
                .iter()
                .any(|s| s.line == read.line && s.col == read.col)
        })
        .map(|o| st.sbe_task.edges[o.edge as usize].from.clone())
}

fn is_error_call(s: &SourceStatement) -> bool {
    s.text.contains("reach_error") || s.text.contains("__VERIFIER_error")
}

/// The failing call and the location it is made at.
fn target(cert: &format::Certificate, st: &SourceTrace) -> Option<(SourceStatement, String)> {
    let pick = |stmts: &[SourceStatement]| {
        stmts
            .iter()
            .find(|s| is_error_call(s))
            .or(stmts.last())
            .cloned()
    };
    if let Some(last) = st.trace.steps.last() {
        let s = pick(st.source_map.statements(last.edge))?;
        return Some((s, st.sbe_task.edges[last.edge as usize].from.clone()));
    }
    // Not kept: the certificate's own last step names the call; the SBE
    // edge into the error location with that statement gives the place.
    let format::Body::Unsafe(trace) = &cert.body else {
        return None;
    };
    let map = cert.source_map.as_ref()?;
    let s = pick(map.statements(trace.steps.last()?.edge))?;
    let loc = st
        .sbe_task
        .edges
        .iter()
        .filter(|e| e.to == st.sbe_task.bad_location)
        .find(|e| {
            st.source_map
                .statements(e.id)
                .iter()
                .any(|x| x.line == s.line && x.col == s.col)
        })
        .map(|e| e.from.clone())?;
    Some((s, loc))
}
