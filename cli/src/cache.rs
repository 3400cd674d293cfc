//! `--cache DIR`: a content-addressed store of certificates, so that an
//! unchanged program is re-checked by the independent checker instead of
//! being verified again.
//!
//! The key is the SHA-256 of the source record (file name, content hash,
//! translation options), the task hash, the options that can change the
//! certificate, and the versions of certa and Z3. An entry is
//! `DIR/<key[0..2]>/<key>.cert` (binary certificate format). The store is
//! untrusted: a hit is used only after the task and source match and the
//! checker says VALID; anything else is discarded with a warning.

use engine::run::{certificate, z3_version, Run, RunError};
use engine::{Config, Outcome, Stats, Verdict};
use format::{Body, Certificate};
use frontend::Encoding;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Bumped when the key's recipe changes, so that old entries stop matching.
const KEY_SCHEMA: &str = "certa-cache-1";

/// Time for re-checking one stored certificate (`certa-check`'s default).
const CHECK_LIMIT: std::time::Duration = std::time::Duration::from_secs(900);

/// What the cache did for one run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lookup {
    /// A stored certificate re-checked VALID; nothing was verified.
    Hit,
    /// Verified; the certificate (if any) was stored.
    Miss,
    /// A stored certificate was unusable (why); it was removed and the
    /// program verified again.
    Discarded(String),
}

impl Lookup {
    pub fn word(&self) -> &'static str {
        match self {
            Lookup::Hit => "hit",
            Lookup::Miss => "miss",
            Lookup::Discarded(_) => "discarded",
        }
    }
}

/// The options of `cfg` that can change a certificate's bytes. Progress
/// printing cannot; the time and memory limits can (in `auto` the phases
/// split the time), so they are part of the key.
fn answer_options(cfg: &Config, encoding: Encoding) -> String {
    let mut seeds: Vec<String> = cfg
        .seed_predicates
        .iter()
        .map(|(l, e)| format!("{l}:{e:?}"))
        .collect();
    seeds.sort();
    format!(
        "encoding={encoding:?};timeout={:?};max_refinements={};max_nodes={};memory_mb={:?};\
         seed_assertion_atoms={};linear_invariants={};reduce={};analysis={:?};value_threshold={:?};\
         auto_refinements={};stop_on_divergence={};seed_predicates=[{}];engine={:?}",
        cfg.timeout.map(|t| t.as_millis()),
        cfg.max_refinements,
        cfg.max_nodes,
        cfg.memory_mb,
        cfg.seed_assertion_atoms,
        cfg.linear_invariants,
        cfg.reduce,
        cfg.analysis,
        cfg.value_threshold,
        cfg.auto_refinements,
        cfg.stop_on_divergence,
        seeds.join(","),
        cfg.engine
    )
}

/// The cache key of a program (its source record and task) under `cfg`.
pub fn key(
    source: &format::SourceFile,
    task_sha256: &str,
    cfg: &Config,
    encoding: Encoding,
) -> String {
    let text = format!(
        "{KEY_SCHEMA}\ncerta {}\nz3 {}\nsource {}\ntask {task_sha256}\noptions {}\n",
        env!("CARGO_PKG_VERSION"),
        z3_version(),
        serde_json::to_string(source).expect("a source record serialises"),
        answer_options(cfg, encoding)
    );
    format::hash::bytes_sha256(text.as_bytes())
}

/// The entry's path for `key`.
pub fn entry(dir: &Path, key: &str) -> PathBuf {
    dir.join(&key[..2]).join(format!("{key}.cert"))
}

/// [`engine::run::run_file`] without a cache, [`run_file_cached`] with one.
pub fn run_file_with(
    path: &Path,
    encoding: Encoding,
    cfg: &Config,
    cache: Option<&Path>,
) -> Result<(Run, Option<Lookup>), RunError> {
    match cache {
        None => Ok((engine::run::run_file(path, encoding, cfg)?, None)),
        Some(dir) => run_file_cached(path, encoding, cfg, dir).map(|(r, l)| (r, Some(l))),
    }
}

