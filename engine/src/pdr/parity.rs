//! Parity invariants for PDR's frames: Houdini over the candidates
//! `t mod 2 = r` (t a variable or the sum of two, r 0 or 1) at every
//! location, so that lemmas of loops that count by two need no
//! divisibility reasoning of their own.

use crate::invariants::Samples;
use crate::smt::{self, Budget, View};
use crate::Unknown;
use format::{Expr, Num, Task};
use std::collections::BTreeMap;
use z3::ast::Bool;
use z3::Solver;

/// At most this many state variables get pair sums (the candidates grow
/// with the square).
const PAIRS_UP_TO: usize = 8;

/// The terms whose parity is guessed.
fn terms(task: &Task) -> Vec<Expr> {
    let names = task.int_var_names();
    let mut out: Vec<Expr> = names.iter().map(|n| Expr::var(n)).collect();
    if names.len() <= PAIRS_UP_TO {
        for i in 0..names.len() {
            for j in i + 1..names.len() {
                out.push(Expr::Add(vec![Expr::var(&names[i]), Expr::var(&names[j])]));
            }
        }
    }
    out
}

/// `t mod 2 = r`.
pub fn fact(t: &Expr, r: i64) -> Expr {
    Expr::eq(
        Expr::Mod(Box::new(t.clone()), Num::from_i64(2)),
        Expr::int(r),
    )
}

/// The parity facts that hold in every reachable state, per location
/// (jointly inductive: each holds initially and every edge preserves it
/// given all facts at its source). The bad location gets none.
/// Candidates false in a state of `samples` (reachable states) are dropped
/// without asking the solver.
pub fn parity_invariants(
    task: &Task,
    budget: &Budget,
    samples: Option<&Samples>,
) -> Result<Vec<(String, Expr)>, Unknown> {
    let candidates: Vec<Expr> = terms(task)
        .iter()
        .flat_map(|t| [fact(t, 0), fact(t, 1)])
        .collect();
    let mut facts: BTreeMap<String, Vec<Expr>> = task
        .locations
        .iter()
        .filter(|l| **l != task.bad_location)
        .map(|l| {
            let mut at = candidates.clone();
            if let Some(samples) = samples {
                at.retain(|f| samples.all_satisfy(task, l, f));
            }
            (l.clone(), at)
        })
        .collect();
    // Initiation.
    if let Some(at_init) = facts.get_mut(task.initial_location.as_str()) {
        let s = smt::solver();
        s.assert(smt::encode_bool(&task.init, View::state(0)));
        drop_violated(&s, at_init, 0, budget)?;
    }
    // Consecution, to a fixpoint.
    crate::houdini::consecution(task, &mut facts, budget, &mut |s, mut targets, budget| {
        drop_violated(s, &mut targets, 1, budget)?;
        Ok(targets)
    })?;
    Ok(facts
        .into_iter()
        .flat_map(|(l, fs)| fs.into_iter().map(move |f| (l.to_string(), f)))
        .collect())
}

/// Removes from `facts` (read at `frame`) every fact that some model of
/// `s` falsifies; true if any was removed.
fn drop_violated(
    s: &Solver,
    facts: &mut Vec<Expr>,
    frame: usize,
    budget: &Budget,
) -> Result<bool, Unknown> {
    let mut changed = false;
    loop {
        if facts.is_empty() {
            return Ok(changed);
        }
        let encoded: Vec<Bool> = facts
            .iter()
            .map(|f| smt::encode_bool(f, View::state(frame)))
            .collect();
        s.push();
        s.assert(Bool::and(&encoded).not());
        let sat = budget.check(s, &[]);
        let model = match sat {
            Ok(true) => s.get_model(),
            _ => None,
        };
        s.pop(1);
        if !sat? {
            return Ok(changed);
        }
        let Some(m) = model else {
            return Err(Unknown("solver gave no model".into()));
        };
        let before = facts.len();
        let mut k = 0;
        facts.retain(|_| {
            let holds = m.eval(&encoded[k], true).and_then(|b| b.as_bool()) == Some(true);
            k += 1;
            holds
        });
        if facts.len() == before {
            // The model falsifies the conjunction, so some fact; be safe.
            return Err(Unknown("parity Houdini made no progress".into()));
        }
        changed = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use format::{Edge, VarDecl};

    #[test]
    fn houdini_keeps_the_parity_of_a_counter_by_two_and_nothing_false() {
        z3::with_z3_config(&z3::Config::new(), || {
            let x = || Expr::var("x");
            let task = Task {
                vars: vec![VarDecl::int("x"), VarDecl::int("y")],
                locations: vec!["l".into(), "bad".into()],
                initial_location: "l".into(),
                bad_location: "bad".into(),
                init: Expr::eq(x(), Expr::int(0)),
                edges: vec![Edge {
                    id: 0,
                    name: "loop".into(),
                    from: "l".into(),
                    to: "l".into(),
                    locals: vec![],
                    relation: Expr::eq(Expr::next("x"), Expr::Add(vec![x(), Expr::int(2)])),
                }],
            };
            crate::smt::set_array_vars(&task);
            let found = parity_invariants(&task, &Budget::new(None), None).unwrap();
            // y is havocked: only x's parity survives.
            assert_eq!(found, vec![("l".to_string(), fact(&x(), 0))]);
            // Sampled reachable states rule out most candidates for free:
            // the same invariants with fewer queries.
            let unsampled = Budget::new(None);
            parity_invariants(&task, &unsampled, None).unwrap();
            let samples = crate::invariants::sampled_states(&task, &Budget::new(None)).unwrap();
            let sampled = Budget::new(None);
            let again = parity_invariants(&task, &sampled, Some(&samples)).unwrap();
            assert_eq!(again, found);
            assert!(
                sampled.queries.get() < unsampled.queries.get(),
                "{} queries with samples, {} without",
                sampled.queries.get(),
                unsampled.queries.get()
            );
        });
    }
}
