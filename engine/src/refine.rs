//! Counterexample analysis: the path formula with one frame per step, and
//! refinement by weakest-precondition interpolants computed with Z3's
//! quantifier elimination.

use super::predabs::PredicateAnalysis;
use super::smt::{self, Budget, View};
use super::{AbstractPath, Refinement, Refiner, Unknown};
use format::{Expr, Step, Task, Trace};
use std::time::Instant;
use z3::ast::{Ast, Bool, Dynamic, Int};
use z3::{Goal, Tactic};

pub struct InterpolationRefiner<'t> {
    task: &'t Task,
    budget: Budget,
}

impl<'t> InterpolationRefiner<'t> {
    pub fn new(task: &'t Task, deadline: Option<Instant>) -> Self {
        InterpolationRefiner {
            task,
            budget: Budget::new(deadline),
        }
    }

    fn edge(&self, id: u32) -> &'t format::Edge {
        self.task.edge(id).expect("paths only use task edges")
    }

    /// `I(s0) and F0(s0) and T_e0(s0,s1,w0) and F1(s1) and ...`, with the
    /// path's facts F: SAT gives the concrete run. The facts make long
    /// paths of known values easy; they never hide a real run, since every
    /// run follows some abstract path whose facts it satisfies, and UNSAT
    /// with them is all the refinement needs (see `path_fact`).
    pub fn feasible(&self, path: &AbstractPath) -> Result<Option<Trace>, Unknown> {
        let solver = smt::solver();
        solver.assert(smt::encode_bool(&self.task.init, View::state(0)));
        for i in 0..=path.edges.len() {
            solver.assert(smt::encode_bool(&path.fact(i), View::state(i)));
        }
        for (i, &e) in path.edges.iter().enumerate() {
            solver.assert(smt::encode_edge(self.edge(e), i));
        }
        // Bitwise `and` is uninterpreted in the query (`format::bits`): a
        // model may give it values the real operator does not, and its run
        // then does not replay. Each such model adds the real values at the
        // operands it chose (ground facts, true of every real run, so UNSAT
        // still means infeasible) and the query is asked again.
        let pairs: Vec<Vec<(Expr, Expr)>> = path
            .edges
            .iter()
            .map(|&e| format::bits::and_pairs(std::slice::from_ref(&self.edge(e).relation)))
            .collect();
        let bitwise = pairs.iter().any(|p| !p.is_empty());
        let mut round = 0;
        loop {
            if !self.budget.check(&solver, &[])? {
                return Ok(None);
            }
            let model = solver
                .get_model()
                .ok_or_else(|| Unknown("solver gave no model".into()))?;
            if self.task.has_arrays() {
                // Array values are not a valuation of the model: the run is
                // replayed concretely, with the model's values for its choices
                // (which checks bitwise values too: no second round).
                return super::bmc::follow_model(self.task, &path.edges, &model)
                    .map(Some)
                    .ok_or_else(|| Unknown("the path's run does not replay concretely".into()));
            }
            let trace = self.trace_of(path, &model);
            round += 1;
            if !bitwise
                || round > BITWISE_ROUNDS
                || checker::trace::check(self.task, &trace, self.budget.deadline).is_ok()
            {
                return Ok(Some(trace));
            }
            for fact in real_bitand_values(&trace, &pairs) {
                solver.assert(fact);
            }
        }
    }

    /// The run a model of the path query gives.
    fn trace_of(&self, path: &AbstractPath, model: &z3::Model) -> Trace {
        let steps = path
            .edges
            .iter()
            .enumerate()
            .map(|(i, &e)| {
                let locals: Vec<String> =
                    self.edge(e).locals.iter().map(|l| l.name.clone()).collect();
                Step {
                    edge: e,
                    inputs: smt::model_valuation(model, &locals, &|n| smt::local_symbol(n, i)),
                    next: super::state_valuation(self.task, model, i + 1),
                    arrays: Default::default(),
                }
            })
            .collect();
        Trace {
            initial: super::state_valuation(self.task, model, 0),
            initial_arrays: Default::default(),
            steps,
        }
    }

    /// `exists vars. body`, without quantifiers.
    fn eliminate(&self, vars: &[Int], body: &Bool) -> Result<Bool, Unknown> {
        if self.budget.expired() {
            return Err(Unknown("timeout".into()));
        }
        let bounds: Vec<&dyn Ast> = vars.iter().map(|v| v as &dyn Ast).collect();
        let goal = Goal::new(false, false, false);
        goal.assert(&z3::ast::exists_const(&bounds, &[], body));
        // One elimination may take a third of the remaining time, so that a
        // blow-up leaves room for the other strategies (BMC) to answer.
        let slice = self.budget.deadline.map(|d| {
            (d.saturating_duration_since(Instant::now()) / 3)
                .min(std::time::Duration::from_secs(10))
        });
        // Model-based elimination (qe2) is much faster on the disjunctive
        // blocks of large-block encoding; the classic qe takes over where
        // it fails or runs out of its half of the slice. The watchdog bounds
        // each (Z3's `try_for` timers can deadlock across threads).
        let with = |qe: &str| {
            Tactic::new("simplify")
                .and_then(&Tactic::new("qe-light"))
                .and_then(&smt::eliminate_what_is_left(qe))
                .and_then(&Tactic::new("simplify"))
        };
        let start = Instant::now();
        let mut result = Err(String::new());
        for (qe, share) in [("qe2", 2), ("qe", 1)] {
            if self.budget.expired() {
                return Err(Unknown("timeout".into()));
            }
            let until = slice.map(|s| start + s / share);
            self.budget.queries.set(self.budget.queries.get() + 1);
            result = bounded_by_race(ELIMINATION_UNIT_AT_SLOWEST, || {
                let _alarm = super::watchdog::arm(until);
                with(qe).apply(&goal, None)
            })?;
            if result.is_ok() {
                break;
            }
        }
        let result = result.map_err(|e| Unknown(format!("quantifier elimination failed: {e}")))?;
        let disjuncts: Vec<Bool> = result
            .list_subgoals()
            .map(|g| Bool::and(&g.get_formulas()))
            .collect();
        Ok(Bool::or(&disjuncts).simplify())
    }
}

