//! `ite`-free relations: an integer or Boolean `ite` becomes a disjunction of its two
//! cases.

use format::Expr;

/// The first integer `ite` in `e` (outside nested formulas), as (cond, then, else).
fn find_int_ite(e: &Expr) -> Option<(Expr, Expr, Expr)> {
    match e {
        Expr::Ite(c, a, b) => Some((*c.clone(), *a.clone(), *b.clone())),
        Expr::Bool(_) | Expr::Int(_) | Expr::Var(_) | Expr::Next(_) => None,
        _ => e.children().into_iter().find_map(find_int_ite),
    }
}

/// Replaces the integer term `from` by `to` inside the integer term or atom `e`.
fn replace_term(e: &Expr, from: &Expr, to: &Expr) -> Expr {
    if e == from {
        return to.clone();
    }
    let r = |x: &Expr| Box::new(replace_term(x, from, to));
    match e {
        Expr::Add(v) => Expr::Add(v.iter().map(|x| replace_term(x, from, to)).collect()),
        Expr::Sub(a, b) => Expr::Sub(r(a), r(b)),
        Expr::Neg(a) => Expr::Neg(r(a)),
        Expr::Mul(k, a) => Expr::Mul(k.clone(), r(a)),
        Expr::Div(a, d) => Expr::Div(r(a), d.clone()),
        Expr::Mod(a, d) => Expr::Mod(r(a), d.clone()),
        Expr::Eq(a, b) => Expr::Eq(r(a), r(b)),
        Expr::Lt(a, b) => Expr::Lt(r(a), r(b)),
        Expr::Le(a, b) => Expr::Le(r(a), r(b)),
        Expr::Gt(a, b) => Expr::Gt(r(a), r(b)),
        Expr::Ge(a, b) => Expr::Ge(r(a), r(b)),
        Expr::Ite(c, a, b) => Expr::Ite(c.clone(), r(a), r(b)),
        Expr::Select(a, i) => Expr::Select(r(a), r(i)),
        Expr::Store(a, i, v) => Expr::Store(r(a), r(i), r(v)),
        _ => e.clone(),
    }
}

/// Removes `ite` from a formula: an atom `A[ite(c, a, b)]` becomes
/// `(c and A[a]) or (not c and A[b])`, a Boolean `ite(c, p, q)` becomes
/// `(c and p) or (not c and q)`. Equivalent; the engine's interpolation
/// works on `ite`-free relations.
pub(crate) fn lift_ite(e: &Expr) -> Expr {
    match e {
        Expr::And(v) => Expr::And(v.iter().map(lift_ite).collect()),
        Expr::Or(v) => Expr::Or(v.iter().map(lift_ite).collect()),
        Expr::Not(a) => Expr::not(lift_ite(a)),
        Expr::Implies(a, b) => Expr::Implies(Box::new(lift_ite(a)), Box::new(lift_ite(b))),
        Expr::Ite(c, a, b) => {
            let c = lift_ite(c);
            Expr::Or(vec![
                Expr::And(vec![c.clone(), lift_ite(a)]),
                Expr::And(vec![Expr::not(c), lift_ite(b)]),
            ])
        }
        Expr::Eq(..) | Expr::Lt(..) | Expr::Le(..) | Expr::Gt(..) | Expr::Ge(..) => {
            match find_int_ite(e) {
                None => e.clone(),
                Some((c, a, b)) => {
                    let whole = Expr::Ite(
                        Box::new(c.clone()),
                        Box::new(a.clone()),
                        Box::new(b.clone()),
                    );
                    let c = lift_ite(&c);
                    Expr::Or(vec![
                        Expr::And(vec![c.clone(), lift_ite(&replace_term(e, &whole, &a))]),
                        Expr::And(vec![Expr::not(c), lift_ite(&replace_term(e, &whole, &b))]),
                    ])
                }
            }
        }
        _ => e.clone(),
    }
}
