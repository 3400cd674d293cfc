//! The composite of explicit values and predicates (seed 003, last section):
//! a state is a value map and a predicate cube, value refinement comes first,
//! and a variable with too many values is handed over to the predicates.

use super::predabs::{Cube, PredicateAnalysis};
use super::refine::InterpolationRefiner;
use super::smt::Budget;
use super::value::{self, Values};
use super::{AbstractPath, Analysis, Refinement, Refiner, Unknown};
use format::{Edge, Expr, Literal, Predicate, Task, Witness};
use num_bigint::BigInt;
use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

pub struct CompositeAnalysis<'t> {
    task: &'t Task,
    pub predicates: PredicateAnalysis<'t>,
    /// Value precision: the variables tracked explicitly at each location.
    tracked: BTreeMap<String, BTreeSet<String>>,
    /// Variables that took more than `threshold` values at one location.
    untracked: BTreeSet<String>,
    threshold: usize,
    /// Distinct values seen per (location, variable), for the threshold.
    seen: BTreeMap<(String, String), BTreeSet<BigInt>>,
    /// Refinements that added predicates (not only tracked variables).
    pub predicate_refinements: usize,
}

impl<'t> CompositeAnalysis<'t> {
    pub fn new(task: &'t Task, deadline: Option<Instant>, threshold: usize) -> Self {
        CompositeAnalysis {
            task,
            predicates: PredicateAnalysis::new(task, deadline),
            tracked: BTreeMap::new(),
            untracked: BTreeSet::new(),
            threshold,
            seen: BTreeMap::new(),
            predicate_refinements: 0,
        }
    }

    /// Tracks `var` at `loc` from now on; true if it was not tracked yet.
    pub fn track(&mut self, loc: &str, var: &str) -> bool {
        !self.untracked.contains(var)
            && self
                .tracked
                .entry(loc.to_string())
                .or_default()
                .insert(var.to_string())
    }

    pub fn untracked(&self) -> &BTreeSet<String> {
        &self.untracked
    }

    fn keeps(&self, loc: &str) -> impl Fn(&str) -> bool + '_ {
        let at = self.tracked.get(loc);
        move |v: &str| {
            at.is_some_and(|s| s.contains(v) || s.contains(value::base(v)))
                && !self.untracked.contains(v)
        }
    }

    /// The value map as positive literals `x == c` of the predicate table.
    fn literals(&mut self, values: &Values) -> Cube {
        values
            .iter()
            .map(|(x, c)| Literal {
                pred: self.predicates.intern(value::literal(x, c)),
                positive: true,
            })
            .collect()
    }

    /// Records the values of a new state; a variable past the threshold
    /// stops being tracked anywhere.
    fn count(&mut self, loc: &str, values: &Values) {
        for (x, c) in values {
            let seen = self.seen.entry((loc.to_string(), x.clone())).or_default();
            seen.insert(c.clone());
            if seen.len() > self.threshold {
                self.untracked.insert(x.clone());
            }
        }
    }

    fn drop_untracked(&self, values: &mut Values) {
        values.retain(|x, _| !self.untracked.contains(x));
    }
}

fn conjoin(a: &Cube, b: &Cube) -> Cube {
    let mut out: Cube = a.iter().chain(b).cloned().collect();
    out.sort_by_key(|l| (l.pred, l.positive));
    out.dedup();
    out
}

impl Analysis for CompositeAnalysis<'_> {
    type State = (Values, Cube);

    fn initial(&mut self) -> Result<Vec<(Values, Cube)>, Unknown> {
        let task = self.task;
        let starts = value::initial(&task.init, &self.keeps(&task.initial_location));
        let mut out = Vec::new();
        for mut values in starts {
            self.count(&task.initial_location, &values);
            self.drop_untracked(&mut values);
            let fixed = self.literals(&values);
            for cube in self.predicates.initial_under(&fixed)? {
                out.push((values.clone(), cube));
            }
        }
        Ok(out)
    }

    fn post(
        &mut self,
        state: &(Values, Cube),
        edge: &Edge,
    ) -> Result<Vec<((Values, Cube), Witness)>, Unknown> {
        if self.predicates.budget().expired() {
            return Err(Unknown("timeout".into()));
        }
        let (values, cube) = state;
        let candidates = value::post(values, edge, &self.keeps(&edge.to));
        if candidates.is_empty() {
            return Ok(Vec::new());
        }
        let source = conjoin(&self.literals(values), cube);
        let mut out = Vec::new();
        for mut next in candidates {
            if edge.to != self.task.bad_location {
                self.count(&edge.to, &next);
                self.drop_untracked(&mut next);
            }
            let fixed = self.literals(&next);
            for (c, w) in self.predicates.post_under(&source, edge, &fixed)? {
                out.push(((next.clone(), c), w));
            }
        }
        Ok(out)
    }

    fn cube(&self, state: &(Values, Cube)) -> Vec<Literal> {
        let values: Cube = state
            .0
            .iter()
            .map(|(x, c)| Literal {
                pred: self
                    .predicates
                    .lookup(&value::literal(x, c))
                    .expect("value literals are interned when their state is made"),
                positive: true,
            })
            .collect();
        conjoin(&values, &state.1)
    }

    fn predicates(&self) -> Vec<Predicate> {
        self.predicates.predicates()
    }

    fn queries(&self) -> u64 {
        self.predicates.queries()
    }

    fn precision_summary(&self) -> String {
        let pairs: usize = self.tracked.values().map(|s| s.len()).sum();
        let vars: BTreeSet<&String> = self.tracked.values().flatten().collect();
        format!(
            "{} tracked variables ({} location pairs, {} past the threshold), {} predicate pairs ({} predicate refinements)",
            vars.len(),
            pairs,
            self.untracked.len(),
            self.predicates.precision_size(),
            self.predicate_refinements
        )
    }

    fn epoch(&self) -> u64 {
        self.untracked.len() as u64
    }

    fn path_fact(&self, state: &(Values, Cube)) -> Expr {
        Expr::And(state.0.iter().map(|(x, c)| value::literal(x, c)).collect())
    }
}

