//! `certa bench --analyses ...`: every analysis on every task of several
//! sets in one run; per set and analysis the solved and wrong counts, the
//! median time and the certificate check/verify time ratio.

use crate::bench::pool::{run_all, Progress};
use crate::bench::{Row, Task};
use engine::AnalysisKind;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

pub struct Cell {
    pub set: String,
    pub file: String,
    pub analysis: &'static str,
    pub expected: String,
    pub verdict: String,
    pub seconds: f64,
    pub queries: u64,
    pub nodes: usize,
    pub check: String,
    pub check_seconds: f64,
}

pub(crate) fn median(mut xs: Vec<f64>) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    xs.sort_by(|a, b| a.total_cmp(b));
    let n = xs.len();
    if n % 2 == 1 {
        xs[n / 2]
    } else {
        (xs[n / 2 - 1] + xs[n / 2]) / 2.0
    }
}

/// Runs every analysis of `kinds` on every task of `dirs` (`jobs` at a
/// time; `runner(task, k)` runs `task` under `kinds[k]` without the SBE
/// comparison) and prints one line per (task, analysis) and the summary.
pub fn run(
    dirs: &[PathBuf],
    kinds: &[AnalysisKind],
    jobs: usize,
    csv: Option<&Path>,
    runner: impl Fn(&Task, usize) -> Row + Sync,
) -> Result<Vec<Cell>, String> {
    let tasks = crate::bench::tasks(dirs)?;
    // One job per (task, analysis); its index is unique across the run.
    let work: Vec<Task> = tasks
        .iter()
        .flat_map(|t| {
            (0..kinds.len()).map(move |k| Task {
                index: t.index * kinds.len() + k,
                ..t.clone()
            })
        })
        .collect();
    let progress = Progress::for_stderr(work.len());
    let rows = run_all(&work, jobs, &progress, |t| runner(t, t.index % kinds.len()));
    println!(
        "{:<52} {:<16} {:>8} {:>8} {:>8} {:>8} {:>8}  reason",
        "task", "analysis", "expected", "verdict", "time", "queries", "check"
    );
    let mut cells = Vec::new();
    for (job, row) in work.iter().zip(rows) {
        let set = job
            .set
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| job.set.display().to_string());
        let kind = kinds[job.index % kinds.len()];
        let word = row.verdict.split(' ').next().unwrap_or("").to_string();
        let reason: String = row
            .reason
            .lines()
            .next()
            .unwrap_or("")
            .chars()
            .take(70)
            .collect();
        println!(
            "{:<52} {:<16} {:>8} {:>8} {:>7.2}s {:>8} {:>8}  {}",
            format!("{set}/{}", row.file),
            kind.name(),
            row.expected,
            word,
            row.seconds,
            row.queries,
            row.check,
            reason
        );
        cells.push(Cell {
            set,
            file: row.file,
            analysis: kind.name(),
            expected: row.expected,
            verdict: word,
            seconds: row.seconds,
            queries: row.queries,
            nodes: row.nodes,
            check: row.check,
            check_seconds: row.check_seconds,
        });
    }
    print!("{}", summary(&cells, kinds));
    if let Some(path) = csv {
        let mut s = String::from(
            "set,file,analysis,expected,verdict,seconds,queries,nodes,check,check_seconds\n",
        );
        for c in &cells {
            let _ = writeln!(
                s,
                "{},{},{},{},{},{:.4},{},{},{},{:.4}",
                c.set,
                c.file,
                c.analysis,
                c.expected,
                c.verdict,
                c.seconds,
                c.queries,
                c.nodes,
                c.check,
                c.check_seconds
            );
        }
        std::fs::write(path, s).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(cells)
}

/// Per set and analysis: solved (correct with a VALID certificate), wrong,
/// unknown, median time of solved tasks, and summed check/verify time.
pub fn summary(cells: &[Cell], kinds: &[AnalysisKind]) -> String {
    let mut sets: Vec<&str> = cells.iter().map(|c| c.set.as_str()).collect();
    sets.dedup();
    let mut s = String::new();
    let _ = writeln!(
        s,
        "\n{:<16} {:<16} {:>5} {:>7} {:>6} {:>8} {:>11} {:>12}",
        "set", "analysis", "tasks", "solved", "wrong", "unknown", "median(s)", "check/verify"
    );
    for set in sets {
        for kind in kinds {
            let cs: Vec<&Cell> = cells
                .iter()
                .filter(|c| c.set == set && c.analysis == kind.name())
                .collect();
            let definite = |c: &&&Cell| c.verdict == "safe" || c.verdict == "unsafe";
            let solved: Vec<&&Cell> = cs
                .iter()
                .filter(|c| definite(c) && c.verdict == c.expected)
                .filter(|c| c.check == "VALID")
                .collect();
            let wrong = cs
                .iter()
                .filter(|c| {
                    (definite(c) && c.verdict != c.expected)
                        || (c.expected == "error" && c.verdict != "error")
                })
                .count();
            let unknown = cs.iter().filter(|c| c.verdict == "unknown").count();
            let verify: f64 = solved.iter().map(|c| c.seconds).sum();
            let check: f64 = solved.iter().map(|c| c.check_seconds).sum();
            let _ = writeln!(
                s,
                "{:<16} {:<16} {:>5} {:>7} {:>6} {:>8} {:>11.3} {:>12.2}",
                set,
                kind.name(),
                cs.len(),
                solved.len(),
                wrong,
                unknown,
                median(solved.iter().map(|c| c.seconds).collect()),
                check / verify.max(1e-9)
            );
        }
    }
    s
}
