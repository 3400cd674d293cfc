//! Parity invariants for PDR's frames: Houdini over the candidates
//! `t mod 2 = r` (t a variable or a sum of variables, r 0 or 1) at every
//! location, so that lemmas of loops that count by two need no
//! divisibility reasoning of their own. Where runs reached a location, the
//! candidates also include the parity relations its sampled states all
//! satisfy (their affine hull mod 2), whatever the number of variables
//! summed.

use crate::invariants::Samples;
use crate::smt::{self, Budget, View};
use crate::Unknown;
use format::{Expr, Num, Task, VarSort};
use num_bigint::BigInt;
use num_integer::Integer;
use std::collections::BTreeMap;
use z3::ast::Bool;
use z3::Solver;

/// At most this many state variables get pair sums (the candidates grow
/// with the square).
const PAIRS_UP_TO: usize = 8;

/// At most this many independent relations among the variables whose
/// parity varies across a location's samples are enumerated (every sum of
/// them: 2^k - 1 candidates); with more, the samples say too little and
/// the location gets the default candidates only.
const SAMPLED_RELATIONS_UP_TO: usize = 5;

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
                // Sums of more variables that the samples allow, after
                // the single variables and pairs.
                let sampled = samples.at(l).filter(|s| !s.is_empty());
                for f in sampled
                    .and_then(|s| sampled_relations(task, s))
                    .unwrap_or_default()
                {
                    if !at.contains(&f) {
                        at.push(f);
                    }
                }
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
        .flat_map(|(l, fs)| {
            independent(task, fs)
                .into_iter()
                .map(move |f| (l.to_string(), f))
        })
        .collect())
}

/// The facts less those that follow from earlier ones: parities add, so
/// `(a + b) mod 2 = r` and `(b + c) mod 2 = s` give `(a + c) mod 2 = r xor s`,
/// and a fact in the span (mod 2) of the ones kept before it only makes
/// PDR's frames bigger. A fact that contradicts the earlier ones (at a
/// location no state reaches) is kept, and so is one over something other
/// than a sum of variables.
fn independent(task: &Task, facts: Vec<Expr>) -> Vec<Expr> {
    let index: BTreeMap<&str, usize> = (task.vars.iter().enumerate())
        .map(|(i, v)| (v.name.as_str(), i))
        .collect();
    let relation = |f: &Expr| -> Option<(u128, bool)> {
        let Expr::Eq(lhs, r) = f else { return None };
        let Expr::Mod(t, _) = &**lhs else { return None };
        let vars = match &**t {
            Expr::Add(vs) => vs.as_slice(),
            one => std::slice::from_ref(one),
        };
        let mask = vars.iter().try_fold(0u128, |acc, v| match v {
            Expr::Var(n) => (index.get(n.as_str()))
                .filter(|&&i| i < 128)
                .map(|&i| acc ^ 1 << i),
            _ => None,
        })?;
        Some((mask, **r != Expr::int(0)))
    };
    let mut kept = Echelon::default();
    facts
        .into_iter()
        .filter(|f| match relation(f) {
            // Implied (dropped), contradicting (kept), or new (kept).
            Some((m, r)) => match kept.reduce(m, r) {
                (0, r) => r,
                (m, r) => {
                    kept.insert(m, r);
                    true
                }
            },
            None => true,
        })
        .collect()
}

/// Relations mod 2 (a mask of variables summed, a residue) in reduced row
/// echelon form: each row's pivot bit is set in no other row.
#[derive(Default)]
struct Echelon {
    rows: Vec<(u32, u128, bool)>,
}

impl Echelon {
    /// `(m, r)` less the rows whose pivots it has: `(0, _)` when it is in
    /// their span (with `r` the residue it differs from theirs by).
    fn reduce(&self, mut m: u128, mut r: bool) -> (u128, bool) {
        for &(pivot, row, residue) in &self.rows {
            if m >> pivot & 1 == 1 {
                m ^= row;
                r ^= residue;
            }
        }
        (m, r)
    }

    /// Adds a reduced, nonzero `(m, r)` (from [`Echelon::reduce`]).
    fn insert(&mut self, m: u128, r: bool) {
        let pivot = m.trailing_zeros();
        for (_, row, residue) in self.rows.iter_mut() {
            if *row >> pivot & 1 == 1 {
                *row ^= m;
                *residue ^= r;
            }
        }
        self.rows.push((pivot, m, r));
    }
}

