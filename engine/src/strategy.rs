//! What `verify` runs for the configured engine and analysis: the `auto`
//! race of simulation, PDR and CEGAR on threads, the pipeline for tasks with
//! arrays, and the CEGAR loop of each analysis (values, predicates, both,
//! or `auto`).

use crate::{bmc, composite, indexed, invariants, pdr, predabs, race, refine, simulate, smt};
use crate::{
    cegar, watchdog, Analysis, AnalysisKind, Config, Engine, Outcome, Stats, Unknown, Verdict,
    AUTO_PREDICATE_REFINEMENTS, AUTO_VALUE_NODES, VALUE_THRESHOLD_ALONE,
    VALUE_THRESHOLD_WITH_PREDICATES,
};
use format::{Expr, Task};
use std::time::Instant;

/// `--engine auto`: simulation, PDR and CEGAR raced on threads (see
/// [`Engine::Auto`]). Simulation and PDR have head starts
/// ([`SIMULATION_HEAD_START`], [`HEAD_START`] units): CEGAR (a second Z3
/// context) starts once both have spent them, or after [`RIVALS_AFTER`] on the clock. The threads are detached: once the
/// race is decided, the losers (cancelled) wind down on their own,
/// dropping their Z3 contexts, while the answer is already being written.
pub(crate) fn run_portfolio(task: &Task, cfg: &Config, start: Instant) -> Outcome {
    const NAMES: [&str; 3] = ["simulation", "pdr", "cegar"];
    let lanes = [
        race::Lane::refuting(1, SIMULATION_HEAD_START),
        race::Lane::leading(PDR_QUERY_PRICE, HEAD_START),
        race::Lane::trailing(CEGAR_QUERY_PRICE, CEGAR_START_COST),
    ];
    let shared = std::sync::Arc::new((task.clone(), cfg.clone()));
    let (tx, rx) = std::sync::mpsc::channel();
    let spawn = |i: usize, lane_tx: std::sync::mpsc::Sender<race::Finish<Outcome>>| {
        let (shared, lane) = (shared.clone(), lanes[i].clone());
        let job: crate::warm::Job = Box::new({
            let lane_tx = lane_tx.clone();
            move || {
                let (task, cfg) = &*shared;
                let out = run_lane(i, task, cfg, lane, start);
                let _ = lane_tx.send(race::Finish {
                    lane: i,
                    answer: out.verdict.answer(),
                    result: out,
                });
            }
        });
        let name = format!("certa-{}", NAMES[i]);
        // Simulation makes no Z3 context: a warm thread (one with its
        // context built, see crate::warm) is kept for PDR and CEGAR.
        let spawned = if i == 0 {
            crate::warm::new_thread(&name, job)
        } else {
            crate::warm::spawn(&name, job)
        };
        if let Err(e) = spawned {
            let _ = lane_tx.send(race::Finish {
                lane: i,
                answer: None,
                result: unknown_outcome(format!("cannot start a thread: {e}"), start),
            });
        }
    };
    // Simulation needs no Z3 context and little memory: it runs from the
    // start on the second core. CEGAR waits for both head starts.
    spawn(0, tx.clone());
    spawn(1, tx.clone());
    let rivals = race::Deferred {
        held: vec![2],
        after: Instant::now() + RIVALS_AFTER,
        start: Box::new(move || {
            crate::profile::mark("race: cegar starts");
            spawn(2, tx);
        }),
    };
    let (winner, mut results) = race::referee(&lanes, &rx, Some(rivals), |f| {
        crate::profile::mark(&format!("race: {} finished", NAMES[f.lane]));
        if cfg.progress {
            eprintln!(
                "certa: [auto] {} finished after {} work units in {:.2?}: {}",
                NAMES[f.lane],
                lanes[f.lane].spent(),
                start.elapsed(),
                f.result.verdict.word()
            );
        }
    });
    crate::profile::mark("race decided");
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
    // A new thread, or a warm one whose default context holds nothing yet.
    UNTOUCHED_LANE.with(|u| u.set(true));
    smt::set_array_vars(task);
    race::in_lane(lane, || {
        let phase = format!("lane {}", ["simulation", "pdr", "cegar"][i.min(2)]);
        let run = crate::profile::span(&phase, || {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match i {
                0 => simulate_integers(task, cfg, start),
                1 => fresh(|| {
                    acyclic_bug(task, cfg, start)
                        .or_else(|| acyclic_proof(task, cfg, start))
                        .unwrap_or_else(|| pdr::run(task, cfg, start))
                }),
                _ => shallow_bug(task, cfg, start).unwrap_or_else(|| {
                    run_cegar_reduced(
                        task,
                        &Config {
                            engine: Engine::Cegar,
                            ..cfg.clone()
                        },
                        start,
                    )
                }),
            }))
        });
        let out = run.unwrap_or_else(|panic| unknown_outcome(panic_message(&*panic), start));
        // Every answer costs at least one query (see race::Lane::limit).
        if out.verdict.answer().is_some() {
            if let Err(Unknown(why)) = race::charge_answer() {
                return unknown_outcome(why, start);
            }
        }
        out
    })
}

