//! Residue splitting: a loop that branches on `t mod m` (a term over the
//! state, a small constant `m`) gets one location per residue, and answers
//! on it are lifted back as [`crate::split`]'s are.
//!
//! Why: `s_split_08` counts `j` up on the even steps of `i`, so
//! `2 j = i + (i mod 2)`: no linear invariant, and neither PDR's cubes nor
//! the guessed parities express it (unknown at 10 s; Golem's TRL solves
//! it). With a location per residue of `i mod 2` it is `2 j = i` at one
//! and `2 j = i + 1` at the other. And a loop that steps `i` by 2 or by 1
//! by its parity (`s_split_41`) has, at the even residue, a counter
//! stepped by 2 that [`crate::phases`] can split on.
//!
//! The first location (in task order) whose self-loops test `t mod m`
//! against constants (`t` over state variables, `2 <= m <=` [`MAX_MODULUS`])
//! becomes `L%r0` ... `L%r(m-1)`; an edge between copies is the original
//! with `t mod m = r` (and `t' mod m = s`) conjoined and every test of that
//! residue replaced by its truth value; combinations no step satisfies
//! (one query each) are dropped. Every original step is a step of the split
//! task, so invariants `R_r` of the copies give `L` the invariant
//! `or_r (t mod m = r && R_r)`, and a split counterexample's edges name
//! original edges.

use crate::smt::{Budget, Unknown};
use crate::split::{fold, primed, Split};
use format::{Edge, Expr, Num, Task};
use num_bigint::BigInt;

/// Moduli above this are data, not a small cycle of behaviours.
const MAX_MODULUS: u32 = 4;
/// Nor is a task with more locations than this split.
const MAX_LOCATIONS: usize = 16;

/// Where a task is split: the loop's location, the term and the modulus.
#[derive(Clone, Debug, PartialEq)]
pub struct Residues {
    pub loc: String,
    pub term: Expr,
    pub modulus: u32,
}

/// The `(t, m, c)` of an atom `t mod m = c` (either side), `m` a small
/// modulus and `t` over state variables only (current ones).
fn residue_test(atom: &Expr) -> Option<(&Expr, u32, &BigInt)> {
    let Expr::Eq(a, b) = atom else { return None };
    let (m, c) = match (&**a, &**b) {
        (m @ Expr::Mod(..), Expr::Int(Num(c))) | (Expr::Int(Num(c)), m @ Expr::Mod(..)) => (m, c),
        _ => return None,
    };
    let Expr::Mod(t, Num(d)) = m else { return None };
    let d = u32::try_from(d)
        .ok()
        .filter(|d| (2..=MAX_MODULUS).contains(d))?;
    Some((t, d, c))
}

/// Only current-state variables that are state variables of `task`.
fn over_state(t: &Expr, task: &Task, edge: &Edge) -> bool {
    let ints = task.int_var_names();
    let mut ok = true;
    let mut stack = vec![t];
    while let Some(e) = stack.pop() {
        match e {
            Expr::Var(n) => ok &= ints.contains(n) && !edge.locals.iter().any(|l| l.name == *n),
            Expr::Next(_) | Expr::Select(..) | Expr::Store(..) | Expr::ConstArray(_) => ok = false,
            _ => stack.extend(e.children()),
        }
    }
    ok
}

/// The residue split to make of `task`, if it has the shape (see the
/// module comment). Syntax only: no query.
pub fn candidate(task: &Task) -> Option<Residues> {
    if task.has_arrays() || task.locations.len() > MAX_LOCATIONS {
        return None;
    }
    for loc in &task.locations {
        if *loc == task.initial_location || *loc == task.bad_location {
            continue;
        }
        for e in task.edges.iter().filter(|e| e.from == *loc && e.to == *loc) {
            let mut stack = vec![&e.relation];
            while let Some(x) = stack.pop() {
                if let Some((t, m, _)) = residue_test(x) {
                    if over_state(t, task, e) {
                        return Some(Residues {
                            loc: loc.clone(),
                            term: t.clone(),
                            modulus: m,
                        });
                    }
                }
                stack.extend(x.children());
            }
        }
    }
    None
}

/// `t mod m = r`.
fn residue_is(t: &Expr, m: u32, r: u32) -> Expr {
    Expr::Eq(
        Box::new(Expr::Mod(Box::new(t.clone()), Num(BigInt::from(m)))),
        Box::new(Expr::Int(Num(BigInt::from(r)))),
    )
}

