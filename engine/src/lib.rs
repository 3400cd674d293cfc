//! The CEGAR engine: an analysis (domain + transfer + precision) explored by a
//! reachability loop, and a refiner that either confirms a counterexample or
//! adjusts the precision.

pub mod arg;
pub mod bmc;
pub mod certify;
pub mod composite;
pub mod indexed;
pub mod invariants;
pub mod pdr;
pub mod predabs;
pub mod race;
pub mod refine;
pub mod run;
pub mod simulate;
pub mod smt;
pub mod value;
pub mod watchdog;

use format::{Edge, Expr, Task, Trace, Valuation, Witness};
use std::time::{Duration, Instant};

pub use smt::Unknown;

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
    if let Some(mb) = cfg.memory_mb {
        z3::set_global_param("memory_max_size", &mb.to_string());
    }
    // The encoder tells arrays by name: per task, and before any encoding
    // (a thread may have verified another task before).
    smt::set_array_vars(task);
    // A fresh Z3 context per run: state left in a shared context (term ids,
    // caches) would make models, and so certificates, depend on earlier runs.
    let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match cfg.engine {
        _ if task.has_arrays() && cfg.engine != Engine::Pdr => run_arrays(task, cfg, start),
        Engine::Pdr => fresh(|| pdr::run(task, cfg, start)),
        Engine::Auto => run_portfolio(task, cfg, start),
        Engine::Cegar => run_cegar(task, cfg, start),
    }));
    let mut outcome = run.unwrap_or_else(|panic| unknown_outcome(panic_message(&*panic), start));
    if let Verdict::Safe(body) = &mut outcome.verdict {
        drop_unreplayable_witnesses(task, body);
    }
    // A counterexample is only reported once it replays concretely (the
    // checker's replay): an engine's model may rest on an encoding that
    // is not exact (a solver bug, an over-approximation).
    if let Verdict::Unsafe(t) = &outcome.verdict {
        if let Err(e) = checker::trace::check(task, t, None) {
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

/// `--engine auto`: simulation, PDR and CEGAR raced on threads (see
/// [`Engine::Auto`]). The threads are detached: once the race is decided,
/// the losers (cancelled) wind down on their own, dropping their Z3
/// contexts, while the answer is already being written.
fn run_portfolio(task: &Task, cfg: &Config, start: Instant) -> Outcome {
    const NAMES: [&str; 3] = ["simulation", "pdr", "cegar"];
    let lanes = [
        race::Lane::refuting(1),
        race::Lane::new(PDR_QUERY_PRICE),
        race::Lane::new(CEGAR_QUERY_PRICE),
    ];
    let shared = std::sync::Arc::new((task.clone(), cfg.clone()));
    let (tx, rx) = std::sync::mpsc::channel();
    for (i, lane) in lanes.iter().enumerate() {
        let (shared, lane, lane_tx) = (shared.clone(), lane.clone(), tx.clone());
        let spawned = std::thread::Builder::new()
            .name(format!("certa-{}", NAMES[i]))
            .stack_size(ENGINE_STACK_BYTES)
            .spawn(move || {
                let (task, cfg) = &*shared;
                let out = run_lane(i, task, cfg, lane, start);
                let _ = lane_tx.send(race::Finish {
                    lane: i,
                    answer: out.verdict.answer(),
                    result: out,
                });
            });
        if let Err(e) = spawned {
            let _ = tx.send(race::Finish {
                lane: i,
                answer: None,
                result: unknown_outcome(format!("cannot start a thread: {e}"), start),
            });
        }
    }
    drop(tx);
    let (winner, mut results) = race::referee(&lanes, &rx, |f| {
        if cfg.progress {
            eprintln!(
                "certa: [auto] {} finished after {} work units in {:.2?}: {}",
                NAMES[f.lane],
                lanes[f.lane].work(),
                start.elapsed(),
                f.result.verdict.word()
            );
        }
    });
    // Simulation asks the solver nothing.
    let queries: u64 = lanes[1..].iter().map(|l| l.solver_queries()).sum();
    let mut out = match winner {
        Some(i) => results[i].take(),
        None => {
            let why: Vec<String> = (0..lanes.len())
                .filter_map(|i| match &results[i].as_ref()?.verdict {
                    Verdict::Unknown(why) => Some(format!("{}: {why}", NAMES[i])),
                    _ => None,
                })
                .collect();
            Some(unknown_outcome(why.join("; "), start))
        }
    }
    .unwrap_or_else(|| unknown_outcome("no engine finished".into(), start));
    out.stats.queries = queries;
    out.stats.time = start.elapsed();
    out
}

/// One engine of the portfolio on this thread, inside its lane.
fn run_lane(
    i: usize,
    task: &Task,
    cfg: &Config,
    lane: std::sync::Arc<race::Lane>,
    start: Instant,
) -> Outcome {
    smt::set_array_vars(task);
    race::in_lane(lane, || {
        let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match i {
            0 => simulate_integers(task, cfg, start),
            1 => fresh(|| pdr::run(task, cfg, start)),
            _ => run_cegar(
                task,
                &Config {
                    engine: Engine::Cegar,
                    ..cfg.clone()
                },
                start,
            ),
        }));
        run.unwrap_or_else(|panic| unknown_outcome(panic_message(&*panic), start))
    })
}

