//! certa's engines (untrusted, Z3): `verify` runs CEGAR (an analysis of domain, transfer
//! and precision explored by a reachability loop, and a refiner that either confirms a
//! counterexample or adjusts the precision), PDR, simulation or their race, and returns a
//! verdict with its certificate; `run` goes from a file to that verdict.

pub mod acyclic;
pub mod arg;
pub mod bmc;
pub mod certify;
pub mod composite;
pub mod entries;
mod guarded;
mod houdini;
mod implied;
pub mod indexed;
pub mod invariants;
pub mod pdr;
pub mod phases;
pub mod predabs;
pub mod profile;
pub mod race;
pub mod reduce;
pub mod refine;
pub mod residues;
pub mod run;
pub mod simulate;
pub mod smt;
pub mod solver_pool;
pub mod split;
mod strategy;
mod substitute;
pub mod value;
pub mod warm;
pub mod watchdog;

use format::{Edge, Expr, Task, Trace, Valuation, Witness};
use std::time::{Duration, Instant};

pub use smt::Unknown;
use strategy::{
    fresh, on_untouched_thread, panic_message, run_arrays, run_cegar_reduced, run_portfolio,
    unknown_outcome,
};
pub use strategy::{
    AUTO_SIMULATION_RUNS, AUTO_SIMULATION_STEPS, CEGAR_QUERY_PRICE, LANE_BMC_DEPTH,
    PDR_QUERY_PRICE, SIMULATION_STEPS_PER_UNIT,
};

/// Values per variable and location that explicit values alone unroll
/// before giving up (deep deterministic loops are cheap to unroll).
pub const VALUE_THRESHOLD_ALONE: usize = 2000;
/// The same with predicates beside: they take over much earlier.
pub const VALUE_THRESHOLD_WITH_PREDICATES: usize = 64;

/// Abstract nodes after which `auto` leaves explicit values for predicates.
pub const AUTO_VALUE_NODES: usize = 5_000;
/// In `auto`, refinements of the cheap phase that may add predicates:
/// control-flow programs need one or two (relations over inputs), loops
/// keep adding them one unrolling at a time.
pub const AUTO_PREDICATE_REFINEMENTS: usize = 6;

/// Which abstract domain the CEGAR loop explores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnalysisKind {
    /// Explicit values only (seed 003).
    Value,
    /// Predicate abstraction (seed 000), seeded with guessed invariants
    /// unless `linear_invariants` is off.
    Predicate,
    /// Values and predicates in one loop, value interpolants first.
    ValuePredicate,
    /// Cheap first: explicit values; when refinement struggles,
    /// predicates with invariant guessing.
    Auto,
}

impl AnalysisKind {
    pub fn name(self) -> &'static str {
        match self {
            AnalysisKind::Value => "value",
            AnalysisKind::Predicate => "predicate",
            AnalysisKind::ValuePredicate => "value+predicate",
            AnalysisKind::Auto => "auto",
        }
    }
}

/// Which engine answers: CEGAR (the analyses above), PDR, or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    Cegar,
    Pdr,
    /// Random simulation, PDR and CEGAR at once on three threads, each
    /// with the whole time limit (tasks with arrays: CEGAR only). The
    /// answer is the definite one that took the least work (solver queries
    /// at a price per engine, simulated steps), ties in that order
    /// ([`race`]): it does not depend on which thread the clock favours.
    /// Simulation and PDR have a head start: their work counts 64 units
    /// less (simulation's 72), so an answer within their first 64 beats
    /// CEGAR, which starts only once both have spent them (or after 40 ms).
    /// A proof stops the simulation at once.
    Auto,
}

impl Engine {
    pub fn name(self) -> &'static str {
        match self {
            Engine::Cegar => "cegar",
            Engine::Pdr => "pdr",
            Engine::Auto => "auto",
        }
    }
}