/// Z3 resource units of quantifier elimination that count as one work unit
/// in the race ([`crate::race::charge`]): Z3 spends about 3.5 million a
/// second in `qe`, so a unit is about a PDR query's time. Uncharged, one
/// elimination of 3.7 s on `conc/stateful01` (13 million) was work the race
/// did not see while it waited for this lane to catch up with PDR.
const RLIMIT_PER_UNIT: u64 = 512;

/// The slowest pace expected of Z3 in a quantifier elimination, in
/// resource units a second: it spent 3.3–4.7 million on the Lustre tasks
/// (`cd_e7_621`, `car_5_e3_11`, `hysteresis_all`).
const RLIMIT_SLOWEST_PER_SECOND: u64 = 2_000_000;

/// One work unit of elimination at [`RLIMIT_SLOWEST_PER_SECOND`].
const ELIMINATION_UNIT_AT_SLOWEST: std::time::Duration =
    std::time::Duration::from_nanos(RLIMIT_PER_UNIT * 1_000_000_000 / RLIMIT_SLOWEST_PER_SECOND);

/// Runs one elimination `apply` as an [`crate::race::uncharged`] call and
/// charges this lane for the Z3 work it did, so that a rival's answer need
/// not wait for an elimination that cannot win. Before, `cd_e7_621` was
/// decided 4.7 s after PDR answered at 0.8 s (CEGAR's `qe2` ran to its
/// 5 s slice, 9,500 units against PDR's 1,921). An elimination the race
/// interrupted is charged what it did if that is past the cap (the lane
/// has lost, as it would have after the whole call). Otherwise Z3 ran
/// slower than the slowest expected pace: nothing is charged and the call
/// is made again without the race's bound. The formula it gives is
/// equivalent, but Z3 may word it differently after the interrupted
/// attempt, so on such a machine the certificate can differ, as when a
/// time limit cuts an engine short. `unit`: the time of one work unit at
/// the slowest expected pace. Err: outraced.
fn bounded_by_race<T, E>(
    unit: std::time::Duration,
    apply: impl Fn() -> Result<T, E>,
) -> Result<Result<T, E>, Unknown> {
    let before = smt::rlimit_count();
    let (result, interrupted) = crate::race::uncharged(unit, &apply);
    if interrupted {
        // An interrupt leaves the context cancelled until a check resets it.
        let _ = smt::solver().check();
    }
    let units = smt::rlimit_count().saturating_sub(before) / RLIMIT_PER_UNIT;
    if interrupted && result.is_err() && !crate::race::would_pass_cap(units) {
        // Seen with CERTA_PROFILE: how often the pace was too hopeful.
        crate::profile::mark("race: elimination made again (Z3 slower than the expected pace)");
        let before = smt::rlimit_count();
        let result = apply();
        charge_elimination(before);
        return Ok(result);
    }
    if units > 0 {
        crate::race::charge(units)?;
    }
    if interrupted && result.is_err() {
        // Past the cap: the charge above cancelled the lane.
        return Err(Unknown(
            "outraced: another engine answered with less work".into(),
        ));
    }
    Ok(result)
}

