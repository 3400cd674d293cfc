//! Shared helpers for the end-to-end tests: the corpus manifest and its location.

pub mod mutate;

use std::path::PathBuf;

/// The repository's `corpus/` directory.
pub fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../corpus")
}

/// `../shared/corpus/<name>` next to the repository, when present.
pub fn shared_corpus(name: &str) -> Option<PathBuf> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/corpus")
        .join(name);
    p.is_dir().then_some(p)
}
