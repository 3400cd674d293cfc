//! Renders a check report as text lines (`-v` style) or as a JSON document.
#![forbid(unsafe_code)]

use crate::error::CheckError;
use crate::{Outcome, Record, Report, Verdict};
use serde_json::{json, Value};

pub fn verdict_name(v: Verdict) -> &'static str {
    match v {
        Verdict::Valid => "VALID",
        Verdict::Invalid => "INVALID",
        Verdict::Inconclusive => "INCONCLUSIVE",
    }
}

fn place(r: &Record) -> String {
    let n = r.node.map(|n| format!(" node {n}")).unwrap_or_default();
    let e = r.edge.map(|e| format!(" edge {e}")).unwrap_or_default();
    format!("{}{n}{e}", r.obligation)
}

/// One line per obligation: name, node, edge, result, time.
pub fn verbose_line(r: &Record) -> String {
    let id = |v: Option<u32>| v.map_or("-".to_string(), |v| v.to_string());
    let result = match &r.outcome {
        Outcome::Holds => "holds".to_string(),
        Outcome::Fails(_) => "FAILS".to_string(),
        Outcome::Unknown(why) => format!("UNKNOWN ({why})"),
    };
    let (node, edge, ms) = (id(r.node), id(r.edge), r.seconds * 1000.0);
    format!(
        "{:<10} node {node:<5} edge {edge:<5} {result:<8} {ms:>9.3} ms",
        r.obligation
    )
}

/// The human summary: verdict line, then one line per failure or unknown.
pub fn text(rep: &Report) -> String {
    let v = rep.verdict();
    // What the verdict is about is on the verdict line itself.
    let about = match v {
        Verdict::Valid => format!(" for {}", rep.bound_to),
        _ => String::new(),
    };
    let mut out = format!(
        "{}{about} ({} obligations checked)\n",
        verdict_name(v),
        rep.records.len()
    );
    for r in &rep.records {
        match &r.outcome {
            Outcome::Fails(e) => out += &format!("  {e}\n"),
            Outcome::Unknown(why) => out += &format!("  {}: inconclusive: {why}\n", place(r)),
            Outcome::Holds => {}
        }
    }
    if rep.records.is_empty() {
        out += "  nothing was checked\n";
    }
    out
}

fn counterexample(e: &CheckError) -> Value {
    match e {
        CheckError::Initiality { state, .. } => json!({ "state": state }),
        CheckError::Closure {
            state,
            inputs,
            next,
            ..
        } => json!({ "state": state, "inputs": inputs, "next": next }),
        _ => Value::Null,
    }
}

pub fn json(rep: &Report) -> Value {
    let mut failures = vec![];
    let mut unknown = vec![];
    for r in &rep.records {
        match &r.outcome {
            Outcome::Fails(e) => failures.push(json!({
                "obligation": r.obligation, "node": r.node, "edge": r.edge,
                "message": e.to_string(), "counterexample": counterexample(e),
            })),
            Outcome::Unknown(why) => unknown.push(json!({
                "obligation": r.obligation, "node": r.node, "edge": r.edge, "reason": why,
            })),
            Outcome::Holds => {}
        }
    }
    json!({
        "verdict": verdict_name(rep.verdict()),
        "binding": { "kind": rep.binding, "valid_for": rep.bound_to },
        "obligations_checked": rep.records.len(),
        "failures": failures,
        "inconclusive": unknown,
        "io_errors": rep.io_errors,
        // Which solver decided the obligations (archives record it).
        "solver": format!("cvc5 {}", crate::solver::cvc5_version()),
    })
}

impl Report {
    pub fn failures(&self) -> impl Iterator<Item = (&Record, &CheckError)> {
        self.records.iter().filter_map(|r| match &r.outcome {
            Outcome::Fails(e) => Some((r, e)),
            _ => None,
        })
    }
}
