//! Guarded candidate invariants: `b = 0 or x < y` for a 0/1 variable `b`
//! (a CHC `Bool` argument, a C flag) and two integer variables, when every
//! sampled state with `b = 1` has `x < y`. The samples may hold `x < y`
//! everywhere, or never show `b = 0`: runs from a few initial states often
//! do not, and `x < y` alone may still be no invariant where `b = 0`.
//!
//! Why: encodings that carry a verdict or a branch as a Boolean argument
//! (rust-horn's `%main.9(x, y, ..., ok)`) need invariants such as
//! `ok => x < y`, which no single linear inequality expresses; PDR then
//! learns one lemma per value. Houdini ([`crate::invariants`]) keeps only
//! the candidates that are inductive, so a wrong guess costs a query, not
//! soundness.

use format::{Expr, Num};
use num_bigint::BigInt;

/// Candidates per location at most.
const MAX_GUARDED: usize = 64;

/// The guarded comparisons that hold in every sampled state (`points`, a
/// value per variable of the task, in its order) where the guard holds,
/// over the variables `eligible` (indices; `names` gives their names).
pub(crate) fn guarded_candidates(
    names: &[String],
    points: &[Vec<BigInt>],
    eligible: &[usize],
) -> Vec<Expr> {
    let zero = BigInt::from(0);
    let one = BigInt::from(1);
    let is_flag = |i: usize| points.iter().all(|p| p[i] == zero || p[i] == one);
    let flags: Vec<usize> = eligible.iter().copied().filter(|&i| is_flag(i)).collect();
    let ints: Vec<usize> = eligible
        .iter()
        .copied()
        .filter(|i| !flags.contains(i))
        .collect();
    let var = |i: usize| Expr::var(&names[i]);
    let mut out = Vec::new();
    for &b in &flags {
        for value in [&one, &zero] {
            let under: Vec<&Vec<BigInt>> = points.iter().filter(|p| &p[b] == value).collect();
            if under.len() < 2 {
                continue;
            }
            // `b != value` as a bound.
            let otherwise = if *value == one {
                Expr::Le(Box::new(var(b)), Box::new(Expr::Int(Num(zero.clone()))))
            } else {
                Expr::Ge(Box::new(var(b)), Box::new(Expr::Int(Num(one.clone()))))
            };
            for (k, &x) in ints.iter().enumerate() {
                for &y in &ints[k + 1..] {
                    for rel in strongest_relations(&under, x, y) {
                        if out.len() == MAX_GUARDED {
                            return out;
                        }
                        out.push(Expr::Or(vec![otherwise.clone(), rel.expr(var(x), var(y))]));
                    }
                }
            }
        }
    }
    out
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Relation {
    Lt,
    Le,
    Gt,
    Ge,
}

impl Relation {
    fn holds(self, x: &BigInt, y: &BigInt) -> bool {
        match self {
            Relation::Lt => x < y,
            Relation::Le => x <= y,
            Relation::Gt => x > y,
            Relation::Ge => x >= y,
        }
    }

    fn expr(self, x: Expr, y: Expr) -> Expr {
        let (x, y) = (Box::new(x), Box::new(y));
        match self {
            Relation::Lt => Expr::Lt(x, y),
            Relation::Le => Expr::Le(x, y),
            Relation::Gt => Expr::Gt(x, y),
            Relation::Ge => Expr::Ge(x, y),
        }
    }
}

/// The strongest comparisons of `x` and `y` true in all `points`: `x < y`
/// or `x > y` if one holds, else `x <= y` and/or `x >= y` (both: equal).
fn strongest_relations(points: &[&Vec<BigInt>], x: usize, y: usize) -> Vec<Relation> {
    let all = |r: Relation| points.iter().all(|p| r.holds(&p[x], &p[y]));
    for strict in [Relation::Lt, Relation::Gt] {
        if all(strict) {
            return vec![strict];
        }
    }
    [Relation::Le, Relation::Ge]
        .into_iter()
        .filter(|&r| all(r))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn states(rows: &[[i64; 3]]) -> Vec<Vec<BigInt>> {
        rows.iter()
            .map(|r| r.iter().map(|&v| BigInt::from(v)).collect())
            .collect()
    }

    fn names() -> Vec<String> {
        ["x", "y", "ok"].iter().map(|s| s.to_string()).collect()
    }

    fn text(facts: &[Expr]) -> Vec<String> {
        facts.iter().map(format::print::expr_to_string).collect()
    }

    #[test]
    fn a_flag_that_implies_an_order_in_every_sample_gives_a_guarded_candidate() {
        // ok = 1 exactly where x < y in these samples.
        let points = states(&[[1, 5, 1], [2, 3, 1], [7, 2, 0], [4, 4, 0], [9, 1, 0]]);
        let facts = guarded_candidates(&names(), &points, &[0, 1, 2]);
        assert_eq!(
            text(&facts),
            vec![
                "ok <= 0 || x < y".to_string(),
                "ok >= 1 || x >= y".to_string()
            ]
        );
    }

    #[test]
    fn a_flag_seen_with_one_value_still_guards_what_holds_under_it() {
        // Runs that all started with ok = 1: `x < y` may hold only there.
        let points = states(&[[1, 5, 1], [2, 3, 1], [0, 2, 1]]);
        assert_eq!(
            text(&guarded_candidates(&names(), &points, &[0, 1, 2])),
            vec!["ok <= 0 || x < y".to_string()]
        );
    }

    #[test]
    fn a_variable_with_other_values_than_zero_and_one_is_no_guard() {
        let points = states(&[[1, 5, 1], [2, 3, 2], [7, 2, 0], [9, 1, 0]]);
        assert!(guarded_candidates(&names(), &points, &[0, 1, 2]).is_empty());
    }
}