/// Refines by value interpolation first; predicates (when allowed) only
/// when known values cannot refute the path.
pub struct CompositeRefiner<'t> {
    task: &'t Task,
    budget: Budget,
    predicates: InterpolationRefiner<'t>,
    use_predicates: bool,
    /// Answer unknown instead of adding predicates a further time.
    pub predicate_refinement_limit: Option<usize>,
}

impl<'t> CompositeRefiner<'t> {
    pub fn new(task: &'t Task, deadline: Option<Instant>, use_predicates: bool) -> Self {
        CompositeRefiner {
            task,
            budget: Budget::new(deadline),
            predicates: InterpolationRefiner::new(task, deadline),
            use_predicates,
            predicate_refinement_limit: None,
        }
    }
}

impl<'t> Refiner<CompositeAnalysis<'t>> for CompositeRefiner<'t> {
    fn refine(
        &mut self,
        analysis: &mut CompositeAnalysis<'t>,
        path: &AbstractPath,
    ) -> Result<Refinement, Unknown> {
        if let Some(trace) = self.predicates.feasible(path)? {
            return Ok(Refinement::Feasible(trace));
        }
        if let Some(precision) =
            value::interpolate(self.task, path, analysis.untracked(), &self.budget)?
        {
            let mut added = false;
            for (i, vars) in precision.iter().enumerate() {
                for x in vars {
                    added |= analysis.track(&path.locations[i], x);
                }
            }
            if added {
                return Ok(Refinement::Refined);
            }
        }
        if !self.use_predicates {
            // The path may still be real through other values than the
            // ones it was found with; values alone cannot go on.
            let raw = AbstractPath {
                facts: Vec::new(),
                ..path.clone()
            };
            if let Some(trace) = self.predicates.feasible(&raw)? {
                return Ok(Refinement::Feasible(trace));
            }
            return Err(Unknown(format!(
                "explicit values cannot refute the infeasible path {:?}; \
                 try --analysis value+predicate",
                path.edges
            )));
        }
        if let Some(limit) = self.predicate_refinement_limit {
            if analysis.predicate_refinements >= limit {
                return Err(Unknown(format!(
                    "predicates keep growing ({limit} refinements added them)"
                )));
            }
        }
        // Facts about one variable go to explicit values first: control
        // variables of state machines are cheap to know and costly as
        // predicates. Relational facts, and single-variable facts at a
        // location that already tracks the variable (its value may be
        // unknown there), become predicates.
        let task = self.task;
        let mut diverted = false;
        let refined = self
            .predicates
            .refine_infeasible_into(path, &mut |loc, atom| {
                if let Some(x) = single_variable(&atom) {
                    if task.is_state_var(&x) && analysis.track(loc, &x) {
                        diverted = true;
                        return true;
                    }
                }
                analysis.predicates.add_predicate(loc, atom)
            })?;
        Ok(if diverted {
            Refinement::Tentative
        } else {
            analysis.predicate_refinements += 1;
            refined
        })
    }

    fn queries(&self) -> u64 {
        self.budget.queries.get() + self.predicates.queries()
    }
}

/// The one variable an atom mentions, if it mentions exactly one.
fn single_variable(atom: &Expr) -> Option<String> {
    let (mut vars, mut nexts) = (Vec::new(), Vec::new());
    atom.collect_vars(&mut vars, &mut nexts);
    vars.sort();
    vars.dedup();
    match (vars.as_slice(), nexts.is_empty()) {
        ([x], true) => Some(x.clone()),
        _ => None,
    }
}