/// Work units of one PDR query in the `auto` race (see [`race`]).
pub const PDR_QUERY_PRICE: u64 = 1;
/// The head start of simulation and PDR in the `auto` race: an answer
/// within this many units beats CEGAR, so easy tasks need one Z3 context.
/// 32 was too few under Z3 5.4.1, whose PDR runs on easy CHC tasks took up
/// to 78 queries (dtuc: 32 under 4.8.12); 64 gave the same per-task median
/// time on the CHC set and sv-control, with CEGAR started less often.
pub const HEAD_START: u64 = 64;
/// Simulation's head start: [`HEAD_START`] and 8 units (512 steps) more.
/// A bug found within those 8 units beats any PDR answer (one query at
/// least), so the race is decided at once instead of waiting ~9 ms for
/// PDR's Z3 context and first query: on the shared CHC set's
/// simulation-won tasks the answer came at 2.6–8.5 ms and the race was
/// decided at 11.6–13.9 ms. Past them, simulation's work counts 8 units
/// less than PDR's.
pub const SIMULATION_HEAD_START: u64 = HEAD_START + 8;
/// CEGAR starts after this long even if the others have not spent their
/// head starts (slow queries): when it starts changes how soon the answer
/// comes, not which answer it is.
pub const RIVALS_AFTER: std::time::Duration = std::time::Duration::from_millis(40);
/// Work units of one CEGAR query: abstract posts over all predicates and
/// path interpolation make its queries larger; on the 32 CHC tasks at
/// 10 s, CEGAR spent 3.2 ms per query and PDR 1.2 ms (medians per task).
pub const CEGAR_QUERY_PRICE: u64 = 3;
/// Work units CEGAR's lane counts before its first query: what starting it
/// costs (a Z3 context of its own, ~7 ms; its abstraction's setup). An
/// answer from PDR within `HEAD_START + CEGAR_START_COST` units stops CEGAR
/// before it starts, so the race no longer waits for CEGAR to reach PDR's
/// work on tasks PDR proves just after its head start (`count_by_1`'s
/// export waited 14 of 33 ms). 48 against 0, one bench run each, per-task
/// median time: CHC set 0.88, sv-benchmarks 0.88, sv-control 0.87, their
/// CHC exports 0.99; the same tasks solved.
pub const CEGAR_START_COST: u64 = 48;
/// Simulated steps that count one work unit (about a PDR query's time).
pub const SIMULATION_STEPS_PER_UNIT: usize = 64;

/// Steps of one simulated run in `auto`: bugs behind 100,000 loop
/// iterations, with certificates of at most that many steps.
pub const AUTO_SIMULATION_STEPS: usize = 150_000;
/// Simulated runs in `auto` (different random inputs).
pub const AUTO_SIMULATION_RUNS: usize = 4;

/// Steps of the bounded search the CEGAR lane makes first.
pub const LANE_BMC_DEPTH: usize = 8;

/// The PDR lane first searches a task without cycles to its longest path
/// when that is at most this long: the search then finds every bug, one
/// query per step, where PDR generalises each cube on the way (rust-horn
/// `bmc-1-unsafe`, a 13-step bug: 3,334 queries by PDR, 0.20 s; 13 by the
/// search). On a safe task it costs one query per step before PDR starts.
pub const ACYCLIC_BMC_DEPTH: usize = 64;

/// A bug in a task without cycles ([`ACYCLIC_BMC_DEPTH`]), found by
/// bounded model checking at PDR's price; `None` if the task has cycles,
/// is deeper, or has no bug (PDR goes on).
fn acyclic_bug(task: &Task, cfg: &Config, start: Instant) -> Option<Outcome> {
    let depth = bmc::acyclic_depth(task).filter(|d| *d <= ACYCLIC_BMC_DEPTH)?;
    let budget = smt::Budget::new(cfg.timeout.map(|t| start + t));
    let trace = bmc::search(task, depth, &budget).ok().flatten()?;
    Some(Outcome {
        verdict: Verdict::Unsafe(trace),
        stats: Stats {
            analysis: "bmc",
            queries: budget.queries.get(),
            time: start.elapsed(),
            ..Stats::default()
        },
    })
}