/// Every parity relation that all of `states` (one location's samples)
/// satisfy: `x mod 2 = r` for each integer variable whose parity never
/// changes, and, among the others, every sum whose parity never changes
/// (the null space mod 2 of the differences between the states' parity
/// vectors, enumerated from a basis). `None` when that basis has more than
/// [`SAMPLED_RELATIONS_UP_TO`] elements or there are more than 128 integer
/// variables.
fn sampled_relations(task: &Task, states: &[Vec<BigInt>]) -> Option<Vec<Expr>> {
    let ints: Vec<usize> = (0..task.vars.len())
        .filter(|&i| task.vars[i].sort == VarSort::Int)
        .collect();
    let parity = |state: &Vec<BigInt>, i: usize| state.get(i).is_some_and(BigInt::is_odd);
    let first = states.first()?;
    let mut out = Vec::new();
    let mut varying = Vec::new();
    for &i in &ints {
        let p = parity(first, i);
        if states.iter().all(|s| parity(s, i) == p) {
            out.push(fact(&Expr::var(&task.vars[i].name), i64::from(p)));
        } else {
            varying.push(i);
        }
    }
    if varying.len() > 128 {
        return None;
    }
    let vector = |s: &Vec<BigInt>| -> u128 {
        (varying.iter().enumerate())
            .filter(|&(_, &i)| parity(s, i))
            .fold(0, |acc, (bit, _)| acc | 1u128 << bit)
    };
    let origin = vector(first);
    // The differences in reduced row echelon form.
    let mut differences = Echelon::default();
    for s in states {
        let (d, _) = differences.reduce(vector(s) ^ origin, false);
        if d != 0 {
            differences.insert(d, false);
        }
    }
    let rows = &differences.rows;
    // A basis of the null space: one vector per non-pivot bit.
    let basis: Vec<u128> = (0..varying.len() as u32)
        .filter(|bit| rows.iter().all(|&(pivot, _, _)| pivot != *bit))
        .map(|free| {
            (rows.iter())
                .filter(|&&(_, row, _)| row >> free & 1 == 1)
                .fold(1u128 << free, |acc, &(pivot, _, _)| acc | 1u128 << pivot)
        })
        .collect();
    if basis.len() > SAMPLED_RELATIONS_UP_TO {
        return None;
    }
    for combination in 1u32..(1 << basis.len()) {
        let sum = (0..basis.len())
            .filter(|k| combination >> k & 1 == 1)
            .fold(0u128, |acc, k| acc ^ basis[k]);
        let vars: Vec<Expr> = (0..varying.len())
            .filter(|bit| sum >> bit & 1 == 1)
            .map(|bit| Expr::var(&task.vars[varying[bit]].name))
            .collect();
        let r = (sum & origin).count_ones() % 2;
        let term = match <[Expr; 1]>::try_from(vars) {
            Ok([one]) => one,
            Err(many) => Expr::Add(many),
        };
        out.push(fact(&term, i64::from(r)));
    }
    Some(out)
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
    use proptest::prelude::*;

    fn four_vars() -> Task {
        Task {
            vars: ["x", "y", "z", "w"].map(VarDecl::int).to_vec(),
            locations: vec!["l".into(), "bad".into()],
            initial_location: "l".into(),
            bad_location: "bad".into(),
            init: Expr::Bool(true),
            edges: vec![],
        }
    }

    /// One location `l` (and `bad`) with one loop.
    fn looping(vars: &[&str], init: Expr, relation: Expr) -> Task {
        Task {
            vars: vars.iter().map(|v| VarDecl::int(v)).collect(),
            init,
            edges: vec![Edge {
                id: 0,
                name: "loop".into(),
                from: "l".into(),
                to: "l".into(),
                locals: vec![],
                relation,
            }],
            ..four_vars()
        }
    }

    fn states(rows: &[[i64; 4]]) -> Vec<Vec<BigInt>> {
        rows.iter()
            .map(|r| r.iter().map(|&v| BigInt::from(v)).collect())
            .collect()
    }

    /// A relation as (mask of the variables summed, residue).
    fn as_mask(task: &Task, relation: &Expr) -> (u32, u32) {
        let Expr::Eq(lhs, r) = relation else {
            panic!("{relation:?}")
        };
        let Expr::Mod(t, _) = &**lhs else {
            panic!("{relation:?}")
        };
        let vars = match &**t {
            Expr::Add(vs) => vs.clone(),
            one => vec![one.clone()],
        };
        let mask = vars.iter().fold(0, |acc, v| {
            let Expr::Var(name) = v else { panic!("{v:?}") };
            acc | 1 << task.vars.iter().position(|d| &d.name == name).unwrap()
        });
        (mask, u32::from(**r != Expr::int(0)))
    }

    #[test]
    fn samples_give_a_parity_relation_over_three_variables() {
        // x + y + z is always even, every pair's sum varies, w is odd.
        let task = four_vars();
        let sampled = [[0, 0, 0, 5], [1, 1, 0, 7], [1, 0, 1, -9], [0, 1, 1, 3]];
        let found = sampled_relations(&task, &states(&sampled)).unwrap();
        let masks: Vec<(u32, u32)> = found.iter().map(|f| as_mask(&task, f)).collect();
        assert_eq!(masks, vec![(0b1000, 1), (0b0111, 0)]);
    }

    #[test]
    fn samples_saying_too_little_give_no_sampled_relations() {
        // One state: every variable keeps its parity, so the relations are
        // the four single variables (every sum follows from them).
        let task = four_vars();
        let found = sampled_relations(&task, &states(&[[1, 2, 3, 4]])).unwrap();
        assert_eq!(found.len(), 4);
        // Seven variables that change parity only all together: six
        // independent relations, 63 sums, more than the cap.
        let task = Task {
            vars: ["a", "b", "c", "d", "e", "f", "g"]
                .map(VarDecl::int)
                .to_vec(),
            ..four_vars()
        };
        let two = vec![
            vec![BigInt::from(0); 7],
            (0..7).map(|_| BigInt::from(1)).collect(),
        ];
        assert_eq!(sampled_relations(&task, &two), None);
    }

    #[test]
    fn parity_facts_implied_by_earlier_ones_are_dropped_and_contradictions_kept() {
        let task = four_vars();
        let v = |n: &str| Expr::var(n);
        let sum = |ns: &[&str]| Expr::Add(ns.iter().map(|n| v(n)).collect());
        let facts = vec![
            fact(&v("x"), 0),
            fact(&sum(&["x", "y"]), 1),
            fact(&v("y"), 1), // x + (x + y): implied
            fact(&sum(&["x", "y", "z"]), 1),
            fact(&v("z"), 0), // (x + y) + (x + y + z): implied
            fact(&v("y"), 0), // contradicts: an unreachable location
        ];
        let kept = independent(&task, facts.clone());
        assert_eq!(
            kept,
            vec![
                facts[0].clone(),
                facts[1].clone(),
                facts[3].clone(),
                facts[5].clone()
            ]
        );
    }

    #[test]
    fn houdini_finds_the_parity_of_a_sum_of_three_from_samples() {
        // Each step adds one to two of x, y, z: x + y + z stays even while
        // every variable and every pair changes parity (dillig32's shape).
        z3::with_z3_config(&z3::Config::new(), || {
            let v = |n: &str| Expr::var(n);
            let step = |a: &str, b: &str, c: &str| {
                Expr::And(vec![
                    Expr::eq(Expr::next(a), Expr::Add(vec![v(a), Expr::int(1)])),
                    Expr::eq(Expr::next(b), Expr::Add(vec![v(b), Expr::int(1)])),
                    Expr::eq(Expr::next(c), v(c)),
                ])
            };
            let task = looping(
                &["x", "y", "z"],
                Expr::And(
                    ["x", "y", "z"]
                        .map(|n| Expr::eq(v(n), Expr::int(0)))
                        .to_vec(),
                ),
                Expr::Or(vec![
                    step("x", "y", "z"),
                    step("y", "z", "x"),
                    step("x", "z", "y"),
                ]),
            );
            crate::smt::set_array_vars(&task);
            let sum = Expr::Add(vec![v("x"), v("y"), v("z")]);
            let unsampled = parity_invariants(&task, &Budget::new(None), None).unwrap();
            assert!(unsampled.is_empty(), "{unsampled:?}");
            let samples = crate::invariants::sampled_states(&task, &Budget::new(None)).unwrap();
            let found = parity_invariants(&task, &Budget::new(None), Some(&samples)).unwrap();
            assert_eq!(found, vec![("l".to_string(), fact(&sum, 0))]);
        });
    }

    proptest! {
        /// Every relation found holds in every sample, and every sum of
        /// variables whose parity all samples share follows from them.
        #[test]
        fn sampled_relations_are_exactly_the_samples_parity_relations(
            sampled in prop::collection::vec(prop::array::uniform4(-3i64..4), 1..6)
        ) {
            let task = four_vars();
            let rows = states(&sampled);
            let Some(found) = sampled_relations(&task, &rows) else { return Ok(()) };
            let parity = |row: &[i64; 4], mask: u32| {
                (0..4).filter(|b| mask >> b & 1 == 1).map(|b| row[b].rem_euclid(2)).sum::<i64>() as u32 % 2
            };
            let masks: Vec<(u32, u32)> = found.iter().map(|f| as_mask(&task, f)).collect();
            for &(mask, r) in &masks {
                for row in &sampled {
                    prop_assert_eq!(parity(row, mask), r);
                }
            }
            let mut span = vec![0u32];
            for &(mask, _) in &masks {
                let more: Vec<u32> = span.iter().map(|s| s ^ mask).collect();
                span.extend(more);
            }
            for mask in 1u32..16 {
                let shared = sampled.iter().all(|row| parity(row, mask) == parity(&sampled[0], mask));
                if shared {
                    prop_assert!(span.contains(&mask), "mask {:04b} missing from {:?}", mask, masks);
                }
            }
        }
    }

    #[test]
    fn houdini_keeps_the_parity_of_a_counter_by_two_and_nothing_false() {
        z3::with_z3_config(&z3::Config::new(), || {
            let x = || Expr::var("x");
            let task = looping(
                &["x", "y"],
                Expr::eq(x(), Expr::int(0)),
                Expr::eq(Expr::next("x"), Expr::Add(vec![x(), Expr::int(2)])),
            );
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
