//! Obligation 0, binding: the certificate is about the program the auditor holds.
//!
//! `--source FILE`: the file's SHA-256 equals `header.source.sha256`, and
//! re-translating it with the trusted frontend, under the options the header
//! records, gives exactly the certificate's task (same task hash).
//! `--task FILE`: the task file hashes to the certificate's task hash.
//! Without either, a VALID is about the embedded task only.
#![forbid(unsafe_code)]

use crate::error::CheckError;
use crate::Outcome;
use format::Certificate;
use std::path::PathBuf;

/// What a check binds the certificate to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Binding {
    /// Nothing: the verdict speaks of the embedded task only (`--embedded-task`).
    #[default]
    Embedded,
    /// A task file (`--task`), by its hash.
    Task { file: String, sha256: String },
    /// A source program (`--source`): its bytes, read once by the caller.
    Source { path: PathBuf, bytes: Vec<u8> },
}

impl Binding {
    /// What a VALID is valid for, in words.
    pub fn describe(&self, cert: &Certificate) -> String {
        match self {
            Binding::Embedded => format!(
                "the embedded task only (task sha256 {}); not bound to a program",
                cert.header.task_sha256
            ),
            Binding::Task { file, sha256 } => format!("the task in {file} (task sha256 {sha256})"),
            Binding::Source { path, bytes } => format!(
                "the program {} (sha256 {}, task sha256 {})",
                path.display(),
                format::hash::bytes_sha256(bytes),
                cert.header.task_sha256
            ),
        }
    }

    /// The JSON report's `binding.kind`.
    pub fn kind(&self) -> &'static str {
        match self {
            Binding::Embedded => "embedded-task",
            Binding::Task { .. } => "task",
            Binding::Source { .. } => "source",
        }
    }
}

/// Checks a source binding (task bindings are part of structure). A
/// translation that cannot run here (no preprocessor, unreadable include)
/// is inconclusive, never a pass.
pub fn check(cert: &Certificate, binding: &Binding) -> Outcome {
    let Binding::Source { path, bytes } = binding else {
        return Outcome::Holds;
    };
    let file = path.display().to_string();
    let Some(source) = &cert.header.source else {
        return Outcome::Fails(CheckError::NoSource { file });
    };
    let given = format::hash::bytes_sha256(bytes);
    if given != source.sha256 {
        return Outcome::Fails(CheckError::SourceHash {
            file,
            name: source.name.clone(),
            given,
            header: source.sha256.clone(),
        });
    }
    let program = match frontend::load_as(path, &source.translation) {
        Ok(p) => p,
        Err(frontend::FrontendError::Io { file, source }) => {
            return Outcome::Unknown(format!("cannot translate {file}: {source}"))
        }
        Err(e) => {
            return Outcome::Fails(CheckError::SourceTranslation {
                file,
                reason: e.to_string(),
            })
        }
    };
    let translated = format::hash::task_sha256(&program.task);
    if translated != cert.header.task_sha256 {
        let t = &source.translation;
        return Outcome::Fails(CheckError::SourceTask {
            file,
            translation: format!(
                "{}, {}{}, {}",
                t.language,
                t.encoding,
                t.data_model
                    .as_ref()
                    .map(|d| format!(", {d}"))
                    .unwrap_or_default(),
                t.frontend
            ),
            translated,
            header: cert.header.task_sha256.clone(),
        });
    }
    Outcome::Holds
}
