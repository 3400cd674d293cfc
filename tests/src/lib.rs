//! Shared helpers for the end-to-end tests: the corpus manifest and its location.

pub mod gcc_judge;
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

/// A binary of the workspace (`certa`, `certa-check`) built next to the
/// running test (`cargo test --workspace` builds them), if present.
pub fn workspace_binary(name: &str) -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let dir = exe.parent()?.parent()?;
    let p = dir.join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    p.is_file().then_some(p)
}

/// `n` steps of seed_variant's loop edge from `trace`'s initial state
/// (x += 1, y += 2 per step): a long run whose every step holds.
pub fn counting_steps(trace: &format::Trace, n: usize) -> Vec<format::Step> {
    let mut steps = Vec::with_capacity(n);
    let mut cur = trace.initial.clone();
    for _ in 0..n {
        let mut next = cur.clone();
        next.insert("x".into(), format::Num(&cur["x"].0 + 1));
        next.insert("y".into(), format::Num(&cur["y"].0 + 2));
        steps.push(format::Step {
            edge: trace.steps[0].edge,
            inputs: trace.steps[0].inputs.clone(),
            next: next.clone(),
            arrays: Default::default(),
        });
        cur = next;
    }
    steps
}
