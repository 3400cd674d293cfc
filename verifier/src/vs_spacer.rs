//! `certa bench --vs-z3 DIR`: certa and Z3's Spacer (the `z3` binary, default
//! HORN engine) side by side on the same CHC files, with the same limit.
//!
//! DIR/MANIFEST.tsv lists `file<TAB>expected` (more columns are ignored);
//! `expected` is `sat`/`safe` or `unsat`/`unsafe` (other rows, e.g. `error`,
//! are skipped). A `.smt2` entry is given to both tools as is; any other
//! program (`.imp`, `.ts`, ...) is first exported with
//! [`crate::export::task_to_chc`] and both tools run on that export. The
//! tools alternate: certa first on even rows, Spacer first on odd rows.

use crate::engine::{Config, Verdict};
use crate::frontend::{self, Encoding};
use crate::run::run_file;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

pub struct VsRow {
    pub file: String,
    pub expected: String,
    pub certa: String,
    pub certa_seconds: f64,
    pub certa_check: String,
    pub certa_reason: String,
    pub spacer: String,
    pub spacer_seconds: f64,
}

fn normalise(expected: &str) -> Option<&'static str> {
    match expected {
        "sat" | "safe" => Some("sat"),
        "unsat" | "unsafe" => Some("unsat"),
        _ => None,
    }
}

/// The `z3` binary's version line, e.g. `Z3 version 4.8.12 - 64 bit`.
pub fn z3_binary_version(z3: &str) -> String {
    Command::new(z3)
        .arg("--version")
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|| format!("`{z3}` not found"))
}

/// Runs `z3 -T:<limit> file` and reads its first line.
fn spacer(z3: &str, file: &Path, limit: Duration) -> (String, f64) {
    let start = Instant::now();
    let secs = limit.as_secs_f64().ceil().max(1.0) as u64;
    let child = Command::new(z3)
        .arg(format!("-T:{secs}"))
        .arg(file)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let out = match child.and_then(|c| c.wait_with_output()) {
        Ok(o) => o,
        Err(e) => return (format!("error ({e})"), 0.0),
    };
    let t = start.elapsed().as_secs_f64();
    let text = String::from_utf8_lossy(&out.stdout);
    let first = text.lines().next().unwrap_or("").trim().to_string();
    let word = match first.as_str() {
        "sat" | "unsat" | "unknown" | "timeout" => first,
        "" if t >= limit.as_secs_f64() => "timeout".into(),
        other => format!("error ({})", other.chars().take(60).collect::<String>()),
    };
    (word, t)
}

fn certa(file: &Path, cfg: &Config) -> (String, f64, String, String) {
    let start = Instant::now();
    let run = run_file(file, Encoding::Lbe, cfg);
    let t = start.elapsed().as_secs_f64();
    match run {
        Err(e) => ("error".into(), t, "-".into(), e.to_string()),
        Ok(r) => {
            let check = crate::bench::check_run(&r);
            let (w, why) = match &r.outcome.verdict {
                Verdict::Safe(_) => ("sat", String::new()),
                Verdict::Unsafe(_) => ("unsat", String::new()),
                Verdict::Unknown(why) => ("unknown", why.clone()),
            };
            (w.into(), t, check, why)
        }
    }
}

fn solved(w: &str) -> bool {
    w == "sat" || w == "unsat"
}

