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
#[command(group = clap::ArgGroup::new("binding").required(true).args(["source", "task", "embedded_task", "archive"]))]
struct Cli {
    /// The certificate (.json or binary .cert; told apart by content).
    #[arg(required_unless_present = "archive", conflicts_with = "archive")]
    cert: Option<PathBuf>,
    /// Re-check an archive written by `certa archive`: every file must hash
    /// as SHA256SUMS lists it, and the certificate is checked bound to the
    /// archived source.
    #[arg(long, value_name = "DIR")]
    archive: Option<PathBuf>,
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
    /// Address-space limit of the checking process, in MiB (it includes the
    /// 1 GiB stack reserved for deep formulas, and with --source the 256 MiB
    /// stacks of the re-translation and the frontend's parser); past it, or
    /// when a thread cannot be had within it, the verdict is INCONCLUSIVE.
    #[arg(long, default_value_t = 8192, value_parser = clap::value_parser!(u64).range(1..))]
    memory_mb: u64,
    /// Time limit for the whole check, in seconds, re-translating the
    /// source included; past it the verdict is INCONCLUSIVE.
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
    /// Decide this many closure obligations at a time, each on its own
    /// thread with its own cvc5 instance (default: the number of cores).
    /// The report is the same for any N; only the times differ. Each thread
    /// reserves a 1 GiB stack inside --memory-mb.
    #[arg(short = 'j', long, value_parser = clap::value_parser!(u64).range(1..=64))]
    jobs: Option<u64>,
    /// Write cvc5's proof of every UNSAT obligation into DIR, one file per
    /// obligation in cvc5's CPC format (checkable with the Ethos checker).
    #[arg(long, value_name = "DIR")]
    proofs: Option<PathBuf>,
}

/// Why an input file was not read: a usage error (exit 3), tampering with
/// an archive (INVALID), or the memory limit (INCONCLUSIVE).
enum Refused {
    Usage(String),
    Invalid(String),
    Inconclusive(String),
}

impl From<String> for Refused {
    fn from(e: String) -> Refused {
        Refused::Usage(e)
    }
}

/// Reads an input file; only regular files are opened ([`checker::input`]).
/// In an archive, a member that is not a regular file is tampering.
fn read_input(
    path: &std::path::Path,
    in_archive: bool,
    memory_mb: u64,
) -> Result<Vec<u8>, Refused> {
    checker::input::read_regular(path).map_err(|e| match e {
        // The memory bound is a resource limit, never a verdict about the file.
        e if e.io_kind() == Some(std::io::ErrorKind::OutOfMemory) => {
            Refused::Inconclusive(format!(
            "{e}: out of memory while reading, at the memory limit of {memory_mb} MiB (--memory-mb)"
        ))
        }
        e @ checker::input::InputError::NotRegular { .. } if in_archive => {
            Refused::Invalid(format!("archive: {e}"))
        }
        e => Refused::Usage(e.to_string()),
    })
}

/// A task JSON file, as `format::codec::read_task_json` reads it.
fn task_from_json(path: &std::path::Path, bytes: &[u8]) -> Result<format::Task, String> {
    use serde::Deserialize;
    let mut de = serde_json::Deserializer::from_slice(bytes);
    // Depth is bounded afterwards by the sort check; this runs on a large stack.
    de.disable_recursion_limit();
    format::Task::deserialize(&mut de)
        .and_then(|t| de.end().map(|()| t))
        .map_err(|e| format!("{}: malformed JSON: {e}", path.display()))
}

fn run(cli: Cli) -> Result<ExitCode, String> {
    let json = cli.json;
    let say = |verdict: &str, code: u8, why: &str| {
        if json {
            let v = serde_json::json!({ "verdict": verdict, "reason": why });
            println!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
        } else {
            println!("{verdict}\n  {why}");
        }
        ExitCode::from(code)
    };
    match run_refusing(cli) {
        Ok(code) => Ok(code),
        Err(Refused::Usage(e)) => Err(e),
        Err(Refused::Invalid(why)) => Ok(say("INVALID", 1, &why)),
        Err(Refused::Inconclusive(why)) => Ok(say("INCONCLUSIVE", 2, &why)),
    }
}

