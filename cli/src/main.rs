//! The `certa` command line: verify, replay, task, check, bench.

use certa::{bench, compare, vs};
use clap::{Parser, Subcommand, ValueEnum};
use engine::run;
use engine::{AnalysisKind, Config, Engine, Verdict};
use evidence::{export, replay};
use frontend::Encoding;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

/// Exit codes shared by every subcommand.
const EXIT_SAFE: u8 = 0;
const EXIT_UNSAFE: u8 = 1;
const EXIT_UNKNOWN: u8 = 2;
const EXIT_INPUT: u8 = 3;

#[derive(Parser)]
#[command(
    name = "certa",
    version,
    about = "CEGAR verifier whose every answer comes with a checkable certificate"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
enum EncodingArg {
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
enum AnalysisArg {
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
enum EngineArg {
    /// CEGAR with the analysis of --analysis.
    Cegar,
    /// Property-directed reachability (IC3).
    Pdr,
    /// Simulation, PDR and CEGAR at once; the answer that took the least
    /// work (solver queries, priced per engine) wins, ties in that order,
    /// so it does not depend on timing.
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
struct Limits {
    /// Verification engine.
    #[arg(long, value_enum, default_value = "auto")]
    engine: EngineArg,
    /// Abstract domain of the CEGAR loop.
    #[arg(long, value_enum, default_value = "auto")]
    analysis: AnalysisArg,
    /// A variable with more values than this at one location stops being
    /// tracked explicitly; predicates take over its facts. Default: 2000
    /// for values alone, 64 with predicates beside them.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    value_threshold: Option<u32>,
    /// Wall-clock limit in seconds.
    #[arg(long, default_value_t = 60.0)]
    timeout: f64,
    /// Maximum number of refinements before answering UNKNOWN.
    #[arg(long, default_value_t = 200)]
    max_refinements: usize,
    /// Z3 memory cap in MiB.
    #[arg(long, default_value_t = 4096)]
    memory_mb: u64,
    /// Seed precisions with the atoms of assertion conditions.
    #[arg(long)]
    seed_assertions: bool,
    /// Do not seed precisions with invariants guessed from sampled runs.
    #[arg(long)]
    no_invariants: bool,
    /// CFA encoding for .imp programs.
    #[arg(long, value_enum, default_value = "lbe")]
    encoding: EncodingArg,
    /// C only: `unreach-call`, `no-overflow`, `unreach-call,no-overflow`,
    /// or an SV-COMP property file (.prp). Default: the task definition's
    /// property, else unreach-call (signed overflow, division by zero and
    /// bad shifts before the error are checked too: C gives them no meaning).
    #[arg(long, value_name = "PROPERTY")]
    property: Option<String>,
    /// C only: read signed arithmetic as mathematical integers (no overflow
    /// checks); SAFE then holds only for runs without signed overflow.
    #[arg(long)]
    assume_no_overflow: bool,
}

impl Limits {
    /// The same limits as command-line arguments (for `bench-task` children).
    fn to_args(&self) -> Vec<std::ffi::OsString> {
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
        if let Some(p) = &self.property {
            a.extend(["--property".into(), p.clone()]);
        }
        if self.assume_no_overflow {
            a.push("--assume-no-overflow".into());
        }
        a.into_iter().map(Into::into).collect()
    }