/// Loads and verifies `path` like [`engine::run::run_file`], answering from
/// the cache in `dir` when it holds a certificate that re-checks VALID, and
/// storing the certificate of a definite new answer.
pub fn run_file_cached(
    path: &Path,
    encoding: Encoding,
    cfg: &Config,
    dir: &Path,
) -> Result<(Run, Lookup), RunError> {
    let started = Instant::now();
    engine::run::prewarm(cfg);
    let (program, source) = engine::run::load_checked_for(path, encoding, cfg.properties)?;
    let task_sha = format::hash::task_sha256(&program.task);
    let file = entry(dir, &key(&source, &task_sha, cfg, encoding));
    let mut lookup = Lookup::Miss;
    if file.exists() {
        let start = Instant::now();
        match reuse(&file, &program.task, &source) {
            Ok(cert) => {
                let stats = Stats {
                    analysis: "cache",
                    nodes: match &cert.body {
                        Body::Safe(b) => b.nodes.len(),
                        Body::Unsafe(t) => t.steps.len(),
                    },
                    time: start.elapsed(),
                    ..Stats::default()
                };
                let verdict = match &cert.body {
                    Body::Safe(b) => Verdict::Safe(b.clone()),
                    Body::Unsafe(t) => Verdict::Unsafe(t.clone()),
                };
                let run = Run {
                    program,
                    outcome: Outcome { verdict, stats },
                    certificate: Some(cert),
                    undefined_note: None,
                };
                return Ok((run, Lookup::Hit));
            }
            Err(why) => {
                eprintln!(
                    "certa: warning: cached certificate {} discarded ({why}); verifying again",
                    file.display()
                );
                let _ = std::fs::remove_file(&file);
                lookup = Lookup::Discarded(why);
            }
        }
    }
    let outcome = engine::verify(&program.task, cfg);
    let certificate = certificate(&program, Some(source), &outcome.verdict);
    if let Some(cert) = &certificate {
        if let Err(e) = store(&file, cert) {
            eprintln!("certa: warning: cannot store the certificate in the cache: {e}");
        }
    }
    let run = Run {
        program,
        outcome,
        certificate,
        undefined_note: None,
    };
    Ok((
        engine::run::past_undefined(path, encoding, cfg, run, started),
        lookup,
    ))
}

/// A stored certificate, if it is about this very task and source and the
/// checker finds it VALID; else why not.
fn reuse(
    file: &Path,
    task: &format::Task,
    source: &format::SourceFile,
) -> Result<Certificate, String> {
    let cert = format::codec::read_certificate(file).map_err(|e| e.to_string())?;
    if &cert.task != task || cert.header.task_sha256 != format::hash::task_sha256(task) {
        return Err("it is about another task".into());
    }
    if cert.header.source.as_ref() != Some(source) {
        return Err("it records another source file".into());
    }
    // The task and source were compared above: the certificate's own task
    // is the one to check. The very certificate compared is checked (the
    // entry could be replaced meanwhile by a concurrent run).
    let checked =
        crate::checking::check_certificate(&cert, &["--embedded-task".into()], CHECK_LIMIT)?;
    match checked.verdict.as_str() {
        "VALID" => Ok(cert),
        v => Err(format!("the checker says {v}")),
    }
}

/// Writes `cert` to `file` through a temporary file and a rename, so that
/// concurrent runs never see half an entry.
fn store(file: &Path, cert: &Certificate) -> Result<(), String> {
    let dir = file.parent().expect("an entry has a directory");
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let tmp = dir.join(format!(
        ".{}.{}.tmp.cert",
        file.file_name().and_then(|n| n.to_str()).unwrap_or("entry"),
        std::process::id()
    ));
    format::encode::write_certificate(&tmp, cert).map_err(|e| e.to_string())?;
    std::fs::rename(&tmp, file).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("{}: {e}", file.display())
    })
}