/// Work units of one PDR query in the `auto` race (see [`race`]).
pub const PDR_QUERY_PRICE: u64 = 1;
/// Work units of one CEGAR query: abstract posts over all predicates and
/// path interpolation make its queries larger; on the 32 CHC tasks at
/// 10 s, CEGAR spent 3.2 ms per query and PDR 1.2 ms (medians per task).
pub const CEGAR_QUERY_PRICE: u64 = 3;
/// Simulated steps that count one work unit (about a PDR query's time).
pub const SIMULATION_STEPS_PER_UNIT: usize = 64;

/// Steps of one simulated run in `auto`: bugs behind 100,000 loop
/// iterations, with certificates of at most that many steps.
pub const AUTO_SIMULATION_STEPS: usize = 150_000;
/// Simulated runs in `auto` (different random inputs).
pub const AUTO_SIMULATION_RUNS: usize = 4;

/// Random concrete runs of an integer task: deep bugs in deterministic
/// loops, out of reach of unrolling, in a fraction of a second. In the
/// race, [`SIMULATION_STEPS_PER_UNIT`] steps count as one work unit.
fn simulate_integers(task: &Task, cfg: &Config, start: Instant) -> Outcome {
    let limits = simulate::Limits {
        max_steps: AUTO_SIMULATION_STEPS,
        runs: AUTO_SIMULATION_RUNS,
        narrow_runs: AUTO_SIMULATION_RUNS / 2,
        steps_per_tick: SIMULATION_STEPS_PER_UNIT,
        deadline: cfg.timeout.map(|t| start + t),
        ..simulate::Limits::default()
    };
    let verdict = match simulate::search(task, &limits) {
        Some(trace) => Verdict::Unsafe(trace),
        None => Verdict::Unknown("simulation found no bug".into()),
    };
    Outcome {
        verdict,
        stats: Stats {
            analysis: "simulation",
            time: start.elapsed(),
            ..Stats::default()
        },
    }
}

/// Stack of each engine thread: encodings and certificates recurse over
/// formula depth (the same as the CLI's worker thread).
const ENGINE_STACK_BYTES: usize = 1 << 30;

fn unknown_outcome(why: String, start: Instant) -> Outcome {
    Outcome {
        verdict: Verdict::Unknown(why),
        stats: Stats {
            time: start.elapsed(),
            ..Stats::default()
        },
    }
}

fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    let why = panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "unknown".into());
    format!("internal solver error: {why}")
}