    fn config(&self, progress: bool) -> Result<Config, String> {
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

#[derive(Subcommand)]
enum Command {
    /// Verify a program (.imp, .ts or CHC .smt2) and write its certificate.
    Verify {
        file: PathBuf,
        /// Certificate file: .json (pretty JSON) or .cert (binary).
        #[arg(short, long)]
        output: Option<PathBuf>,
        #[command(flatten)]
        limits: Limits,
        /// Print the result as JSON.
        #[arg(long)]
        json: bool,
        /// Progress lines on stderr.
        #[arg(short, long)]
        verbose: bool,
        /// Also write an SV-COMP witness (format 2.0 YAML) for a C program.
        #[arg(long)]
        witness: Option<PathBuf>,
        /// Also write the result as a SARIF 2.1.0 log (CI code scanning).
        #[arg(long)]
        sarif: Option<PathBuf>,
        /// Keep certificates in this content-addressed store; when it holds
        /// one for the same task and options, re-check it instead of verifying.
        #[arg(long, value_name = "DIR")]
        cache: Option<PathBuf>,
    },
    /// Write a C test harness for an UNSAFE certificate of a C program: it
    /// defines the program's `__VERIFIER_nondet_*` functions to return the
    /// trace's values in call order and makes `reach_error` observable.
    Harness {
        cert: PathBuf,
        /// Output file (default: stdout).
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// The C program (default: the file named in the certificate).
        #[arg(long)]
        source: Option<PathBuf>,
    },
    /// Compile the harness with the program using the system C compiler and
    /// run it: confirmed (exit 0), not confirmed (1) or inconclusive (2).
    Confirm {
        cert: PathBuf,
        /// The C program (default: the file named in the certificate).
        #[arg(long)]
        source: Option<PathBuf>,
    },
    /// Draw a certificate as Graphviz DOT: the abstract reachability graph
    /// of a SAFE certificate, the path of an UNSAFE one.
    Dot {
        cert: PathBuf,
        /// Output file (default: stdout).
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Render SVG with graphviz's `dot` program instead of writing DOT.
        #[arg(long)]
        svg: bool,
        /// Most nodes drawn; the rest are summarised in a note.
        #[arg(long, default_value_t = evidence::dot::DEFAULT_MAX_NODES as u64, value_parser = clap::value_parser!(u64).range(1..))]
        max_nodes: u64,
    },
    /// Write the SV-COMP witness (format 2.0 YAML) of a certificate of a C
    /// program: loop invariants for SAFE, a waypoint sequence for UNSAFE.
    Witness {
        cert: PathBuf,
        /// Output file (default: stdout).
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// The C program (default: the file named in the certificate's source map).
        #[arg(long)]
        source: Option<PathBuf>,
    },
    /// Validate a witness (format 2.0, certa's or another tool's) against a C
    /// program: confirmed (exit 0) with a certificate, rejected (1) or unknown (2).
    ValidateWitness {
        program: PathBuf,
        witness: PathBuf,
        /// Write the certificate that backs the answer (.json or .cert).
        #[arg(short, long)]
        output: Option<PathBuf>,
        #[command(flatten)]
        limits: Limits,
    },
    /// Verify a program and bundle the source, task, certificate, checker
    /// report, cvc5 proofs, versions and SHA256SUMS into DIR
    /// (re-check with `certa-check --archive DIR`).
    Archive {
        file: PathBuf,
        /// The archive directory (created).
        #[arg(short, long)]
        output: PathBuf,
        #[command(flatten)]
        limits: Limits,
    },
    /// Show an UNSAFE certificate's trace in source terms.
    Replay { cert: PathBuf },
    /// Print the translated task in .ts syntax and its SHA-256.
    Task {
        file: PathBuf,
        #[arg(long, value_enum, default_value = "lbe")]
        encoding: EncodingArg,
        /// Write the task as JSON (for `certa-check --task`).
        #[arg(long)]
        json: Option<PathBuf>,
    },
    /// Check a certificate with the independent checker (cvc5).
    Check {
        cert: PathBuf,
        #[arg(long)]
        task: Option<PathBuf>,
        #[arg(short, long)]
        verbose: bool,
    },
    /// Run every program listed in each DIR's MANIFEST.tsv and print a table.
    /// With --merge, the arguments are shard outputs (CSV or JSON) to merge.
    Bench {
        #[arg(required = true)]
        dirs: Vec<PathBuf>,
        /// Tasks run at a time, each in its own process (default: the
        /// number of cores, halved under --engine auto, whose engines run
        /// on threads of their own). The table and files keep manifest order.
        #[arg(short = 'j', long, value_parser = clap::value_parser!(u64).range(1..=256))]
        jobs: Option<u64>,
        /// Run only shard I of N (1-based): the tasks whose position in the
        /// whole run is I-1 modulo N. For CI matrices; see --merge.
        #[arg(long, value_name = "I/N")]
        shard: Option<bench::shard::Shard>,
        /// Merge shard outputs (the positional arguments: files written with
        /// --csv or --json under --shard) into one table and summary.
        #[arg(long)]
        merge: bool,
        /// Keep certificates in this content-addressed store and re-check
        /// stored ones instead of verifying unchanged tasks again.
        #[arg(long, value_name = "DIR")]
        cache: Option<PathBuf>,
        /// Also write the rows as JSON.
        #[arg(long)]
        json: Option<PathBuf>,
        /// Run each of these analyses on every task (comma-separated) and
        /// compare them per set: solved, wrong, median time, check/verify.
        #[arg(long, value_enum, value_delimiter = ',')]
        analyses: Vec<AnalysisArg>,
        #[command(flatten)]
        limits: Limits,
        /// Also write the rows as CSV.
        #[arg(long)]
        csv: Option<PathBuf>,
        /// Also write the results as one SARIF 2.1.0 log.
        #[arg(long)]
        sarif: Option<PathBuf>,
        /// Skip the SBE comparison run.
        #[arg(long)]
        no_sbe: bool,
        /// Compare with other CHC solvers (the anchors: --golem, --z3) on
        /// the same CHC files (programs are exported to CHC first) instead
        /// of the LBE/SBE table.
        #[arg(long)]
        vs: bool,
        /// With --vs: Golem, run as its portfolio and as its default engine.
        #[arg(long, value_name = "BIN")]
        golem: Option<String>,
        /// With --golem, run only Golem's portfolio, not also its default
        /// engine (which times out on most tasks: long limits take half
        /// the time).
        #[arg(long)]
        golem_portfolio_only: bool,
        /// With --vs: the `z3` binary, run as Spacer.
        #[arg(long, value_name = "BIN")]
        z3: Option<String>,
    },
    /// One bench task, run by `certa bench -j`: prints its row as JSON.
    #[command(hide = true)]
    BenchTask {
        #[arg(long)]
        set: PathBuf,
        #[arg(long)]
        file: String,
        #[arg(long)]
        expected: String,
        #[arg(long)]
        index: usize,
        #[command(flatten)]
        limits: Limits,
        #[arg(long)]
        no_sbe: bool,
        #[arg(long)]
        cache: Option<PathBuf>,
    },
    /// Time the translation (frontend + LBE/SBE) of synthetic C programs of
    /// growing size, and of the given files (.c, .i, .yml).
    BenchTranslate {
        files: Vec<PathBuf>,
        /// Synthetic program sizes in lines.
        #[arg(long, value_delimiter = ',', default_values_t = certa::bench_translate::SIZES)]
        sizes: Vec<usize>,
        /// Keep the synthetic programs in this directory.
        #[arg(long)]
        keep: Option<PathBuf>,
    },
    /// Export a program as a CHC problem (--to chc) or a SAFE certificate as a CHC model (--to chc-model).
    Export {
        /// A program (.imp, .ts, .smt2, ...) for `chc`; a certificate for `chc-model`.
        input: PathBuf,
        #[arg(long, value_enum)]
        to: ExportFormat,
        /// Output file (default: stdout).
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// With `chc-model`: the certificate's CHC source file; the model is then
        /// written in the original predicates' names and signatures.
        #[arg(long)]
        source: Option<PathBuf>,
        #[arg(long, value_enum, default_value = "lbe")]
        encoding: EncodingArg,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum ExportFormat {
    Chc,
    ChcModel,
}

fn main() -> ExitCode {
    // Die quietly on a closed pipe (`certa bench DIR | head`), as Unix tools do,
    // instead of panicking on the failed write.
    // SAFETY: resetting a signal disposition before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { EXIT_INPUT } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    // Printing and checking recurse over formula depth: give them a large
    // stack rather than the main thread's 8 MiB.
    let worker = std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || dispatch(cli.command));
    let result = match worker {
        Ok(handle) => handle
            .join()
            .unwrap_or_else(|_| Err("internal error (panic); see the message above".into())),
        Err(e) => Err(format!("cannot start the worker thread: {e}")),
    };
    let code = match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("certa: {message}");
            EXIT_INPUT
        }
    };
    // Engines that lost an `auto` race may still be winding down inside Z3
    // on detached threads; a normal exit would run Z3's global destructors
    // under them. Everything is written and closed by now: leave at once.
    use std::io::Write as _;
    let _ = std::io::stdout().flush();
    let _ = std::io::stderr().flush();
    // SAFETY: _exit(2) ends the process without running destructors; the
    // outputs are flushed above and no file is left open for writing.
    unsafe { libc::_exit(i32::from(code)) }
}

fn dispatch(command: Command) -> Result<u8, String> {
    match command {
        Command::Verify {
            file,
            output,
            limits,
            json,
            verbose,
            witness,
            sarif,
            cache,
        } => verify(
            &file,
            output.as_deref(),
            &limits,
            json,
            verbose,
            witness.as_deref(),
            sarif.as_deref(),
            cache.as_deref(),
        ),
        Command::Harness {
            cert,
            output,
            source,
        } => {
            let (cert, source) = cert_and_source(&cert, source)?;
            let text = evidence::harness::harness(&cert, &source)?;
            write_or_print(output.as_deref(), &text)?;
            Ok(EXIT_SAFE)
        }
        Command::Confirm { cert, source } => {
            let (cert, source) = cert_and_source(&cert, source)?;
            let c = evidence::harness::confirm(&cert, &source)?;
            print!("{c}");
            Ok(match c.outcome {
                evidence::harness::Outcome::Confirmed => EXIT_SAFE,
                evidence::harness::Outcome::NotConfirmed => EXIT_UNSAFE,
                evidence::harness::Outcome::Inconclusive => EXIT_UNKNOWN,
            })
        }
        Command::Dot {
            cert,
            output,
            svg,
            max_nodes,
        } => {
            let cert = format::codec::read_certificate(&cert).map_err(|e| e.to_string())?;
            let text = evidence::dot::dot(&cert, max_nodes as usize);
            let text = if svg {
                evidence::dot::render_svg(&text)?
            } else {
                text
            };
            write_or_print(output.as_deref(), &text)?;
            Ok(EXIT_SAFE)
        }
        Command::Witness {
            cert,
            output,
            source,
        } => {
            let cert = format::codec::read_certificate(&cert).map_err(|e| e.to_string())?;
            let text = evidence::witness::witness_for(&cert, source.as_deref())?;
            write_or_print(output.as_deref(), &text)?;
            Ok(EXIT_SAFE)
        }
        Command::ValidateWitness {
            program,
            witness,
            output,
            limits,
        } => validate_witness(&program, &witness, output.as_deref(), &limits),
        Command::Archive {
            file,
            output,
            limits,
        } => {
            let cfg = limits.config(false)?;
            let run =
                run::run_file(&file, limits.encoding.into(), &cfg).map_err(|e| e.to_string())?;
            let code = match &run.outcome.verdict {
                Verdict::Safe(_) => EXIT_SAFE,
                Verdict::Unsafe(_) => EXIT_UNSAFE,
                Verdict::Unknown(why) => {
                    println!("UNKNOWN: {why}");
                    return Ok(EXIT_UNKNOWN);
                }
            };
            let verdict = certa::archive::write_archive(&run, &file, &output)?;
            println!(
                "{} ({}); archive {} checked {}",
                if code == EXIT_SAFE { "SAFE" } else { "UNSAFE" },
                file.display(),
                output.display(),
                checker::report::verdict_name(verdict)
            );
            Ok(code)
        }
        Command::Replay { cert } => {
            let cert = format::codec::read_certificate(&cert).map_err(|e| e.to_string())?;
            let text = replay::render(&cert).map_err(|e| e.to_string())?;
            print!("{text}");
            Ok(EXIT_SAFE)
        }
        Command::Task {
            file,
            encoding,
            json,
        } => {
            let program = frontend::load(&file, encoding.into()).map_err(|e| e.to_string())?;
            print!("{}", format::print::task_to_string(&program.task));
            println!("// sha256 {}", format::hash::task_sha256(&program.task));
            if let Some(path) = json {
                std::fs::write(&path, format::encode::to_json(&program.task))
                    .map_err(|e| format!("{}: cannot write: {e}", path.display()))?;
            }
            Ok(EXIT_SAFE)
        }
        Command::Check {
            cert,
            task,
            verbose,
        } => {
            let cert = format::codec::read_certificate(&cert).map_err(|e| e.to_string())?;
            let binding = match task {
                Some(p) => checker::Binding::Task {
                    file: p.display().to_string(),
                    sha256: format::hash::task_sha256(
                        &format::codec::read_task_json(&p).map_err(|e| e.to_string())?,
                    ),
                },
                None => checker::Binding::Embedded,
            };
            let opts = checker::Options {
                binding,
                // certa-check's own default bound (a non-linear query may not end).
                total: Some(Duration::from_secs(900)),
                ..checker::Options::default()
            };
            let report = checker::on_large_stack(|| checker::check(&cert, &opts));
            if verbose {
                for r in &report.records {
                    eprintln!("{}", checker::report::verbose_line(r));
                }
            }
            print!("{}", checker::report::text(&report));
            Ok(match report.verdict() {
                checker::Verdict::Valid => 0,
                checker::Verdict::Invalid => 1,
                checker::Verdict::Inconclusive => 2,
            })
        }
        Command::Bench {
            dirs,
            jobs,
            shard,
            merge,
            cache,
            json,
            analyses,
            limits,
            csv,
            sarif,
            no_sbe,
            vs,
            golem,
            golem_portfolio_only,
            z3,
        } => {
            // Refuses bad limits before any task runs.
            limits.config(false)?;
            let table_only = shard.is_some() || merge || cache.is_some() || json.is_some();
            if table_only && !analyses.is_empty() {
                return Err(
                    "--shard, --merge, --cache and --json go with the bench table, not with --analyses"
                        .into(),
                );
            }
            if vs && (shard.is_some() || merge || cache.is_some() || sarif.is_some()) {
                return Err("--shard, --merge, --cache and --sarif do not go with --vs".into());
            }
            if golem_portfolio_only && golem.is_none() {
                return Err("--golem-portfolio-only goes with --golem".into());
            }
            if !vs && (golem.is_some() || z3.is_some()) {
                return Err("--golem and --z3 go with --vs".into());
            }
            let jobs = jobs.map_or_else(
                || {
                    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
                    match limits.engine {
                        EngineArg::Auto => (cores / 2).max(1),
                        _ => cores,
                    }
                },
                |j| j as usize,
            );
            let exe = std::env::current_exe()
                .map_err(|e| format!("cannot find certa's own executable: {e}"))?;
            if !analyses.is_empty() {
                let kinds: Vec<AnalysisKind> = analyses.iter().map(|&a| a.into()).collect();
                let limit = Duration::from_secs_f64(limits.timeout * 3.0 + 120.0);
                compare::run(&dirs, &kinds, jobs, csv.as_deref(), |t, k| {
                    let mut args = Limits {
                        analysis: analyses[k],
                        ..limits.clone()
                    }
                    .to_args();
                    args.push("--no-sbe".into());
                    bench::pool::in_child(&exe, &args, t, limit)
                })?;
                return Ok(EXIT_SAFE);
            }
            if vs {
                let mut anchors = Vec::new();
                if let Some(bin) = &golem {
                    let [portfolio, default] = vs::Anchor::golem(bin);
                    anchors.push(portfolio);
                    if !golem_portfolio_only {
                        anchors.push(default);
                    }
                }
                if let Some(bin) = z3 {
                    anchors.push(vs::Anchor::Spacer { bin });
                }
                let mut args = limits.to_args();
                args.push("--no-sbe".into());
                // Verify and check, with room to spare; past it certa is stuck.
                let kill = Duration::from_secs_f64(limits.timeout * 3.0 + 120.0);
                let limit = Duration::from_secs_f64(limits.timeout);
                vs::run(
                    &dirs,
                    &anchors,
                    limit,
                    csv.as_deref(),
                    json.as_deref(),
                    |t| bench::pool::in_child(&exe, &args, t, kill),
                )?;
                return Ok(EXIT_SAFE);
            }
            let (rows, meta) = if merge {
                if shard.is_some() {
                    return Err("--merge reads shard outputs; it takes no --shard".into());
                }
                let files: Vec<&Path> = dirs.iter().map(PathBuf::as_path).collect();
                let rows = bench::shard::merge(&files)?;
                let meta = bench::Meta {
                    total: rows.len(),
                    shard: None,
                };
                (rows, meta)
            } else {
                let mut args = limits.to_args();
                if no_sbe {
                    args.push("--no-sbe".into());
                }
                if let Some(c) = &cache {
                    std::fs::create_dir_all(c)
                        .map_err(|e| format!("{}: cannot create the cache: {e}", c.display()))?;
                    args.push("--cache".into());
                    args.push(c.into());
                }
                // Verify (twice with SBE) and check, with room to spare;
                // past it the process is stuck, and bench kills it.
                let runs = if no_sbe { 1.0 } else { 2.0 };
                let limit = Duration::from_secs_f64(limits.timeout * (runs + 2.0) + 120.0);
                bench::run_table(&dirs, shard, jobs, &exe, &args, limit)?
            };
            print!("{}", bench::table(&rows, meta));
            bench::write_rows(&rows, csv.as_deref(), json.as_deref(), meta)?;
            if let Some(path) = sarif {
                let root = std::env::current_dir().ok();
                let results: Vec<_> = rows
                    .iter()
                    .map(|r| r.sarif_result(Path::new(&r.set)))
                    .collect();
                evidence::sarif::write_sarif(&path, &results, root.as_deref())?;
            }
            Ok(EXIT_SAFE)
        }
        Command::BenchTask {
            set,
            file,
            expected,
            index,
            limits,
            no_sbe,
            cache,
        } => {
            bench::pool::exit_with_parent();
            let cfg = Config {
                progress_after: None,
                ..limits.config(false)?
            };
            let task = bench::Task {
                property: bench::manifest_property(&set),
                set,
                file,
                expected,
                index,
            };
            let row = bench::run_task(&task, &cfg, !no_sbe, cache.as_deref());
            println!(
                "{}",
                serde_json::to_string(&row).map_err(|e| e.to_string())?
            );
            Ok(EXIT_SAFE)
        }
        Command::BenchTranslate { files, sizes, keep } => {
            print!(
                "{}",
                certa::bench_translate::run(&sizes, &files, keep.as_deref())?
            );
            Ok(EXIT_SAFE)
        }
        Command::Export {
            input,
            to,
            output,
            source,
            encoding,
        } => export_cmd(
            &input,
            to,
            output.as_deref(),
            source.as_deref(),
            encoding.into(),
        ),
    }
}

fn export_cmd(
    input: &Path,
    to: ExportFormat,
    output: Option<&Path>,
    source: Option<&Path>,
    encoding: Encoding,
) -> Result<u8, String> {
    let is_cert = matches!(
        input.extension().and_then(|e| e.to_str()),
        Some("json") | Some("cert")
    );
    let text = match to {
        ExportFormat::Chc => {
            let task = if is_cert {
                format::codec::read_certificate(input)
                    .map_err(|e| e.to_string())?
                    .task
            } else {
                frontend::load(input, encoding)
                    .map_err(|e| e.to_string())?
                    .task
            };
            export::task_to_chc(&task)
        }
        ExportFormat::ChcModel => {
            let cert = format::codec::read_certificate(input).map_err(|e| e.to_string())?;
            let format::Body::Safe(body) = &cert.body else {
                return Err(format!(
                    "{}: an UNSAFE certificate has no model (only SAFE certificates export to chc-model)",
                    input.display()
                ));
            };
            match source {
                None => export::chc_model(&cert.task, body),
                Some(src) => {
                    let text = std::fs::read_to_string(src)
                        .map_err(|e| format!("{}: {e}", src.display()))?;
                    let chc = frontend::chc::parse(&src.display().to_string(), &text)
                        .map_err(|e| e.to_string())?;
                    if chc.program.task != cert.task {
                        return Err(format!(
                            "{}: the certificate is not about this CHC problem (task hashes {} and {})",
                            src.display(),
                            format::hash::task_sha256(&cert.task),
                            format::hash::task_sha256(&chc.program.task)
                        ));
                    }
                    export::chc_model_for_source(&chc, body)
                }
            }
        }
    };
    match output {
        Some(p) => {
            std::fs::write(p, text).map_err(|e| format!("{}: cannot write: {e}", p.display()))?
        }
        None => print!("{text}"),
    }
    Ok(EXIT_SAFE)
}

/// A certificate and its C program: `--source`, else the file it names.
fn cert_and_source(
    cert_path: &Path,
    source: Option<PathBuf>,
) -> Result<(format::Certificate, PathBuf), String> {
    let cert = format::codec::read_certificate(cert_path).map_err(|e| e.to_string())?;
    let source = match source {
        Some(s) => s,
        None => evidence::harness::default_source(cert_path, &cert).ok_or_else(|| {
            format!(
                "{}: cannot find the program the certificate was made from (with its recorded hash); name it with --source",
                cert_path.display()
            )
        })?,
    };
    Ok((cert, source))
}

fn write_or_print(output: Option<&Path>, text: &str) -> Result<(), String> {
    match output {
        Some(p) => {
            std::fs::write(p, text).map_err(|e| format!("{}: cannot write: {e}", p.display()))
        }
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

/// Refuses a certificate file name that is neither .json nor .cert.
fn certificate_extension(out: &Path) -> Result<(), String> {
    match out.extension().and_then(|e| e.to_str()) {
        Some("json") | Some("cert") => Ok(()),
        _ => Err(format!(
            "{}: certificate files end in .json or .cert",
            out.display()
        )),
    }
}

fn validate_witness(
    program: &Path,
    witness: &Path,
    output: Option<&Path>,
    limits: &Limits,
) -> Result<u8, String> {
    use evidence::witness::validate::{validate, Answer};
    if let Some(out) = output {
        certificate_extension(out)?;
    }
    let cfg = limits.config(false)?;
    let text =
        std::fs::read_to_string(witness).map_err(|e| format!("{}: {e}", witness.display()))?;
    // Errors at a place in the witness start with `line:col:`.
    let v = validate(program, &text, &cfg).map_err(|e| {
        let sep = if e.starts_with(|c: char| c.is_ascii_digit()) {
            ":"
        } else {
            ": "
        };
        format!("{}{sep}{e}", witness.display())
    })?;
    for n in &v.notes {
        eprintln!("certa: note: {n}");
    }
    let (word, code) = match &v.answer {
        Answer::Confirmed => ("CONFIRMED".to_string(), EXIT_SAFE),
        Answer::Rejected(why) => (format!("REJECTED: {why}"), EXIT_UNSAFE),
        Answer::Unknown(why) => (format!("UNKNOWN: {why}"), EXIT_UNKNOWN),
    };
    println!("{word}");
    println!(
        "{} witness, {} of {} {} used",
        v.kind,
        v.used,
        v.total,
        if v.kind == "correctness" {
            "invariants"
        } else {
            "waypoints"
        }
    );
    if let (Some(out), Some(cert)) = (output, &v.certificate) {
        format::encode::write_certificate(out, cert).map_err(|e| e.to_string())?;
        println!(
            "certificate {} ({})",
            out.display(),
            evidence::witness::validate::certificate_kind(cert)
        );
    }
    Ok(code)
}

fn verify(
    file: &Path,
    output: Option<&Path>,
    limits: &Limits,
    json: bool,
    verbose: bool,
    witness: Option<&Path>,
    sarif: Option<&Path>,
    cache: Option<&Path>,
) -> Result<u8, String> {
    let cfg = limits.config(verbose)?;
    if let Some(out) = output {
        // Refuse a bad extension before spending time on the proof.
        certificate_extension(out)?;
    }
    if witness.is_some() && frontend::language_of(file) != Some("c") {
        return Err(format!(
            "{}: --witness needs a C program (SV-COMP witnesses speak about C source)",
            file.display()
        ));
    }
    let (run, lookup) = certa::cache::run_file_with(file, limits.encoding.into(), &cfg, cache)
        .map_err(|e| e.to_string())?;
    let s = &run.outcome.stats;
    let c_program = frontend::language_of(file) == Some("c");
    // The run's own properties (a search past undefined behaviour may
    // have re-translated the program), else the chosen or default ones.
    let props = match (&run.certificate, cfg.properties) {
        (Some(_), _) if c_program => run.properties(),
        (_, Some(p)) => p,
        _ => frontend::default_properties(file).map_err(|e| e.to_string())?,
    };
    let what = if c_program {
        format!(" ({})", props.describe())
    } else {
        String::new()
    };
    let classified = engine::run::classify(&run.program, props, &run.outcome.verdict);
    let (word, code) = match (&run.outcome.verdict, &classified) {
        (Verdict::Safe(_), _) => (format!("SAFE{what}"), EXIT_SAFE),
        (Verdict::Unsafe(_), engine::run::Classified::UndefinedBehaviour(at)) => (
            format!(
                "UNKNOWN: undefined behaviour is reachable: {at} (the certificate's trace \
                 leads there; C gives the run no meaning past it){}",
                run.undefined_note
                    .as_ref()
                    .map(|n| format!("; {n}"))
                    .unwrap_or_default()
            ),
            EXIT_UNKNOWN,
        ),
        (Verdict::Unsafe(_), engine::run::Classified::Violation(p)) if c_program => {
            (format!("UNSAFE ({p})"), EXIT_UNSAFE)
        }
        (Verdict::Unsafe(_), _) => ("UNSAFE".to_string(), EXIT_UNSAFE),
        (Verdict::Unknown(why), _) => (format!("UNKNOWN: {why}"), EXIT_UNKNOWN),
    };
    if let (Some(out), Some(cert)) = (output, &run.certificate) {
        format::encode::write_certificate(out, cert).map_err(|e| e.to_string())?;
    }
    if let (Some(w), Some(cert)) = (witness, &run.certificate) {
        let text = evidence::witness::witness_for(cert, Some(file))?;
        write_or_print(Some(w), &text)?;
    }
    if let Some(path) = sarif {
        let root = std::env::current_dir().ok();
        let result = evidence::sarif::SarifResult::from_run(file, &run, output);
        evidence::sarif::write_sarif(path, &[result], root.as_deref())?;
    }
    if json {
        let v = serde_json::json!({
            "file": file.display().to_string(),
            "verdict": word.split([':', ' ']).next().unwrap_or(""),
            "properties": if c_program { Some(props.names()) } else { None },
            "assumptions": if c_program { Some(props.assumptions()) } else { None },
            "violation": match &classified { engine::run::Classified::Violation(p) => Some(p.clone()), _ => None },
            "reason": match &run.outcome.verdict { Verdict::Unknown(w) => Some(w.clone()), _ => None },
            "analysis": s.analysis,
            "refinements": s.refinements,
            "predicates": s.predicates,
            "nodes": s.nodes,
            "queries": s.queries,
            "seconds": s.time.as_secs_f64(),
            "certificate": output.filter(|_| run.certificate.is_some()).map(|p| p.display().to_string()),
            "cache": lookup.as_ref().map(|l| l.word()),
        });
        println!("{}", serde_json::to_string_pretty(&v).expect("json"));
    } else {
        println!("{word}");
        println!(
            "refinements {}  predicates {}  nodes {}  queries {}  time {:.3}s  by {}",
            s.refinements,
            s.predicates,
            s.nodes,
            s.queries,
            s.time.as_secs_f64(),
            s.analysis
        );
        if let (Some(out), Some(_)) = (output, &run.certificate) {
            println!("certificate {}", out.display());
        }
        match &lookup {
            Some(certa::cache::Lookup::Hit) => println!(
                "cache hit: the stored certificate re-checked VALID in {:.3}s; not verified again",
                s.time.as_secs_f64()
            ),
            Some(l) if run.certificate.is_some() => {
                println!("cache {}: certificate stored", l.word())
            }
            Some(l) => println!("cache {}: nothing stored (no definite verdict)", l.word()),
            None => {}
        }
    }
    Ok(code)
}
