//! One verification run: load a program, run CEGAR, and wrap the verdict in a certificate.

use crate::{Config, Outcome, Verdict};
use format::{Body, Certificate, Header, SourceFile, Tool, FORMAT_NAME, FORMAT_VERSION};
use frontend::{self, Encoding, FrontendError, Program};
use std::path::Path;

pub struct Run {
    pub program: Program,
    pub outcome: Outcome,
    /// Present for SAFE and UNSAFE verdicts.
    pub certificate: Option<Certificate>,
    /// For a trace into undefined arithmetic: what the search for an error
    /// run free of it found (see [`past_undefined`]).
    pub undefined_note: Option<String>,
}

impl Run {
    /// The properties the program was translated for (C), as recorded.
    pub fn properties(&self) -> frontend::Properties {
        self.certificate
            .as_ref()
            .and_then(|c| c.header.source.as_ref())
            .and_then(|s| frontend::Properties::of_translation(&s.translation).ok())
            .unwrap_or_default()
    }

    /// `safe`, `unsafe` or `unknown`, as the verdict line says it: a trace
    /// into undefined behaviour the properties do not name is `unknown`.
    pub fn verdict_word(&self) -> String {
        match classify(&self.program, self.properties(), &self.outcome.verdict) {
            Classified::UndefinedBehaviour(_) => "unknown".into(),
            _ => self.outcome.verdict.word(),
        }
    }
}

/// What an UNSAFE run reached, when the program has check sites: `None`
/// for `reach_error` (or no checks), the site otherwise.
pub fn reached_site<'p>(
    program: &'p Program,
    trace: &format::Trace,
) -> Option<&'p frontend::c::CheckSite> {
    let checks = program.checks.as_ref()?;
    let last = trace.steps.last().map_or(&trace.initial, |s| &s.next);
    checks.site(&last.get(&checks.violation_var)?.0)
}

/// The verdict a run's answer is, given the properties: a counterexample
/// that ends in undefined arithmetic is a violation of no-overflow when
/// that is checked (UNSAFE), otherwise UNKNOWN with the operation named
/// (C gives the run no meaning past it, so neither SAFE nor the error's
/// reachability follows; the certificate still carries the trace).
pub fn classify(program: &Program, props: frontend::Properties, verdict: &Verdict) -> Classified {
    let Verdict::Unsafe(t) = verdict else {
        return Classified::AsIs;
    };
    let Some(site) = reached_site(program, t) else {
        return Classified::Violation("unreach-call".into());
    };
    let at = format!(
        "{} in `{}` at {}:{}:{}",
        site.kind.name(),
        site.text,
        site.file,
        site.line,
        site.col
    );
    if site.kind == frontend::c::CheckKind::Overflow && props.no_overflow {
        Classified::Violation(format!("no-overflow: {at}"))
    } else {
        Classified::UndefinedBehaviour(at)
    }
}

/// See [`classify`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Classified {
    /// SAFE or UNKNOWN, as the engines said.
    AsIs,
    /// UNSAFE: the property violated (and where, for no-overflow).
    Violation(String),
    /// UNKNOWN: the trace reaches undefined behaviour the properties do not name.
    UndefinedBehaviour(String),
}

/// The Z3 version the verifier is linked against.
pub fn z3_version() -> String {
    z3::full_version()
        .trim_start_matches("Z3 ")
        .trim_start_matches("version ")
        .to_string()
}

/// Builds the certificate for a definite verdict; the header carries no
/// timestamps, so the same input always gives the same bytes.
pub fn certificate(
    program: &Program,
    source: Option<SourceFile>,
    verdict: &Verdict,
) -> Option<Certificate> {
    let body = match verdict {
        Verdict::Safe(b) => Body::Safe(b.clone()),
        Verdict::Unsafe(t) => Body::Unsafe(t.clone()),
        Verdict::Unknown(_) => return None,
    };
    Some(Certificate {
        header: Header {
            format: FORMAT_NAME.into(),
            version: FORMAT_VERSION,
            producer: Tool {
                name: "certa".into(),
                version: env!("CARGO_PKG_VERSION").into(),
            },
            solver: Tool {
                name: "z3".into(),
                version: z3_version(),
            },
            task_sha256: format::hash::task_sha256(&program.task),
            source,
        },
        task: program.task.clone(),
        body,
        source_map: Some(program.source_map.clone()),
    })
}

/// The header's record of `path`: its name, hash and translation options.
pub fn source_file(path: &Path, encoding: Encoding) -> Result<SourceFile, RunError> {
    source_file_for(path, encoding, frontend::default_properties(path)?)
}

/// [`source_file`] for the chosen properties.
pub fn source_file_for(
    path: &Path,
    encoding: Encoding,
    props: frontend::Properties,
) -> Result<SourceFile, RunError> {
    let bytes = std::fs::read(path).map_err(|source| FrontendError::Io {
        file: path.display().to_string(),
        source,
    })?;
    Ok(SourceFile {
        name: path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default(),
        sha256: format::hash::bytes_sha256(&bytes),
        translation: frontend::translation_with(path, encoding, props)?,
    })
}

/// Why a file could not be verified at all (exit code 3).
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error(transparent)]
    Frontend(#[from] FrontendError),
    /// The task breaks the rules every certificate's task must obey (SPEC.md).
    #[error("{file}: invalid task: {reason}")]
    InvalidTask { file: String, reason: String },
}

/// Loads `path` and holds its task to the checker's own structural rules,
/// so that nothing is verified that could not be certified.
pub fn load_checked(path: &Path, encoding: Encoding) -> Result<(Program, SourceFile), RunError> {
    load_checked_for(path, encoding, None)
}

