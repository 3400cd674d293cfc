//! Regions of abstract nodes as formulas, their next-state copies, and readable cube text.
#![forbid(unsafe_code)]

use crate::index::Index;
use format::print::expr_to_string;
use format::{ArrayValuation, ArrayValue, Edge, Expr, Node, SafeBody, Valuation};

/// `region(n)(s')`: the region with every `Var(x)` replaced by `Next(x)`.
/// Regions mention state variables only (checked by the structure obligation).
pub fn prime(e: &Expr) -> Expr {
    e.rewrite(&|x| match x {
        Expr::Var(n) => Some(Expr::Next(n.clone())),
        _ => None,
    })
}

/// The node's cube as `[x >= 0, !(x == y)]`.
pub fn cube_text(body: &SafeBody, n: &Node) -> String {
    let lits: Vec<String> = n
        .cube
        .iter()
        .map(|l| match body.predicate(l.pred) {
            Some(p) if l.positive => expr_to_string(&p.formula),
            Some(p) => format!("!({})", expr_to_string(&p.formula)),
            None => format!("?p{}", l.pred),
        })
        .collect();
    format!("[{}]", lits.join(", "))
}

/// Splits a model's current-side values into state variables and edge locals.
pub fn split(vars: &Valuation, state: &[String]) -> (Valuation, Valuation) {
    vars.iter()
        .map(|(k, v)| (k.clone(), v.clone()))
        .partition(|(k, _)| state.contains(k))
}

/// Array values of a model for a message: ` with arrays a = [0 -> 1, else 7], b' = ...`.
pub fn arrays_text(cur: &ArrayValuation, next: &ArrayValuation) -> String {
    let one = |a: &ArrayValue| {
        let mut parts: Vec<String> = a
            .entries
            .iter()
            .take(8)
            .map(|(k, v)| format!("{} -> {}", crate::error::short(k), crate::error::short(v)))
            .collect();
        if a.entries.len() > 8 {
            parts.push(format!("... {} more", a.entries.len() - 8));
        }
        parts.push(format!("else {}", crate::error::short(&a.default)));
        format!("[{}]", parts.join(", "))
    };
    let all: Vec<String> = cur
        .iter()
        .map(|(k, a)| format!("{k} = {}", one(a)))
        .chain(next.iter().map(|(k, a)| format!("{k}' = {}", one(a))))
        .collect();
    if all.is_empty() {
        String::new()
    } else {
        format!(" with arrays {}", all.join(", "))
    }
}

/// For a failed closure whose node has quantified clauses: the clauses
/// were assumed at the hinted instances only, so a missing or wrong hint
/// fails the obligation too.
pub fn hint_note(ix: &Index, n: &Node, e: &Edge) -> String {
    if n.forall.is_empty() {
        return String::new();
    }
    let hints = ix.hints(n.id, e.id);
    let shown: Vec<String> = hints
        .iter()
        .take(4)
        .map(|h| {
            let terms: Vec<String> = h.iter().map(expr_to_string).collect();
            format!("({})", terms.join(", "))
        })
        .collect();
    format!(
        " (node {}'s quantified clauses were assumed only at the {} hinted instance(s) {}{}: a missing or wrong hint also fails here)",
        n.id,
        hints.len(),
        shown.join(" "),
        if hints.len() > 4 { " ..." } else { "" }
    )
}
