//! Exact elimination of existentially bound integers by substitution: `exists b. (b == t && F)` is `F[t/b]`.
//!
//! Lifting a proof to the locations the cut-point reduction removed takes
//! the image of a region through an edge (`exists x. R(x) && T(x, x')`)
//! or its preimage, one Z3 quantifier-elimination tactic each: 3–7 ms on
//! tasks whose whole proof takes 10 (the tactic framework's set-up, not
//! the problem). Most edges are assignments, `x' == x + 1` or `a == -1 +
//! a'`, whose equations name every bound variable: substituting them is
//! the whole elimination. Anything else is left to Z3.

use format::{BigInt, Expr, Num};
use std::collections::{BTreeMap, BTreeSet};

/// `exists bound. and(conjuncts)` as a conjunction over the other
/// variables, when top-level linear equations with a coefficient of ±1
/// on each bound variable solve for all of them; `None` otherwise.
/// `bound` holds `Var` and `Next` terms; ground conjuncts are evaluated.
pub(crate) fn eliminate(conjuncts: &[Expr], bound: &BTreeSet<Expr>) -> Option<Expr> {
    let mut parts = Vec::new();
    for c in conjuncts {
        flatten(c, &mut parts);
    }
    loop {
        let Some((i, var, value)) = parts
            .iter()
            .enumerate()
            .find_map(|(i, c)| solvable(c, bound).map(|(v, t)| (i, v, t)))
        else {
            break;
        };
        parts.remove(i);
        parts = parts
            .iter()
            .map(|c| c.rewrite(&|x| (*x == var).then(|| value.clone())))
            .collect();
    }
    if parts.iter().any(|c| mentions(c, bound)) {
        return None;
    }
    let mut kept = Vec::new();
    for c in parts {
        if is_ground(&c) {
            match format::eval::Env::default().holds(&c) {
                Ok(true) => continue,
                Ok(false) => return Some(Expr::Bool(false)),
                Err(_) => {}
            }
        }
        kept.push(c);
    }
    Some(match kept.len() {
        0 => Expr::Bool(true),
        1 => kept.pop().expect("one"),
        _ => Expr::And(kept),
    })
}

fn flatten(e: &Expr, out: &mut Vec<Expr>) {
    match e {
        Expr::And(xs) => xs.iter().for_each(|x| flatten(x, out)),
        Expr::Bool(true) => {}
        _ => out.push(e.clone()),
    }
}

fn mentions(e: &Expr, bound: &BTreeSet<Expr>) -> bool {
    let mut stack = vec![e];
    while let Some(x) = stack.pop() {
        if bound.contains(x) {
            return true;
        }
        stack.extend(x.children());
    }
    false
}

fn is_ground(e: &Expr) -> bool {
    let (mut vars, mut nexts) = (Vec::new(), Vec::new());
    e.collect_vars(&mut vars, &mut nexts);
    vars.is_empty() && nexts.is_empty()
}

/// A bound variable `b` and the term `t` with `c` equivalent to `b == t`:
/// `c` a linear equation in which `b` has coefficient ±1 (the first such
/// bound variable in term order).
fn solvable(c: &Expr, bound: &BTreeSet<Expr>) -> Option<(Expr, Expr)> {
    let Expr::Eq(l, r) = c else {
        return None;
    };
    let (coefs, k) = linear(&Expr::Sub(l.clone(), r.clone()))?;
    let (b, a) = coefs
        .iter()
        .find(|(v, a)| bound.contains(*v) && (**a == BigInt::from(1) || **a == BigInt::from(-1)))?;
    // a b + rest + k == 0, so b == -(rest + k) / a, and 1/a == a for a = ±1.
    let minus_a = -a.clone();
    let mut terms: Vec<Expr> = coefs
        .iter()
        .filter(|(v, _)| *v != b)
        .map(|(v, c)| scaled(&(c * &minus_a), v.clone()))
        .collect();
    let k = &k * &minus_a;
    if k != BigInt::from(0) || terms.is_empty() {
        terms.push(Expr::Int(Num(k)));
    }
    let t = match terms.len() {
        1 => terms.pop().expect("one"),
        _ => Expr::Add(terms),
    };
    Some((b.clone(), t))
}

