//! The audit kernel: the obligations, run in order, and the verdict they give.
//!
//! Everything that decides VALID is in this folder (with `format::kernel`); the command
//! line, the report writer, the archive walker and the failure messages are outside.
#![forbid(unsafe_code)]

pub mod binding;
pub mod closure;
pub mod concrete;
pub mod error;
pub mod index;
pub mod initiality;
pub mod solver;
pub mod structure;
pub mod trace;
pub mod witness;
pub mod work;

use crate::binding::Binding;
use crate::error::CheckError;
use crate::solver::Limits;
use format::{Body, Certificate};
use solver::{Answer, Model, Query};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// How to run a check.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// What the certificate must be about (`--source`, `--task`, or nothing).
    pub binding: Binding,
    pub limits: Limits,
    /// Time for the whole check (`--timeout`); past it, every remaining
    /// obligation is inconclusive. A time so long that the deadline cannot
    /// be represented (e.g. `u64::MAX` seconds) means no deadline.
    pub total: Option<Duration>,
    /// Directory that receives one `.smt2` file per solver obligation.
    pub emit_smtlib: Option<PathBuf>,
    /// Directory that receives one cvc5 proof (CPC format) per UNSAT obligation.
    pub proofs: Option<PathBuf>,
    /// Threads that decide closure obligations side by side (`-j`); 0 and 1
    /// mean one. Each obligation has its own cvc5 instance either way, and
    /// the records keep their order, so only the timings depend on it.
    pub jobs: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Holds,
    Fails(CheckError),
    /// cvc5 answered unknown, hit a limit, or failed; never counts as holding.
    Unknown(String),
}

/// One checked obligation instance.
#[derive(Clone, Debug)]
pub struct Record {
    pub obligation: &'static str,
    pub node: Option<u32>,
    pub edge: Option<u32>,
    pub outcome: Outcome,
    pub seconds: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Valid,
    Invalid,
    Inconclusive,
}

#[derive(Clone, Debug, Default)]
pub struct Report {
    /// What a VALID is valid for ([`Binding::describe`]).
    pub bound_to: String,
    /// [`Binding::kind`].
    pub binding: &'static str,
    pub records: Vec<Record>,
    /// Failures to write `--emit-smtlib` files.
    pub io_errors: Vec<String>,
}

impl Report {
    /// INVALID if any obligation fails, else INCONCLUSIVE if any is unknown
    /// (or nothing was checked), else VALID.
    pub fn verdict(&self) -> Verdict {
        let outcomes = || self.records.iter().map(|r| &r.outcome);
        if outcomes().any(|o| matches!(o, Outcome::Fails(_))) {
            Verdict::Invalid
        } else if self.records.is_empty() || outcomes().any(|o| matches!(o, Outcome::Unknown(_))) {
            Verdict::Inconclusive
        } else {
            Verdict::Valid
        }
    }
}

struct Run<'a> {
    opts: &'a Options,
    report: Report,
    deadline: Option<Instant>,
}