fn run_refusing(cli: Cli) -> Result<ExitCode, Refused> {
    if let Some(dir) = &cli.archive {
        match checker::archive::verify(dir) {
            Ok(_) => {}
            Err(checker::archive::ArchiveError::Unreadable(e)) => return Err(Refused::Usage(e)),
            Err(checker::archive::ArchiveError::Tampered(why)) => {
                return Err(Refused::Invalid(why))
            }
        }
    }
    let in_archive = cli.archive.is_some();
    let cert_path = match (&cli.cert, &cli.archive) {
        (Some(c), _) => c.clone(),
        (None, Some(dir)) => dir.join(checker::archive::CERTIFICATE),
        (None, None) => return Err("no certificate given".to_string().into()),
    };
    let cert_bytes = read_input(&cert_path, in_archive, cli.memory_mb)?;
    let cert = format::codec::certificate_from_bytes(&cert_path.display().to_string(), &cert_bytes)
        .map_err(|e| e.to_string())?;
    drop(cert_bytes);
    let archived_source = match (&cli.archive, &cert.header.source) {
        (Some(dir), Some(s)) => match checker::archive::read_source(dir, &s.name) {
            Ok(found) => Some(found),
            Err(checker::archive::ArchiveError::Tampered(why)) => {
                return Err(Refused::Invalid(why))
            }
            Err(checker::archive::ArchiveError::Unreadable(e)) => return Err(Refused::Usage(e)),
        },
        (Some(_), None) => {
            return Err("the archived certificate records no source"
                .to_string()
                .into())
        }
        _ => None,
    };
    if let Some(dir) = &cli.archive {
        // The archived task file must be the certificate's task too.
        let path = dir.join(checker::archive::TASK);
        let task = task_from_json(&path, &read_input(&path, true, cli.memory_mb)?)?;
        if format::hash::task_sha256(&task) != cert.header.task_sha256 {
            return Err(Refused::Invalid(
                "archive: task.json is not the certificate's task".into(),
            ));
        }
    }
    let binding = if let Some((path, bytes)) = archived_source {
        Binding::Source { path, bytes }
    } else if let Some(p) = &cli.source {
        Binding::Source {
            path: p.clone(),
            bytes: read_input(p, false, cli.memory_mb)?,
        }
    } else if let Some(p) = &cli.task {
        Binding::Task {
            file: p.display().to_string(),
            sha256: format::hash::task_sha256(&task_from_json(
                p,
                &read_input(p, false, cli.memory_mb)?,
            )?),
        }
    } else {
        Binding::Embedded
    };
    for dir in [&cli.emit_smtlib, &cli.proofs].into_iter().flatten() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let limits = Limits {
        timeout_ms: cli.timeout_ms,
        rlimit: cli.rlimit,
        proofs: false,
    };
    let opts = Options {
        binding,
        limits,
        total: Some(Duration::from_secs(cli.timeout)),
        emit_smtlib: cli.emit_smtlib.clone(),
        proofs: cli.proofs.clone(),
        jobs: cli.jobs.map_or_else(
            || std::thread::available_parallelism().map_or(1, |n| n.get()),
            |j| j as usize,
        ),
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
        return Err(Refused::Usage(format!(
            "cannot write SMT-LIB or proof files: {}",
            rep.io_errors.join("; ")
        )));
    }
    Ok(ExitCode::from(match rep.verdict() {
        Verdict::Valid => 0,
        Verdict::Invalid => 1,
        Verdict::Inconclusive => 2,
    }))
}

/// Set in the checking process that the supervising `certa-check` starts.
const WORKER: &str = "CERTA_CHECK_WORKER";

