//! The arguments several commands share: the engine, analysis and CFA encoding
//! chosen, and the limits of a run, as a verification `Config` and as the
//! command-line arguments of a `bench` child process.

use clap::ValueEnum;
use engine::{AnalysisKind, Config, Engine};
use frontend::Encoding;
use std::time::Duration;

#[derive(Clone, Copy, ValueEnum)]
pub(crate) enum EncodingArg {
    Lbe,
    Sbe,
}

impl From<EncodingArg> for Encoding {
    fn from(e: EncodingArg) -> Encoding {
        match e {
            EncodingArg::Lbe => Encoding::Lbe,
            EncodingArg::Sbe => Encoding::Sbe,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum AnalysisArg {
    /// Explicit values only (seed 003).
    Value,
    /// Predicate abstraction with invariant guessing (seed 000).
    Predicate,
    /// Values and predicates in one loop, value interpolants first.
    #[value(name = "value+predicate")]
    ValuePredicate,
    /// Cheap first; invariant guessing only when refinement struggles.
    Auto,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum EngineArg {
    /// CEGAR with the analysis of --analysis.
    Cegar,
    /// Property-directed reachability (IC3).
    Pdr,
    /// Simulation, PDR and CEGAR at once; the answer that took the least
    /// work (solver queries, priced per engine) wins, ties in that order,
    /// so it does not depend on timing. Simulation and PDR have a head
    /// start (their work counts 64 units less, simulation's 72): CEGAR
    /// starts only once they have spent it.
    Auto,
}

impl From<EngineArg> for Engine {
    fn from(e: EngineArg) -> Engine {
        match e {
            EngineArg::Cegar => Engine::Cegar,
            EngineArg::Pdr => Engine::Pdr,
            EngineArg::Auto => Engine::Auto,
        }
    }
}

impl From<AnalysisArg> for AnalysisKind {
    fn from(a: AnalysisArg) -> AnalysisKind {
        match a {
            AnalysisArg::Value => AnalysisKind::Value,
            AnalysisArg::Predicate => AnalysisKind::Predicate,
            AnalysisArg::ValuePredicate => AnalysisKind::ValuePredicate,
            AnalysisArg::Auto => AnalysisKind::Auto,
        }
    }
}

#[derive(clap::Args, Clone)]
pub(crate) struct Limits {
    /// Verification engine.
    #[arg(long, value_enum, default_value = "auto")]
    pub(crate) engine: EngineArg,
    /// Abstract domain of the CEGAR loop.
    #[arg(long, value_enum, default_value = "auto")]
    pub(crate) analysis: AnalysisArg,
    /// A variable with more values than this at one location stops being
    /// tracked explicitly; predicates take over its facts. Default: 2000
    /// for values alone, 64 with predicates beside them.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub(crate) value_threshold: Option<u32>,
    /// Wall-clock limit in seconds for the whole run: reading the program
    /// counts, and the engines stop a fiftieth of it (10-500 ms) early so
    /// that the answer and its certificate are written within it.
    #[arg(long, default_value_t = 60.0)]
    pub(crate) timeout: f64,
    /// Maximum number of refinements before answering UNKNOWN.
    #[arg(long, default_value_t = 200)]
    pub(crate) max_refinements: usize,
    /// Z3 memory cap in MiB.
    #[arg(long, default_value_t = 4096)]
    pub(crate) memory_mb: u64,
    /// Seed precisions with the atoms of assertion conditions.
    #[arg(long)]
    pub(crate) seed_assertions: bool,
    /// Do not seed precisions with invariants guessed from sampled runs.
    #[arg(long)]
    pub(crate) no_invariants: bool,
    /// Run PDR and CEGAR on the task as it is, without removing the
    /// locations that have one way in or one way out and without splitting
    /// a one-location task's Bool program counter into locations.
    #[arg(long)]
    pub(crate) no_reduce: bool,
    /// CFA encoding for .imp programs.
    #[arg(long, value_enum, default_value = "lbe")]
    pub(crate) encoding: EncodingArg,
    /// C only: `unreach-call`, `no-overflow`, `unreach-call,no-overflow`,
    /// or an SV-COMP property file (.prp). Default: the task definition's
    /// property, else unreach-call (signed overflow, division by zero and
    /// bad shifts before the error are checked too: C gives them no meaning).
    #[arg(long, value_name = "PROPERTY")]
    pub(crate) property: Option<String>,
    /// C only: read signed arithmetic as mathematical integers (no overflow
    /// checks); SAFE then holds only for runs without signed overflow.
    #[arg(long)]
    pub(crate) assume_no_overflow: bool,
}

impl Limits {
    /// The same limits as command-line arguments (for `bench-task` children).
    pub(crate) fn to_args(&self) -> Vec<std::ffi::OsString> {
        let name = |v: Option<clap::builder::PossibleValue>| {
            v.map(|p| p.get_name().to_string()).unwrap_or_default()
        };
        let mut a: Vec<String> = vec![
            "--engine".into(),
            name(self.engine.to_possible_value()),
            "--analysis".into(),
            name(self.analysis.to_possible_value()),
            "--timeout".into(),
            self.timeout.to_string(),
            "--max-refinements".into(),
            self.max_refinements.to_string(),
            "--memory-mb".into(),
            self.memory_mb.to_string(),
            "--encoding".into(),
            name(self.encoding.to_possible_value()),
        ];
        if let Some(k) = self.value_threshold {
            a.extend(["--value-threshold".into(), k.to_string()]);
        }
        if self.seed_assertions {
            a.push("--seed-assertions".into());
        }
        if self.no_invariants {
            a.push("--no-invariants".into());
        }
        if self.no_reduce {
            a.push("--no-reduce".into());
        }
        if let Some(p) = &self.property {
            a.extend(["--property".into(), p.clone()]);
        }
        if self.assume_no_overflow {
            a.push("--assume-no-overflow".into());
        }
        a.into_iter().map(Into::into).collect()
    }

    pub(crate) fn config(&self, progress: bool) -> Result<Config, String> {
        if !(self.timeout > 0.0 && self.timeout.is_finite()) {
            return Err(format!(
                "--timeout must be a positive number of seconds, got {}",
                self.timeout
            ));
        }
        Ok(Config {
            timeout: Some(Duration::from_secs_f64(self.timeout)),
            max_refinements: self.max_refinements,
            memory_mb: Some(self.memory_mb),
            seed_assertion_atoms: self.seed_assertions,
            linear_invariants: !self.no_invariants,
            reduce: !self.no_reduce,
            progress,
            progress_after: Some(Duration::from_secs(5)),
            analysis: self.analysis.into(),
            value_threshold: self.value_threshold.map(|k| k as usize),
            engine: self.engine.into(),
            properties: self.properties()?,
            ..Config::default()
        })
    }

    /// The chosen properties (`None`: each file's default).
    fn properties(&self) -> Result<Option<frontend::Properties>, String> {
        let mut p = match &self.property {
            None if !self.assume_no_overflow => return Ok(None),
            None => frontend::Properties::default(),
            Some(spec) => {
                frontend::Properties::parse(spec).map_err(|e| format!("--property: {e}"))?
            }
        };
        if self.assume_no_overflow {
            if p.no_overflow {
                return Err("--assume-no-overflow contradicts --property no-overflow".into());
            }
            p.assume_no_overflow = true;
        }
        Ok(Some(p))
    }
}

#[derive(Clone, Copy, ValueEnum)]
pub(crate) enum ExportFormat {
    Chc,
    ChcModel,
}
