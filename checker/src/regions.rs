//! Regions of abstract nodes as formulas, their next-state copies, and readable cube text.
#![forbid(unsafe_code)]

use format::print::expr_to_string;
use format::{Expr, Node, SafeBody, Valuation};

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
