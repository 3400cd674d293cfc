//! certa-check: reads a certificate, checks its obligations, prints the verdict; exit 0/1/2/3.
#![forbid(unsafe_code)]

use checker::report;
use checker::{Binding, Limits, Options, Verdict};
use clap::Parser;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// Independent checker of certa certificates (SAFE abstractions and UNSAFE traces), using cvc5.
///
/// A check must say what the certificate is about: `--source FILE` (the
/// program, re-translated and compared), `--task FILE` (a task JSON), or
/// `--embedded-task` (no binding: VALID then holds for the embedded task only).
///
/// Exit codes: 0 VALID, 1 INVALID, 2 INCONCLUSIVE, 3 unreadable input or usage error.
#[derive(Parser, Debug)]
#[command(name = "certa-check", version)]
#[command(group = clap::ArgGroup::new("binding").required(true).args(["source", "task", "embedded_task"]))]
struct Cli {
    /// The certificate (.json or binary .cert; told apart by content).
    cert: PathBuf,
    /// The program the certificate claims to be about: its SHA-256 must equal
    /// header.source.sha256, and re-translating it under the header's options
    /// must give the certificate's task.
    #[arg(long, value_name = "FILE")]
    source: Option<PathBuf>,
    /// A task JSON file; its hash must equal the certificate's task hash.
    #[arg(long, value_name = "FILE")]
    task: Option<PathBuf>,
    /// Check without binding to a program: the verdict speaks of the task
    /// embedded in the certificate only, and the report says so.
    #[arg(long)]
    embedded_task: bool,
    /// Time limit for the whole check, in seconds; past it the verdict is INCONCLUSIVE.
    #[arg(long, default_value_t = 900, value_parser = clap::value_parser!(u64).range(1..))]
    timeout: u64,
    /// Print a machine-readable JSON report.
    #[arg(long)]
    json: bool,
    /// Time limit per solver obligation, in milliseconds (cvc5 tlimit-per; at least 1).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    timeout_ms: Option<u64>,
    /// Resource limit per solver obligation (cvc5 rlimit-per; deterministic; at least 1).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    rlimit: Option<u64>,
    /// Print one line per obligation with its result and time.
    #[arg(short, long)]
    verbose: bool,
    /// Write every solver obligation as a standalone SMT-LIB 2 file into DIR.
    #[arg(long, value_name = "DIR")]
    emit_smtlib: Option<PathBuf>,
}

fn run(cli: Cli) -> Result<ExitCode, String> {
    let cert = format::codec::read_certificate(&cli.cert).map_err(|e| e.to_string())?;
    let binding = if let Some(p) = &cli.task {
        Binding::Task {
            file: p.display().to_string(),
            sha256: format::hash::task_sha256(
                &format::codec::read_task_json(p).map_err(|e| e.to_string())?,
            ),
        }
    } else if let Some(p) = &cli.source {
        Binding::Source {
            path: p.clone(),
            bytes: format::codec::read_bounded(p).map_err(|e| e.to_string())?,
        }
    } else {
        Binding::Embedded
    };
    if let Some(dir) = &cli.emit_smtlib {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let limits = Limits {
        timeout_ms: cli.timeout_ms,
        rlimit: cli.rlimit,
    };
    let opts = Options {
        binding,
        limits,
        total: Some(Duration::from_secs(cli.timeout)),
        emit_smtlib: cli.emit_smtlib.clone(),
    };
    let rep = checker::check(&cert, &opts);
    if cli.verbose {
        // Keep stdout a clean JSON document under --json.
        for r in &rep.records {
            match cli.json {
                true => eprintln!("{}", report::verbose_line(r)),
                false => println!("{}", report::verbose_line(r)),
            }
        }
    }
    if cli.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&report::json(&rep)).unwrap_or_default()
        );
    } else {
        print!("{}", report::text(&rep));
    }
    if !rep.io_errors.is_empty() {
        return Err(format!(
            "cannot write SMT-LIB files: {}",
            rep.io_errors.join("; ")
        ));
    }
    Ok(ExitCode::from(match rep.verdict() {
        Verdict::Valid => 0,
        Verdict::Invalid => 1,
        Verdict::Inconclusive => 2,
    }))
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) if e.use_stderr() => {
            eprint!("{e}");
            return ExitCode::from(3);
        }
        Err(e) => {
            print!("{e}");
            return ExitCode::SUCCESS;
        }
    };
    // Decoding and checking both walk formulas recursively: use a large stack.
    let worker = std::thread::Builder::new()
        .stack_size(checker::STACK_BYTES)
        .spawn(move || run(cli));
    match worker.map(|h| h.join()) {
        Ok(Ok(Ok(code))) => code,
        Ok(Ok(Err(msg))) => {
            eprintln!("certa-check: error: {msg}");
            ExitCode::from(3)
        }
        // A checker bug is never a verdict: report it as inconclusive.
        Ok(Err(_)) | Err(_) => {
            eprintln!("certa-check: internal error: the check did not complete; INCONCLUSIVE");
            ExitCode::from(2)
        }
    }
}
