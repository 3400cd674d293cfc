//! Predicate abstraction: states are full cubes over a per-location precision,
//! and the abstract post is the Boolean abstraction computed by All-SMT.

use super::smt::{self, Budget, View};
use super::{Analysis, Unknown};
use format::{Edge, Expr, Literal, Predicate, Task, Witness};
use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;
use z3::ast::Bool;
use z3::Solver;

pub type Cube = Vec<Literal>;

/// Most cubes one abstract post may enumerate before the run gives up.
pub const MAX_CUBES_PER_POST: usize = 20_000;

/// One incremental solver per edge: the relation stays asserted, each query
/// pushes the source region, and predicate indicators are defined once.
struct EdgeSolver {
    solver: Solver,
    defined: BTreeSet<u32>,
}

pub struct PredicateAnalysis<'t> {
    task: &'t Task,
    budget: Budget,
    preds: Vec<Expr>,
    pred_index: BTreeMap<Expr, u32>,
    precision: BTreeMap<String, BTreeSet<u32>>,
    edge_solvers: BTreeMap<u32, EdgeSolver>,
    /// (edge, source cube, fixed target literals, target precision) -> successors.
    cache: BTreeMap<(u32, Cube, Cube, Vec<u32>), Vec<(Cube, Witness)>>,
}

fn indicator(pred: u32, frame: usize) -> Bool {
    Bool::new_const(format!("p{pred}!ind{frame}"))
}

impl<'t> PredicateAnalysis<'t> {
    pub fn new(task: &'t Task, deadline: Option<Instant>) -> Self {
        PredicateAnalysis {
            task,
            budget: Budget::new(deadline),
            preds: Vec::new(),
            pred_index: BTreeMap::new(),
            precision: BTreeMap::new(),
            edge_solvers: BTreeMap::new(),
            cache: BTreeMap::new(),
        }
    }

    /// Adds `formula` to the precision of `loc`; true if it was not there yet.
    pub fn add_predicate(&mut self, loc: &str, formula: Expr) -> bool {
        let id = self.intern(formula);
        self.precision
            .entry(loc.to_string())
            .or_default()
            .insert(id)
    }

    /// The id of `formula` in the predicate table, adding it (to no precision).
    pub fn intern(&mut self, formula: Expr) -> u32 {
        let next_id = self.preds.len() as u32;
        let id = *self.pred_index.entry(formula.clone()).or_insert(next_id);
        if id == next_id {
            self.preds.push(formula);
        }
        id
    }

    /// The id of `formula` if it is in the predicate table.
    pub fn lookup(&self, formula: &Expr) -> Option<u32> {
        self.pred_index.get(formula).copied()
    }

    /// Number of (location, predicate) pairs in the precision.
    pub fn precision_size(&self) -> usize {
        self.precision.values().map(|p| p.len()).sum()
    }

    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    pub fn precision(&self, loc: &str) -> Vec<u32> {
        self.precision
            .get(loc)
            .map(|p| p.iter().copied().collect())
            .unwrap_or_default()
    }

    /// Puts the state-variable atoms of each assertion edge's guard into
    /// the precision of the edge's source.
    pub fn seed_assertion_atoms(&mut self) {
        let task = self.task;
        for e in task.edges.iter().filter(|e| e.to == task.bad_location) {
            for atom in super::refine::atoms(&e.relation) {
                let mut vars = Vec::new();
                let mut nexts = Vec::new();
                atom.collect_vars(&mut vars, &mut nexts);
                if nexts.is_empty() && vars.iter().all(|v| task.is_state_var(v)) && !vars.is_empty()
                {
                    self.add_predicate(&e.from, atom);
                }
            }
        }
    }

    fn region(&self, cube: &Cube, frame: usize) -> Bool {
        let lits: Vec<Bool> = cube
            .iter()
            .map(|l| {
                let p = smt::encode_bool(&self.preds[l.pred as usize], View::state(frame));
                if l.positive {
                    p
                } else {
                    p.not()
                }
            })
            .collect();
        Bool::and(&lits)
    }

    fn define_indicators(
        &self,
        solver: &Solver,
        defined: &mut BTreeSet<u32>,
        preds: &[u32],
        frame: usize,
    ) {
        for &p in preds {
            if defined.insert(p) {
                let body = smt::encode_bool(&self.preds[p as usize], View::state(frame));
                solver.assert(indicator(p, frame).eq(body));
            }
        }
    }