/// A proof of a task without cycles ([`ACYCLIC_BMC_DEPTH`]) from its
/// weakest preconditions ([`crate::acyclic`]), at PDR's price; `None`
/// where it has cycles, is deeper, or the preconditions do not come out
/// (PDR goes on).
fn acyclic_proof(task: &Task, cfg: &Config, start: Instant) -> Option<Outcome> {
    bmc::acyclic_depth(task).filter(|d| *d <= ACYCLIC_BMC_DEPTH)?;
    let budget = smt::Budget::new(cfg.timeout.map(|t| start + t));
    let body = crate::acyclic::prove(task, &budget)?;
    Some(Outcome {
        verdict: Verdict::Safe(body),
        stats: Stats {
            analysis: "wp",
            queries: budget.queries.get(),
            time: start.elapsed(),
            ..Stats::default()
        },
    })
}

/// The CEGAR lane's first move: bounded model checking up to
/// [`LANE_BMC_DEPTH`] steps, one query per depth at CEGAR's price. Why: a
/// bug a few steps deep in a large system (the VMT encodings of Lustre
/// programs: one location, 80 variables) is a handful of queries for BMC,
/// while PDR generalises every cube on the way (`lustre/FIREFLY_all_e1`:
/// 3,184 PDR queries, 2.8 s; CEGAR 6.9 s; Golem 0.16 s). `None` when there
/// is no such bug (or the search was stopped): CEGAR goes on.
fn shallow_bug(task: &Task, cfg: &Config, start: Instant) -> Option<Outcome> {
    bounded_bug(task, cfg, start, LANE_BMC_DEPTH, None)
}

/// A bug found by [`bmc::search_within`] up to `depth` steps (and `cap`
/// units), in a fresh context; `None` if there is none that shallow or the
/// search was stopped.
fn bounded_bug(
    task: &Task,
    cfg: &Config,
    start: Instant,
    depth: usize,
    cap: Option<u64>,
) -> Option<Outcome> {
    let (found, queries) = fresh(|| {
        let budget = smt::Budget::new(cfg.timeout.map(|t| start + t));
        let r = bmc::search_within(task, depth, &budget, cap);
        (r, budget.queries.get())
    });
    let trace = found.ok().flatten()?;
    Some(Outcome {
        verdict: Verdict::Unsafe(trace),
        stats: Stats {
            analysis: "bmc",
            queries,
            time: start.elapsed(),
            ..Stats::default()
        },
    })
}

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
    let (found, longest_run) = simulate::search_reaching(task, &limits);
    if let Some(trace) = found {
        return Outcome {
            verdict: Verdict::Unsafe(trace),
            stats: Stats {
                analysis: "simulation",
                time: start.elapsed(),
                ..Stats::default()
            },
        };
    }
    if longest_run == 0 {
        if cfg.progress {
            eprintln!(
                "certa: [auto] every simulated run stuck at its first step: bounded search next"
            );
        }
        if let Some(out) = stalled_simulation_bug(task, cfg, start) {
            return out;
        }
    }
    unknown_outcome("simulation found no bug".into(), start)
}

/// Deepest step of the bounded search that replaces a stalled simulation.
pub const STALLED_BMC_DEPTH: usize = 256;
/// Work units (see [`bmc::RLIMIT_PER_UNIT`]) the bounded search that
/// replaces a stalled simulation may spend, about half a second of Z3: the
/// bugs of the Lustre exports 3-13 steps deep cost 13-106 units. It runs
/// beside PDR and CEGAR, three threads on two cores: with 4,096 units
/// (enough for `metros_3`'s 43-step bug, 2,400 units, where PDR takes 5,054
/// and 8.7 s) proofs that take seconds came 1.1-1.8x later (`DRAGON_4` 3.6
/// -> 5.5 s), and at nice 10 still 1.06-1.36x (the two virtual cores share
/// more than the scheduler sees) while `metros_3`'s search starved.
pub const STALLED_BMC_UNITS: u64 = 512;

/// When every simulated run got stuck at its first step (no edge could be
/// taken concretely: the Lustre exports, whose one edge relates 80
/// variables and inputs that propagation cannot solve), the simulation lane
/// goes on with bounded model checking, one step deeper at a time, within
/// [`STALLED_BMC_UNITS`]. Why: those tasks' bugs lie 3-43 steps deep, where
/// PDR generalises every cube on the way (`ILLINOIS_3`: a 3-step bug, PDR's
/// answer at 117 units and 160 ms; `car_6`, 13 steps: 2,148 queries, 1.5 s)
/// and CEGAR's own search stops at [`LANE_BMC_DEPTH`]. Runs stuck later
/// (programs exported from C, stuck at a branch after 1-35 steps) do not
/// qualify: there the search cost proofs 1.2x (median of 16), beside PDR
/// on the other core, and found no bug PDR did not find first.
fn stalled_simulation_bug(task: &Task, cfg: &Config, start: Instant) -> Option<Outcome> {
    if task.has_arrays() {
        return None;
    }
    crate::warm::after_the_warm_context(std::time::Duration::from_millis(50));
    bounded_bug(task, cfg, start, STALLED_BMC_DEPTH, Some(STALLED_BMC_UNITS))
}

