//! Counting families: when blocking learns the one-bound lemma `x < k` for
//! k = 1, 2, 3, ... (one lemma per unrolling of a loop that counts to
//! 2000), the obligations it blocks said more (`y >= 1`, from the property
//! `x >= 2000 => y = 0`). That bound at the task's constants, with the
//! rest of the obligation kept, is tried as an invariant: `not (x >= 1001
//! && y >= 1)` is inductive where no bound on `x` alone is.

use super::frames::INF;
use super::{generalize, Pdr};
use crate::Unknown;
use format::{Expr, Task};
use num_bigint::BigInt;
use std::collections::{BTreeMap, BTreeSet};

/// One-bound lemmas remembered per run to recognise a family.
pub(super) const BOUND_MEMORY: usize = 16;

/// New candidates tried per learnt member of a family (each costs a query
/// per edge into the location, or two).
const NEW_CANDIDATES_PER_LEMMA: usize = 6;

/// Failed candidates remembered (forgotten all at once past this, or when
/// `F_inf` has grown: they may hold now).
const TRIED_MEMORY: usize = 512;

/// The constants a counting loop's bound can stop at: every integer
/// compared in the task, by order (the thresholds) and by equality
/// (`x = 1000` resets `y` in `s_split_46`), closest to zero first.
pub(super) fn context_constants(task: &Task, thresholds: &[BigInt]) -> Vec<BigInt> {
    let mut out = crate::invariants::compared_constants(task, |e| match e {
        Expr::Eq(a, b) => Some((a, b)),
        _ => None,
    });
    out.extend(thresholds.iter().cloned());
    let mut v: Vec<BigInt> = out.into_iter().collect();
    v.sort_by(|a, b| (a.magnitude(), a.sign()).cmp(&(b.magnitude(), b.sign())));
    v.truncate(32);
    v
}

impl Pdr<'_> {
    /// After the one-bound lemma `lemma` (`p <= c` blocked) was learnt at
    /// `loc` for the obligation `cube`: if `p <= c'` was learnt there
    /// before (a counting family), tries `p <= d` for the task's constants
    /// `d < c`, nearest first, with the obligation's literals not about `p`,
    /// as an invariant; a found one loses the context literals it does not
    /// need. `Ok(true)` when one was added at `F_inf`.
    pub(super) fn try_counting_context(
        &mut self,
        loc: usize,
        lemma: &[Expr],
        cube: &[Expr],
    ) -> Result<bool, Unknown> {
        let [lit] = lemma else {
            return Ok(false);
        };
        // A counter: `x <= c` or `-x <= c` (relational families are
        // family.rs's; here they only cost queries, HOLA_34 +15%).
        let Some((p, c)) = generalize::as_le(lit).filter(|(p, _)| p.len() == 1) else {
            return Ok(false);
        };
        let counting = self
            .bounds_learnt
            .iter()
            .any(|(l, q, d)| *l == loc && *q == p && *d != c);
        if self.bounds_learnt.len() == BOUND_MEMORY {
            self.bounds_learnt.remove(0);
        }
        self.bounds_learnt.push((loc, p.clone(), c.clone()));
        if !counting {
            return Ok(false);
        }
        let minus_p: BTreeMap<String, BigInt> = p.iter().map(|(v, k)| (v.clone(), -k)).collect();
        let context: Vec<Expr> = cube
            .iter()
            .filter(|l| generalize::as_le(l).is_none_or(|(q, _)| q != p && q != minus_p))
            .cloned()
            .collect();
        if context.is_empty() {
            return Ok(false);
        }
        let invariants = self.frames.lemmas.iter().filter(|l| l.level == INF).count();
        if self.context_tried.1 != invariants {
            self.context_tried = (BTreeSet::new(), invariants);
        }
        let variants =
            generalize::threshold_variants_up_to(lemma, &self.context_constants, usize::MAX);
        let mut asked = 0;
        for variant in variants {
            if asked == NEW_CANDIDATES_PER_LEMMA {
                break;
            }
            let mut candidate = variant;
            candidate.extend(context.iter().cloned());
            if self.context_tried.0.contains(&candidate)
                || self.frames.blocked(loc, &candidate, INF)
            {
                continue;
            }
            asked += 1;
            if !self.invariant_cube(loc, &candidate)? {
                if self.context_tried.0.len() == TRIED_MEMORY {
                    self.context_tried.0.clear();
                }
                self.context_tried.0.insert(candidate);
                continue;
            }
            let mut i = 1;
            while i < candidate.len() {
                let mut smaller = candidate.clone();
                smaller.remove(i);
                if self.invariant_cube(loc, &smaller)? {
                    candidate = smaller;
                } else {
                    i += 1;
                }
            }
            self.say("counting invariant", loc, &candidate);
            self.frames.add_lemma(loc, candidate, INF);
            return Ok(true);
        }
        Ok(false)
    }

    /// Is `not cube` an invariant at `loc` relative to `F_inf`: it holds
    /// initially and every step that ends in `cube` starts in it?
    fn invariant_cube(&self, loc: usize, cube: &[Expr]) -> Result<bool, Unknown> {
        Ok(self.frames.meets_init(loc, cube)?.is_some()
            && self.frames.relative_core(loc, cube, INF)?.is_some())
    }
}

#[cfg(test)]
mod tests {
    use crate::{Config, Engine, Verdict};
    use std::time::Duration;

    /// `s_split_46` of CHC-COMP as a transition system: `x` counts by 1 to
    /// 1000, where `y` is reset, then by 5; bad if `x >= 2000 && y != 0`.
    /// The invariant is `x <= 1000 || y = 0`; one-bound lemmas give `x < k`
    /// at level k, a lemma per unrolling, 2000 of them.
    const COUNT_PAST_A_RESET: &str = "var x: int; var y: int;
        location l; location err;
        initial l; bad err;
        init x == 0;
        edge 0 \"step\": l -> l relation
            (x < 1000 && x' == x + 1 && y' == y)
            || (x == 1000 && x' == x + 5 && y' == 0)
            || (x > 1000 && x' == x + 5 && y' == y);
        edge 1 \"fail\": l -> err relation x >= 2000 && y != 0 && x' == x && y' == y;";

    fn pdr_alone() -> Config {
        Config {
            engine: Engine::Pdr,
            // No guessed seeds: the proof has to come from blocking.
            linear_invariants: false,
            timeout: Some(Duration::from_secs(60)),
            ..Config::default()
        }
    }

    #[test]
    fn a_counting_family_keeps_the_obligations_context_at_the_tasks_constant() {
        let task = frontend::parse_ts("count.ts", COUNT_PAST_A_RESET).expect("test task parses");
        let out = crate::verify(&task, &pdr_alone());
        assert!(matches!(out.verdict, Verdict::Safe(_)), "{:?}", out.verdict);
        // Unrolling to 2000 took 37,208 queries in 10 s and did not finish.
        assert!(out.stats.queries < 500, "{} queries", out.stats.queries);
    }
}
