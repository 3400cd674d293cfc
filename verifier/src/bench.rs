//! `certa bench DIR`: every program in DIR/MANIFEST.tsv, LBE with certificate
//! check and SBE for comparison, as a table, a summary and optional CSV.

use crate::engine::{Config, Verdict};
use crate::frontend::Encoding;
use crate::run::{run_file, Run};
use std::fmt::Write as _;
use std::path::Path;

pub struct Row {
    pub file: String,
    pub expected: String,
    pub verdict: String,
    pub seconds: f64,
    pub refinements: usize,
    pub predicates: usize,
    pub nodes: usize,
    pub queries: u64,
    pub check: String,
    pub sbe: Option<(String, f64, usize, u64)>,
    /// Why there is no definite verdict: the frontend error or the unknown reason.
    pub reason: String,
}

impl Row {
    /// The directory part of the file (`c/loop-lit` for `c/loop-lit/x.yml`).
    pub fn category(&self) -> String {
        match self.file.rfind('/') {
            Some(i) => self.file[..i].to_string(),
            None => ".".to_string(),
        }
    }
}

fn verdict_word(run: &Result<Run, String>) -> String {
    match run {
        Err(_) => "error".into(),
        Ok(r) => match &r.outcome.verdict {
            Verdict::Safe(_) => "safe".into(),
            Verdict::Unsafe(_) => "unsafe".into(),
            Verdict::Unknown(why) => format!("unknown ({why})"),
        },
    }
}

/// Checks a run's certificate with the independent checker.
pub fn check_run(run: &Run) -> String {
    match &run.certificate {
        None => "-".into(),
        Some(cert) => {
            let report =
                checker::on_large_stack(|| checker::check(cert, &checker::Options::default()));
            match report.verdict() {
                checker::Verdict::Valid => "VALID".into(),
                checker::Verdict::Invalid => "INVALID".into(),
                checker::Verdict::Inconclusive => "INCONCLUSIVE".into(),
            }
        }
    }
}

/// Reads `file<TAB>expected` lines; `#` starts a comment.
pub fn manifest(dir: &Path) -> Result<Vec<(String, String)>, String> {
    let path = dir.join("MANIFEST.tsv");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out = Vec::new();
    // The sv-benchmarks development set: `path_of_yml<TAB>path_of_source<TAB>
    // expected_verdict_unreach_call<TAB>...`, where `true` means safe.
    if text.starts_with("path_of_yml\t") {
        for line in text.lines().skip(1) {
            let cols: Vec<&str> = line.split('\t').map(str::trim).collect();
            if cols.len() < 3 || cols[0].is_empty() {
                continue;
            }
            let expected = match cols[2] {
                "true" => "safe",
                "false" => "unsafe",
                other => other,
            };
            out.push((cols[0].to_string(), expected.to_string()));
        }
        return Ok(out);
    }
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut cols = line.split('\t');
        match (cols.next(), cols.next()) {
            (Some(f), Some(e)) if f != "file" => {
                out.push((f.trim().to_string(), e.trim().to_string()))
            }
            (Some("file"), _) => {}
            _ => {
                return Err(format!(
                    "{}:{}: expected `file<TAB>expected`",
                    path.display(),
                    i + 1
                ))
            }
        }
    }
    Ok(out)
}

pub fn run(
    dir: &Path,
    cfg: &Config,
    with_sbe: bool,
    csv: Option<&Path>,
) -> Result<Vec<Row>, String> {
    run_with(dir, cfg, with_sbe, csv, None)
}