/// Stack of each engine thread: encodings and certificates recurse over
/// formula depth (the same as the CLI's worker thread).
pub(crate) const ENGINE_STACK_BYTES: usize = 1 << 30;

pub(crate) fn unknown_outcome(why: String, start: Instant) -> Outcome {
    Outcome {
        verdict: Verdict::Unknown(why),
        stats: Stats {
            time: start.elapsed(),
            ..Stats::default()
        },
    }
}

pub(crate) fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    let why = panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "unknown".into());
    format!("internal solver error: {why}")
}

/// The CEGAR engine with the configured analysis.
pub(crate) fn run_cegar(task: &Task, cfg: &Config, start: Instant) -> Outcome {
    match cfg.analysis {
        AnalysisKind::Value => fresh(|| run_composite(task, cfg, start, false)),
        AnalysisKind::ValuePredicate => fresh(|| run_composite(task, cfg, start, true)),
        AnalysisKind::Predicate => fresh(|| run_predicate(task, cfg, start)),
        AnalysisKind::Auto => run_auto(task, cfg, start),
    }
}

/// The CEGAR engine on `task` with its Bool program counter split into
/// locations and its pass-through locations removed, the answer lifted
/// back in a fresh context (see [`crate::split`] and [`crate::reduce`]).
pub(crate) fn run_cegar_reduced(task: &Task, cfg: &Config, start: Instant) -> Outcome {
    crate::split::run_simplified(
        task,
        cfg,
        start,
        "cegar",
        &|t| run_cegar(t, cfg, start),
        &|f| fresh(f),
    )
}

/// Steps of the bounded search for bugs in tasks with arrays.
const ARRAY_BMC_DEPTH: usize = 64;
/// Steps of the first, brief bounded search. It is bounded by depth, not
/// by a wall-clock slice, so that whether it finds a shallow bug does not
/// depend on the machine's load; a quarter of the time left caps it.
const FIRST_BMC_DEPTH: usize = 16;

/// Tasks with arrays: random simulation for deep bugs, then indexed
/// predicate abstraction (seed 002), then more simulation in the time left.
pub(crate) fn run_arrays(task: &Task, cfg: &Config, start: Instant) -> Outcome {
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
        for (_, inv) in crate::profile::span("guess invariants", || {
            invariants::linear_invariants(&indexed::project(task), budget)
        })? {
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
///
/// On a thread that has not called Z3 yet ([`run_lane`] and
/// [`on_untouched_thread`] set `UNTOUCHED_LANE` first thing), the thread's own default context is that
/// fresh context, same configuration and nothing in it: it is used as is,
/// since `with_z3_config` would first create the default context (the z3
/// crate reads the old one to restore it) and then a second one, and a Z3
/// context costs several milliseconds (a quarter of a trivial task's time).
pub(crate) fn fresh<T: Send + Sync>(f: impl Fn() -> T + Send + Sync) -> T {
    if UNTOUCHED_LANE.with(|u| u.replace(false)) {
        return watchdog::guarded(&f);
    }
    z3::with_z3_config(&z3::Config::new(), || {
        let result = watchdog::guarded(&f);
        // The pooled solvers would keep this context alive after it ends.
        crate::solver_pool::clear();
        result
    })
}

/// Runs `f` on a new thread that has made no Z3 call, so that its first
/// [`fresh`] context is the thread's default one (one context, not two), with
/// the task's array names set there. A panic in `f` goes on in the caller.
pub(crate) fn on_untouched_thread<T: Send>(task: &Task, f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|scope| {
        let spawned = std::thread::Builder::new()
            .name("certa-engine".into())
            .stack_size(ENGINE_STACK_BYTES)
            .spawn_scoped(scope, || {
                crate::warm::prepare_for_a_context();
                UNTOUCHED_LANE.with(|u| u.set(true));
                smt::set_array_vars(task);
                f()
            });
        match spawned {
            Ok(handle) => handle
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            Err(e) => panic!("cannot start the engine's thread: {e}"),
        }
    })
}

thread_local! {
    /// This thread is new and has made no Z3 call yet (see [`fresh`]).
    static UNTOUCHED_LANE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
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
        if let Err(Unknown(why)) = crate::profile::span("guess invariants", || {
            invariants::linear_invariants(task, analysis.budget())
        })
        .map(|found| {
            for (loc, eq) in found {
                analysis.add_predicate(&loc, eq);
            }
        }) {
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