/// The CEGAR engine with the configured analysis.
fn run_cegar(task: &Task, cfg: &Config, start: Instant) -> Outcome {
    match cfg.analysis {
        AnalysisKind::Value => fresh(|| run_composite(task, cfg, start, false)),
        AnalysisKind::ValuePredicate => fresh(|| run_composite(task, cfg, start, true)),
        AnalysisKind::Predicate => fresh(|| run_predicate(task, cfg, start)),
        AnalysisKind::Auto => run_auto(task, cfg, start),
    }
}

/// Steps of the bounded search for bugs in tasks with arrays.
const ARRAY_BMC_DEPTH: usize = 64;
/// Steps of the first, brief bounded search. It is bounded by depth, not
/// by a wall-clock slice, so that whether it finds a shallow bug does not
/// depend on the machine's load; a quarter of the time left caps it.
const FIRST_BMC_DEPTH: usize = 16;

/// Tasks with arrays: random simulation for deep bugs, then indexed
/// predicate abstraction (seed 002), then more simulation in the time left.
fn run_arrays(task: &Task, cfg: &Config, start: Instant) -> Outcome {
    let deadline = cfg.timeout.map(|t| start + t);
    let mut stats = Stats {
        analysis: "indexed",
        ..Stats::default()
    };
    let simulate = |runs: usize, until: Option<Instant>| {
        simulate::search(
            task,
            &simulate::Limits {
                runs,
                deadline: until,
                ..simulate::Limits::default()
            },
        )
    };
    let done = |verdict: Verdict, mut stats: Stats| {
        stats.time = start.elapsed();
        Outcome { verdict, stats }
    };
    if let Some(t) = simulate(1, cfg.timeout.map(|t| start + t / 3)) {
        stats.analysis = "simulation";
        return done(Verdict::Unsafe(t), stats);
    }
    if cfg.progress {
        eprintln!(
            "certa: [arrays] simulation found no bug in {:.2?}",
            start.elapsed()
        );
    }
    // Bounded model checking over the arrays finds the bugs that need
    // particular inputs (random simulation rarely guesses a pointer
    // equality): briefly first, since the indexed analysis may take the
    // rest of the time, and again with all that is left if it fails.
    let bounded = |depth: usize, until: Option<Instant>| {
        let found = fresh(|| {
            let budget = smt::Budget::new(until);
            let r = bmc::search(task, depth, &budget);
            (r, budget.queries.get())
        });
        if cfg.progress {
            eprintln!(
                "certa: [arrays] bounded search: {:?}",
                found.0.as_ref().map(|t| t.as_ref().map(|t| t.steps.len()))
            );
        }
        (found.0.ok().flatten(), found.1)
    };
    let first_until =
        deadline.map(|d| Instant::now() + d.saturating_duration_since(Instant::now()) / 4);
    let (found, bmc_queries) = bounded(FIRST_BMC_DEPTH, first_until);
    if let Some(t) = found {
        stats.analysis = "bmc";
        stats.queries = bmc_queries;
        return done(Verdict::Unsafe(t), stats);
    }
    // Heaps built at known addresses (lists of constant length, arrays of
    // known contents) unroll exactly with explicit values over array
    // cells, and fast; a quarter of the time left, as it diverges on
    // loops of unknown length, where indexed predicates take over.
    let values = Config {
        timeout: deadline
            .map(|d| start.elapsed() + d.saturating_duration_since(Instant::now()) / 4),
        analysis: AnalysisKind::Value,
        ..cfg.clone()
    };
    let unrolled = fresh(|| run_composite(task, &values, start, false));
    if let Verdict::Safe(_) | Verdict::Unsafe(_) = unrolled.verdict {
        return Outcome {
            stats: Stats {
                queries: unrolled.stats.queries + bmc_queries,
                ..unrolled.stats
            },
            ..unrolled
        };
    }
    if cfg.progress {
        eprintln!(
            "certa: [arrays] explicit values: {} in {:.2?}",
            unrolled.verdict.word(),
            start.elapsed()
        );
    }
    let bmc_queries = bmc_queries + unrolled.stats.queries;
    let proved = fresh(|| {
        let budget = smt::Budget::new(deadline);
        let r = prove_arrays(task, &budget, cfg);
        (r, budget.queries.get())
    });
    stats.queries = proved.1 + bmc_queries;
    match proved.0 {
        Ok((body, refinements, predicates)) => {
            stats.refinements = refinements;
            stats.predicates = predicates;
            stats.nodes = body.nodes.len();
            done(Verdict::Safe(body), stats)
        }
        Err(Unknown(why)) => {
            let (found, queries) = bounded(ARRAY_BMC_DEPTH, deadline);
            stats.queries += queries;
            if let Some(t) = found {
                stats.analysis = "bmc";
                return done(Verdict::Unsafe(t), stats);
            }
            match simulate(3, deadline) {
                Some(t) => {
                    stats.analysis = "simulation";
                    done(Verdict::Unsafe(t), stats)
                }
                None => done(Verdict::Unknown(why), stats),
            }
        }
    }
}

