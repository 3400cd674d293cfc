//! Regions of abstract nodes as formulas, their next-state copies, and readable cube text.
#![forbid(unsafe_code)]

use format::print::expr_to_string;
use format::{Expr, Node, SafeBody, Valuation};

/// `region(n)(s')`: the region with every `Var(x)` replaced by `Next(x)`.
/// Regions mention state variables only (checked by the structure obligation).
pub fn prime(e: &Expr) -> Expr {
    let b = |x: &Expr| Box::new(prime(x));
    let v = |xs: &[Expr]| xs.iter().map(prime).collect();
    match e {
        Expr::Var(n) => Expr::Next(n.clone()),
        Expr::Bool(_) | Expr::Int(_) | Expr::Next(_) => e.clone(),
        Expr::Add(xs) => Expr::Add(v(xs)),
        Expr::And(xs) => Expr::And(v(xs)),
        Expr::Or(xs) => Expr::Or(v(xs)),
        Expr::Sub(x, y) => Expr::Sub(b(x), b(y)),
        Expr::Neg(x) => Expr::Neg(b(x)),
        Expr::Mul(k, x) => Expr::Mul(k.clone(), b(x)),
        Expr::Div(x, k) => Expr::Div(b(x), k.clone()),
        Expr::Mod(x, k) => Expr::Mod(b(x), k.clone()),
        Expr::Eq(x, y) => Expr::Eq(b(x), b(y)),
        Expr::Lt(x, y) => Expr::Lt(b(x), b(y)),
        Expr::Le(x, y) => Expr::Le(b(x), b(y)),
        Expr::Gt(x, y) => Expr::Gt(b(x), b(y)),
        Expr::Ge(x, y) => Expr::Ge(b(x), b(y)),
        Expr::Not(x) => Expr::Not(b(x)),
        Expr::Implies(x, y) => Expr::Implies(b(x), b(y)),
        Expr::Ite(c, x, y) => Expr::Ite(b(c), b(x), b(y)),
    }
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