/// `relation` with the tests of `t mod m` decided by the residue `cur` of
/// the current state and `next` of the next one, where known.
fn decide(relation: &Expr, rs: &Residues, cur: Option<u32>, next: Option<u32>) -> Expr {
    let next_term = primed(&rs.term);
    fold(&relation.rewrite(&|x| {
        let (t, m, c) = residue_test(x)?;
        if m != rs.modulus {
            return None;
        }
        let r = if *t == rs.term {
            cur?
        } else if *t == next_term {
            next?
        } else {
            return None;
        };
        Some(Expr::Bool(*c == BigInt::from(r)))
    }))
}

fn place_name(task: &Task, loc: &str, r: u32) -> String {
    let mut name = format!("{loc}%r{r}");
    while task.has_location(&name) {
        name.push('%');
    }
    name
}

/// The residue split of `task` on `rs` (see the module comment).
pub fn split(task: &Task, rs: &Residues, budget: &Budget) -> Result<Split, Unknown> {
    let m = rs.modulus;
    let places = (0..m)
        .map(|r| {
            let name = place_name(task, &rs.loc, r);
            (name, vec![residue_is(&rs.term, m, r)])
        })
        .collect();
    let modulo = Expr::Mod(Box::new(rs.term.clone()), Num(BigInt::from(m)));
    let on = format!(
        "{m} residues of {} at {}",
        format::print::expr_to_string(&modulo),
        rs.loc
    );
    let residue = |i: Option<usize>| i.map(|i| i as u32);
    crate::split::split_location(
        task,
        &rs.loc,
        on,
        places,
        &|e, r, s| decide(&e.relation, rs, residue(r), residue(s)),
        budget,
    )
}

/// The residue split of `task` on `rs`, then the phase split of the
/// split task where it has phases ([`crate::phases::split_all`]), as one
/// split of `task`.
pub fn split_then_phases(task: &Task, rs: &Residues, budget: &Budget) -> Result<Split, Unknown> {
    let first = split(task, rs, budget)?;
    match crate::phases::candidate(&first.task) {
        Some(ph) => {
            let second = crate::phases::split_all(&first.task, &ph, budget)?;
            Ok(crate::phases::compose(first, second))
        }
        None => Ok(first),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdr::testing::{edge_ends, in_context};

    /// `s_split_08`'s shape: `j` counts the even steps of `i`.
    fn even_steps() -> Task {
        frontend::parse_ts(
            "even.ts",
            "var i: int; var j: int;
             location init; location l; location bad;
             initial init; bad bad;
             init true;
             edge 0 \"start\": init -> l relation i' == 0 && j' == 0;
             edge 1 \"step\": l -> l relation i' == i + 1
               && (i % 2 == 0 && j' == j + 1 || i % 2 != 0 && j' == j);
             edge 2 \"check\": l -> bad relation i == 2000000 && j != 1000000;",
        )
        .expect("test task parses")
    }

    #[test]
    fn a_loop_testing_a_parity_is_split_by_residue_and_impossible_steps_go() {
        let task = even_steps();
        let rs = candidate(&task).expect("i mod 2 is tested");
        assert_eq!((rs.loc.as_str(), rs.modulus), ("l", 2));
        let split = in_context(|| split(&task, &rs, &Budget::new(None)).expect("no timeout"));
        assert_eq!(split.task.locations, ["init", "l%r0", "l%r1", "bad"]);
        let edges = edge_ends(&split.task);
        // i' = i + 1 flips the residue: no step stays in one copy; the
        // start (i = 0) enters only the even copy, and the check (at an
        // even i) leaves only it.
        assert_eq!(
            edges,
            [
                ("start", "init", "l%r0"),
                ("step", "l%r0", "l%r1"),
                ("step", "l%r1", "l%r0"),
                ("check", "l%r0", "bad"),
            ]
        );
        assert_eq!(
            split.places["l%r1"].1,
            vec![residue_is(&Expr::var("i"), 2, 1)]
        );
    }

    #[test]
    fn tests_of_large_moduli_or_of_locals_are_no_residues() {
        let big = frontend::parse_ts(
            "big.ts",
            "var i: int;
             location init; location l; location bad;
             initial init; bad bad;
             init true;
             edge 0 \"start\": init -> l relation i' == 0;
             edge 1 \"step\": l -> l relation i' == i + 1 && i % 10 == 3;
             edge 2 \"check\": l -> bad relation i < 0;",
        )
        .expect("parses");
        assert!(candidate(&big).is_none());
    }

    #[test]
    fn pdr_proves_a_count_of_the_even_steps() {
        let cfg = crate::Config {
            engine: crate::Engine::Pdr,
            timeout: Some(std::time::Duration::from_secs(30)),
            ..crate::Config::default()
        };
        let out = crate::verify(&even_steps(), &cfg);
        assert!(
            matches!(out.verdict, crate::Verdict::Safe(_)),
            "{:?}",
            out.verdict
        );
    }
}
