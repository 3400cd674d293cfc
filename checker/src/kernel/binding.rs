//! Obligation 0, binding: the certificate is about the program the auditor holds.
//!
//! `--source FILE`: the file's SHA-256 equals `header.source.sha256`, and
//! re-translating it with the trusted frontend, under the options the header
//! records, gives exactly the certificate's task (same task hash).
//! `--task FILE`: the task file hashes to the certificate's task hash.
//! Without either, a VALID is about the embedded task only.
//!
//! The re-translation (preprocessor and parser) runs on its own thread under
//! the check's total time: past it, or when the thread cannot be had, or
//! when the frontend panics, the binding is inconclusive, never a pass. A
//! translation abandoned at the deadline keeps its thread (and a blocked
//! preprocessor its process) until the checking process ends.
#![forbid(unsafe_code)]

use crate::error::CheckError;
use crate::Outcome;
use format::Certificate;
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::{Duration, Instant};

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
    /// What a VALID is valid for, in words: the program or task, the
    /// properties (C) and the non-linear operators the proof relied on.
    pub fn describe(&self, cert: &Certificate) -> String {
        let mut s = self.bound(cert);
        if let Some(t) = cert.header.source.as_ref().map(|s| &s.translation) {
            if t.language == "c" && matches!(self, Binding::Source { .. }) {
                if let Ok(p) = frontend::Properties::of_translation(t) {
                    s.push_str(&format!(", property {}", p.describe()));
                }
            }
        }
        let ops = nonlinear_operators(cert);
        if !ops.is_empty() {
            s.push_str(&format!("; non-linear operators: {}", ops.join(", ")));
        }
        s
    }

    fn bound(&self, cert: &Certificate) -> String {
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

/// Checks a source binding (task bindings are part of structure) without a
/// deadline; see [`check_until`].
pub fn check(cert: &Certificate, binding: &Binding) -> Outcome {
    check_until(cert, binding, None, None)
}

/// The non-linear operators of the task and certificate, with how the
/// solver read them (SPEC.md: products and quotients exactly, bitwise
/// operators through an uninterpreted `and` with facts).
fn nonlinear_operators(cert: &Certificate) -> Vec<&'static str> {
    let mut stack: Vec<&format::Expr> = cert.task.edges.iter().map(|e| &e.relation).collect();
    stack.push(&cert.task.init);
    if let format::Body::Safe(b) = &cert.body {
        stack.extend(b.predicates.iter().map(|p| &p.formula));
    }
    let mut seen = std::collections::BTreeSet::new();
    while let Some(e) = stack.pop() {
        if e.is_nonlinear_op() {
            seen.insert(e.op_name());
        }
        stack.extend(e.children());
    }
    seen.into_iter()
        .map(|op| match op {
            "times" => "times (exact)",
            "quot" => "quot (exact)",
            "rem" => "rem (exact)",
            "bitand" => "bitand (over-approximated)",
            "bitor" => "bitor (over-approximated)",
            _ => "bitxor (over-approximated)",
        })
        .collect()
}

/// What the translation thread hands back.
enum Translated {
    /// The translated task (hashed by the caller, on its large stack).
    Task(format::Task),
    /// The translation could not run here (no preprocessor, unreadable include).
    CannotRun(String),
    /// The frontend refused the source.
    Refused(String),
}

/// Stack of the translation thread. The frontend parses and translates on
/// threads of its own (256 MiB); this one holds what it returns and drops
/// its syntax trees, so it gets as much, not the checking thread's 1 GiB.
pub const TRANSLATE_STACK: usize = 256 << 20;

/// Re-translates `path` as `recorded` says, on a thread of its own, and
/// waits for it until `deadline`. `Err` is why there is no answer.
fn translate_until(
    path: &std::path::Path,
    recorded: &format::Translation,
    deadline: Option<Instant>,
    total: Option<Duration>,
) -> Result<Translated, String> {
    let timeout = || {
        format!(
            "timeout during re-translation: the total time limit of {} s is used up",
            total.unwrap_or_default().as_secs()
        )
    };
    if deadline.is_some_and(|d| Instant::now() >= d) {
        return Err(timeout());
    }
    let (tx, rx) = mpsc::channel();
    let (path, recorded) = (path.to_path_buf(), recorded.clone());
    let worker = std::thread::Builder::new()
        .name("certa-check-translate".into())
        .stack_size(TRANSLATE_STACK)
        .spawn(move || {
            let run = std::panic::AssertUnwindSafe(|| match frontend::load_as(&path, &recorded) {
                Ok(p) => Translated::Task(p.task),
                Err(frontend::FrontendError::Io { file, source }) => {
                    Translated::CannotRun(format!("cannot translate {file}: {source}"))
                }
                // Another (or no) libclang: the program's meaning cannot be
                // reproduced here, which says nothing about the certificate.
                Err(e @ frontend::FrontendError::OtherFrontend { .. }) => {
                    Translated::CannotRun(e.to_string())
                }
                Err(e) => Translated::Refused(e.to_string()),
            });
            if let Err(late) = tx.send(std::panic::catch_unwind(run).map_err(panic_text)) {
                // Past the deadline nobody waits: do not walk a deep task
                // on this smaller stack to free it; the process ends soon.
                std::mem::forget(late);
            }
        })
        .map_err(|e| format!("cannot start the re-translation thread: {e}"))?;
    let got = match deadline {
        None => rx.recv().map_err(|_| mpsc::RecvTimeoutError::Disconnected),
        Some(d) => rx.recv_timeout(d.saturating_duration_since(Instant::now())),
    };
    match got {
        Ok(answer) => {
            let _ = worker.join();
            answer.map_err(|why| format!("the re-translation failed: {why}"))
        }
        Err(mpsc::RecvTimeoutError::Timeout) => Err(timeout()),
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            Err("the re-translation ended without an answer".into())
        }
    }
}

/// A panic's message (the frontend panics when it cannot spawn its parser thread).
fn panic_text(p: Box<dyn std::any::Any + Send>) -> String {
    p.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "the frontend panicked".into())
}

/// Checks a source binding (task bindings are part of structure). A
/// translation that cannot run here (no preprocessor, unreadable include,
/// no thread) or does not end by `deadline` is inconclusive, never a pass.
/// `total` is only for messages.
pub fn check_until(
    cert: &Certificate,
    binding: &Binding,
    deadline: Option<Instant>,
    total: Option<Duration>,
) -> Outcome {
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
    let translated = match translate_until(path, &source.translation, deadline, total) {
        Ok(Translated::Task(task)) => format::hash::task_sha256(&task),
        Ok(Translated::CannotRun(why)) | Err(why) => return Outcome::Unknown(why),
        Ok(Translated::Refused(reason)) => {
            return Outcome::Fails(CheckError::SourceTranslation { file, reason })
        }
    };
    // The frontend read the file again: it must still be the file hashed above.
    match crate::input::read_regular(path) {
        Ok(now) if now == *bytes => {}
        Ok(_) => {
            return Outcome::Unknown(format!(
                "{file} changed while it was re-translated; check it again"
            ))
        }
        Err(e) => return Outcome::Unknown(format!("cannot read {file} again: {e}")),
    }
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
