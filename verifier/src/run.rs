//! One verification run: load a program, run CEGAR, and wrap the verdict in a certificate.

use crate::engine::{self, Config, Outcome, Verdict};
use crate::frontend::{self, Encoding, FrontendError, Program};
use format::{Body, Certificate, Header, SourceFile, Tool, FORMAT_NAME, FORMAT_VERSION};
use std::path::Path;

pub struct Run {
    pub program: Program,
    pub outcome: Outcome,
    /// Present for SAFE and UNSAFE verdicts.
    pub certificate: Option<Certificate>,
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
        translation: frontend::translation(path, encoding)?,
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
    let program = frontend::load(path, encoding)?;
    checker::structure::check_task(&program.task).map_err(|e| RunError::InvalidTask {
        file: path.display().to_string(),
        reason: e.to_string(),
    })?;
    let source = source_file(path, encoding)?;
    Ok((program, source))
}

/// Loads and verifies `path`.
pub fn run_file(path: &Path, encoding: Encoding, cfg: &Config) -> Result<Run, RunError> {
    let (program, source) = load_checked(path, encoding)?;
    let outcome = engine::verify(&program.task, cfg);
    let certificate = certificate(&program, Some(source), &outcome.verdict);
    Ok(Run {
        program,
        outcome,
        certificate,
    })
}
