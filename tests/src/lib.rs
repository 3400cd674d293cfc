//! Shared helpers for the end-to-end tests: the corpus manifest and its location.

pub mod gcc_judge;
pub mod mutate;

use std::path::{Path, PathBuf};

/// A path in a temporary directory of its own. The directory, with all
/// that was written into it (by the test or a process it ran), is removed
/// when this is dropped: keep it as long as the path is used. Derefs to
/// the path.
pub struct TempFile {
    path: PathBuf,
    _dir: tempfile::TempDir,
}

impl TempFile {
    /// `name` in a fresh directory; the file itself is not created.
    pub fn new(name: &str) -> TempFile {
        let dir = tempfile::Builder::new()
            .prefix("certa-test-")
            .tempdir()
            .expect("a temporary directory");
        TempFile {
            path: dir.path().join(name),
            _dir: dir,
        }
    }

    /// `name` in a fresh directory, holding `contents`.
    pub fn with_contents(name: &str, contents: impl AsRef<[u8]>) -> TempFile {
        let f = TempFile::new(name);
        std::fs::write(&f.path, contents).expect("write a temporary file");
        f
    }
}

impl std::ops::Deref for TempFile {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<Path> for TempFile {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<std::ffi::OsStr> for TempFile {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.path.as_os_str()
    }
}

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