/// Charges this lane for the Z3 work done since `before` (an
/// [`smt::rlimit_count`]); a lane past its cap is cancelled by the charge
/// and stops at its next query.
fn charge_elimination(before: u64) {
    let units = smt::rlimit_count().saturating_sub(before) / RLIMIT_PER_UNIT;
    if units > 0 {
        // Err: this lane was outraced; its next query says so.
        let _ = crate::race::charge(units);
    }
}

/// Rounds of real bitwise values added to one path query before its model
/// is taken as it is (and left to the concrete replay).
const BITWISE_ROUNDS: usize = 16;

/// `bitand(x, y) = x & y` at the operand values of `trace`'s steps, for every
/// bitwise operand pair of each step's edge (`pairs`, per step).
fn real_bitand_values(trace: &Trace, pairs: &[Vec<(Expr, Expr)>]) -> Vec<Bool> {
    let int = z3::Sort::int();
    let f = z3::FuncDecl::new(format::bits::BITAND, &[&int, &int], &int);
    let values = |v: &format::Valuation| -> Vec<(String, num_bigint::BigInt)> {
        v.iter().map(|(k, n)| (k.clone(), n.0.clone())).collect()
    };
    let mut facts = Vec::new();
    let mut state = values(&trace.initial);
    for (step, step_pairs) in trace.steps.iter().zip(pairs) {
        let next = values(&step.next);
        let env = format::eval::Env {
            vars: state.iter().cloned().chain(values(&step.inputs)).collect(),
            nexts: next.iter().cloned().collect(),
            ..Default::default()
        };
        for (x, y) in step_pairs {
            let (Ok(format::eval::Value::Int(a)), Ok(format::eval::Value::Int(b))) =
                (env.eval(x), env.eval(y))
            else {
                continue;
            };
            let real = Int::from_big_int(&(&a & &b));
            let (a, b) = (Int::from_big_int(&a), Int::from_big_int(&b));
            let applied = f.apply(&[&a, &b]).as_int().expect("Int -> Int -> Int");
            facts.push(applied.eq(&real));
        }
        state = next;
    }
    facts
}

/// Atomic comparisons of a formula, each in positive form.
pub fn atoms(e: &Expr) -> Vec<Expr> {
    let mut out = Vec::new();
    let mut stack = vec![e];
    while let Some(x) = stack.pop() {
        match x {
            Expr::Eq(..) | Expr::Lt(..) | Expr::Le(..) | Expr::Gt(..) | Expr::Ge(..) => {
                if !out.contains(x) {
                    out.push(x.clone());
                }
            }
            Expr::And(v) | Expr::Or(v) => stack.extend(v.iter().rev()),
            Expr::Not(a) => stack.push(a),
            Expr::Implies(a, b) => {
                stack.push(b);
                stack.push(a);
            }
            Expr::Ite(c, a, b) => {
                stack.push(b);
                stack.push(a);
                stack.push(c);
            }
            _ => {}
        }
    }
    out
}

impl<'t> InterpolationRefiner<'t> {
    /// The path's edges with only the top-level conjuncts of their
    /// relations that an unsat core of the path formula (with its facts)
    /// needs. Weaker relations give larger weakest preconditions, so their
    /// interpolants still refute the path, and they are smaller: frame
    /// equalities and branches the refutation does not use are gone.
    fn slice(&self, path: &AbstractPath) -> Result<Vec<format::Edge>, Unknown> {
        let edges: Vec<format::Edge> = path.edges.iter().map(|&e| self.edge(e).clone()).collect();
        let conjuncts = |e: &format::Edge| -> Vec<Expr> {
            match &e.relation {
                Expr::And(xs) => xs.clone(),
                r => vec![r.clone()],
            }
        };
        let solver = smt::solver();
        solver.assert(smt::encode_bool(&self.task.init, View::state(0)));
        for i in 0..=edges.len() {
            solver.assert(smt::encode_bool(&path.fact(i), View::state(i)));
        }
        let mut guards = Vec::new();
        let mut parts = Vec::new();
        for (i, e) in edges.iter().enumerate() {
            for (j, c) in conjuncts(e).into_iter().enumerate() {
                let guard = Bool::new_const(format!("slice~{i}~{j}"));
                solver.assert(guard.implies(smt::encode_bool(&c, View::step(e, i))));
                guards.push(guard);
                parts.push((i, c));
            }
        }
        if self.budget.check(&solver, &guards)? {
            // Only after an UNSAT feasibility check are paths refined, so
            // this does not happen; keeping every conjunct is always sound.
            return Ok(edges);
        }
        let core: Vec<Bool> = solver.get_unsat_core();
        let mut kept: Vec<Vec<Expr>> = vec![Vec::new(); edges.len()];
        for (guard, (i, c)) in guards.iter().zip(parts) {
            if core.contains(guard) {
                kept[i].push(c);
            }
        }
        Ok(edges
            .into_iter()
            .zip(kept)
            .map(|(mut e, cs)| {
                e.relation = match cs.len() {
                    0 => Expr::Bool(true),
                    1 => cs.into_iter().next().expect("one conjunct"),
                    _ => Expr::And(cs),
                };
                e
            })
            .collect())
    }
}