/// The CEGAR loop of the indexed analysis: candidates from the assertions
/// first, then from the loops that an abstract counterexample passes.
fn prove_arrays(
    task: &Task,
    budget: &smt::Budget,
    cfg: &Config,
) -> Result<(format::SafeBody, usize, usize), Unknown> {
    let mut invariants: Vec<Expr> = Vec::new();
    let t0 = Instant::now();
    if cfg.linear_invariants {
        for (_, inv) in invariants::linear_invariants(&indexed::project(task), budget)? {
            if !invariants.contains(&inv) {
                invariants.push(inv);
            }
        }
    }
    if cfg.progress {
        eprintln!(
            "certa: [arrays] {} linear invariants of the scalar projection in {:.2?} ({} queries)",
            invariants.len(),
            t0.elapsed(),
            budget.queries.get()
        );
    }
    let mut lang = indexed::Language::default();
    for e in task.edges.iter().filter(|e| e.to == task.bad_location) {
        lang.learn(e);
    }
    let mut everything = false;
    for refinement in 0..cfg.max_refinements {
        let mut analysis = indexed::Analysis::new(task, budget, &lang, &invariants);
        let path = match analysis.run()? {
            indexed::Reach::Safe(body) => {
                return Ok((body, refinement, analysis.predicate_count()))
            }
            indexed::Reach::Bad(path) => path,
        };
        if cfg.progress {
            eprintln!(
                "certa: [indexed] refinement {refinement}: bad reachable along {path:?} with {} predicates\n{}",
                analysis.predicate_count(),
                analysis.describe()
            );
        }
        let mut grew = false;
        for id in indexed::loop_edges(task, &path) {
            grew |= task.edge(id).is_some_and(|e| lang.learn(e));
        }
        if !grew && !everything {
            everything = true;
            for e in &task.edges {
                grew |= lang.learn(e);
            }
        }
        if !grew {
            return Err(Unknown(
                "indexed predicates: no new candidates from the counterexample".into(),
            ));
        }
    }
    Err(Unknown("refinement limit".into()))
}

/// Runs `f` in a fresh Z3 context: terms and caches left by an earlier
/// phase would make models, and so certificates, depend on it.
fn fresh<T: Send + Sync>(f: impl Fn() -> T + Send + Sync) -> T {
    z3::with_z3_config(&z3::Config::new(), || watchdog::guarded(&f))
}