/// Limits and options of one verification run.
#[derive(Clone, Debug)]
pub struct Config {
    pub timeout: Option<Duration>,
    pub max_refinements: usize,
    /// Largest number of abstract nodes in one reachability pass.
    pub max_nodes: usize,
    /// Z3's memory cap in MiB.
    pub memory_mb: Option<u64>,
    /// Seed each location's precision with the atoms of the assertions leaving it.
    pub seed_assertion_atoms: bool,
    /// Seed precisions with linear invariants proved inductive (guess and check).
    pub linear_invariants: bool,
    /// Run PDR and CEGAR on the task with its Bool program counter split
    /// into locations ([`split`]) and its pass-through locations removed
    /// ([`reduce`]), answers lifted back.
    pub reduce: bool,
    /// Print one progress line per refinement on stderr.
    pub progress: bool,
    /// Start printing progress once a run has lasted this long.
    pub progress_after: Option<Duration>,
    pub analysis: AnalysisKind,
    /// A variable that takes more than this many values at one location
    /// stops being tracked explicitly; predicates take over. `None`: the
    /// analysis' default ([`VALUE_THRESHOLD_ALONE`] or [`VALUE_THRESHOLD_WITH_PREDICATES`]).
    pub value_threshold: Option<usize>,
    /// In `auto`, refinements of the cheap phase before invariant guessing.
    pub auto_refinements: usize,
    /// Give up (unknown) at a divergence signal: predicates are added by
    /// more than [`AUTO_PREDICATE_REFINEMENTS`] refinements. In `auto`, it
    /// marks a loop being unrolled by interpolants, where predicates with
    /// invariant guessing are the better bet.
    pub stop_on_divergence: bool,
    /// Predicates to start with, per location (e.g. a witness's invariants).
    pub seed_predicates: Vec<(String, Expr)>,
    pub engine: Engine,
    /// The properties a C program is translated for (`--property`,
    /// `--assume-no-overflow`); `None`: the file's default.
    pub properties: Option<frontend::Properties>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            timeout: Some(Duration::from_secs(60)),
            max_refinements: 200,
            max_nodes: 200_000,
            memory_mb: Some(4096),
            seed_assertion_atoms: false,
            linear_invariants: true,
            reduce: true,
            progress: false,
            progress_after: None,
            analysis: AnalysisKind::Auto,
            value_threshold: None,
            auto_refinements: 100,
            stop_on_divergence: false,
            seed_predicates: Vec::new(),
            engine: Engine::Cegar,
            properties: None,
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// The analysis whose run gave the verdict (in `auto`, the last phase).
    pub analysis: &'static str,
    pub refinements: usize,
    pub predicates: usize,
    pub nodes: usize,
    pub queries: u64,
    pub time: Duration,
}

#[derive(Clone, Debug)]
pub enum Verdict {
    Safe(format::SafeBody),
    Unsafe(Trace),
    Unknown(String),
}

impl Verdict {
    /// `Some(true)` safe, `Some(false)` unsafe, `None` unknown.
    pub fn answer(&self) -> Option<bool> {
        match self {
            Verdict::Safe(_) => Some(true),
            Verdict::Unsafe(_) => Some(false),
            Verdict::Unknown(_) => None,
        }
    }

