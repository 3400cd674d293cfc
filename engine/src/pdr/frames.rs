//! PDR frames: per-location lemmas with their levels, and one incremental Z3
//! solver per edge that answers "F_k(from) and T_e and cube(x')" queries
//! through activation literals (one per level) and assumptions.

use crate::smt::{self, Budget, View};
use crate::Unknown;
use format::{Expr, Task};
use num_bigint::BigInt;
use std::collections::BTreeMap;
use z3::ast::Bool;
use z3::Solver;

/// The level of a lemma that holds in every frame (an inductive one).
pub const INF: usize = usize::MAX;

/// A blocked cube at a location: its negation holds in frames `1..=level`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lemma {
    pub loc: usize,
    /// Literals over the state variables; the lemma is their negated conjunction.
    pub cube: Vec<Expr>,
    pub level: usize,
    /// The stamp at which pushing it last failed: it is not tried again
    /// until its frame has changed since.
    pub tried: Option<u64>,
}

/// A concrete step read from a model: state, edge locals, next state.
#[derive(Clone, Debug, Default)]
pub struct Point {
    pub state: BTreeMap<String, BigInt>,
    pub locals: BTreeMap<String, BigInt>,
    pub next: BTreeMap<String, BigInt>,
}

impl Point {
    /// An evaluation environment: locals and state as current, `next` primed.
    pub fn env(&self) -> format::eval::Env {
        let mut vars = self.state.clone();
        vars.extend(self.locals.clone());
        format::eval::Env {
            vars,
            nexts: self.next.clone(),
            arrays: Default::default(),
            next_arrays: Default::default(),
        }
    }
}

/// The answer to one query.
pub enum Answer {
    /// A step into the cube (from a state outside it, for self-loops).
    Sat(Point),
    /// No such step; the indices of the cube literals an unsat core needs.
    Unsat(Vec<usize>),
}

struct EdgeSolver {
    /// Index into `task.edges`.
    edge: usize,
    from: usize,
    solver: Solver,
}

pub struct Frames<'t> {
    pub task: &'t Task,
    pub lemmas: Vec<Lemma>,
    /// Location names in task order, and their indices.
    pub locs: Vec<String>,
    index: BTreeMap<String, usize>,
    pub init_loc: usize,
    pub bad_loc: usize,
    solvers: Vec<EdgeSolver>,
    /// Per location, the solvers of the edges entering it (never from bad).
    into: Vec<Vec<usize>>,
    /// Per location, the solvers of the edges leaving it.
    out: Vec<Vec<usize>>,
    /// `init` holds at level 0 (asserted under this literal where the edge
    /// leaves the initial location).
    init_act: Bool,
    /// Activation literal of each level (`acts[0]` unused).
    acts: Vec<Bool>,
    inf_act: Bool,
    /// Decides `init and cube` (initiality of lemmas at the initial location).
    init_solver: crate::solver_pool::PooledSolver,
    /// The highest level; frames are `0..=top`.
    pub top: usize,
    /// Counts lemma additions; `level_stamp[k]` is the last one at level
    /// `k` (`INF` under key `usize::MAX`).
    stamp: u64,
    level_stamp: BTreeMap<usize, u64>,
    pub budget: Budget,
}

fn state_names(task: &Task) -> Vec<String> {
    task.var_names()
}

/// One solver per edge not leaving bad, holding its relation (and, from
/// the initial location, `init` under `init_act`); `into` and `out` get
/// each solver's index at the edge's target and source.
fn edge_solvers(
    task: &Task,
    index: &BTreeMap<String, usize>,
    init_act: &Bool,
    into: &mut [Vec<usize>],
    out: &mut [Vec<usize>],
) -> Vec<EdgeSolver> {
    let init_loc = index[&task.initial_location];
    let bad_loc = index[&task.bad_location];
    let mut solvers = Vec::new();
    for (k, e) in task.edges.iter().enumerate() {
        let (from, to) = (index[&e.from], index[&e.to]);
        if from == bad_loc {
            continue;
        }
        // Kept for the whole run, outside the pool (see solver_pool::new_solver).
        let solver = crate::solver_pool::new_solver();
        solver.assert(smt::encode_edge(e, 0));
        if from == init_loc {
            solver.assert(init_act.implies(smt::encode_bool(&task.init, View::state(0))));
        }
        into[to].push(solvers.len());
        out[from].push(solvers.len());
        solvers.push(EdgeSolver {
            edge: k,
            from,
            solver,
        });
    }
    solvers
}