/// Runs the check in a child process under the address-space limit
/// `--memory-mb`: an allocation that fails there (in cvc5, GMP or the
/// checker) ends that process, and the supervisor reports INCONCLUSIVE
/// instead of dying with it. Exit codes 0-3 pass through.
fn supervise(cli: &Cli) -> ExitCode {
    let child = std::env::current_exe().and_then(|exe| {
        std::process::Command::new(exe)
            .args(std::env::args_os().skip(1))
            .env(WORKER, "1")
            .status()
    });
    let status = match child {
        Ok(s) => s,
        Err(e) => {
            eprintln!("certa-check: error: cannot start the checking process: {e}");
            return ExitCode::from(3);
        }
    };
    if let Some(code @ 0..=3) = status.code() {
        return ExitCode::from(code as u8);
    }
    let why = format!(
        "the checking process ended abnormally ({status}), most likely at the memory limit of {} MiB (--memory-mb)",
        cli.memory_mb
    );
    if cli.json {
        let v = serde_json::json!({ "verdict": "INCONCLUSIVE", "reason": why });
        println!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
    } else {
        println!("INCONCLUSIVE\n  {why}");
    }
    ExitCode::from(2)
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
    if std::env::var_os(WORKER).is_none() {
        return supervise(&cli);
    }
    // Under the memory limit, the default hook's backtrace can run out of
    // memory while it holds the backtrace lock, and std's out-of-memory
    // handler then waits for that lock forever. A panic (e.g. the frontend's
    // when it cannot spawn its parser thread) is reported without one.
    std::panic::set_hook(Box::new(|info| {
        let name = std::thread::current().name().map(str::to_string);
        eprintln!(
            "certa-check: thread '{}' panicked: {info} (no backtrace under --memory-mb)",
            name.as_deref().unwrap_or("<unnamed>")
        );
    }));
    let bytes = cli.memory_mb.saturating_mul(1 << 20);
    if let Err(e) = rlimit::setrlimit(rlimit::Resource::AS, bytes, bytes) {
        eprintln!("certa-check: error: cannot set the memory limit: {e}");
        return ExitCode::from(3);
    }
    // The supervisor may be killed (e.g. by `timeout`): do not run on orphaned.
    // Without this watcher (no thread to be had) the check still ends at --timeout.
    let parent = std::os::unix::process::parent_id();
    let _ = std::thread::Builder::new()
        .name("certa-check-orphan-watch".into())
        .stack_size(64 << 10)
        .spawn(move || loop {
            std::thread::sleep(std::time::Duration::from_millis(500));
            if std::os::unix::process::parent_id() != parent {
                std::process::exit(2);
            }
        });
    // Decoding and checking both walk formulas recursively: use a large stack.
    // Its reservation can fail for a moment on a loaded machine: try again
    // briefly before giving up.
    let (memory_mb, json) = (cli.memory_mb, cli.json);
    let cli = std::sync::Arc::new(std::sync::Mutex::new(Some(cli)));
    let mut spawned = None;
    for attempt in 0..5 {
        let cli = cli.clone();
        let worker = std::thread::Builder::new()
            .stack_size(checker::STACK_BYTES)
            .spawn(move || {
                let cli = cli.lock().ok().and_then(|mut c| c.take());
                cli.map(run)
            });
        match worker {
            Ok(h) => {
                spawned = Some(Ok(h));
                break;
            }
            Err(e) => {
                spawned = Some(Err(e));
                std::thread::sleep(std::time::Duration::from_millis(100 << attempt));
            }
        }
    }
    match spawned.expect("at least one attempt").map(|h| h.join()) {
        Ok(Ok(Some(Ok(code)))) => code,
        Ok(Ok(Some(Err(msg)))) => {
            eprintln!("certa-check: error: {msg}");
            ExitCode::from(3)
        }
        // A resource limit is never a verdict about the certificate.
        Err(e) => {
            let why = format!(
                "cannot start the checking thread (a {} MiB stack) within the memory limit of {memory_mb} MiB (--memory-mb): {e}",
                checker::STACK_BYTES >> 20
            );
            if json {
                let v = serde_json::json!({ "verdict": "INCONCLUSIVE", "reason": why });
                println!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
            } else {
                println!("INCONCLUSIVE\n  {why}");
            }
            ExitCode::from(2)
        }
        // A checker bug is never a verdict: report it as inconclusive.
        Ok(Err(_)) | Ok(Ok(None)) => {
            eprintln!("certa-check: internal error: the check did not complete; INCONCLUSIVE");
            ExitCode::from(2)
        }
    }
}