    /// `safe`, `unsafe` or `unknown (reason)`, for tables and progress lines.
    pub fn word(&self) -> String {
        match self {
            Verdict::Safe(_) => "safe".into(),
            Verdict::Unsafe(_) => "unsafe".into(),
            Verdict::Unknown(why) => format!("unknown ({why})"),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Outcome {
    pub verdict: Verdict,
    pub stats: Stats,
}

/// An abstract domain with its transfer relation and precision (CPA style).
/// Merge is "join equal states" and stop is "already present": the
/// reachability loop in [`arg`] implements both for every analysis.
pub trait Analysis {
    /// An abstract data state (the location is kept beside it).
    type State: Clone + Ord + std::fmt::Debug;
    /// Abstract states at the initial location that cover the initial condition.
    fn initial(&mut self) -> Result<Vec<Self::State>, Unknown>;
    /// Abstract successors under `edge`, each with the concrete step that
    /// justifies it. Into the bad location: one successor iff the step is possible.
    fn post(
        &mut self,
        state: &Self::State,
        edge: &Edge,
    ) -> Result<Vec<(Self::State, Witness)>, Unknown>;
    /// The state as a cube over the predicate table (for certificates).
    fn cube(&self, state: &Self::State) -> Vec<format::Literal>;
    /// The predicate table the cubes refer to.
    fn predicates(&self) -> Vec<format::Predicate>;
    /// Queries issued so far.
    fn queries(&self) -> u64;
    /// The precision's size, for progress lines.
    fn precision_summary(&self) -> String {
        format!("{} predicates", self.predicates().len())
    }
    /// Changes whenever the precision is coarsened (a refinement may then
    /// meet an abstract path it has seen before without looping).
    fn epoch(&self) -> u64 {
        0
    }
    /// A fact every concrete state of `state` satisfies, handed to the
    /// refiner with the abstract path (the composite gives its known
    /// values, so interpolants are computed where the path's control is
    /// fixed).
    fn path_fact(&self, _state: &Self::State) -> Expr {
        Expr::Bool(true)
    }
}

/// One abstract counterexample: locations and edges from an initial node to bad.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AbstractPath {
    pub locations: Vec<String>,
    pub edges: Vec<u32>,
    /// Per location, what the abstract state there holds
    /// ([`Analysis::path_fact`]); empty means nothing is known.
    pub facts: Vec<Expr>,
}

impl AbstractPath {
    /// The fact at position `i` (`true` when none was recorded).
    pub fn fact(&self, i: usize) -> Expr {
        self.facts.get(i).cloned().unwrap_or(Expr::Bool(true))
    }
}

pub enum Refinement {
    /// The path is real: here is the concrete run.
    Feasible(Trace),
    /// The precision was refined so that this path is excluded.
    Refined,
    /// The precision grew in a way that should, but need not, exclude the
    /// path (facts handed to explicit values, which may not know them);
    /// meeting the path again is no sign of a loop.
    Tentative,
}

/// Precision adjustment driven by counterexamples.
pub trait Refiner<A: Analysis> {
    fn refine(&mut self, analysis: &mut A, path: &AbstractPath) -> Result<Refinement, Unknown>;
    /// Queries issued so far.
    fn queries(&self) -> u64;
}

/// Runs CEGAR: explore, and on reaching bad either report the real run or refine.
pub fn cegar<A: Analysis, R: Refiner<A>>(
    task: &Task,
    analysis: &mut A,
    refiner: &mut R,
    cfg: &Config,
    start: Instant,
) -> Outcome {
    let mut stats = Stats::default();
    let mut seen_paths: Vec<(u64, AbstractPath)> = Vec::new();
    let mut bmc_queries = 0;
    let deadline = cfg.timeout.map(|t| start + t);
    let verdict = loop {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            break Verdict::Unknown("timeout".into());
        }
        let graph = match arg::explore(task, analysis, cfg.max_nodes) {
            Ok(g) => g,
            Err(Unknown(why)) => break Verdict::Unknown(why),
        };
        stats.nodes = graph.nodes.len();
        let Some(path) = graph.error_path.clone() else {
            stats.predicates = analysis.predicates().len();
            break Verdict::Safe(certify::safe_body(task, analysis, &graph));
        };
        let seen = (analysis.epoch(), path);
        if seen_paths.contains(&seen) {
            let path = seen.1;
            break Verdict::Unknown(format!(
                "refinement made no progress on the path {:?}",
                path.edges
            ));
        }
        if stats.refinements >= cfg.max_refinements {
            break Verdict::Unknown(format!(
                "reached the limit of {} refinements",
                cfg.max_refinements
            ));
        }
        let path = seen.1.clone();
        match refiner.refine(analysis, &path) {
            Ok(Refinement::Feasible(trace)) => break Verdict::Unsafe(trace),
            Ok(Refinement::Refined) => seen_paths.push((seen.0, path.clone())),
            Ok(Refinement::Tentative) => {}
            Err(Unknown(why)) => break Verdict::Unknown(why),
        }
        stats.refinements += 1;
        // Refinement that keeps unrolling a loop may be chasing a deep real
        // bug: every 8 refinements, look for one by bounded model checking,
        // in a quarter of the remaining time.
        if stats.refinements % 8 == 0 {
            let now = Instant::now();
            let slice = deadline.map_or(Duration::from_secs(15), |d| {
                d.saturating_duration_since(now) / 4
            });
            let budget = smt::Budget::new(Some(now + slice));
            let found = bmc::search(task, 4 * path.edges.len() + 10, &budget);
            bmc_queries += budget.queries.get();
            if let Ok(Some(trace)) = found {
                break Verdict::Unsafe(trace);
            }
        }
        if cfg.progress || cfg.progress_after.is_some_and(|d| start.elapsed() >= d) {
            eprintln!(
                "certa: [{}] refinement {}: {}, {} nodes, {} queries, {:.1}s",
                cfg.analysis.name(),
                stats.refinements,
                analysis.precision_summary(),
                stats.nodes,
                analysis.queries() + refiner.queries(),
                start.elapsed().as_secs_f64()
            );
        }
    };
    stats.predicates = analysis.predicates().len();
    stats.queries = analysis.queries() + refiner.queries() + bmc_queries;
    stats.time = start.elapsed();
    stats.analysis = cfg.analysis.name();
    Outcome { verdict, stats }
}

/// Verifies `task` with the configured analysis.
pub fn verify(task: &Task, cfg: &Config) -> Outcome {
    let start = Instant::now();
    smt::set_solver_defaults();
    if let Some(mb) = cfg.memory_mb {
        z3::set_global_param("memory_max_size", &mb.to_string());
    }
    // The encoder tells arrays by name: per task, and before any encoding
    // (a thread may have verified another task before).
    smt::set_array_vars(task);
    // A fresh Z3 context per run: state left in a shared context (term ids,
    // caches) would make models, and so certificates, depend on earlier runs.
    let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match cfg.engine {
        _ if task.has_arrays() && cfg.engine != Engine::Pdr => {
            on_untouched_thread(task, || run_arrays(task, cfg, start))
        }
        Engine::Pdr => on_untouched_thread(task, || fresh(|| pdr::run(task, cfg, start))),
        Engine::Auto => run_portfolio(task, cfg, start),
        Engine::Cegar => on_untouched_thread(task, || run_cegar_reduced(task, cfg, start)),
    }));
    let mut outcome = run.unwrap_or_else(|panic| unknown_outcome(panic_message(&*panic), start));
    if let Verdict::Safe(body) = &mut outcome.verdict {
        profile::span("replay successor witnesses", || {
            drop_unreplayable_witnesses(task, body)
        });
    }
    // A counterexample is only reported once it replays concretely (the
    // checker's replay): an engine's model may rest on an encoding that
    // is not exact (a solver bug, an over-approximation).
    if let Verdict::Unsafe(t) = &outcome.verdict {
        if let Err(e) = profile::span("replay the trace", || checker::trace::check(task, t, None)) {
            outcome.verdict = Verdict::Unknown(format!(
                "a counterexample was found but does not replay concretely ({e})"
            ));
        }
    }
    outcome
}