impl<'t> Frames<'t> {
    pub fn new(task: &'t Task, budget: Budget) -> Frames<'t> {
        let locs = task.locations.clone();
        let index: BTreeMap<String, usize> = locs
            .iter()
            .enumerate()
            .map(|(i, l)| (l.clone(), i))
            .collect();
        let init_loc = index[&task.initial_location];
        let bad_loc = index[&task.bad_location];
        let init_act = Bool::new_const("pdr~init");
        let mut into = vec![Vec::new(); locs.len()];
        let mut out = vec![Vec::new(); locs.len()];
        let solvers = edge_solvers(task, &index, &init_act, &mut into, &mut out);
        let init_solver = smt::solver();
        init_solver.assert(smt::encode_bool(&task.init, View::state(0)));
        Frames {
            task,
            lemmas: Vec::new(),
            locs,
            index,
            init_loc,
            bad_loc,
            solvers,
            into,
            out,
            init_act,
            acts: vec![Bool::from_bool(true), Bool::new_const("pdr~act~1")],
            inf_act: Bool::new_const("pdr~act~inf"),
            init_solver,
            top: 1,
            stamp: 0,
            level_stamp: BTreeMap::new(),
            budget,
        }
    }

    /// Empties every frame and makes `budget` the frames' budget: the
    /// state [`Frames::new`] starts in, the initial condition's solver kept
    /// (it holds `init` only). The old edge solvers go before new ones are
    /// built, so that two sets are never alive at once. (Built beside the
    /// old frames instead, PDR's later models differed: fib_bench_safe_v2
    /// took 28,247 queries and 7.4 s in `auto` instead of 24,203 and 5.8 s.)
    pub fn restart(&mut self, budget: Budget) {
        self.solvers.clear();
        self.into.iter_mut().for_each(Vec::clear);
        self.out.iter_mut().for_each(Vec::clear);
        self.solvers = edge_solvers(
            self.task,
            &self.index,
            &self.init_act,
            &mut self.into,
            &mut self.out,
        );
        self.lemmas.clear();
        self.acts = vec![Bool::from_bool(true), Bool::new_const("pdr~act~1")];
        self.top = 1;
        self.stamp = 0;
        self.level_stamp.clear();
        self.budget = budget;
    }

    pub fn loc(&self, name: &str) -> usize {
        self.index[name]
    }

    /// Opens frame `top + 1`, empty.
    pub fn new_level(&mut self) {
        self.top += 1;
        self.acts
            .push(Bool::new_const(format!("pdr~act~{}", self.top)));
    }

    fn act(&self, level: usize) -> &Bool {
        if level == INF {
            &self.inf_act
        } else {
            &self.acts[level]
        }
    }

    /// The solvers of the edges entering `loc`, as (solver, edge index).
    pub fn edges_into(&self, loc: usize) -> Vec<(usize, usize)> {
        self.into[loc]
            .iter()
            .map(|&s| (s, self.solvers[s].edge))
            .collect()
    }

    /// The solvers of the edges leaving `loc`, as (solver, edge index).
    pub fn edges_out(&self, loc: usize) -> Vec<(usize, usize)> {
        self.out[loc]
            .iter()
            .map(|&s| (s, self.solvers[s].edge))
            .collect()
    }

    /// Asserts `not cube` at `loc` for levels `1..=level` in the solvers of
    /// the edges leaving `loc` (a lemma moved up is asserted again at its
    /// new level; the old implication stays true).
    fn assert_lemma(&self, loc: usize, cube: &[Expr], level: usize) {
        let lemma = Bool::and(
            &cube
                .iter()
                .map(|l| smt::encode_bool(l, View::state(0)))
                .collect::<Vec<_>>(),
        )
        .not();
        for &s in &self.out[loc] {
            self.solvers[s]
                .solver
                .assert(self.act(level).implies(&lemma));
        }
    }

    /// Adds the lemma `not cube` at `loc` in frames `1..=level`, and drops
    /// the lemmas it subsumes there.
    pub fn add_lemma(&mut self, loc: usize, cube: Vec<Expr>, level: usize) {
        self.lemmas.retain(|l| {
            !(l.loc == loc && l.level <= level && cube.iter().all(|x| l.cube.contains(x)))
        });
        self.assert_lemma(loc, &cube, level);
        self.touch(level);
        self.lemmas.push(Lemma {
            loc,
            cube,
            level,
            tried: None,
        });
    }

    fn touch(&mut self, level: usize) {
        self.stamp += 1;
        self.level_stamp.insert(level, self.stamp);
    }

    /// The current stamp (see [`Lemma::tried`]).
    pub fn stamp(&self) -> u64 {
        self.stamp
    }

    /// Has frame `level` gained a lemma after stamp `t`?
    pub fn changed_since(&self, level: usize, t: u64) -> bool {
        self.level_stamp.range(level..).any(|(_, &s)| s > t)
    }

    /// Moves lemma `i` to `level` (it holds there too).
    pub fn raise(&mut self, i: usize, level: usize) {
        let (loc, cube) = (self.lemmas[i].loc, self.lemmas[i].cube.clone());
        self.assert_lemma(loc, &cube, level);
        self.touch(level);
        self.lemmas[i].level = level;
    }

    /// Is some lemma at `loc`, holding at `level`, a sub-cube of `cube`
    /// (so `cube` is blocked there already)?
    pub fn blocked(&self, loc: usize, cube: &[Expr], level: usize) -> bool {
        self.lemmas
            .iter()
            .any(|l| l.loc == loc && l.level >= level && l.cube.iter().all(|x| cube.contains(x)))
    }

    /// Does `cube` meet the initial states (only at the initial location)?
    /// `Ok(None)`: it does; `Ok(Some(core))`: it does not, and the literals
    /// `core` of `cube` alone already exclude the initial states.
    pub fn meets_init(&self, loc: usize, cube: &[Expr]) -> Result<Option<Vec<usize>>, Unknown> {
        Ok(self.init_query(loc, cube, |_| Ok(()))?.err())
    }

    /// [`Frames::meets_init`] with the witness: `Ok(Ok(state))`, an initial
    /// state in `cube`; `Ok(Err(core))` when there is none.
    pub fn initial_in(
        &self,
        loc: usize,
        cube: &[Expr],
    ) -> Result<Result<BTreeMap<String, BigInt>, Vec<usize>>, Unknown> {
        self.init_query(loc, cube, |s| match s.get_model() {
            Some(m) => Ok(state_names(self.task)
                .iter()
                .map(|n| (n.clone(), smt::model_int(&m, &smt::state_symbol(n, 0))))
                .collect()),
            None => Err(Unknown("solver gave no model".into())),
        })
    }

    /// Does `cube` at `loc` meet the initial states? `Ok(Ok(read(solver)))`
    /// if it does (the model is read only by callers that want it),
    /// `Ok(Err(core))` if not.
    fn init_query<T>(
        &self,
        loc: usize,
        cube: &[Expr],
        read: impl FnOnce(&Solver) -> Result<T, Unknown>,
    ) -> Result<Result<T, Vec<usize>>, Unknown> {
        if loc != self.init_loc {
            return Ok(Err(Vec::new()));
        }
        let s = &self.init_solver;
        s.push();
        let guards = guard_cube(s, cube, View::state(0), "pdr~i");
        let found = match self.budget.check(s, &guards) {
            Ok(false) => Ok(Err(core_indices(s, &guards))),
            Ok(true) => read(s).map(Ok),
            Err(e) => Err(e),
        };
        s.pop(1);
        found
    }

    /// `F_level(from) and [not cube(x) on self-loops, if block_self]
    /// and T_e and cube(x')` on solver `s`. Level 0 is the initial
    /// condition (false away from the initial location).
    pub fn query(
        &self,
        s: usize,
        level: usize,
        cube: &[Expr],
        block_self: bool,
    ) -> Result<Answer, Unknown> {
        let es = &self.solvers[s];
        let mut assumptions = Vec::new();
        if level == 0 {
            if es.from != self.init_loc {
                return Ok(Answer::Unsat(Vec::new()));
            }
            assumptions.push(self.init_act.clone());
        } else {
            let top = if level == INF {
                self.top
            } else {
                self.top.max(level)
            };
            if level != INF {
                assumptions.extend((level..=top).map(|k| self.acts[k].clone()));
            }
            assumptions.push(self.inf_act.clone());
        }
        let solver = &es.solver;
        solver.push();
        let edge = &self.task.edges[es.edge];
        let to = self.index[&edge.to];
        if block_self && to == es.from {
            let now = Bool::and(
                &cube
                    .iter()
                    .map(|l| smt::encode_bool(l, View::state(0)))
                    .collect::<Vec<_>>(),
            );
            solver.assert(now.not());
        }
        let guards = guard_cube(solver, cube, View::state(1), "pdr~c");
        let mut all = assumptions;
        all.extend(guards.iter().cloned());
        let r = self.budget.check(solver, &all);
        let answer = match r {
            Ok(true) => match solver.get_model() {
                Some(m) => Ok(Answer::Sat(self.point(&m, es.edge))),
                None => Err(Unknown("solver gave no model".into())),
            },
            Ok(false) => Ok(Answer::Unsat(core_indices(solver, &guards))),
            Err(e) => Err(e),
        };
        solver.pop(1);
        answer
    }

    fn point(&self, m: &z3::Model, edge: usize) -> Point {
        let names = state_names(self.task);
        let read = |sym: String| smt::model_int(m, &sym);
        Point {
            state: names
                .iter()
                .map(|n| (n.clone(), read(smt::state_symbol(n, 0))))
                .collect(),
            next: names
                .iter()
                .map(|n| (n.clone(), read(smt::state_symbol(n, 1))))
                .collect(),
            locals: self.task.edges[edge]
                .locals
                .iter()
                .map(|l| (l.name.clone(), read(smt::local_symbol(&l.name, 0))))
                .collect(),
        }
    }

    /// Is `not cube` at `loc` inductive relative to frame `level` (every
    /// step into `loc` from `F_level` avoids `cube`)? `Ok(Some(core))`
    /// with the union of the edges' unsat cores when it is.
    pub fn relative_core(
        &self,
        loc: usize,
        cube: &[Expr],
        level: usize,
    ) -> Result<Option<Vec<usize>>, Unknown> {
        Ok(self.step_into(loc, cube, level)?.err())
    }

    /// [`Frames::relative_core`] with the witness: `Ok(Ok((point,
    /// self_loop)))`, a step from frame `level` into `cube` (on a self-loop
    /// of `loc`, from outside it); `Ok(Err(core))` when there is none.
    pub fn step_into(
        &self,
        loc: usize,
        cube: &[Expr],
        level: usize,
    ) -> Result<Result<(Point, bool), Vec<usize>>, Unknown> {
        let mut core = Vec::new();
        for (s, _) in self.edges_into(loc) {
            match self.query(s, level, cube, true)? {
                Answer::Sat(point) => return Ok(Ok((point, self.solvers[s].from == loc))),
                Answer::Unsat(c) => core.extend(c),
            }
        }
        core.sort_unstable();
        core.dedup();
        Ok(Err(core))
    }

    /// The lemmas that make up frame `level` at `loc` (levels `>= level`).
    pub fn frame(&self, loc: usize, level: usize) -> Vec<&Lemma> {
        self.lemmas
            .iter()
            .filter(|l| l.loc == loc && l.level >= level)
            .collect()
    }
}

/// Asserts `guard_j -> cube_j` (in the current scope) and returns the guards.
fn guard_cube(solver: &Solver, cube: &[Expr], view: View, prefix: &str) -> Vec<Bool> {
    cube.iter()
        .enumerate()
        .map(|(j, l)| {
            let g = Bool::new_const(format!("{prefix}~{j}"));
            solver.assert(g.implies(smt::encode_bool(l, view)));
            g
        })
        .collect()
}

fn core_indices(solver: &Solver, guards: &[Bool]) -> Vec<usize> {
    let core = solver.get_unsat_core();
    guards
        .iter()
        .enumerate()
        .filter(|(_, g)| core.contains(g))
        .map(|(j, _)| j)
        .collect()
}
