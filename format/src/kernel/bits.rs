//! Bitwise operators for solvers without them: one uninterpreted `and`,
//! `or`/`xor` through identities, and the facts every value satisfies.
//!
//! In two's complement of unbounded width, `x + y = (x ^ y) + 2 (x & y)`
//! and `x | y = (x ^ y) + (x & y)`, so `x | y = x + y - (x & y)` and
//! `x ^ y = x + y - 2 (x & y)`. A solver then sees `and` as an
//! uninterpreted function `f` (applied to its operands in one canonical
//! order, since `&` is commutative) constrained by [`facts`]: statements
//! true of the real `&` for all integers, so adding them to a query never
//! removes a real model, and an UNSAT answer holds for the real operator.
//! What the facts do not pin down (most bits) stays unknown: a proof that
//! needs more is not found (the query is SAT or unknown), never wrongly
//! accepted. SAT models are re-evaluated exactly, so such a model is
//! reported as unknown, not as a counterexample.

use crate::expr::Expr;

/// The uninterpreted function standing for bitwise and in SMT-LIB text and in solvers.
pub const BITAND: &str = "certa.bitand";

/// The operands of a bitwise operator in canonical order.
pub fn ordered<'a>(a: &'a Expr, b: &'a Expr) -> (&'a Expr, &'a Expr) {
    if a <= b {
        (a, b)
    } else {
        (b, a)
    }
}

/// Every distinct operand pair `(x, y)` (canonical order) of a bitwise
/// operator in `es`, in first-occurrence order.
pub fn and_pairs(es: &[Expr]) -> Vec<(Expr, Expr)> {
    let mut out: Vec<(Expr, Expr)> = Vec::new();
    let mut stack: Vec<&Expr> = es.iter().rev().collect();
    while let Some(e) = stack.pop() {
        if let Expr::BitAnd(a, b) | Expr::BitOr(a, b) | Expr::BitXor(a, b) = e {
            let (x, y) = ordered(a, b);
            if !out.iter().any(|(p, q)| p == x && q == y) {
                out.push((x.clone(), y.clone()));
            }
        }
        let mut kids = e.children();
        kids.reverse();
        stack.extend(kids);
    }
    out
}

/// Facts about `a = x & y` that hold for all integers `x`, `y`:
/// - `x >= 0 -> 0 <= a <= x` and `y >= 0 -> 0 <= a <= y` (a non-negative
///   operand's clear bits stay clear; the result has no more ones);
/// - `x < 0 and y < 0 -> a <= x and a <= y and a < 0` (a negative value is
///   `-2^N` plus its low ones; `&` only removes ones, and the sign bits
///   of two negatives stay set);
/// - `a mod 2 = 1 <-> (x mod 2 = 1 and y mod 2 = 1)` (the lowest bit);
/// - `x = y -> a = x`, `x = -1 -> a = y`, `y = -1 -> a = x`.
pub fn facts(x: &Expr, y: &Expr) -> Vec<Expr> {
    let a = Expr::BitAnd(Box::new(x.clone()), Box::new(y.clone()));
    let b = |e: &Expr| Box::new(e.clone());
    let zero = || Box::new(Expr::int(0));
    let le = |p: &Expr, q: &Expr| Expr::Le(b(p), b(q));
    let ge0 = |p: &Expr| Expr::Ge(b(p), zero());
    let lt0 = |p: &Expr| Expr::Lt(b(p), zero());
    let odd = |p: &Expr| Expr::eq(Expr::Mod(b(p), crate::Num::from_i64(2)), Expr::int(1));
    let imp = |p: Expr, q: Expr| Expr::Implies(Box::new(p), Box::new(q));
    let minus_one = Expr::int(-1);
    vec![
        imp(ge0(x), Expr::And(vec![ge0(&a), le(&a, x)])),
        imp(ge0(y), Expr::And(vec![ge0(&a), le(&a, y)])),
        imp(
            Expr::And(vec![lt0(x), lt0(y)]),
            Expr::And(vec![lt0(&a), le(&a, x), le(&a, y)]),
        ),
        Expr::And(vec![
            imp(odd(&a), Expr::And(vec![odd(x), odd(y)])),
            imp(Expr::And(vec![odd(x), odd(y)]), odd(&a)),
        ]),
        imp(
            Expr::eq(x.clone(), y.clone()),
            Expr::eq(a.clone(), x.clone()),
        ),
        imp(
            Expr::eq(x.clone(), minus_one.clone()),
            Expr::eq(a.clone(), y.clone()),
        ),
        imp(Expr::eq(y.clone(), minus_one), Expr::eq(a, x.clone())),
    ]
}

/// The facts of every bitwise operand pair in `es`.
pub fn all_facts(es: &[Expr]) -> Vec<Expr> {
    and_pairs(es)
        .iter()
        .flat_map(|(x, y)| facts(x, y))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Env;
    use proptest::prelude::*;

    proptest! {
        /// The facts are theorems of the real operator: exact evaluation
        /// satisfies every one, for values across the whole 64-bit range.
        #[test]
        fn bit_facts_hold_for_every_pair_of_values(x in any::<i64>(), y in any::<i64>(), small in -8i64..8) {
            for (p, q) in [(x, y), (small, y), (x, small), (small, small), (x, x)] {
                let mut env = Env::default();
                env.vars.insert("x".into(), p.into());
                env.vars.insert("y".into(), q.into());
                for f in facts(&Expr::var("x"), &Expr::var("y")) {
                    prop_assert_eq!(env.holds(&f), Ok(true), "{} on x={} y={}", crate::print::expr_to_string(&f), p, q);
                }
            }
        }

        /// `or` and `xor` equal the identities through `and` the encodings use.
        #[test]
        fn or_and_xor_identities_hold(x in any::<i64>(), y in any::<i64>()) {
            let (x, y) = (crate::BigInt::from(x), crate::BigInt::from(y));
            let and = &x & &y;
            prop_assert_eq!(&x | &y, &x + &y - &and);
            prop_assert_eq!(&x ^ &y, &x + &y - 2 * &and);
        }
    }
}
