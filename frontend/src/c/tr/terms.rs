//! Expression builders of the C translation: integer and truth terms, simplified and
//! constant-folded as they are built.

use super::*;

pub(super) fn num(v: BigInt) -> Expr {
    Expr::Int(Num(v))
}

pub(super) fn konst(e: &Expr) -> Option<BigInt> {
    match e {
        Expr::Int(n) => Some(n.0.clone()),
        _ => None,
    }
}

/// Replaces variable-free subterms by their value.
pub(super) fn fold(e: Expr) -> Expr {
    let mut vs = Vec::new();
    let mut ns = Vec::new();
    e.collect_vars(&mut vs, &mut ns);
    if vs.is_empty() && ns.is_empty() {
        match format::eval::Env::default().eval(&e) {
            Ok(format::eval::Value::Int(i)) => return num(i),
            Ok(format::eval::Value::Bool(b)) => return Expr::Bool(b),
            Ok(format::eval::Value::Array(_)) | Err(_) => {}
        }
    }
    e
}

pub(super) fn add(a: Expr, b: Expr) -> Expr {
    if konst(&b).is_some_and(|k| k.is_zero()) {
        return a;
    }
    fold(Expr::Add(vec![a, b]))
}
pub(super) fn sub(a: Expr, b: Expr) -> Expr {
    if konst(&b).is_some_and(|k| k.is_zero()) {
        return a;
    }
    fold(Expr::Sub(Box::new(a), Box::new(b)))
}
pub(super) fn neg(a: Expr) -> Expr {
    fold(Expr::Neg(Box::new(a)))
}
pub(super) fn ite(c: Expr, a: Expr, b: Expr) -> Expr {
    match c {
        Expr::Bool(true) => a,
        Expr::Bool(false) => b,
        c if a == b => {
            let _ = c;
            a
        }
        c => Expr::Ite(Box::new(c), Box::new(a), Box::new(b)),
    }
}
pub(super) fn not(c: Expr) -> Expr {
    match c {
        Expr::Bool(b) => Expr::Bool(!b),
        Expr::Not(x) => *x,
        c => Expr::Not(Box::new(c)),
    }
}
pub(super) fn and(a: Expr, b: Expr) -> Expr {
    match (a, b) {
        (Expr::Bool(true), x) | (x, Expr::Bool(true)) => x,
        (Expr::Bool(false), _) | (_, Expr::Bool(false)) => Expr::Bool(false),
        (a, b) => Expr::And(vec![a, b]),
    }
}
pub(super) fn or(a: Expr, b: Expr) -> Expr {
    match (a, b) {
        (Expr::Bool(false), x) | (x, Expr::Bool(false)) => x,
        (Expr::Bool(true), _) | (_, Expr::Bool(true)) => Expr::Bool(true),
        (a, b) => Expr::Or(vec![a, b]),
    }
}
pub(super) fn cmp(op: BinOp, a: Expr, b: Expr) -> Expr {
    let (a, b) = (Box::new(a), Box::new(b));
    fold(match op {
        BinOp::Lt => Expr::Lt(a, b),
        BinOp::Gt => Expr::Gt(a, b),
        BinOp::Le => Expr::Le(a, b),
        BinOp::Ge => Expr::Ge(a, b),
        BinOp::Eq => Expr::Eq(a, b),
        _ => Expr::Not(Box::new(Expr::Eq(a, b))),
    })
}

/// `lo <= e && e <= hi`.
pub(super) fn in_range(e: Expr, ty: &Ty) -> Expr {
    and(
        Expr::Ge(Box::new(e.clone()), Box::new(num(ty.min()))),
        Expr::Le(Box::new(e), Box::new(num(ty.max()))),
    )
}

/// `c` for `ite(c, 1, 0)`.
pub(super) fn strip_bool(e: &Expr) -> Option<Expr> {
    if let Expr::Ite(c, a, b) = e {
        if konst(a) == Some(BigInt::one()) && konst(b) == Some(BigInt::zero()) {
            return Some((**c).clone());
        }
    }
    None
}
