//! Dropping the facts of a conjunction that the others imply: guessed invariants kept small before they seed PDR.

use crate::smt::{self, Budget, View};
use crate::Unknown;
use format::{BigInt, Expr, Num};
use std::collections::BTreeMap;
use z3::ast::Bool;
use z3::Solver;

/// Is `goal` implied by what `s` holds (over frame 0)? `s` is left as it was.
fn implied_in(
    s: &Solver,
    assumptions: &[Bool],
    goal: &Expr,
    budget: &Budget,
) -> Result<bool, Unknown> {
    s.push();
    s.assert(smt::encode_bool(goal, View::state(0)).not());
    let sat = budget.check(s, assumptions);
    s.pop(1);
    Ok(!sat?)
}

/// Drops each bound `t >= c` beside a bound `t >= d` on the same term with
/// `d > c`: implied without a query (thresholds and sampled minima often
/// give several bounds on one term).
pub(crate) fn drop_weaker_bounds(facts: Vec<Expr>) -> Vec<Expr> {
    fn bound(f: &Expr) -> Option<(&Expr, &BigInt)> {
        match f {
            Expr::Ge(t, c) => match &**c {
                Expr::Int(Num(c)) => Some((&**t, c)),
                _ => None,
            },
            _ => None,
        }
    }
    let mut strongest: BTreeMap<&Expr, &BigInt> = BTreeMap::new();
    for (t, c) in facts.iter().filter_map(bound) {
        let best = strongest.entry(t).or_insert(c);
        *best = (*best).max(c);
    }
    let weaker: Vec<bool> = facts
        .iter()
        .map(|f| bound(f).is_some_and(|(t, c)| c < strongest[t]))
        .collect();
    let mut weaker = weaker.into_iter();
    facts
        .into_iter()
        .filter(|_| !weaker.next().unwrap_or(false))
        .collect()
}

/// Drops facts implied by the others, one solver for the whole set (each
/// fact behind an indicator); the earlier a fact in the list, the likelier
/// it stays (equalities come first, template bounds last). The facts kept
/// imply every fact dropped, so their conjunction is the same.
pub(crate) fn drop_implied(facts: Vec<Expr>, budget: &Budget) -> Result<Vec<Expr>, Unknown> {
    let facts = drop_weaker_bounds(facts);
    let s = smt::solver();
    let encoded: Vec<Bool> = facts
        .iter()
        .map(|f| smt::encode_bool(f, View::state(0)))
        .collect();
    let indicators: Vec<Bool> = (0..facts.len())
        .map(|i| Bool::new_const(format!("certa!fact!{i}")))
        .collect();
    for (f, a) in encoded.iter().zip(&indicators) {
        s.assert(a.implies(f));
    }
    // Greedy in list order: keep the first fact that a model of the kept
    // ones breaks, until the kept ones imply all the rest. One query per
    // kept fact, not one per fact (loop3: 174 facts that 8 imply).
    let mut kept: Vec<usize> = Vec::new();
    let mut rest: Vec<usize> = (0..facts.len()).collect();
    while !rest.is_empty() {
        let assumptions: Vec<Bool> = kept.iter().map(|&k| indicators[k].clone()).collect();
        let all_rest: Vec<Bool> = rest.iter().map(|&r| encoded[r].clone()).collect();
        s.push();
        s.assert(Bool::and(&all_rest).not());
        let sat = budget.check(&s, &assumptions);
        let model = match sat {
            Ok(true) => s.get_model(),
            _ => None,
        };
        s.pop(1);
        if !sat? {
            break;
        }
        let broken = model.and_then(|m| {
            rest.iter()
                .position(|&r| m.eval(&encoded[r], true).and_then(|b| b.as_bool()) != Some(true))
        });
        match broken {
            Some(p) => kept.push(rest.remove(p)),
            // A model that breaks none of them cannot be read: keep them all.
            None => {
                kept.append(&mut rest);
                break;
            }
        }
    }
    kept.sort_unstable();
    // Then drop, latest first, each kept fact the other kept ones imply:
    // a later fact may make an earlier one redundant.
    let mut alive = kept.clone();
    for &i in kept.iter().rev() {
        let others: Vec<Bool> = alive
            .iter()
            .filter(|&&j| j != i)
            .map(|&j| indicators[j].clone())
            .collect();
        if implied_in(&s, &others, &facts[i], budget)? {
            alive.retain(|&j| j != i);
        }
    }
    Ok(alive.into_iter().map(|i| facts[i].clone()).collect())
}
