//! Property-directed reachability (PDR/IC3) over a task: per-location
//! frames of lemmas, proof obligations blocked backwards with model-based
//! projection and inductive generalisation, lemmas pushed forward until two
//! frames are equal. Answers are certified like CEGAR's: the inductive frame
//! as a SAFE body, the obligation chain as a concrete trace.

mod blocking;
pub mod certificate;
mod counting;
mod family;
pub mod frames;
pub mod generalize;
pub mod parity;
#[cfg(test)]
pub(crate) mod testing;

use super::smt::Budget;
use super::{Config, Outcome, Stats, Unknown, Verdict};
use format::{Expr, SafeBody, Task, Trace};
use frames::{Answer, Frames};
use num_bigint::BigInt;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};
use std::time::Instant;

/// A set of states at a location that reach bad (every state of `cube`,
/// via the edges up the `parent` chain), to be blocked at `level`.
#[derive(Clone, Debug)]
struct Obligation {
    loc: usize,
    cube: Vec<Expr>,
    level: usize,
    parent: Option<usize>,
    /// The edge from `loc` towards the parent's location (for the root: into bad).
    edge: u32,
}

enum Found {
    Safe(SafeBody),
    Unsafe(Trace),
}

struct Pdr<'t> {
    task: &'t Task,
    frames: Frames<'t>,
    deadline: Option<Instant>,
    /// Lemmas added by blocking, for the statistics.
    lemmas_learnt: usize,
    /// Print each lemma learnt on stderr.
    verbose: bool,
    /// When to seed the frames with guessed invariants (after this many
    /// queries, or at this instant if that comes first), and the time that
    /// guessing may take (`None`: done, or turned off).
    seed_at: Option<(u64, Option<Instant>, Option<std::time::Duration>)>,
    /// The task's thresholds, for [`generalize::threshold_variants`].
    thresholds: Vec<num_bigint::BigInt>,
    /// The lowest level at which this round's blocking worked on an
    /// obligation: where [`Pdr::propagate`] starts (see there).
    expanded: usize,
    /// The cubes blocked lately, newest last, with their locations: the
    /// earlier members of a lemma family (see [`family`]).
    learnt: Vec<(usize, Vec<Expr>)>,
    /// The one-bound lemmas `p <= c` learnt lately, with their locations:
    /// the earlier members of a counting family (see [`counting`]).
    bounds_learnt: Vec<(usize, BTreeMap<String, BigInt>, BigInt)>,
    /// The task's thresholds and the constants it compares for equality,
    /// where a counting family's bound may stop.
    context_constants: Vec<BigInt>,
    /// Counting candidates found not inductive, and the number of lemmas
    /// at `F_inf` then (more since: they may be inductive now).
    context_tried: (std::collections::BTreeSet<Vec<Expr>>, usize),
}

/// Cubes kept in [`Pdr::learnt`].
const FAMILY_MEMORY: usize = 32;

/// Queries PDR makes before it guesses invariants (a few tens of
/// milliseconds on small tasks; counted rather than timed, so that the
/// answer does not depend on the machine's speed). Proofs that need no
/// seeds mostly finish before; on the shared CHC set 64, 200 and 1000 gave
/// per-task median times 0.94, 0.99 and 1.00 of the earlier build, and 200
/// kept the cheapest tasks (dillig02_m: 112 queries) free of guessing.
/// Measured again with model-guided Houdini: 64 and 100 against 200, 0.99
/// each (per-task, CHC set), 100 with 8% fewer queries but dillig02_m at
/// 1,203 queries instead of 112.
const SEED_AFTER_QUERIES: u64 = 200;

/// Tasks with at most this many state variables are seeded after
/// [`SEED_SMALL_AFTER_QUERIES`] instead: their guess is cheap (a few
/// templates, 2-35 ms on the multi-phase family) and most of their proofs
/// need it, so the 200 queries before it were most of their time
/// (`s_split_01`: 307 queries, 65 with the seeds after 16). From five
/// variables on, templates and samples cost more than the queries they
/// save (Lustre exports with 20 variables and more: 0.05 -> 0.3-0.7 s when
/// seeded at once). Measured on 135 CHC tasks, one run each, seeded at
/// once: per-task median 0.997, geometric mean 0.939 (multi-phase tasks
/// 0.3-0.7, shallow bugs PDR finds in a few queries 1.5-2.5 slower); 49 C
/// programs 0.985 (geo 0.946).
const SEED_EARLY_VARS: usize = 4;

