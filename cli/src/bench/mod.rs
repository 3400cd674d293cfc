//! `certa bench DIR`: every program in DIR/MANIFEST.tsv, LBE with certificate
//! check and SBE for comparison, as a table, a summary and optional CSV.

pub mod pool;
pub mod shard;

use engine::run::{run_file, Run};
use engine::{Config, Verdict};
use evidence::sarif::{Outcome, SarifResult};
use frontend::{self, Encoding};
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// The set (the DIR as given) the task belongs to.
    #[serde(default)]
    pub set: String,
    /// Position in the whole run's task list (all DIRs, manifest order);
    /// shards and merges keep it.
    #[serde(default)]
    pub index: usize,
    pub file: String,
    pub expected: String,
    pub verdict: String,
    pub seconds: f64,
    pub refinements: usize,
    pub predicates: usize,
    pub nodes: usize,
    pub queries: u64,
    pub check: String,
    /// Seconds the certificate check took.
    #[serde(default)]
    pub check_seconds: f64,
    pub sbe: Option<(String, f64, usize, u64)>,
    /// Why there is no definite verdict: the frontend error or the unknown reason.
    pub reason: String,
    /// What `--cache` did: `hit`, `miss`, `discarded`; empty without a cache.
    #[serde(default)]
    pub cache: String,
}

impl Row {
    /// The row as a SARIF result for `certa bench --sarif` (no certificate is kept).
    pub fn sarif_result(&self, dir: &Path) -> SarifResult<'static> {
        let outcome = match self.verdict.as_str() {
            "safe" => Outcome::Safe,
            "unsafe" => Outcome::Unsafe,
            "error" => Outcome::Error(self.reason.clone()),
            _ => Outcome::Unknown(self.reason.clone()),
        };
        SarifResult {
            expected: Some(self.expected.clone()),
            check: Some(self.check.clone()).filter(|c| c != "-"),
            ..SarifResult::new(&dir.join(&self.file), outcome)
        }
    }
}

impl Row {
    /// ` [cache hit]` and the like; empty without a cache.
    pub fn cache_note(&self) -> String {
        match self.cache.as_str() {
            "" => String::new(),
            c => format!(" [cache {c}]"),
        }
    }

    /// The directory part of the file (`c/loop-lit` for `c/loop-lit/x.yml`).
    pub fn category(&self) -> String {
        match self.file.rfind('/') {
            Some(i) => self.file[..i].to_string(),
            None => ".".to_string(),
        }
    }
}

/// One task of a bench run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Task {
    pub set: PathBuf,
    pub file: String,
    pub expected: String,
    pub index: usize,
    /// The property the expected verdict is about (`no-overflow` for a
    /// manifest column `expected_verdict_no_overflow`); `None`: the default.
    pub property: Option<String>,
}

/// The tasks of every DIR's manifest, in order, numbered across the DIRs.
pub fn tasks(dirs: &[PathBuf]) -> Result<Vec<Task>, String> {
    let mut out = Vec::new();
    for dir in dirs {
        let property = manifest_property(dir);
        for (file, expected) in manifest(dir)? {
            out.push(Task {
                set: dir.clone(),
                file,
                expected,
                index: out.len(),
                property: property.clone(),
            });
        }
    }
    Ok(out)
}

fn verdict_word(run: &Result<Run, String>) -> String {
    match run {
        Err(_) => "error".into(),
        Ok(r) => r.verdict_word(),
    }
}

/// Time limit of one certificate check in `bench` (a non-linear closure
/// query may not end otherwise); past it the check is INCONCLUSIVE.
pub const CHECK_LIMIT: std::time::Duration = std::time::Duration::from_secs(120);

/// Checks a run's certificate with the independent checker, `certa-check`
/// in its own process ([`crate::checking`]). A checker that cannot be run
/// or refuses the input gives INCONCLUSIVE (with the reason on stderr),
/// never VALID.
pub fn check_run(run: &Run) -> String {
    match &run.certificate {
        None => "-".into(),
        Some(cert) => {
            match crate::checking::check_certificate(cert, &["--embedded-task".into()], CHECK_LIMIT)
            {
                Ok(checked) => checked.verdict,
                Err(why) => {
                    eprintln!("certa: checking: {why}");
                    "INCONCLUSIVE".into()
                }
            }
        }
    }
}

/// The property of a manifest's expected verdicts: `no-overflow` when its
/// third column is `expected_verdict_no_overflow`.
pub fn manifest_property(dir: &Path) -> Option<String> {
    let text = std::fs::read_to_string(dir.join("MANIFEST.tsv")).ok()?;
    let header = text.lines().next()?;
    (header.split('\t').nth(2) == Some("expected_verdict_no_overflow"))
        .then(|| "no-overflow".into())
}

