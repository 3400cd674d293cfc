//! Counterexample analysis: the path formula with one frame per step, and
//! refinement by weakest-precondition interpolants computed with Z3's
//! quantifier elimination.

use super::predabs::PredicateAnalysis;
use super::smt::{self, Budget, View};
use super::{AbstractPath, Refinement, Refiner, Unknown};
use format::{Expr, Step, Task, Trace};
use std::time::Instant;
use z3::ast::{Ast, Bool, Dynamic, Int};
use z3::{Goal, Solver, Tactic};

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

    /// `I(s0) and T_e0(s0,s1,w0) and ... ` : SAT gives the concrete run.
    pub fn feasible(&self, path: &AbstractPath) -> Result<Option<Trace>, Unknown> {
        let solver = Solver::new();
        solver.assert(smt::encode_bool(&self.task.init, View::state(0)));
        for (i, &e) in path.edges.iter().enumerate() {
            solver.assert(smt::encode_edge(self.edge(e), i));
        }
        if !self.budget.check(&solver, &[])? {
            return Ok(None);
        }
        let model = solver
            .get_model()
            .ok_or_else(|| Unknown("solver gave no model".into()))?;
        let steps = path
            .edges
            .iter()
            .enumerate()
            .map(|(i, &e)| {
                let locals: Vec<String> =
                    self.edge(e).locals.iter().map(|l| l.name.clone()).collect();
                Step {
                    edge: e,
                    inputs: smt::model_valuation(&model, &locals, &|n| smt::local_symbol(n, i)),
                    next: super::state_valuation(self.task, &model, i + 1),
                }
            })
            .collect();
        Ok(Some(Trace {
            initial: super::state_valuation(self.task, &model, 0),
            steps,
        }))
    }

    /// `exists vars. body`, without quantifiers.
    fn eliminate(&self, vars: &[Int], body: &Bool) -> Result<Bool, Unknown> {
        if self.budget.expired() {
            return Err(Unknown("timeout".into()));
        }
        let bounds: Vec<&dyn Ast> = vars.iter().map(|v| v as &dyn Ast).collect();
        let goal = Goal::new(false, false, false);
        goal.assert(&z3::ast::exists_const(&bounds, &[], body));
        let mut tactic = Tactic::new("simplify")
            .and_then(&Tactic::new("qe-light"))
            .and_then(&Tactic::new("qe"))
            .and_then(&Tactic::new("simplify"));
        // One elimination may take a third of the remaining time, so that a
        // blow-up leaves room for the other strategies (BMC) to answer.
        if let Some(d) = self.budget.deadline {
            let slice = (d.saturating_duration_since(Instant::now()) / 3)
                .min(std::time::Duration::from_secs(10));
            tactic = tactic.try_for(slice);
        }
        self.budget.queries.set(self.budget.queries.get() + 1);
        let result = tactic
            .apply(&goal, None)
            .map_err(|e| Unknown(format!("quantifier elimination failed: {e}")))?;
        let disjuncts: Vec<Bool> = result
            .list_subgoals()
            .map(|g| Bool::and(&g.get_formulas()))
            .collect();
        Ok(Bool::or(&disjuncts).simplify())
    }
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
        analysis: &mut PredicateAnalysis<'t>,
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
                    added |= analysis.add_predicate(&path.locations[i], atom);
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
        // Suf_i(s_i) = exists s_{i+1..}, w. T_i and ... (reaches bad); the
        // interpolant at position i is its negation, so its atoms go into
        // the precision of the path's i-th location.
        let task = self.task;
        let names = task.var_names();
        let mut suffix = Bool::from_bool(true);
        let mut added = false;
        for i in (0..path.edges.len()).rev() {
            let edge = self.edge(path.edges[i]);
            let body = Bool::and(&[smt::encode_edge(edge, i), suffix]);
            let mut vars: Vec<Int> = names
                .iter()
                .map(|n| smt::int_const(&smt::state_symbol(n, i + 1)))
                .collect();
            vars.extend(
                edge.locals
                    .iter()
                    .map(|l| smt::int_const(&smt::local_symbol(&l.name, i))),
            );
            suffix = match self.eliminate(&vars, &body) {
                Ok(s) => s,
                // The weakest precondition is out of reach (QE blew up or
                // left quantifiers): fall back to the guards along the path.
                Err(why) => return self.guard_fallback(analysis, path, added, why),
            };
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
            let decoded = match smt::decode(&Dynamic::from_ast(&suffix), &rename) {
                Ok(d) => d,
                Err(e) => {
                    let why = Unknown(format!("interpolant outside the supported language: {e}"));
                    return self.guard_fallback(analysis, path, added, why);
                }
            };
            for atom in atoms(&decoded).into_iter().filter(mentions_vars) {
                added |= analysis.add_predicate(&path.locations[i], atom);
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
}