/// Queries PDR makes on a task of few variables before it guesses: the
/// bugs and proofs it finds in a handful (`seed.imp` 13 queries, shallow
/// bugs 4-14) do not wait for the guess. Against seeding at once, on 154
/// CHC tasks: per-task median 1.000, geo 0.996; those tasks 0.4-0.7, some
/// multi-phase ones 1.3-1.9.
const SEED_SMALL_AFTER_QUERIES: u64 = 16;

/// Queries PDR makes on `task` before it guesses invariants.
fn seed_after(task: &Task) -> u64 {
    if task.vars.len() <= SEED_EARLY_VARS {
        SEED_SMALL_AFTER_QUERIES
    } else {
        SEED_AFTER_QUERIES
    }
}

/// Runs PDR on `task` within `cfg.timeout` (from `start`): on the task
/// with its Bool program counter split into locations and its
/// pass-through locations removed where there are any, the answer lifted
/// back (see [`crate::split`] and [`crate::reduce`]).
pub fn run(task: &Task, cfg: &Config, start: Instant) -> Outcome {
    crate::split::run_simplified(
        task,
        cfg,
        start,
        "pdr",
        &|t| run_task(t, cfg, start),
        &|f| f(),
    )
}

fn run_task(task: &Task, cfg: &Config, start: Instant) -> Outcome {
    let deadline = cfg.timeout.map(|t| start + t);
    let mut stats = Stats {
        analysis: "pdr",
        ..Stats::default()
    };
    if task.has_arrays() {
        stats.time = start.elapsed();
        return Outcome {
            verdict: Verdict::Unknown(
                "PDR handles integer tasks only (this one has arrays)".into(),
            ),
            stats,
        };
    }
    let mut pdr = Pdr::new(task, deadline, cfg.progress);
    if cfg.linear_invariants {
        // Small proofs need no seeds: guessing starts after
        // `seed_after` queries without an answer (or, where queries are
        // slow, after a fifth of the time).
        pdr.seed_at = Some((
            seed_after(task),
            cfg.timeout.map(|t| start + t / 5),
            cfg.timeout.map(|t| t / 4),
        ));
    }
    let verdict = match pdr.solve() {
        Ok(Found::Safe(body)) => {
            stats.nodes = body.nodes.len();
            stats.predicates = body.predicates.len();
            Verdict::Safe(body)
        }
        Ok(Found::Unsafe(trace)) => Verdict::Unsafe(trace),
        Err(Unknown(why)) => Verdict::Unknown(why),
    };
    if cfg.progress {
        eprintln!(
            "certa: [pdr] {} frames, {} lemmas learnt, {} queries",
            pdr.frames.top,
            pdr.lemmas_learnt,
            pdr.frames.budget.queries.get()
        );
    }
    stats.refinements = pdr.frames.top;
    stats.queries = pdr.frames.budget.queries.get();
    stats.time = start.elapsed();
    Outcome { verdict, stats }
}