/// [`run`], also writing the rows as JSON to `json`. A `csv` path ending in
/// `.json` gets JSON too.
pub fn run_with(
    dir: &Path,
    cfg: &Config,
    with_sbe: bool,
    csv: Option<&Path>,
    json: Option<&Path>,
) -> Result<Vec<Row>, String> {
    let mut rows = Vec::new();
    println!(
        "{:<40} {:>8} {:>10} {:>8} {:>5} {:>5} {:>6} {:>8} {:>12}  reason",
        "file", "expected", "verdict", "time", "refs", "preds", "nodes", "queries", "check"
    );
    for (file, expected) in manifest(dir)? {
        let path = dir.join(&file);
        let lbe = run_file(&path, Encoding::Lbe, cfg).map_err(|e| e.to_string());
        let verdict = verdict_word(&lbe);
        let reason = match &lbe {
            Err(e) => e.clone(),
            Ok(r) => match &r.outcome.verdict {
                Verdict::Unknown(why) => why.clone(),
                _ => String::new(),
            },
        };
        let (seconds, refinements, predicates, nodes, queries) = match &lbe {
            Ok(r) => {
                let s = &r.outcome.stats;
                (
                    s.time.as_secs_f64(),
                    s.refinements,
                    s.predicates,
                    s.nodes,
                    s.queries,
                )
            }
            Err(_) => (0.0, 0, 0, 0, 0),
        };
        let check = lbe.as_ref().map(check_run).unwrap_or_else(|_| "-".into());
        let sbe = if with_sbe && lbe.is_ok() {
            let r = run_file(&path, Encoding::Sbe, cfg).map_err(|e| e.to_string());
            let w = verdict_word(&r);
            r.ok().map(|r| {
                (
                    w,
                    r.outcome.stats.time.as_secs_f64(),
                    r.outcome.stats.nodes,
                    r.outcome.stats.queries,
                )
            })
        } else {
            None
        };
        let row = Row {
            file,
            expected,
            verdict,
            seconds,
            refinements,
            predicates,
            nodes,
            queries,
            check,
            sbe,
            reason,
        };
        println!(
            "{:<40} {:>8} {:>10} {:>7.3}s {:>5} {:>5} {:>6} {:>8} {:>12}  {}",
            row.file,
            row.expected,
            row.verdict.split(' ').next().unwrap_or(""),
            row.seconds,
            row.refinements,
            row.predicates,
            row.nodes,
            row.queries,
            row.check,
            short_reason(&row.reason)
        );
        rows.push(row);
    }
    print!("{}", summary(&rows));
    if let Some(path) = csv {
        let text = if path.extension().is_some_and(|e| e == "json") {
            to_json(&rows)
        } else {
            to_csv(&rows)
        };
        std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if let Some(path) = json {
        std::fs::write(path, to_json(&rows)).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(rows)
}

fn is_definite(v: &str) -> bool {
    v == "safe" || v == "unsafe"
}

pub fn summary(rows: &[Row]) -> String {
    let correct = |w: &str| {
        rows.iter()
            .filter(|r| r.verdict == w && r.expected == w)
            .count()
    };
    let wrong = rows
        .iter()
        .filter(|r| is_definite(&r.verdict) && r.verdict != r.expected)
        .count()
        + rows
            .iter()
            .filter(|r| r.expected == "error" && r.verdict != "error")
            .count();
    let unsupported = rows
        .iter()
        .filter(|r| r.expected != "error" && r.verdict == "error")
        .count();
    let unknown = rows
        .iter()
        .filter(|r| r.verdict.starts_with("unknown"))
        .count();
    let invalid = rows
        .iter()
        .filter(|r| r.check == "INVALID" || r.check == "INCONCLUSIVE")
        .count();
    let mut s = String::new();
    let _ = writeln!(
        s,
        "\nsummary: {} tasks, correct safe {}, correct unsafe {}, errors as expected {}, wrong {}, unknown {}, unsupported {}, certificates not VALID {}",
        rows.len(),
        correct("safe"),
        correct("unsafe"),
        correct("error"),
        wrong,
        unknown,
        unsupported,
        invalid
    );
    let mut cats: Vec<String> = rows.iter().map(Row::category).collect();
    cats.sort();
    cats.dedup();
    if cats.len() > 1 {
        let _ = writeln!(
            s,
            "{:<28} {:>5} {:>8} {:>8} {:>6} {:>8} {:>12}",
            "category", "tasks", "c.safe", "c.unsafe", "wrong", "unknown", "unsupported"
        );
        for c in &cats {
            let rs: Vec<&Row> = rows.iter().filter(|r| &r.category() == c).collect();
            let n = |f: &dyn Fn(&Row) -> bool| rs.iter().filter(|r| f(r)).count();
            let _ = writeln!(
                s,
                "{:<28} {:>5} {:>8} {:>8} {:>6} {:>8} {:>12}",
                c,
                rs.len(),
                n(&|r| r.verdict == "safe" && r.expected == "safe"),
                n(&|r| r.verdict == "unsafe" && r.expected == "unsafe"),
                n(&|r| (is_definite(&r.verdict) && r.verdict != r.expected)
                    || (r.expected == "error" && r.verdict != "error")),
                n(&|r| r.verdict.starts_with("unknown")),
                n(&|r| r.expected != "error" && r.verdict == "error"),
            );
        }
    }
    let both: Vec<&Row> = rows
        .iter()
        .filter(|r| is_definite(&r.verdict) && r.sbe.as_ref().is_some_and(|(w, ..)| is_definite(w)))
        .collect();
    if !both.is_empty() {
        let sum = |f: &dyn Fn(&Row) -> f64| both.iter().map(|r| f(r)).sum::<f64>();
        let lbe_t = sum(&|r| r.seconds);
        let sbe_t = sum(&|r| r.sbe.as_ref().map_or(0.0, |x| x.1));
        let lbe_n = sum(&|r| r.nodes as f64);
        let sbe_n = sum(&|r| r.sbe.as_ref().map_or(0.0, |x| x.2 as f64));
        let lbe_q = sum(&|r| r.queries as f64);
        let sbe_q = sum(&|r| r.sbe.as_ref().map_or(0.0, |x| x.3 as f64));
        let sbe_solved = rows
            .iter()
            .filter(|r| r.sbe.as_ref().is_some_and(|(w, ..)| *w == r.expected))
            .count();
        let _ = writeln!(
            s,
            "LBE vs SBE on {} tasks both solved (SBE solved {} correctly): time {:.3}s vs {:.3}s (LBE/SBE {:.2}), nodes {} vs {} ({:.2}), queries {} vs {} ({:.2})",
            both.len(),
            sbe_solved,
            lbe_t,
            sbe_t,
            lbe_t / sbe_t.max(1e-9),
            lbe_n,
            sbe_n,
            lbe_n / sbe_n.max(1.0),
            lbe_q,
            sbe_q,
            lbe_q / sbe_q.max(1.0)
        );
    }
    s
}

/// One line of a reason: the part after the file position of a frontend error.
fn short_reason(r: &str) -> String {
    let line = r.lines().next().unwrap_or("");
    match line.find("unsupported: ") {
        Some(i) => line[i..].to_string(),
        None => line.chars().take(120).collect(),
    }
}

fn to_json(rows: &[Row]) -> String {
    let v: Vec<serde_json::Value> = rows
        .iter()
        .map(|r| {
            serde_json::json!({
                "file": r.file,
                "category": r.category(),
                "expected": r.expected,
                "verdict": r.verdict.split(' ').next().unwrap_or(""),
                "seconds": r.seconds,
                "refinements": r.refinements,
                "predicates": r.predicates,
                "nodes": r.nodes,
                "queries": r.queries,
                "check": r.check,
                "reason": r.reason,
            })
        })
        .collect();
    serde_json::to_string_pretty(&v).expect("json") + "\n"
}

fn to_csv(rows: &[Row]) -> String {
    let mut s = String::from("file,expected,verdict,seconds,refinements,predicates,nodes,queries,check,sbe_verdict,sbe_seconds,sbe_nodes,sbe_queries,category,reason\n");
    for r in rows {
        let (sv, st, sn, sq) = r
            .sbe
            .as_ref()
            .map(|(v, t, n, q)| (v.clone(), format!("{t:.4}"), n.to_string(), q.to_string()))
            .unwrap_or_default();
        let _ = writeln!(
            s,
            "{},{},\"{}\",{:.4},{},{},{},{},{},\"{}\",{},{},{},{},\"{}\"",
            r.file,
            r.expected,
            r.verdict.replace('"', "'"),
            r.seconds,
            r.refinements,
            r.predicates,
            r.nodes,
            r.queries,
            r.check,
            sv.replace('"', "'"),
            st,
            sn,
            sq,
            r.category(),
            short_reason(&r.reason).replace('"', "'")
        );
    }
    s
}