/// Reads `file<TAB>expected` lines (CHC-COMP's `sat`/`unsat` read as
/// `safe`/`unsafe`); `#` starts a comment.
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
                // CHC-COMP statuses: a satisfiable system is a safe program.
                let e = match e.trim() {
                    "sat" => "safe",
                    "unsat" => "unsafe",
                    other => other,
                };
                out.push((f.trim().to_string(), e.to_string()))
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

/// Verifies one task (LBE, certificate checked; SBE for comparison), through
/// the certificate cache in `cache` if given.
pub fn run_task(task: &Task, cfg: &Config, with_sbe: bool, cache: Option<&Path>) -> Row {
    let path = task.set.join(&task.file);
    let mut own = cfg.clone();
    if let Some(p) = &task.property {
        if cfg.properties.is_none() {
            own.properties = frontend::Properties::parse(p).ok();
        }
    }
    let cfg = &own;
    let (lbe, lookup) = match crate::cache::run_file_with(&path, Encoding::Lbe, cfg, cache) {
        Ok((run, lookup)) => (Ok(run), lookup),
        Err(e) => (Err(e), None),
    };
    let lbe = lbe.map_err(|e| e.to_string());
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
    // A cache hit has just been re-checked VALID.
    let checking = std::time::Instant::now();
    let check = match (&lookup, &lbe) {
        (Some(crate::cache::Lookup::Hit), Ok(_)) => "VALID".into(),
        _ => lbe.as_ref().map(check_run).unwrap_or_else(|_| "-".into()),
    };
    let check_seconds = checking.elapsed().as_secs_f64();
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
    Row {
        set: task.set.display().to_string(),
        index: task.index,
        file: task.file.clone(),
        expected: task.expected.clone(),
        verdict,
        seconds,
        refinements,
        predicates,
        nodes,
        queries,
        check,
        check_seconds,
        sbe,
        reason,
        cache: lookup.map(|l| l.word().to_string()).unwrap_or_default(),
    }
}

/// `certa bench DIR...`: every task of `dirs` (or one shard of them), `jobs`
/// at a time, each in its own `exe bench-task` process given `args` (the
/// run's options) and killed after `limit`.
pub fn run_table(
    dirs: &[PathBuf],
    shard: Option<shard::Shard>,
    jobs: usize,
    exe: &Path,
    args: &[std::ffi::OsString],
    limit: std::time::Duration,
) -> Result<(Vec<Row>, Meta), String> {
    let all = tasks(dirs)?;
    let meta = Meta {
        total: all.len(),
        shard,
    };
    let tasks = match shard {
        Some(s) => s.select(all),
        None => all,
    };
    let progress = pool::Progress::for_stderr(tasks.len());
    let rows = pool::run_all(&tasks, jobs, &progress, |t| {
        pool::in_child(exe, args, t, limit)
    });
    Ok((rows, meta))
}

/// What a set of rows is part of: the whole run's task count and the shard.
#[derive(Clone, Copy, Debug)]
pub struct Meta {
    pub total: usize,
    pub shard: Option<shard::Shard>,
}

/// The header line of the table.
pub fn header() -> String {
    format!(
        "{:<40} {:>8} {:>10} {:>8} {:>5} {:>5} {:>6} {:>8} {:>12}  reason",
        "file", "expected", "verdict", "time", "refs", "preds", "nodes", "queries", "check"
    )
}

/// One table line.
pub fn line(row: &Row) -> String {
    format!(
        "{:<40} {:>8} {:>10} {:>7.3}s {:>5} {:>5} {:>6} {:>8} {:>12}  {}{}",
        row.file,
        row.expected,
        row.verdict.split(' ').next().unwrap_or(""),
        row.seconds,
        row.refinements,
        row.predicates,
        row.nodes,
        row.queries,
        row.check,
        short_reason(&row.reason),
        row.cache_note()
    )
}

/// The table of `rows` (in order): per set a header, its lines and its
/// summary; with several sets also a summary of all. `total` is the number
/// of tasks of the whole run when `rows` is one shard of it.
pub fn table(rows: &[Row], run: Meta) -> String {
    let mut s = String::new();
    if let Some(sh) = run.shard {
        let _ = writeln!(s, "shard {sh}: {} of {} tasks", rows.len(), run.total);
    }
    let sets = sets(rows);
    for set in &sets {
        let part: Vec<Row> = rows.iter().filter(|r| &r.set == set).cloned().collect();
        if sets.len() > 1 {
            let _ = writeln!(s, "\n== {set} ==");
        }
        let _ = writeln!(s, "{}", header());
        for r in &part {
            let _ = writeln!(s, "{}", line(r));
        }
        s += &summary(&part);
    }
    if sets.len() > 1 {
        let _ = write!(s, "\n== all {} sets ==", sets.len());
        s += &summary(rows);
    }
    s
}

/// The sets of `rows` in order of first appearance.
fn sets(rows: &[Row]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for r in rows {
        if !out.contains(&r.set) {
            out.push(r.set.clone());
        }
    }
    out
}