impl<'t> Pdr<'t> {
    fn new(task: &'t Task, deadline: Option<Instant>, verbose: bool) -> Pdr<'t> {
        let thresholds = super::invariants::thresholds(task);
        let context_constants = counting::context_constants(task, &thresholds);
        Pdr {
            task,
            frames: Frames::new(task, Budget::new(deadline)),
            deadline,
            lemmas_learnt: 0,
            verbose,
            seed_at: None,
            thresholds,
            expanded: usize::MAX,
            learnt: Vec::new(),
            bounds_learnt: Vec::new(),
            context_constants,
            context_tried: Default::default(),
        }
    }

    /// With `--verbose`: `what` learnt at `loc`, the lemma `not cube`.
    fn say(&self, what: &str, loc: usize, cube: &[Expr]) {
        if self.verbose {
            let text: Vec<String> = cube.iter().map(format::print::expr_to_string).collect();
            eprintln!(
                "certa: [pdr] {what} at {}: not ({})",
                self.frames.locs[loc],
                text.join(" && ")
            );
        }
    }

    fn budget(&self) -> &Budget {
        &self.frames.budget
    }

    fn check_time(&self) -> Result<(), Unknown> {
        if self.budget().expired() {
            Err(Unknown("timeout".into()))
        } else {
            Ok(())
        }
    }

    /// Once its time has come, seeds every frame with the linear
    /// invariants that the CEGAR engine's guess-and-check proves and with
    /// parity invariants (each set jointly
    /// inductive: they hold in every reachable state, so adding them to
    /// every frame keeps the frames' properties), found in at most a
    /// quarter of the time. `true` when the frames were rebuilt: obligations
    /// under way are then void.
    fn maybe_seed(&mut self) -> bool {
        let Some((after, at, share)) = self.seed_at else {
            return false;
        };
        let now = Instant::now();
        if self.frames.budget.queries.get() < after && at.is_none_or(|at| now < at) {
            return false;
        }
        self.seed_at = None;
        let until = share.map(|d| now + d);
        let until = match (until, self.deadline) {
            (Some(u), Some(d)) => Some(u.min(d)),
            (u, d) => u.or(d),
        };
        let budget = Budget::new(until);
        // One sampling for both guesses: parity candidates false in a
        // sampled (reachable) state cost no query.
        let samples = crate::profile::span("pdr: sample states", || {
            super::invariants::sampled_states(self.task, &budget)
        });
        let sampling = budget.queries.get();
        let (linear, parity) = match samples {
            Ok(samples) => (
                crate::profile::span("pdr: guess linear invariants", || {
                    super::invariants::linear_invariants_of(self.task, &samples, &budget, true)
                }),
                // Each set is inductive on its own, so their union is too.
                crate::profile::span("pdr: guess parity invariants", || {
                    parity::parity_invariants(self.task, &budget, Some(&samples))
                }),
            ),
            Err(e) => (Err(e.clone()), Err(e)),
        };
        if self.verbose {
            let count = |r: &Result<Vec<_>, _>| r.as_ref().map_or(0, Vec::len);
            eprintln!(
                "certa: [pdr] guessed {} linear and {} parity invariants in {} queries ({} sampling)",
                count(&linear),
                count(&parity),
                budget.queries.get(),
                sampling
            );
        }
        self.frames
            .budget
            .queries
            .set(self.frames.budget.queries.get() + budget.queries.get());
        let mut seeds: Vec<(String, Vec<Expr>)> = Vec::new();
        for (loc, inv) in linear.unwrap_or_default() {
            for cube in negation_cubes(&inv) {
                seeds.push((loc.clone(), generalize::split_equalities(cube)));
            }
        }
        for (loc, inv) in parity.unwrap_or_default() {
            // `t mod 2 = r` excludes the cube `t mod 2 = 1 - r`.
            if let Expr::Eq(m, r) = &inv {
                if let (Expr::Mod(t, _), Expr::Int(r)) = (&**m, &**r) {
                    let other = if r.0 == 0.into() { 1 } else { 0 };
                    seeds.push((loc, vec![parity::fact(t, other)]));
                }
            }
        }
        let restart = !seeds.is_empty();
        if restart {
            // Start over from frames holding the invariants known so far and
            // the seeds: frames built before the seeds may hold many lemmas
            // blocked one cube at a time that the seeds make unnecessary,
            // and their obligations may no longer be worth pursuing
            // (`reve_010b`: stuck at frame 3 with 375 lemmas for 10 s with
            // the old frames, SAFE in 0.16 s from fresh ones).
            let kept: Vec<(usize, Vec<Expr>)> = self
                .frames
                .lemmas
                .iter()
                .filter(|l| l.level == frames::INF)
                .map(|l| (l.loc, l.cube.clone()))
                .collect();
            let budget = Budget::new(self.frames.budget.deadline);
            budget.queries.set(self.frames.budget.queries.get());
            self.frames.restart(budget);
            for (l, cube) in kept {
                self.frames.add_lemma(l, cube, frames::INF);
            }
        }
        for (loc, cube) in seeds {
            if loc == self.task.bad_location || !self.task.has_location(&loc) {
                continue;
            }
            let l = self.frames.loc(&loc);
            self.say("seed", l, &cube);
            self.frames.add_lemma(l, cube, frames::INF);
        }
        restart
    }

    /// Adds, as an invariant, the first threshold variant of a learnt
    /// lemma that excludes the initial states and is inductive relative to
    /// the invariants found so far (`F_inf`): the frame-bounded `i < 65`
    /// becomes `i <= 1000000` without unrolling the loop.
    fn try_threshold_variants(&mut self, loc: usize, cube: &[Expr]) -> Result<bool, Unknown> {
        for variant in generalize::threshold_variants(cube, &self.thresholds) {
            if self.frames.blocked(loc, &variant, frames::INF)
                || self.frames.meets_init(loc, &variant)?.is_none()
                || self
                    .frames
                    .relative_core(loc, &variant, frames::INF)?
                    .is_none()
            {
                continue;
            }
            self.say("threshold invariant", loc, &variant);
            self.frames.add_lemma(loc, variant, frames::INF);
            return Ok(true);
        }
        Ok(false)
    }

    fn solve(&mut self) -> Result<Found, Unknown> {
        let f = &self.frames;
        if f.init_loc == f.bad_loc {
            // Bad at the start: reachable iff some initial state exists.
            return match f.meets_init(f.init_loc, &[])? {
                None => self.counterexample(&[]),
                Some(_) => Ok(Found::Safe(SafeBody {
                    index_vars: vec![],
                    predicates: vec![],
                    nodes: vec![],
                    initial: vec![],
                    successors: vec![],
                })),
            };
        }
        loop {
            // Block every step into bad from the top frame.
            self.expanded = self.frames.top;
            self.maybe_seed();
            while let Some(root) = self.bad_step()? {
                if let Some(found) = self.block(root)? {
                    return Ok(found);
                }
                self.maybe_seed();
            }
            self.frames.new_level();
            if let Some(level) = self.propagate()? {
                return self.proof(level).map(Found::Safe);
            }
        }
    }

    /// A step into bad from the top frame, as an obligation at its source.
    fn bad_step(&self) -> Result<Option<Obligation>, Unknown> {
        self.check_time()?;
        let f = &self.frames;
        for loc in 0..f.locs.len() {
            for (s, e) in f.edges_out(loc) {
                let edge = &self.task.edges[e];
                if f.loc(&edge.to) != f.bad_loc {
                    continue;
                }
                if let Answer::Sat(point) = f.query(s, f.top, &[], false)? {
                    let cube = generalize::project(self.task, edge, &[], &point, self.budget())?;
                    return Ok(Some(Obligation {
                        loc,
                        cube,
                        level: f.top,
                        parent: None,
                        edge: edge.id,
                    }));
                }
            }
        }
        Ok(None)
    }

    /// Blocks `root` and everything it needs; a trace if it reaches an
    /// initial state.
    fn block(&mut self, root: Obligation) -> Result<Option<Found>, Unknown> {
        if self.frames.meets_init(root.loc, &root.cube)?.is_none() {
            return self.counterexample(&[root.edge]).map(Some);
        }
        let mut obs = vec![root];
        // Lowest level first; among equals, the newest (depth first).
        let key = |level: usize, i: usize| Reverse((level, usize::MAX - i));
        let mut heap = BinaryHeap::new();
        heap.push(key(obs[0].level, 0));
        while let Some(Reverse((level, k))) = heap.pop() {
            self.check_time()?;
            if self.maybe_seed() {
                // The root goes back to the caller's loop, which looks for
                // steps into bad again on the fresh frames.
                return Ok(None);
            }
            let i = usize::MAX - k;
            if level == 0 {
                // F_0 is the initial condition; obligations meeting it were
                // reported when they were made.
                continue;
            }
            let (loc, cube) = (obs[i].loc, obs[i].cube.clone());
            if self.frames.blocked(loc, &cube, level) {
                continue;
            }
            self.expanded = self.expanded.min(level);
            let mut core = Vec::new();
            let mut pred = None;
            for (s, e) in self.frames.edges_into(loc) {
                match self.frames.query(s, level - 1, &cube, true)? {
                    Answer::Sat(p) => {
                        pred = Some((e, p));
                        break;
                    }
                    Answer::Unsat(c) => core.extend(c),
                }
            }
            match pred {
                Some((e, point)) => {
                    let edge = &self.task.edges[e];
                    let from = self.frames.loc(&edge.from);
                    let pcube = generalize::project(self.task, edge, &cube, &point, self.budget())?;
                    let child = Obligation {
                        loc: from,
                        cube: pcube,
                        level: level - 1,
                        parent: Some(i),
                        edge: edge.id,
                    };
                    if self.frames.meets_init(from, &child.cube)?.is_none() {
                        let mut edges = vec![child.edge];
                        let mut cur = child.parent;
                        while let Some(p) = cur {
                            edges.push(obs[p].edge);
                            cur = obs[p].parent;
                        }
                        return self.counterexample(&edges).map(Some);
                    }
                    obs.push(child);
                    heap.push(key(level - 1, obs.len() - 1));
                    heap.push(key(level, i));
                }
                None => {
                    core.sort_unstable();
                    core.dedup();
                    let g = generalize::generalize(
                        &self.frames,
                        loc,
                        &cube,
                        &core,
                        level,
                        &self.thresholds,
                    )?;
                    let g = self.family_generalization(loc, g, level)?;
                    let mut at = level;
                    while at < self.frames.top && self.frames.relative_core(loc, &g, at)?.is_some()
                    {
                        at += 1;
                    }
                    self.say(&format!("level {level}..{at}"), loc, &g);
                    self.frames.add_lemma(loc, g.clone(), at);
                    self.lemmas_learnt += 1;
                    if at < frames::INF && !self.try_threshold_variants(loc, &g)? {
                        self.try_counting_context(loc, &g, &cube)?;
                    }
                    if at < self.frames.top {
                        // The same states may still reach bad in more steps.
                        obs[i].level = at + 1;
                        heap.push(key(at + 1, i));
                    }
                }
            }
        }
        Ok(None)
    }

    /// `cube` (blocked at `loc` and `level`) or, when it belongs to a
    /// family with a cube blocked earlier at `loc` and their common cube is
    /// blocked too, that common cube generalised: one lemma for the family.
    fn family_generalization(
        &mut self,
        loc: usize,
        cube: Vec<Expr>,
        level: usize,
    ) -> Result<Vec<Expr>, Unknown> {
        let candidates = self
            .learnt
            .iter()
            .rev()
            .filter(|(l, _)| *l == loc)
            .map(|(_, earlier)| family::family_cubes(&cube, earlier))
            .find(|c| !c.is_empty())
            .unwrap_or_default();
        let mut chosen = cube.clone();
        for common in candidates {
            let blocking = blocking::Blocking::new(&self.frames, loc, level);
            if let Some(core) = blocking.core(&common)? {
                chosen = generalize::generalize(
                    &self.frames,
                    loc,
                    &common,
                    &core,
                    level,
                    &self.thresholds,
                )?;
                self.say("family lemma", loc, &chosen);
                break;
            }
        }
        if self.learnt.len() == FAMILY_MEMORY {
            self.learnt.remove(0);
        }
        // The cube as blocking found it: the next member of its family
        // has its shape, the generalised lemma need not.
        self.learnt.push((loc, cube));
        Ok(chosen)
    }

    /// Pushes every lemma that stays inductive relative to its frame one
    /// level up; `Some(level)` when frame `level` equals the next one.
    ///
    /// As Spacer does, it starts at the lowest level this round's blocking
    /// worked at ([`Pdr::expanded`]), not at 1: a lemma learnt at the top
    /// changes every frame below it, so trying every lower lemma again made
    /// each round cost one query per level, quadratic in the depth of a
    /// deep counterexample (a 200-step trace took 26,298 queries). Every
    /// round whose new top is a power of two starts at 1 again, so that a
    /// low frame that became inductive is still found, at a linear cost.
    fn propagate(&mut self) -> Result<Option<usize>, Unknown> {
        let from = if self.frames.top.is_power_of_two() {
            1
        } else {
            self.expanded.max(1)
        };
        for level in from..self.frames.top {
            let at: Vec<usize> = (0..self.frames.lemmas.len())
                .filter(|&i| self.frames.lemmas[i].level == level)
                .collect();
            let mut left = 0;
            for i in at {
                self.check_time()?;
                let lemma = &self.frames.lemmas[i];
                if lemma
                    .tried
                    .is_some_and(|t| !self.frames.changed_since(level, t))
                {
                    // Nothing new to push it with since it last failed.
                    left += 1;
                    continue;
                }
                let (loc, cube) = (lemma.loc, lemma.cube.clone());
                if self.frames.relative_core(loc, &cube, level)?.is_some() {
                    self.frames.raise(i, level + 1);
                } else {
                    self.frames.lemmas[i].tried = Some(self.frames.stamp());
                    left += 1;
                }
            }
            if left == 0 {
                return Ok(Some(level));
            }
        }
        Ok(None)
    }

    /// The SAFE body of frame `level` (equal to the next: inductive).
    fn proof(&self, level: usize) -> Result<SafeBody, Unknown> {
        let f = &self.frames;
        let invariant: Vec<_> = (0..f.locs.len()).map(|l| f.frame(l, level)).collect();
        certificate::safe_body(self.task, f, &invariant, self.budget())
    }

    fn counterexample(&self, edges: &[u32]) -> Result<Found, Unknown> {
        self.budget().queries.set(self.budget().queries.get() + 1);
        match certificate::trace(self.task, edges, self.deadline)? {
            Some(t) => Ok(Found::Unsafe(t)),
            None => Err(Unknown(
                "PDR counterexample path is infeasible (projection was not exact)".into(),
            )),
        }
    }
}

/// The cubes whose union is the negation of the guessed invariant `inv`
/// (an equality, a bound, or a disjunction of strict or weak bounds, as
/// [`crate::guarded`] makes); none for other shapes.
fn negation_cubes(inv: &Expr) -> Vec<Vec<Expr>> {
    let negated = |e: &Expr| match e {
        Expr::Ge(a, b) => Some(Expr::Lt(a.clone(), b.clone())),
        Expr::Le(a, b) => Some(Expr::Gt(a.clone(), b.clone())),
        Expr::Gt(a, b) => Some(Expr::Le(a.clone(), b.clone())),
        Expr::Lt(a, b) => Some(Expr::Ge(a.clone(), b.clone())),
        _ => None,
    };
    match inv {
        // An unreachable location: the empty cube.
        Expr::Bool(false) => vec![vec![]],
        Expr::Eq(a, b) => vec![
            vec![Expr::Lt(a.clone(), b.clone())],
            vec![Expr::Gt(a.clone(), b.clone())],
        ],
        Expr::Or(parts) => parts
            .iter()
            .map(negated)
            .collect::<Option<Vec<Expr>>>()
            .map_or(vec![], |cube| vec![cube]),
        other => negated(other).map_or(vec![], |l| vec![vec![l]]),
    }
}

#[cfg(test)]
mod tests {
    use super::testing::{counter_task, in_context, x};
    use super::*;
    use format::VarDecl;