/// Values and predicates (or values alone) in one CEGAR loop.
fn run_composite(task: &Task, cfg: &Config, start: Instant, predicates: bool) -> Outcome {
    let deadline = cfg.timeout.map(|t| start + t);
    let threshold = cfg.value_threshold.unwrap_or(if predicates {
        VALUE_THRESHOLD_WITH_PREDICATES
    } else {
        VALUE_THRESHOLD_ALONE
    });
    let mut analysis = composite::CompositeAnalysis::new(task, deadline, threshold);
    if cfg.seed_assertion_atoms && predicates {
        analysis.predicates.seed_assertion_atoms();
    }
    let mut refiner = composite::CompositeRefiner::new(task, deadline, predicates);
    if cfg.stop_on_divergence {
        refiner.predicate_refinement_limit = Some(AUTO_PREDICATE_REFINEMENTS);
    }
    cegar(task, &mut analysis, &mut refiner, cfg, start)
}

/// Predicate abstraction, seeded with guessed linear invariants if enabled.
fn run_predicate(task: &Task, cfg: &Config, start: Instant) -> Outcome {
    let deadline = cfg.timeout.map(|t| start + t);
    let mut analysis = predabs::PredicateAnalysis::new(task, deadline);
    if cfg.seed_assertion_atoms {
        analysis.seed_assertion_atoms();
    }
    for (loc, p) in &cfg.seed_predicates {
        analysis.add_predicate(loc, p.clone());
    }
    if cfg.linear_invariants {
        if let Err(Unknown(why)) =
            invariants::linear_invariants(task, analysis.budget()).map(|found| {
                for (loc, eq) in found {
                    analysis.add_predicate(&loc, eq);
                }
            })
        {
            return Outcome {
                verdict: Verdict::Unknown(why),
                stats: Stats {
                    analysis: cfg.analysis.name(),
                    time: start.elapsed(),
                    queries: analysis.queries(),
                    ..Stats::default()
                },
            };
        }
    }
    let mut refiner = refine::InterpolationRefiner::new(task, deadline);
    cegar(task, &mut analysis, &mut refiner, cfg, start)
}

/// Cheap first: explicit values with predicates beside them for at most
/// two thirds of the time, until refinements keep adding predicates (a loop
/// being unrolled: predicates with invariants are the better bet);
/// control-flow programs need many cheap refinements. If that does not
/// answer, predicates with invariant guessing in the time left.
fn run_auto(task: &Task, cfg: &Config, start: Instant) -> Outcome {
    let cheap = Config {
        analysis: AnalysisKind::ValuePredicate,
        // Deep bugs in counting loops are found by unrolling explicitly.
        value_threshold: Some(cfg.value_threshold.unwrap_or(VALUE_THRESHOLD_ALONE)),
        stop_on_divergence: true,
        max_refinements: cfg.auto_refinements.min(cfg.max_refinements),
        timeout: cfg.timeout.map(|t| t * 2 / 3),
        // A value graph this large is a divergence signal: a loop with
        // several counters, where predicates are the better bet.
        max_nodes: cfg.max_nodes.min(AUTO_VALUE_NODES),
        ..cfg.clone()
    };
    let first = fresh(|| run_composite(task, &cheap, start, true));
    let Verdict::Unknown(why) = &first.verdict else {
        return first;
    };
    if cfg.progress || cfg.progress_after.is_some_and(|d| start.elapsed() >= d) {
        eprintln!(
            "certa: [auto] values and predicates stopped ({why}); predicates with invariant guessing next"
        );
    }
    // Invariant guessing stays off if the user turned it off.
    let thorough = Config {
        analysis: AnalysisKind::Predicate,
        ..cfg.clone()
    };
    let mut second = fresh(|| run_predicate(task, &thorough, start));
    second.stats.refinements += first.stats.refinements;
    second.stats.queries += first.stats.queries;
    second
}

/// A valuation of the task's state variables at `frame` of a model.
pub fn state_valuation(task: &Task, model: &z3::Model, frame: usize) -> Valuation {
    smt::model_valuation(model, &task.var_names(), &|n| smt::state_symbol(n, frame))
}