impl Run<'_> {
    fn record(
        &mut self,
        obligation: &'static str,
        node: Option<u32>,
        edge: Option<u32>,
        start: Instant,
        outcome: Outcome,
    ) {
        let seconds = start.elapsed().as_secs_f64();
        self.report.records.push(Record {
            obligation,
            node,
            edge,
            outcome,
            seconds,
        });
    }

    /// Past the total time limit: records the obligation as inconclusive.
    fn out_of_time(&mut self, name: &'static str, node: Option<u32>, edge: Option<u32>) -> bool {
        let over = self.deadline.is_some_and(|d| Instant::now() >= d);
        if over {
            let why = format!(
                "the total time limit of {} s is used up",
                self.opts.total.unwrap_or_default().as_secs()
            );
            self.record(name, node, edge, Instant::now(), Outcome::Unknown(why));
        }
        over
    }

    fn concrete(
        &mut self,
        name: &'static str,
        node: Option<u32>,
        edge: Option<u32>,
        f: impl FnOnce() -> Result<(), CheckError>,
    ) {
        if self.out_of_time(name, node, edge) {
            return;
        }
        let start = Instant::now();
        let outcome = match f() {
            Ok(()) => Outcome::Holds,
            Err(e @ (CheckError::OutOfTime { .. } | CheckError::Undecided { .. })) => {
                Outcome::Unknown(e.to_string())
            }
            Err(e) => Outcome::Fails(e),
        };
        self.record(name, node, edge, start, outcome);
    }

    /// Where an obligation's records and files are named: its file stem and title.
    fn site(
        index: usize,
        name: &str,
        node: Option<u32>,
        edge: Option<(u32, &str)>,
    ) -> (String, String) {
        let (mut stem, mut title) = (format!("{index:05}_{name}"), name.to_string());
        if let Some(n) = node {
            stem += &format!("_n{n}");
            title += &format!(", node {n}");
        }
        if let Some((e, ename)) = edge {
            stem += &format!("_e{e}");
            title += &format!(", edge {e} `{ename}`");
        }
        (stem, title)
    }

    /// Decides the solver obligation of every item ([`decide`]), on `opts.jobs` threads:
    /// workers take the next item in turn, and the records are kept in item order.
    fn solve_all<T: Sync>(
        &mut self,
        name: &'static str,
        items: &[T],
        site: impl Fn(&T) -> (Option<u32>, Option<(u32, &str)>) + Sync,
        query: impl Fn(&T) -> Query + Sync,
        fail: impl Fn(&T, &Model) -> CheckError + Sync,
    ) {
        let first = self.report.records.len();
        let (opts, deadline) = (self.opts, self.deadline);
        let one = |i: usize| {
            let (node, edge) = site(&items[i]);
            let (stem, title) = Self::site(first + i, name, node, edge);
            decide(
                opts,
                deadline,
                name,
                (node, edge.map(|e| e.0)),
                (&stem, &title),
                query(&items[i]),
                |m| fail(&items[i], m),
            )
        };
        let jobs = opts.jobs.clamp(1, items.len().max(1));
        let mut done: Vec<(usize, (Record, Vec<String>))> = if jobs == 1 {
            (0..items.len()).map(|i| (i, one(i))).collect()
        } else {
            let next = std::sync::atomic::AtomicUsize::new(0);
            let work = || {
                let mut mine = Vec::new();
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if i >= items.len() {
                        return mine;
                    }
                    mine.push((i, one(i)));
                }
            };
            std::thread::scope(|s| {
                // A thread that cannot be had (memory, thread limits) leaves
                // its share to the others; the calling thread works too.
                let helpers: Vec<_> = (1..jobs)
                    .filter_map(|_| {
                        std::thread::Builder::new()
                            .stack_size(STACK_BYTES)
                            .spawn_scoped(s, &work)
                            .ok()
                    })
                    .collect();
                let mut all = work();
                for h in helpers {
                    all.extend(h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)));
                }
                all
            })
        };
        done.sort_by_key(|(i, _)| *i);
        for (_, (record, io_errors)) in done {
            self.report.records.push(record);
            self.report.io_errors.extend(io_errors);
        }
    }
}