    /// `b` stays 5000 until `a` reaches 5000, then follows it
    /// (`s_split_01`): a phase split, each phase's invariant linear.
    const TWO_PHASES: &str = "
        var a: int; var b: int;
        location init; location l; location bad;
        initial init; bad bad;
        init true;
        edge 0 \"enter\": init -> l relation a' == 0 && b' == 5000;
        edge 1 \"step\": l -> l relation
            (a >= 5000 && b' == b + 1 || !(a >= 5000) && b' == b) && a' == a + 1;
        edge 2 \"fail\": l -> bad relation a == 10000 && b != a;";

    #[test]
    fn a_task_of_few_variables_is_seeded_before_the_queries_that_would_wait_for_it() {
        let task = frontend::parse_ts("two_phases.ts", TWO_PHASES).expect("test task parses");
        assert_eq!(seed_after(&task), SEED_SMALL_AFTER_QUERIES);
        let out = run(&task, &Config::default(), Instant::now());
        assert!(matches!(out.verdict, Verdict::Safe(_)), "{:?}", out.verdict);
        // Seeded after 200 queries, the proof took 251.
        assert!(
            out.stats.queries < SEED_AFTER_QUERIES,
            "{} queries",
            out.stats.queries
        );
        let mut wide = task.clone();
        wide.vars
            .extend((0..3).map(|i| VarDecl::int(&format!("unused{i}"))));
        assert_eq!(seed_after(&wide), SEED_AFTER_QUERIES);
    }