fn scaled(c: &BigInt, v: Expr) -> Expr {
    if *c == BigInt::from(1) {
        v
    } else {
        Expr::Mul(Num(c.clone()), Box::new(v))
    }
}

/// `e` as `sum a_v v + k` over its `Var` and `Next` terms, zero
/// coefficients dropped; `None` if it is not linear.
pub(crate) fn linear(e: &Expr) -> Option<(BTreeMap<Expr, BigInt>, BigInt)> {
    let mut coefs: BTreeMap<Expr, BigInt> = BTreeMap::new();
    let mut k = BigInt::from(0);
    let mut stack: Vec<(&Expr, BigInt)> = vec![(e, BigInt::from(1))];
    while let Some((e, m)) = stack.pop() {
        match e {
            Expr::Int(Num(v)) => k += &m * v,
            Expr::Var(_) | Expr::Next(_) => *coefs.entry(e.clone()).or_default() += &m,
            Expr::Add(xs) => stack.extend(xs.iter().map(|x| (x, m.clone()))),
            Expr::Sub(a, b) => {
                stack.push((a, m.clone()));
                stack.push((b, -m));
            }
            Expr::Neg(a) => stack.push((a, -m)),
            Expr::Mul(Num(c), a) => stack.push((a, m * c)),
            _ => return None,
        }
    }
    coefs.retain(|_, a| *a != BigInt::from(0));
    Some((coefs, k))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(xs: &[Expr]) -> BTreeSet<Expr> {
        xs.iter().cloned().collect()
    }

    #[test]
    fn assignments_are_substituted_and_ground_facts_evaluated() {
        // exists x. x >= 3 && x' == x + 1 && y' == y: x' >= 4 (y free).
        let x = || Expr::var("x");
        let image = eliminate(
            &[
                Expr::Ge(Box::new(x()), Box::new(Expr::int(3))),
                Expr::eq(Expr::next("x"), Expr::Add(vec![x(), Expr::int(1)])),
            ],
            &set(&[x()]),
        )
        .unwrap();
        let env = |v: i64| format::eval::Env {
            nexts: [("x".to_string(), BigInt::from(v))].into_iter().collect(),
            ..Default::default()
        };
        assert_eq!(env(4).holds(&image), Ok(true));
        assert_eq!(env(3).holds(&image), Ok(false));
        // `a == -1 + a'` solves for a as well; 0 == 0 disappears.
        let a = || Expr::var("a");
        let got = eliminate(
            &[
                Expr::eq(a(), Expr::Add(vec![Expr::int(-1), Expr::next("a")])),
                Expr::eq(a(), Expr::int(0)),
            ],
            &set(&[a()]),
        )
        .unwrap();
        let env = |v: i64| format::eval::Env {
            nexts: [("a".to_string(), BigInt::from(v))].into_iter().collect(),
            ..Default::default()
        };
        assert_eq!(env(1).holds(&got), Ok(true));
        assert_eq!(env(2).holds(&got), Ok(false));
    }

    #[test]
    fn a_bound_variable_without_a_unit_equation_is_left_to_the_solver() {
        let x = || Expr::var("x");
        // 2 x == x': x' even, which substitution cannot say.
        let doubled = Expr::eq(Expr::Mul(Num::from_i64(2), Box::new(x())), Expr::next("x"));
        assert_eq!(eliminate(&[doubled], &set(&[x()])), None);
        // x only in an inequality: a projection, not a substitution.
        let bounded = Expr::Lt(Box::new(x()), Box::new(Expr::next("x")));
        assert_eq!(eliminate(&[bounded], &set(&[x()])), None);
        // A contradiction among ground facts is false.
        let y = || Expr::var("y");
        let got = eliminate(
            &[Expr::eq(y(), Expr::int(1)), Expr::eq(y(), Expr::int(2))],
            &set(&[y()]),
        );
        assert_eq!(got, Some(Expr::Bool(false)));
    }
}