/// Decides one solver obligation: past the total time it is inconclusive;
/// otherwise cvc5 answers, with `--emit-smtlib` and `--proofs` files
/// written under `stem`. Returns the record and any file-writing errors.
fn decide(
    opts: &Options,
    deadline: Option<Instant>,
    name: &'static str,
    (node, edge): (Option<u32>, Option<u32>),
    (stem, title): (&str, &str),
    q: Query,
    fail: impl FnOnce(&Model) -> CheckError,
) -> (Record, Vec<String>) {
    let mut io_errors = Vec::new();
    let start = Instant::now();
    let record = |outcome| Record {
        obligation: name,
        node,
        edge,
        outcome,
        seconds: start.elapsed().as_secs_f64(),
    };
    if deadline.is_some_and(|d| start >= d) {
        let why = format!(
            "the total time limit of {} s is used up",
            opts.total.unwrap_or_default().as_secs()
        );
        return (record(Outcome::Unknown(why)), io_errors);
    }
    if let Some(dir) = &opts.emit_smtlib {
        io_errors.extend(crate::emit::write(
            dir,
            &format!("{stem}.smt2"),
            crate::emit::smtlib(&q, title),
        ));
    }
    // Each query gets at most the time left of the total.
    let mut limits = opts.limits;
    limits.proofs = opts.proofs.is_some();
    if let Some(d) = deadline {
        let left = d.saturating_duration_since(start).as_millis().max(1);
        let left = u64::try_from(left).unwrap_or(u64::MAX);
        limits.timeout_ms = Some(limits.timeout_ms.map_or(left, |t| t.min(left)));
    }
    let outcome = match solver::solve(&q, limits) {
        Answer::Unsat(proof) => {
            if let (Some(dir), Some(text)) = (&opts.proofs, proof) {
                io_errors.extend(crate::emit::write(dir, &format!("{stem}.cpc"), text));
            }
            Outcome::Holds
        }
        Answer::Sat(m) => Outcome::Fails(fail(&m)),
        Answer::Unknown(why) => Outcome::Unknown(why),
    };
    (record(outcome), io_errors)
}

/// Checks every obligation of `cert`. Structure comes first; if it fails,
/// nothing else is checked. Call on a large stack (see [`on_large_stack`]).
pub fn check(cert: &Certificate, opts: &Options) -> Report {
    let mut r = Run {
        opts,
        report: Report {
            bound_to: opts.binding.describe(cert),
            binding: opts.binding.kind(),
            ..Report::default()
        },
        deadline: deadline(opts.total),
    };
    let given = match &opts.binding {
        Binding::Task { sha256, .. } => Some(sha256.as_str()),
        _ => None,
    };
    r.concrete("structure", None, None, || structure::check(cert, given));
    if r.report.verdict() == Verdict::Invalid {
        return r.report;
    }
    if matches!(opts.binding, Binding::Source { .. }) && !r.out_of_time("binding", None, None) {
        let start = Instant::now();
        let outcome = binding::check_until(cert, &opts.binding, r.deadline, opts.total);
        r.record("binding", None, None, start, outcome);
        if r.report.verdict() == Verdict::Invalid {
            return r.report;
        }
    }
    let task = &cert.task;
    match &cert.body {
        Body::Safe(b) => {
            let ix = index::Index::new(task, b);
            r.solve_all(
                "initiality",
                &[()],
                |_| (None, None),
                |_| initiality::query(&ix),
                |_, m| crate::explain::initiality_failure(&ix, m),
            );
            let steps: Vec<_> = ix.steps().collect();
            r.solve_all(
                "closure",
                &steps,
                |(n, e)| (Some(n.id), Some((e.id, e.name.as_str()))),
                |(n, e)| closure::query(&ix, n, e),
                |(n, e), m| crate::explain::closure_failure(&ix, n, e, m),
            );
            for s in &b.successors {
                for t in &s.targets {
                    // Structure has resolved every id used here.
                    if let (Some(n), Some(e), Some(m), Some(w)) = (
                        ix.node(s.node),
                        ix.edge(s.edge),
                        ix.node(t.node),
                        &t.witness,
                    ) {
                        r.concrete("witness", Some(n.id), Some(e.id), || {
                            witness::check(&ix, n, e, m, w)
                        });
                    }
                }
            }
        }
        Body::Unsafe(t) => {
            let deadline = r.deadline;
            r.concrete("trace", None, None, || trace::check(task, t, deadline))
        }
    }
    r.report
}

/// The instant `total` from now; `None` (no deadline) when there is no
/// total or it lies beyond what an [`Instant`] can represent.
pub fn deadline(total: Option<Duration>) -> Option<Instant> {
    total.and_then(|t| Instant::now().checked_add(t))
}

/// Stack size of the checking thread: deep formulas are walked recursively.
pub const STACK_BYTES: usize = 1 << 30;