/// The `x == c` conjuncts of a path fact as (symbol of x at `frame`, c).
fn fixed_values(fact: &Expr, frame: usize) -> Vec<(Int, Int)> {
    let conjuncts = match fact {
        Expr::And(xs) => xs.as_slice(),
        one => std::slice::from_ref(one),
    };
    conjuncts
        .iter()
        .filter_map(|c| match c {
            Expr::Eq(a, b) => match (&**a, &**b) {
                (Expr::Var(x), k @ Expr::Int(_)) | (k @ Expr::Int(_), Expr::Var(x)) => Some((
                    smt::int_const(&smt::state_symbol(x, frame)),
                    smt::encode_int(k, View::state(frame)),
                )),
                _ => None,
            },
            _ => None,
        })
        .collect()
}

fn mentions_vars(e: &Expr) -> bool {
    let (mut v, mut n) = (Vec::new(), Vec::new());
    e.collect_vars(&mut v, &mut n);
    !v.is_empty() || !n.is_empty()
}

impl<'t> InterpolationRefiner<'t> {
    /// Adds the state-only atoms of each path edge's relation to the
    /// precision of the edge's source. Counts as a refinement only if
    /// something new was added (here or before the fallback); else `why`.
    fn guard_fallback(
        &self,
        add: &mut dyn FnMut(&str, Expr) -> bool,
        path: &AbstractPath,
        added_before: bool,
        why: Unknown,
    ) -> Result<Refinement, Unknown> {
        let mut added = added_before;
        for (i, &e) in path.edges.iter().enumerate() {
            let edge = self.edge(e);
            for atom in atoms(&edge.relation) {
                let (mut vars, mut nexts) = (Vec::new(), Vec::new());
                atom.collect_vars(&mut vars, &mut nexts);
                if nexts.is_empty()
                    && !vars.is_empty()
                    && vars.iter().all(|v| self.task.is_state_var(v))
                {
                    added |= add(&path.locations[i], atom);
                }
            }
        }
        if added {
            Ok(Refinement::Refined)
        } else {
            Err(why)
        }
    }
}

impl<'t> Refiner<PredicateAnalysis<'t>> for InterpolationRefiner<'t> {
    fn refine(
        &mut self,
        analysis: &mut PredicateAnalysis<'t>,
        path: &AbstractPath,
    ) -> Result<Refinement, Unknown> {
        if let Some(trace) = self.feasible(path)? {
            return Ok(Refinement::Feasible(trace));
        }
        self.refine_infeasible(analysis, path)
    }

    fn queries(&self) -> u64 {
        self.budget.queries.get()
    }
}

impl<'t> InterpolationRefiner<'t> {
    /// Adds weakest-precondition interpolants of an infeasible `path` to
    /// the predicate precision.
    pub fn refine_infeasible(
        &mut self,
        analysis: &mut PredicateAnalysis<'t>,
        path: &AbstractPath,
    ) -> Result<Refinement, Unknown> {
        self.refine_infeasible_into(path, &mut |loc, atom| analysis.add_predicate(loc, atom))
    }

