//! `certa bench --analyses ...`: every analysis on every task of several
//! sets in one run; per set and analysis the solved and wrong counts, the
//! median time and the certificate check/verify time ratio.

use crate::bench::manifest;
use crate::engine::{AnalysisKind, Config, Verdict};
use crate::frontend::Encoding;
use crate::run::run_file;
use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

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

fn median(mut xs: Vec<f64>) -> f64 {
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

fn one(path: &Path, cfg: &Config) -> (String, f64, u64, usize, String, f64) {
    let run = match run_file(path, Encoding::Lbe, cfg) {
        Ok(r) => r,
        Err(e) => {
            let first = e.to_string().lines().next().unwrap_or("").to_string();
            return (format!("error ({first})"), 0.0, 0, 0, "-".into(), 0.0);
        }
    };
    let s = &run.outcome.stats;
    let verdict = match &run.outcome.verdict {
        Verdict::Safe(_) => "safe".to_string(),
        Verdict::Unsafe(_) => "unsafe".to_string(),
        Verdict::Unknown(why) => format!("unknown ({why})"),
    };
    let t = Instant::now();
    let check = crate::bench::check_run(&run);
    (
        verdict,
        s.time.as_secs_f64(),
        s.queries,
        s.nodes,
        check,
        t.elapsed().as_secs_f64(),
    )
}

/// Runs `kinds` on every task of every directory's MANIFEST.tsv.
pub fn run(
    dirs: &[&Path],
    cfg: &Config,
    kinds: &[AnalysisKind],
    csv: Option<&Path>,
) -> Result<Vec<Cell>, String> {
    let mut cells = Vec::new();
    println!(
        "{:<52} {:<16} {:>8} {:>8} {:>8} {:>8} {:>8}  reason",
        "task", "analysis", "expected", "verdict", "time", "queries", "check"
    );
    for dir in dirs {
        let set = dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| dir.display().to_string());
        for (file, expected) in manifest(dir)? {
            for &kind in kinds {
                let cfg = Config {
                    analysis: kind,
                    ..cfg.clone()
                };
                let (verdict, seconds, queries, nodes, check, check_seconds) =
                    one(&dir.join(&file), &cfg);
                let word = verdict.split(' ').next().unwrap_or("").to_string();
                let reason = verdict
                    .split_once(' ')
                    .map(|(_, r)| r.chars().take(70).collect::<String>())
                    .unwrap_or_default();
                println!(
                    "{:<52} {:<16} {:>8} {:>8} {:>7.2}s {:>8} {:>8}  {}",
                    format!("{set}/{file}"),
                    kind.name(),
                    expected,
                    word,
                    seconds,
                    queries,
                    check,
                    reason
                );
                cells.push(Cell {
                    set: set.clone(),
                    file: file.clone(),
                    analysis: kind.name(),
                    expected: expected.clone(),
                    verdict: word,
                    seconds,
                    queries,
                    nodes,
                    check,
                    check_seconds,
                });
            }
        }
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