/// [`load_checked`] for the chosen properties (`None`: the file's default).
pub fn load_checked_for(
    path: &Path,
    encoding: Encoding,
    props: Option<frontend::Properties>,
) -> Result<(Program, SourceFile), RunError> {
    let props = match props {
        Some(p) => p,
        None => frontend::default_properties(path)?,
    };
    let program = crate::profile::span("parse and translate", || {
        frontend::load_with(path, encoding, props)
    })?;
    crate::profile::span("task structure check", || {
        checker::structure::check_task(&program.task)
    })
    .map_err(|e| RunError::InvalidTask {
        file: path.display().to_string(),
        reason: e.to_string(),
    })?;
    let source = source_file_for(path, encoding, props)?;
    Ok((program, source))
}

/// The engines' share of a run's time limit `limit` once `spent` has gone
/// on reading the program: the limit bounds the whole run, so the time
/// after the race (replaying witnesses, building and writing the
/// certificate, tens of milliseconds on large proofs) is kept back, a
/// fiftieth of the limit, 10-500 ms. Why: at the limit the race returns
/// the best answer it has, and that answer then came 20-50 ms after it
/// (`multi-phase/s_split_40`: CEGAR's proof of 3 s, reported at 10.02 s
/// with `--timeout 10`, which a harness that stops at 10 s counts as none).
pub fn engines_limit(
    limit: Option<std::time::Duration>,
    spent: std::time::Duration,
) -> Option<std::time::Duration> {
    use std::time::Duration;
    limit.map(|t| {
        let reserve = (t / 50).clamp(Duration::from_millis(10), Duration::from_millis(500));
        t.saturating_sub(spent + reserve)
    })
}

/// Loads and verifies `path`.
pub fn run_file(path: &Path, encoding: Encoding, cfg: &Config) -> Result<Run, RunError> {
    let started = std::time::Instant::now();
    prewarm(cfg);
    let (program, source) = load_checked_for(path, encoding, cfg.properties)?;
    let engines = Config {
        timeout: engines_limit(cfg.timeout, started.elapsed()),
        ..cfg.clone()
    };
    let outcome = crate::profile::span("verify", || crate::verify(&program.task, &engines));
    let certificate = crate::profile::span("build the certificate", || {
        certificate(&program, Some(source), &outcome.verdict)
    });
    let run = Run {
        program,
        outcome,
        certificate,
        undefined_note: None,
    };
    Ok(past_undefined(path, encoding, cfg, run, started))
}

/// Builds the Z3 context of the `auto` race's first solver engine (PDR)
/// while the program is read and translated (see [`crate::warm`]).
pub fn prewarm(cfg: &Config) {
    if cfg.engine == crate::Engine::Auto {
        crate::warm::prewarm(cfg.memory_mb);
    }
}

/// When the trace found first ends in undefined arithmetic the properties
/// do not name, looks (in the time left) for an error run free of it: the
/// program translated with every check an assumption (`block_undefined`),
/// so any trace found there is a real C run into the error, UNSAFE. Else
/// the first run stands (UNKNOWN, naming the operation), with what the
/// second search learnt added to the reason.
/// `started` is when the whole run began: the second search gets what is
/// left of `cfg.timeout` after translation and the first search, less the
/// reserve for the certificate ([`engines_limit`]).
pub fn past_undefined(
    path: &Path,
    encoding: Encoding,
    cfg: &Config,
    first: Run,
    started: std::time::Instant,
) -> Run {
    let props = first.properties();
    if !matches!(
        classify(&first.program, props, &first.outcome.verdict),
        Classified::UndefinedBehaviour(_)
    ) || !props.unreach_call
    {
        return first;
    }
    // The second translation counts too: it is timed against the same end,
    // with the same time kept back for writing the answer.
    let left = || engines_limit(cfg.timeout, started.elapsed());
    if left().is_some_and(|t| t < std::time::Duration::from_secs(1)) {
        return first;
    }
    let blocking = frontend::Properties {
        block_undefined: true,
        ..props
    };
    let Ok((program, source)) = load_checked_for(path, encoding, Some(blocking)) else {
        return first;
    };
    let second_cfg = Config {
        timeout: left(),
        ..cfg.clone()
    };
    let outcome = crate::verify(&program.task, &second_cfg);
    match &outcome.verdict {
        Verdict::Unsafe(_) => {
            let certificate = certificate(&program, Some(source), &outcome.verdict);
            let mut outcome = outcome;
            outcome.stats.time += first.outcome.stats.time;
            outcome.stats.queries += first.outcome.stats.queries;
            Run {
                program,
                outcome,
                certificate,
                undefined_note: None,
            }
        }
        _ => {
            let mut first = first;
            first.undefined_note = Some(match &outcome.verdict {
                Verdict::Safe(_) => "no run free of undefined behaviour reaches the error".into(),
                _ => {
                    "whether a run free of undefined behaviour reaches the error is unknown".into()
                }
            });
            first
        }
    }
}

#[cfg(test)]
mod tests {
    use super::engines_limit;
    use std::time::Duration;

    #[test]
    fn the_engines_stop_a_fiftieth_of_the_limit_early_after_the_reading_time() {
        let ms = Duration::from_millis;
        assert_eq!(engines_limit(Some(ms(10_000)), ms(30)), Some(ms(9_770)));
        // At least 10 ms kept back, at most half a second.
        assert_eq!(engines_limit(Some(ms(100)), ms(0)), Some(ms(90)));
        assert_eq!(engines_limit(Some(ms(60_000)), ms(0)), Some(ms(59_500)));
        // Reading took the whole limit: the engines get none.
        assert_eq!(engines_limit(Some(ms(100)), ms(200)), Some(ms(0)));
        assert_eq!(engines_limit(None, ms(200)), None);
    }
}