/// Writes the rows to `csv` (JSON if it ends in `.json`) and to `json`.
pub fn write_rows(
    rows: &[Row],
    csv: Option<&Path>,
    json: Option<&Path>,
    run: Meta,
) -> Result<(), String> {
    let write = |path: &Path, text: String| {
        std::fs::write(path, text).map_err(|e| format!("{}: cannot write: {e}", path.display()))
    };
    if let Some(path) = csv {
        if path.extension().is_some_and(|e| e == "json") {
            write(path, to_json(rows, run))?;
        } else {
            write(path, to_csv(rows, run))?;
        }
    }
    if let Some(path) = json {
        write(path, to_json(rows, run))?;
    }
    Ok(())
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
    let (score, certified, best) = scores(rows);
    let _ = writeln!(
        s,
        "score (SV-COMP: +2 correct safe, +1 correct unsafe, -32 wrong safe, -16 wrong unsafe): {score} of {best}; counting only verdicts with a VALID certificate: {certified}"
    );
    let hits = rows.iter().filter(|r| r.cache == "hit").count();
    let misses = rows.iter().filter(|r| r.cache == "miss").count();
    let discarded = rows.iter().filter(|r| r.cache == "discarded").count();
    if hits + misses + discarded > 0 {
        let _ = writeln!(
            s,
            "cache: {hits} hits (re-checked, not re-verified), {misses} misses, {discarded} discarded (stored certificate not VALID)"
        );
    }
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

/// SV-COMP's points for one row: +2 correct safe, +1 correct unsafe, -32
/// safe when unsafe, -16 unsafe when safe, 0 otherwise.
pub fn points(row: &Row) -> i64 {
    match (row.verdict.as_str(), row.expected.as_str()) {
        ("safe", "safe") => 2,
        ("unsafe", "unsafe") => 1,
        ("safe", "unsafe") => -32,
        ("unsafe", "safe") => -16,
        _ => 0,
    }
}

/// The SV-COMP score, the score that counts a verdict without a VALID
/// certificate as 0, and the best score the expected verdicts allow.
pub fn scores(rows: &[Row]) -> (i64, i64, i64) {
    let score = rows.iter().map(points).sum();
    let certified = rows.iter().filter(|r| r.check == "VALID").map(points).sum();
    let best = rows
        .iter()
        .map(|r| match r.expected.as_str() {
            "safe" => 2,
            "unsafe" => 1,
            _ => 0,
        })
        .sum();
    (score, certified, best)
}

/// One line of a reason: the part after the file position of a frontend error.
fn short_reason(r: &str) -> String {
    let line = r.lines().next().unwrap_or("");
    match line.find("unsupported: ") {
        Some(i) => line[i..].to_string(),
        None => line.chars().take(120).collect(),
    }
}

/// The rows as a JSON array; every row names its set, its index in the
/// whole run, the run's task count and the shard, so shards can be merged.
pub fn to_json(rows: &[Row], run: Meta) -> String {
    let v: Vec<serde_json::Value> = rows
        .iter()
        .map(|r| {
            serde_json::json!({
                "set": r.set,
                "index": r.index,
                "tasks_total": run.total,
                "shard": run.shard.map(|s| s.to_string()),
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
                "check_seconds": r.check_seconds,
                "sbe": r.sbe,
                "reason": r.reason,
                "cache": r.cache,
                "points": points(r),
            })
        })
        .collect();
    serde_json::to_string_pretty(&v).expect("json") + "\n"
}

/// The CSV columns; [`shard::read_part`] reads them back by name.
pub const CSV_HEADER: &str = "file,expected,verdict,seconds,refinements,predicates,nodes,queries,check,sbe_verdict,sbe_seconds,sbe_nodes,sbe_queries,category,reason,set,index,tasks_total,shard,cache,points,check_seconds";

fn quoted(s: &str) -> String {
    format!("\"{}\"", s.replace('"', "\"\""))
}

pub fn to_csv(rows: &[Row], run: Meta) -> String {
    let mut s = String::from(CSV_HEADER);
    s.push('\n');
    for r in rows {
        let (sv, st, sn, sq) = r
            .sbe
            .as_ref()
            .map(|(v, t, n, q)| (v.clone(), format!("{t:.4}"), n.to_string(), q.to_string()))
            .unwrap_or_default();
        let _ = writeln!(
            s,
            "{},{},{},{:.4},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{:.4}",
            quoted(&r.file),
            r.expected,
            quoted(&r.verdict),
            r.seconds,
            r.refinements,
            r.predicates,
            r.nodes,
            r.queries,
            r.check,
            quoted(&sv),
            st,
            sn,
            sq,
            quoted(&r.category()),
            quoted(&short_reason(&r.reason)),
            quoted(&r.set),
            r.index,
            run.total,
            run.shard.map(|s| s.to_string()).unwrap_or_default(),
            r.cache,
            points(r),
            r.check_seconds
        );
    }
    s
}

#[cfg(test)]
mod tests;