    #[test]
    fn seeding_rebuilds_the_frames_with_the_invariants_and_the_seeds_only() {
        let task = counter_task();
        let (finite, inf, seeded, restarted) = in_context(|| {
            crate::smt::set_array_vars(&task);
            let mut pdr = Pdr::new(&task, None, false);
            pdr.seed_at = Some((0, None, None));
            let l = pdr.frames.loc("l");
            // A lemma of frame 1 and an invariant, as blocking leaves them.
            pdr.frames
                .add_lemma(l, vec![Expr::Gt(Box::new(x()), Box::new(Expr::int(1)))], 1);
            let invariant = vec![Expr::Gt(Box::new(x()), Box::new(Expr::int(50)))];
            pdr.frames.add_lemma(l, invariant.clone(), frames::INF);
            let queries_before = pdr.frames.budget.queries.get();
            let restarted = pdr.maybe_seed();
            let lemmas = &pdr.frames.lemmas;
            assert!(pdr.frames.budget.queries.get() > queries_before);
            (
                lemmas.iter().filter(|l| l.level != frames::INF).count(),
                lemmas.iter().any(|l| l.cube == invariant),
                lemmas.len(),
                restarted,
            )
        });
        assert_eq!(finite, 0, "frame 1's lemma is gone");
        assert!(inf, "the invariant is kept");
        assert!(seeded >= 2, "the seeds are in: {seeded} lemmas");
        assert!(restarted, "obligations under way are dropped");
    }
}