    /// Enumerates the cubes over `preds` (indicators at `frame`) consistent
    /// with the solver's assertions, blocking each one found.
    fn all_sat(
        &self,
        solver: &Solver,
        preds: &[u32],
        frame: usize,
    ) -> Result<Vec<(Cube, z3::Model)>, Unknown> {
        let mut out = Vec::new();
        while self.budget.check(solver, &[])? {
            let model = solver
                .get_model()
                .ok_or_else(|| Unknown("solver gave no model".into()))?;
            let cube: Cube = preds
                .iter()
                .map(|&p| Literal {
                    pred: p,
                    positive: model
                        .eval(&indicator(p, frame), true)
                        .and_then(|b| b.as_bool())
                        .unwrap_or(false),
                })
                .collect();
            let block: Vec<Bool> = cube
                .iter()
                .map(|l| {
                    let ind = indicator(l.pred, frame);
                    if l.positive {
                        ind.not()
                    } else {
                        ind
                    }
                })
                .collect();
            solver.assert(Bool::or(&block));
            out.push((cube, model));
            if out.len() > MAX_CUBES_PER_POST {
                return Err(Unknown(format!(
                    "an abstract post has more than {MAX_CUBES_PER_POST} cubes"
                )));
            }
            if preds.is_empty() {
                break;
            }
        }
        Ok(out)
    }

    /// Cubes over the initial precision consistent with the initial
    /// condition and the `fixed` literals.
    pub fn initial_under(&mut self, fixed: &Cube) -> Result<Vec<Cube>, Unknown> {
        let solver = smt::solver();
        solver.assert(smt::encode_bool(&self.task.init, View::state(0)));
        solver.assert(self.region(fixed, 0));
        let preds = self.precision(&self.task.initial_location);
        let mut defined = BTreeSet::new();
        self.define_indicators(&solver, &mut defined, &preds, 0);
        Ok(self
            .all_sat(&solver, &preds, 0)?
            .into_iter()
            .map(|(c, _)| c)
            .collect())
    }

    /// Successor cubes over the target's precision of the region `state`
    /// under `edge`, among next states that satisfy the `fixed` literals.
    pub fn post_under(
        &mut self,
        state: &Cube,
        edge: &Edge,
        fixed: &Cube,
    ) -> Result<Vec<(Cube, Witness)>, Unknown> {
        let bad = edge.to == self.task.bad_location;
        let preds = if bad {
            Vec::new()
        } else {
            self.precision(&edge.to)
        };
        let key = (edge.id, state.clone(), fixed.clone(), preds.clone());
        if let Some(hit) = self.cache.get(&key) {
            return Ok(hit.clone());
        }
        let mut es = self.edge_solvers.remove(&edge.id).unwrap_or_else(|| {
            // Kept for the whole run, outside the pool (see solver_pool::new_solver).
            let solver = crate::solver_pool::new_solver();
            solver.assert(smt::encode_edge(edge, 0));
            EdgeSolver {
                solver,
                defined: BTreeSet::new(),
            }
        });
        self.define_indicators(&es.solver, &mut es.defined, &preds, 1);
        es.solver.push();
        es.solver.assert(self.region(state, 0));
        es.solver.assert(self.region(fixed, 1));
        let found = self.all_sat(&es.solver, &preds, 1);
        es.solver.pop(1);
        let found = found.map(|v| {
            v.into_iter()
                .map(|(c, m)| (c, self.witness(edge, &m)))
                .collect::<Vec<_>>()
        });
        self.edge_solvers.insert(edge.id, es);
        let found = found?;
        self.cache.insert(key, found.clone());
        Ok(found)
    }

    fn witness(&self, edge: &Edge, model: &z3::Model) -> Witness {
        let locals: Vec<String> = edge.locals.iter().map(|l| l.name.clone()).collect();
        Witness {
            state: super::state_valuation(self.task, model, 0),
            inputs: smt::model_valuation(model, &locals, &|n| smt::local_symbol(n, 0)),
            next: super::state_valuation(self.task, model, 1),
            state_arrays: Default::default(),
            next_arrays: Default::default(),
        }
    }
}

impl Analysis for PredicateAnalysis<'_> {
    type State = Cube;

    fn initial(&mut self) -> Result<Vec<Cube>, Unknown> {
        self.initial_under(&Vec::new())
    }

    fn post(&mut self, state: &Cube, edge: &Edge) -> Result<Vec<(Cube, Witness)>, Unknown> {
        self.post_under(state, edge, &Vec::new())
    }

    fn cube(&self, state: &Cube) -> Vec<Literal> {
        state.clone()
    }

    fn predicates(&self) -> Vec<Predicate> {
        self.preds
            .iter()
            .enumerate()
            .map(|(i, f)| Predicate {
                id: i as u32,
                formula: f.clone(),
            })
            .collect()
    }

    fn queries(&self) -> u64 {
        self.budget.queries.get()
    }
}