    /// Hands each atom of the weakest-precondition interpolants of an
    /// infeasible `path` to `add` (location, atom; true if it was new).
    pub fn refine_infeasible_into(
        &mut self,
        path: &AbstractPath,
        add: &mut dyn FnMut(&str, Expr) -> bool,
    ) -> Result<Refinement, Unknown> {
        let full: Vec<format::Edge> = path.edges.iter().map(|&e| self.edge(e).clone()).collect();
        let mut added = false;
        if let Err(why) = self.wp_atoms(path, &full, add, &mut added) {
            // The weakest precondition is out of reach (QE blew up or left
            // quantifiers): try again on the path sliced to an unsat core,
            // and failing that, fall back to the guards along the path.
            let retry = self
                .slice(path)
                .and_then(|sliced| self.wp_atoms(path, &sliced, add, &mut added));
            if retry.is_err() {
                if self.budget.expired() {
                    return Err(Unknown("timeout".into()));
                }
                return self.guard_fallback(add, path, added, why);
            }
        }
        if !added {
            return Err(Unknown(format!(
                "refinement made no progress on the path {:?}",
                path.edges
            )));
        }
        Ok(Refinement::Refined)
    }

    /// Hands the atoms of the weakest-precondition interpolants along
    /// `path`, with `edges` as its steps, to `add`; `added` records whether
    /// any was new.
    fn wp_atoms(
        &self,
        path: &AbstractPath,
        edges: &[format::Edge],
        add: &mut dyn FnMut(&str, Expr) -> bool,
        added: &mut bool,
    ) -> Result<(), Unknown> {
        // Suf_i(s_i) = exists s_{i+1..}, w. T_i and ... (reaches bad); the
        // interpolant at position i is its negation, so its atoms go into
        // the precision of the path's i-th location.
        let names = self.task.var_names();
        let fixed: Vec<Vec<(Int, Int)>> = (0..=edges.len())
            .map(|i| fixed_values(&path.fact(i), i))
            .collect();
        let mut suffix = Bool::from_bool(true);
        for (i, edge) in edges.iter().enumerate().rev() {
            // The facts at both ends (known values) fix the control flow
            // the path took, which keeps the elimination small. The
            // interpolant then holds only where the source's values do,
            // which is where the abstract path needs it.
            let pairs: Vec<(&Int, &Int)> = fixed[i]
                .iter()
                .chain(&fixed[i + 1])
                .map(|(a, b)| (a, b))
                .collect();
            let body = Bool::and(&[smt::encode_edge(edge, i), suffix]).substitute(&pairs);
            let mut vars: Vec<Int> = names
                .iter()
                .map(|n| smt::int_const(&smt::state_symbol(n, i + 1)))
                .collect();
            vars.extend(
                edge.locals
                    .iter()
                    .map(|l| smt::int_const(&smt::local_symbol(&l.name, i))),
            );
            suffix = self.eliminate(&vars, &body)?;
            let frame_i: Vec<(String, String)> = names
                .iter()
                .map(|n| (smt::state_symbol(n, i), n.clone()))
                .collect();
            let rename = |sym: &str| {
                frame_i
                    .iter()
                    .find(|(s, _)| s == sym)
                    .map(|(_, n)| Expr::Var(n.clone()))
            };
            let decoded = smt::decode(&Dynamic::from_ast(&suffix), &rename)
                .map_err(|e| Unknown(format!("interpolant outside the supported language: {e}")))?;
            for atom in atoms(&decoded).into_iter().filter(mentions_vars) {
                *added |= add(&path.locations[i], atom);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantifier_elimination_is_charged_to_its_race_lane_by_z3s_resource_count() {
        let task = frontend::parse_ts(
            "t.ts",
            "var x: int; location a; location bad; initial a; bad bad; init true;
             edge 0 \"e\": a -> bad relation x' == x;",
        )
        .expect("test task parses");
        let refiner = InterpolationRefiner::new(&task, None);
        let (vs, body) = chain_to_eliminate();
        let lane = crate::race::Lane::leading(1, 0);
        let before = smt::rlimit_count();
        let spent = crate::race::in_lane(lane.clone(), || {
            refiner.eliminate(&vs, &body).expect("eliminates");
            lane.spent()
        });
        // Z3's count as read around the call (reading it costs a little).
        let used = smt::rlimit_count() - before;
        assert!(used >= RLIMIT_PER_UNIT, "Z3 counted only {used}");
        assert!(
            spent > 0 && spent <= used / RLIMIT_PER_UNIT,
            "{spent} units charged for {used}"
        );
    }

    /// `exists v1..v8. x < v1, 1 v1 < 2 v2, ..., 7 v7 < 8 v8, v8 < 7`.
    fn chain_to_eliminate() -> (Vec<Int>, Bool) {
        let vs: Vec<Int> = (1..=8).map(|i| Int::new_const(format!("v{i}"))).collect();
        let x = Int::new_const("x");
        let mut parts = vec![x.lt(&vs[0])];
        for (i, w) in vs.windows(2).enumerate() {
            parts.push(
                (&w[0] * Int::from_i64(i as i64 + 1)).lt(&(&w[1] * Int::from_i64(i as i64 + 2))),
            );
        }
        parts.push(vs[7].lt(Int::from_i64(7)));
        (vs, Bool::and(&parts))
    }

    /// `exists v1..v8` of [`chain_to_eliminate`] by `qe2`, as SMT-LIB text.
    fn eliminate_chain() -> Result<String, String> {
        let (vs, body) = chain_to_eliminate();
        let bounds: Vec<&dyn Ast> = vs.iter().map(|v| v as &dyn Ast).collect();
        let goal = Goal::new(false, false, false);
        goal.assert(&z3::ast::exists_const(&bounds, &[], &body));
        Tactic::new("qe2").apply(&goal, None).map(|r| {
            let subgoals: Vec<Bool> = r
                .list_subgoals()
                .map(|g| Bool::and(&g.get_formulas()))
                .collect();
            Bool::or(&subgoals).to_string()
        })
    }

    /// [`eliminate_chain`] in a fresh context, in a lane that may spend
    /// `cap` units, bounded by the race at a pace of `unit` per unit.
    fn eliminate_chain_in_lane(cap: Option<i64>, unit: std::time::Duration) -> String {
        let lane = crate::race::Lane::leading(1, 0);
        if let Some(cap) = cap {
            lane.limit(cap);
        }
        let text = z3::with_z3_config(&z3::Config::new(), || {
            crate::race::in_lane(lane.clone(), || {
                crate::watchdog::guarded(|| bounded_by_race(unit, eliminate_chain))
            })
            .map(|r| r.expect("eliminates"))
            .map_err(|e| e.0)
        });
        assert!(!lane.is_cancelled());
        text.expect("not outraced")
    }

    #[test]
    fn an_elimination_the_race_interrupts_too_early_is_made_again_and_gives_a_formula() {
        let nanosecond = std::time::Duration::from_nanos(1);
        // Uncapped, the race never interrupts.
        let plain = eliminate_chain_in_lane(None, nanosecond);
        // A cap far away, but a pace of a nanosecond a unit: the race
        // alarm fires at once, long before the work left is spent. The
        // call made again gives an equivalent formula; the same one only
        // if Z3 does the same after the interrupted attempt (not promised:
        // the attempt made terms), which is why the pace is the slowest
        // expected one.
        let again = eliminate_chain_in_lane(Some(1_000_000), nanosecond);
        let differ = z3::with_z3_config(&z3::Config::new(), || {
            let s = z3::Solver::new();
            s.from_string(format!(
                "(declare-const x Int) (assert (distinct {plain} {again}))"
            ));
            s.check()
        });
        assert_eq!(differ, z3::SatResult::Unsat, "{plain} against {again}");
    }

    #[test]
    fn an_elimination_past_the_cap_when_the_race_interrupts_it_loses_the_race() {
        // Z3 work without end: the chain's elimination again and again,
        // until interrupted (or, if the bound were broken, for 10 s).
        let endless = || -> Result<(), String> {
            let _safety =
                crate::watchdog::arm(Some(Instant::now() + std::time::Duration::from_secs(10)));
            loop {
                eliminate_chain()?;
            }
        };
        // One unit left (512 of Z3's resource units), at 100 ms a unit:
        // the race alarm fires after 100 ms, when far more has been spent.
        let lane = crate::race::Lane::leading(1, 0);
        crate::race::in_lane(lane.clone(), crate::race::tick).expect("under the cap");
        lane.limit(2);
        let start = Instant::now();
        let outcome = z3::with_z3_config(&z3::Config::new(), || {
            crate::race::in_lane(lane.clone(), || {
                crate::watchdog::guarded(|| {
                    bounded_by_race(std::time::Duration::from_millis(100), endless).map(|_| ())
                })
            })
            .map_err(|e| e.0)
        });
        assert!(outcome.is_err(), "the lane went on past its cap");
        assert!(lane.is_cancelled());
        assert!(
            start.elapsed() >= std::time::Duration::from_millis(100)
                && start.elapsed() < std::time::Duration::from_secs(5),
            "{:?}",
            start.elapsed()
        );
    }
}