/// Runs the comparison and prints the table and the summary.
pub fn run(dir: &Path, cfg: &Config, z3: &str, csv: Option<&Path>) -> Result<Vec<VsRow>, String> {
    let limit = cfg.timeout.unwrap_or(Duration::from_secs(60));
    let tmp = std::env::temp_dir().join(format!("certa-vs-z3-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).map_err(|e| format!("{}: {e}", tmp.display()))?;
    println!(
        "spacer: {} (z3 -T:{}), certa limit {:.0}s",
        z3_binary_version(z3),
        limit.as_secs_f64().ceil(),
        limit.as_secs_f64()
    );
    println!(
        "{:<40} {:>6} {:>8} {:>8} {:>8} {:>8} {:>8}",
        "file", "expect", "certa", "time", "cert", "spacer", "time"
    );
    let mut rows = Vec::new();
    for (i, (file, expected)) in crate::bench::manifest(dir)?.into_iter().enumerate() {
        let Some(exp) = normalise(&expected) else {
            continue;
        };
        let src = dir.join(&file);
        let chc: PathBuf = if src.extension().and_then(|e| e.to_str()) == Some("smt2") {
            src.clone()
        } else {
            let program = match frontend::load(&src, Encoding::Lbe) {
                Ok(p) => p,
                Err(e) => {
                    println!("{file:<40} {exp:>6} cannot export: {e}");
                    continue;
                }
            };
            let out = tmp.join(format!("{}.smt2", file.replace('/', "__")));
            std::fs::write(&out, crate::export::task_to_chc(&program.task))
                .map_err(|e| format!("{}: {e}", out.display()))?;
            out
        };
        let (c, s) = if i % 2 == 0 {
            let c = certa(&chc, cfg);
            (c, spacer(z3, &chc, limit))
        } else {
            let s = spacer(z3, &chc, limit);
            (certa(&chc, cfg), s)
        };
        let row = VsRow {
            file,
            expected: exp.into(),
            certa: c.0,
            certa_seconds: c.1,
            certa_check: c.2,
            certa_reason: c.3,
            spacer: s.0,
            spacer_seconds: s.1,
        };
        println!(
            "{:<40} {:>6} {:>8} {:>7.2}s {:>8} {:>8} {:>7.2}s{}",
            row.file,
            row.expected,
            row.certa,
            row.certa_seconds,
            row.certa_check,
            row.spacer,
            row.spacer_seconds,
            if row.certa_reason.is_empty() {
                String::new()
            } else {
                format!(
                    "  [certa: {}]",
                    row.certa_reason.chars().take(100).collect::<String>()
                )
            }
        );
        rows.push(row);
    }
    let _ = std::fs::remove_dir_all(&tmp);
    print!("{}", summary(&rows));
    if let Some(path) = csv {
        let mut s = String::from(
            "file,expected,certa,certa_seconds,certa_check,spacer,spacer_seconds,certa_reason\n",
        );
        for r in &rows {
            let _ = writeln!(
                s,
                "{},{},{},{:.3},{},{},{:.3},\"{}\"",
                r.file,
                r.expected,
                r.certa,
                r.certa_seconds,
                r.certa_check,
                r.spacer,
                r.spacer_seconds,
                r.certa_reason.replace('"', "'")
            );
        }
        std::fs::write(path, s).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(rows)
}

fn median(mut v: Vec<f64>) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

pub fn summary(rows: &[VsRow]) -> String {
    let ok = |w: &str, r: &VsRow| solved(w) && w == r.expected;
    let certa_solved = rows.iter().filter(|r| ok(&r.certa, r)).count();
    let spacer_solved = rows.iter().filter(|r| ok(&r.spacer, r)).count();
    let both: Vec<&VsRow> = rows
        .iter()
        .filter(|r| ok(&r.certa, r) && ok(&r.spacer, r))
        .collect();
    let only_certa: Vec<&str> = rows
        .iter()
        .filter(|r| ok(&r.certa, r) && !ok(&r.spacer, r))
        .map(|r| r.file.as_str())
        .collect();
    let only_spacer: Vec<&str> = rows
        .iter()
        .filter(|r| !ok(&r.certa, r) && ok(&r.spacer, r))
        .map(|r| r.file.as_str())
        .collect();
    let wrong = |f: &dyn Fn(&VsRow) -> &str| {
        rows.iter()
            .filter(|r| solved(f(r)) && f(r) != r.expected)
            .count()
    };
    let not_valid = rows
        .iter()
        .filter(|r| solved(&r.certa) && r.certa_check != "VALID")
        .count();
    let mut s = String::new();
    let _ = writeln!(
        s,
        "\nsummary: {} tasks; solved: certa {certa_solved}, spacer {spacer_solved}, both {}, only certa {}, only spacer {}",
        rows.len(),
        both.len(),
        only_certa.len(),
        only_spacer.len()
    );
    let _ = writeln!(
        s,
        "wrong answers: certa {}, spacer {}; certa answers without a VALID certificate: {not_valid}",
        wrong(&|r| &r.certa),
        wrong(&|r| &r.spacer)
    );
    if !both.is_empty() {
        let ct: f64 = both.iter().map(|r| r.certa_seconds).sum();
        let st: f64 = both.iter().map(|r| r.spacer_seconds).sum();
        let ratios = both
            .iter()
            .map(|r| r.certa_seconds / r.spacer_seconds.max(1e-3))
            .collect();
        let _ = writeln!(
            s,
            "time certa/spacer on the {} tasks both solve: median ratio {:.2}, total {:.2}s / {:.2}s = {:.2}",
            both.len(),
            median(ratios),
            ct,
            st,
            ct / st.max(1e-3)
        );
    }
    if !only_certa.is_empty() {
        let _ = writeln!(s, "only certa: {}", only_certa.join(", "));
    }
    if !only_spacer.is_empty() {
        let _ = writeln!(s, "only spacer: {}", only_spacer.join(", "));
    }
    s
}
