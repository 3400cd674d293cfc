//! Translation scales: the sv-control programs (`../shared/corpus/sv-control`,
//! when present) translate to valid tasks with both encodings, and the LBE
//! task of a synthetic CIL-style program grows linearly with its size.
//! Timing bounds are `#[ignore]`d (run with `--ignored`); sizes are not.

use certa::bench_translate::synthetic;
use certa_tests::{shared_corpus, TempFile};
use format::{Expr, Task};
use frontend::{self, Encoding};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The `.yml` tasks listed in sv-control's MANIFEST.tsv.
fn sv_control() -> Option<Vec<PathBuf>> {
    let dir = shared_corpus("sv-control")?;
    let text = std::fs::read_to_string(dir.join("MANIFEST.tsv")).ok()?;
    Some(
        text.lines()
            .skip(1)
            .filter_map(|l| l.split('\t').next())
            .filter(|f| !f.is_empty())
            .map(|f| dir.join(f))
            .collect(),
    )
}

/// Writes `text` as a preprocessed C file in a fresh temporary directory,
/// removed when the result is dropped.
fn temp_c(name: &str, text: &str) -> TempFile {
    TempFile::with_contents(name, text)
}

fn expr_size(e: &Expr) -> usize {
    let mut n = 0;
    let mut stack = vec![e];
    while let Some(x) = stack.pop() {
        n += 1;
        stack.extend(x.children());
    }
    n
}

fn task_size(t: &Task) -> usize {
    t.edges.iter().map(|e| expr_size(&e.relation)).sum()
}

#[test]
fn sv_control_tasks_translate_with_both_encodings() {
    let Some(files) = sv_control() else {
        eprintln!("note: ../shared/corpus/sv-control is absent; skipping");
        return;
    };
    assert_eq!(files.len(), 22);
    for f in &files {
        for enc in [Encoding::Lbe, Encoding::Sbe] {
            let p = frontend::load(f, enc).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            checker::structure::check_task(&p.task)
                .unwrap_or_else(|e| panic!("{}: invalid task: {e}", f.display()));
        }
    }
}

#[test]
fn synthetic_lbe_task_grows_linearly() {
    let sizes: Vec<(usize, usize)> = [1000, 4000]
        .iter()
        .map(|&lines| {
            let path = temp_c(&format!("linear_{lines}.i"), &synthetic(lines));
            let p = frontend::load(&path, Encoding::Lbe).expect("translates");
            drop(path);
            checker::structure::check_task(&p.task).expect("valid task");
            (p.task.edges.len(), task_size(&p.task))
        })
        .collect();
    let (small, large) = (sizes[0], sizes[1]);
    // Four times the program: about four times the relations (quadratic
    // growth, e.g. a cut point per call, would be sixteen).
    assert!(
        large.1 <= 6 * small.1,
        "relation size {} -> {}",
        small.1,
        large.1
    );
    assert!(large.0 <= 2 * small.0, "edges {} -> {}", small.0, large.0);
}

#[test]
#[ignore = "timing; run with --ignored on an otherwise idle machine"]
fn translation_takes_under_two_seconds() {
    let limit = Duration::from_secs(2);
    let time = |path: &Path| {
        let t = Instant::now();
        frontend::load(path, Encoding::Lbe).expect("translates");
        t.elapsed()
    };
    let path = temp_c("timed_1000.i", &synthetic(1000));
    let t = time(&path);
    drop(path);
    eprintln!("synthetic 1000 lines: {t:?}");
    assert!(t < limit, "synthetic 1000 lines: {t:?}");
    for f in sv_control().unwrap_or_default() {
        let t = time(&f);
        eprintln!("{}: {t:?}", f.display());
        assert!(t < limit, "{}: {t:?}", f.display());
    }
}