/// Drops each successor witness that the exact evaluator does not replay
/// (source region, relation, target region): with bitwise operators the
/// solver's `and` is uninterpreted, so a model's values may not be the
/// operator's. Witnesses are optional; a wrong one would make the
/// certificate INVALID.
fn drop_unreplayable_witnesses(task: &Task, body: &mut format::SafeBody) {
    let mut all: Vec<Expr> = task.edges.iter().map(|e| e.relation.clone()).collect();
    all.extend(body.predicates.iter().map(|p| p.formula.clone()));
    if format::bits::and_pairs(&all).is_empty() || task.has_arrays() {
        return;
    }
    let preds: std::collections::HashMap<u32, &Expr> =
        body.predicates.iter().map(|p| (p.id, &p.formula)).collect();
    let cubes: std::collections::HashMap<u32, &Vec<format::Literal>> =
        body.nodes.iter().map(|n| (n.id, &n.cube)).collect();
    let big = |v: &Valuation| -> std::collections::BTreeMap<String, num_bigint::BigInt> {
        v.iter().map(|(k, n)| (k.clone(), n.0.clone())).collect()
    };
    let cube_holds = |node: u32, env: &format::eval::Env| {
        cubes.get(&node).is_some_and(|cube| {
            cube.iter().all(|l| {
                preds
                    .get(&l.pred)
                    .is_some_and(|f| env.holds(f) == Ok(l.positive))
            })
        })
    };
    for list in &mut body.successors {
        let Some(edge) = task.edge(list.edge) else {
            continue;
        };
        for s in &mut list.targets {
            let Some(w) = &s.witness else { continue };
            let mut vars = big(&w.state);
            let pre = format::eval::Env {
                vars: vars.clone(),
                ..Default::default()
            };
            vars.extend(big(&w.inputs));
            let step = format::eval::Env {
                vars,
                nexts: big(&w.next),
                ..Default::default()
            };
            let post = format::eval::Env {
                vars: big(&w.next),
                ..Default::default()
            };
            let ok = cube_holds(list.node, &pre)
                && step.holds(&edge.relation) == Ok(true)
                && cube_holds(s.node, &post);
            if !ok {
                s.witness = None;
            }
        }
    }
}

/// A valuation of the task's state variables at `frame` of a model.
pub fn state_valuation(task: &Task, model: &z3::Model, frame: usize) -> Valuation {
    smt::model_valuation(model, &task.var_names(), &|n| smt::state_symbol(n, frame))
}
