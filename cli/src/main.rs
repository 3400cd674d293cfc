//! The `certa` command line: verify, replay, task, check, bench.
//! This file holds the command index (the clap definitions) and the
//! dispatch; each command's work is in its module under `cmd/`.

mod args;
mod cmd;

use args::{EncodingArg, ExportFormat, Limits};
use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

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
    Bench(cmd::bench::BenchArgs),
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

fn main() -> ExitCode {
    engine::profile::start();
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
        } => cmd::verify::verify(
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
        } => cmd::harness::harness(cert, output, source),
        Command::Confirm { cert, source } => cmd::harness::confirm(cert, source),
        Command::Dot {
            cert,
            output,
            svg,
            max_nodes,
        } => cmd::dot::dot(cert, output, svg, max_nodes),
        Command::Witness {
            cert,
            output,
            source,
        } => cmd::witness::witness(cert, output, source),
        Command::ValidateWitness {
            program,
            witness,
            output,
            limits,
        } => cmd::witness::validate_witness(&program, &witness, output.as_deref(), &limits),
        Command::Archive {
            file,
            output,
            limits,
        } => cmd::archive::archive(file, output, limits),
        Command::Replay { cert } => cmd::replay::replay(cert),
        Command::Task {
            file,
            encoding,
            json,
        } => cmd::task::task(file, encoding, json),
        Command::Check {
            cert,
            task,
            verbose,
        } => cmd::check::check(cert, task, verbose),
        Command::Bench(args) => cmd::bench::bench(args),
        Command::BenchTask {
            set,
            file,
            expected,
            index,
            limits,
            no_sbe,
            cache,
        } => cmd::bench::bench_task(set, file, expected, index, limits, no_sbe, cache),
        Command::BenchTranslate { files, sizes, keep } => {
            cmd::bench::bench_translate(files, sizes, keep)
        }
        Command::Export {
            input,
            to,
            output,
            source,
            encoding,
        } => cmd::export::export_cmd(
            &input,
            to,
            output.as_deref(),
            source.as_deref(),
            encoding.into(),
        ),
    }
}
