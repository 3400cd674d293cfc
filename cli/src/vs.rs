//! `certa bench --vs DIR... [--golem BIN] [--z3 BIN]`: certa beside other
//! CHC solvers (the anchors) on the same CHC files, with the same limit.
//!
//! Each DIR/MANIFEST.tsv lists `file<TAB>expected`; `expected` is
//! `sat`/`safe` or `unsat`/`unsafe` (other rows, e.g. `error`, are skipped).
//! A `.smt2` entry is given to every tool as is; any other program (`.imp`,
//! `.ts`, ...) is first exported with [`evidence::export::task_to_chc`] and
//! every tool runs on that export.
//!
//! The anchors: Golem twice (its portfolio `--engine
//! spacer,split-tpa,pdkind,trl` and its default engine), killed with its
//! engine children at the limit; Z3's Spacer (`z3 -T:<limit>`). certa runs
//! in a `certa bench-task` child, as `bench -j` runs it, so every tool is
//! timed as the wall time of a child process; certa's time leaves out the
//! certificate check, which the anchors do not do. The order of the tools
//! rotates from row to row.

use crate::bench::pool::{run_group, Ended};
use crate::bench::{Row, Task};
use frontend::{self, Encoding};
use serde::Serialize;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A solver certa is compared with.
#[derive(Clone, Debug)]
pub enum Anchor {
    /// Golem with `--engine <engines>`, or its default engine.
    Golem {
        bin: String,
        engines: Option<String>,
    },
    /// Z3's Spacer (the `z3` binary, default HORN engine).
    Spacer { bin: String },
}

/// Golem's portfolio: its engines as forked children, first answer wins.
pub const GOLEM_PORTFOLIO: &str = "spacer,split-tpa,pdkind,trl";

impl Anchor {
    /// The anchors of `--golem BIN` (portfolio, then default engine).
    pub fn golem(bin: &str) -> [Anchor; 2] {
        [
            Anchor::Golem {
                bin: bin.into(),
                engines: Some(GOLEM_PORTFOLIO.into()),
            },
            Anchor::Golem {
                bin: bin.into(),
                engines: None,
            },
        ]
    }

    /// The column name.
    pub fn name(&self) -> &'static str {
        match self {
            Anchor::Golem {
                engines: Some(_), ..
            } => "golem-pf",
            Anchor::Golem { engines: None, .. } => "golem",
            Anchor::Spacer { .. } => "spacer",
        }
    }

    fn bin(&self) -> &str {
        match self {
            Anchor::Golem { bin, .. } | Anchor::Spacer { bin } => bin,
        }
    }

    /// The binary's version line, e.g. `Golem 0.9.1`; an anchor that does
    /// not answer `--version` within 10 s is killed, so it cannot hang the
    /// bench before the first task.
    pub fn version(&self) -> String {
        self.version_within(Duration::from_secs(10))
    }

    fn version_within(&self, limit: Duration) -> String {
        let mut cmd = Command::new(self.bin());
        cmd.arg("--version").stderr(Stdio::null());
        match run_group(&mut cmd, limit) {
            (Ended::Exited(_), text) => text
                .trim()
                .lines()
                .next()
                .map(str::to_string)
                .unwrap_or_else(|| format!("`{}` printed no version", self.bin())),
            (Ended::Killed, _) => format!("`{}` did not answer --version", self.bin()),
            (Ended::Failed(_), _) => format!("`{}` not found", self.bin()),
        }
    }

    /// Runs the anchor on `file` and reads its first line: `sat`, `unsat`,
    /// `unknown`, `timeout` or `error (...)`, with the wall time.
    fn run(&self, file: &Path, limit: Duration) -> Cell {
        let mut cmd = Command::new(self.bin());
        // Spacer stops itself at -T; the kill is only a backstop. Golem has
        // no limit of its own: its process group is killed at the limit.
        let kill_at = match self {
            Anchor::Golem { engines, .. } => {
                if let Some(e) = engines {
                    cmd.arg("--engine").arg(e);
                }
                limit
            }
            Anchor::Spacer { .. } => {
                let secs = limit.as_secs_f64().ceil().max(1.0) as u64;
                cmd.arg(format!("-T:{secs}"));
                limit + Duration::from_secs(5)
            }
        };
        cmd.arg(file).stderr(Stdio::null());
        let start = Instant::now();
        let (ended, text) = run_group(&mut cmd, kill_at);
        let seconds = start.elapsed().as_secs_f64();
        let first = text.lines().next().unwrap_or("").trim();
        let answer = match (&ended, first) {
            (Ended::Failed(why), _) => format!("error ({why})"),
            (_, "sat" | "unsat" | "unknown" | "timeout") => first.to_string(),
            (Ended::Killed, _) => "timeout".into(),
            (_, "") if seconds >= limit.as_secs_f64() => "timeout".into(),
            (_, other) => format!("error ({})", other.chars().take(60).collect::<String>()),
        };
        Cell { answer, seconds }
    }
}

/// One tool's answer on one task.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Cell {
    /// `sat`, `unsat`, `unknown`, `timeout` or `error (...)`.
    pub answer: String,
    /// Wall time of the tool's process (certa's without the check).
    pub seconds: f64,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct VsRow {
    pub file: String,
    /// `sat` or `unsat`.
    pub expected: String,
    pub certa: Cell,
    /// The certificate check: `VALID`, `INVALID`, `INCONCLUSIVE` or `-`.
    pub certa_check: String,
    /// Why certa has no answer, if it has none.
    pub certa_reason: String,
    /// One cell per anchor, in the order of the anchors.
    pub anchors: Vec<Cell>,
}

fn definite(answer: &str) -> bool {
    answer == "sat" || answer == "unsat"
}

impl VsRow {
    fn correct(&self, c: &Cell) -> bool {
        definite(&c.answer) && c.answer == self.expected
    }

    /// certa solved the task: the right answer with a VALID certificate.
    fn certa_solved(&self) -> bool {
        self.correct(&self.certa) && self.certa_check == "VALID"
    }
}

/// One tool's counts.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ToolCounts {
    pub tool: String,
    /// sat or unsat answers, right or wrong.
    pub answered: usize,
    /// Answers contradicting the manifest.
    pub wrong: usize,
    /// Right answers (for certa: with a VALID certificate).
    pub solved: usize,
}

/// certa's time against one anchor's on the tasks both solve.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Ratio {
    pub anchor: String,
    pub both: usize,
    /// Median of certa/anchor per task (the anchor's time at least 1 ms).
    pub median_ratio: f64,
    pub median_certa: f64,
    pub median_anchor: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    pub tasks: usize,
    /// certa first, then the anchors.
    pub tools: Vec<ToolCounts>,
    /// Right answers of certa whose certificate did not check VALID.
    pub certa_not_valid: Vec<String>,
    /// Tasks some anchor solves.
    pub anchor_union: Vec<String>,
    /// certa solves (VALID), no anchor does.
    pub certa_only: Vec<String>,
    /// Some anchor solves, certa does not.
    pub anchor_only: Vec<String>,
    /// One per anchor, only for anchors that share a solved task with certa.
    pub ratios: Vec<Ratio>,
    /// (tool, task, answer) of every answer contradicting the manifest.
    pub wrong: Vec<(String, String, String)>,
}

/// The summary of a comparison; `anchors` names the columns of
/// [`VsRow::anchors`].
pub fn summarize(rows: &[VsRow], anchors: &[&str]) -> Summary {
    let names = |keep: &dyn Fn(&VsRow) -> bool| -> Vec<String> {
        rows.iter()
            .filter(|r| keep(r))
            .map(|r| r.file.clone())
            .collect()
    };
    let some_anchor = |r: &VsRow| r.anchors.iter().any(|c| r.correct(c));
    let cells = |k: Option<usize>| {
        rows.iter().map(move |r| {
            (
                r,
                match k {
                    None => &r.certa,
                    Some(k) => &r.anchors[k],
                },
            )
        })
    };
    let columns: Vec<(String, Option<usize>)> = std::iter::once(("certa".to_string(), None))
        .chain(
            anchors
                .iter()
                .enumerate()
                .map(|(k, a)| (a.to_string(), Some(k))),
        )
        .collect();
    let mut tools = Vec::new();
    let mut wrong = Vec::new();
    for (tool, k) in &columns {
        let answered = cells(*k).filter(|(_, c)| definite(&c.answer)).count();
        let bad: Vec<_> = cells(*k)
            .filter(|(r, c)| definite(&c.answer) && !r.correct(c))
            .collect();
        let solved = match k {
            None => rows.iter().filter(|r| r.certa_solved()).count(),
            Some(_) => cells(*k).filter(|(r, c)| r.correct(c)).count(),
        };
        wrong.extend(
            bad.iter()
                .map(|(r, c)| (tool.clone(), r.file.clone(), c.answer.clone())),
        );
        tools.push(ToolCounts {
            tool: tool.clone(),
            answered,
            wrong: bad.len(),
            solved,
        });
    }
    let ratios = (0..anchors.len())
        .filter_map(|k| {
            let both: Vec<(f64, f64)> = rows
                .iter()
                .filter(|r| r.certa_solved() && r.correct(&r.anchors[k]))
                .map(|r| (r.certa.seconds, r.anchors[k].seconds))
                .collect();
            (!both.is_empty()).then(|| Ratio {
                anchor: anchors[k].to_string(),
                both: both.len(),
                median_ratio: crate::compare::median(
                    both.iter().map(|(c, a)| c / a.max(1e-3)).collect(),
                ),
                median_certa: crate::compare::median(both.iter().map(|b| b.0).collect()),
                median_anchor: crate::compare::median(both.iter().map(|b| b.1).collect()),
            })
        })
        .collect();
    Summary {
        tasks: rows.len(),
        tools,
        certa_not_valid: names(&|r| r.correct(&r.certa) && !r.certa_solved()),
        anchor_union: names(&some_anchor),
        certa_only: names(&|r| r.certa_solved() && !some_anchor(r)),
        anchor_only: names(&|r| !r.certa_solved() && some_anchor(r)),
        ratios,
        wrong,
    }
}

impl Summary {
    pub fn text(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "\nsummary: {} tasks (solved = the expected answer; for certa with a VALID certificate)",
            self.tasks
        );
        for t in &self.tools {
            let _ = writeln!(
                s,
                "  {:<9} solved {:>4}   answered {:>4}   wrong {:>3}",
                t.tool, t.solved, t.answered, t.wrong
            );
        }
        let list = |v: &[String]| {
            if v.is_empty() {
                "-".to_string()
            } else {
                v.join(", ")
            }
        };
        let _ = writeln!(
            s,
            "certa right but not VALID ({}): {}",
            self.certa_not_valid.len(),
            list(&self.certa_not_valid)
        );
        let _ = writeln!(
            s,
            "anchor union: {} solved by at least one anchor",
            self.anchor_union.len()
        );
        let _ = writeln!(
            s,
            "certa only ({}): {}",
            self.certa_only.len(),
            list(&self.certa_only)
        );
        let _ = writeln!(
            s,
            "anchor only ({}): {}",
            self.anchor_only.len(),
            list(&self.anchor_only)
        );
        for r in &self.ratios {
            let _ = writeln!(
                s,
                "time certa/{} on the {} tasks both solve: median ratio {:.2} (medians {:.2}s / {:.2}s)",
                r.anchor, r.both, r.median_ratio, r.median_certa, r.median_anchor
            );
        }
        let _ = writeln!(s, "wrong answers: {}", self.wrong.len());
        for (tool, file, answer) in &self.wrong {
            let _ = writeln!(s, "  WRONG {tool}: {file} answered {answer}");
        }
        s
    }
}

/// The task's CHC file: the `.smt2` itself, or the program exported to `tmp`.
fn chc_task(task: &Task, tmp: &Path) -> Result<Task, String> {
    if task.file.ends_with(".smt2") {
        return Ok(task.clone());
    }
    let src = task.set.join(&task.file);
    let program = frontend::load(&src, Encoding::Lbe).map_err(|e| e.to_string())?;
    let name = format!("{}__{}.smt2", task.index, task.file.replace('/', "__"));
    let out = tmp.join(&name);
    std::fs::write(&out, evidence::export::task_to_chc(&program.task))
        .map_err(|e| format!("{}: {e}", out.display()))?;
    Ok(Task {
        set: tmp.to_path_buf(),
        file: name,
        ..task.clone()
    })
}

/// certa's cell; an answer after the limit counts as a timeout, as the
/// anchors are killed at the limit.
fn certa_cell(row: &Row, wall: f64, limit: f64) -> (Cell, String, String) {
    let seconds = (wall - row.check_seconds).max(0.0);
    let answer = match row.verdict.split(' ').next().unwrap_or("") {
        _ if seconds > limit => "timeout",
        "safe" => "sat",
        "unsafe" => "unsat",
        "unknown" => "unknown",
        _ => "error",
    };
    let cell = Cell {
        answer: answer.into(),
        seconds,
    };
    (cell, row.check.clone(), row.reason.clone())
}

/// Runs the comparison on every task of `dirs` and prints the table and the
/// summary. `certa(task)` runs certa on one (CHC) task with the run's
/// options, without the SBE comparison; `limit` is the time limit of all.
pub fn run(
    dirs: &[PathBuf],
    anchors: &[Anchor],
    limit: Duration,
    csv: Option<&Path>,
    json: Option<&Path>,
    certa: impl Fn(&Task) -> Row,
) -> Result<Summary, String> {
    if anchors.is_empty() {
        return Err("--vs needs at least one anchor: --golem BIN and/or --z3 BIN".into());
    }
    // Removed on drop: on every return, `?` and panic included.
    let scratch = tempfile::Builder::new()
        .prefix("certa-vs-")
        .tempdir()
        .map_err(|e| format!("{}: {e}", std::env::temp_dir().display()))?;
    let tmp = scratch.path();
    let names: Vec<&str> = anchors.iter().map(Anchor::name).collect();
    for a in anchors {
        let how = match a {
            Anchor::Golem {
                engines: Some(e), ..
            } => format!("--engine {e}, killed at the limit"),
            Anchor::Golem { engines: None, .. } => "default engine, killed at the limit".into(),
            Anchor::Spacer { .. } => format!("-T:{}", limit.as_secs_f64().ceil()),
        };
        println!("{}: {} ({how})", a.name(), a.version());
    }
    println!("limit {:.0}s for every tool", limit.as_secs_f64());
    let mut head = format!(
        "{:<44} {:>6} {:>8} {:>7} {:>8}",
        "file", "expect", "certa", "time", "cert"
    );
    for n in &names {
        let _ = write!(head, " {n:>8} {:>7}", "time");
    }
    println!("{head}");
    let several = dirs.len() > 1;
    let mut rows = Vec::new();
    for task in crate::bench::tasks(dirs)? {
        let expected = match task.expected.as_str() {
            "sat" | "safe" => "sat",
            "unsat" | "unsafe" => "unsat",
            _ => continue,
        };
        let file = if several {
            format!("{}/{}", task.set.display(), task.file)
        } else {
            task.file.clone()
        };
        let chc = match chc_task(&task, tmp) {
            Ok(t) => t,
            Err(e) => {
                println!("{file:<44} {expected:>6} cannot export: {e}");
                continue;
            }
        };
        let path = chc.set.join(&chc.file);
        // Tool 0 is certa, tool k+1 anchor k; row i starts at tool i mod n.
        let n = anchors.len() + 1;
        let mut row = VsRow {
            file,
            expected: expected.into(),
            anchors: vec![Cell::default(); anchors.len()],
            ..VsRow::default()
        };
        for step in 0..n {
            match (rows.len() + step) % n {
                0 => {
                    let start = Instant::now();
                    let r = certa(&chc);
                    let (cell, check, reason) =
                        certa_cell(&r, start.elapsed().as_secs_f64(), limit.as_secs_f64());
                    row.certa = cell;
                    row.certa_check = check;
                    row.certa_reason = reason;
                }
                t => row.anchors[t - 1] = anchors[t - 1].run(&path, limit),
            }
        }
        let mut line = format!(
            "{:<44} {:>6} {:>8} {:>6.2}s {:>8}",
            row.file, row.expected, row.certa.answer, row.certa.seconds, row.certa_check
        );
        for c in &row.anchors {
            let word = c.answer.split(' ').next().unwrap_or("");
            let _ = write!(line, " {word:>8} {:>6.2}s", c.seconds);
        }
        if !row.certa_reason.is_empty() {
            let why: String = row.certa_reason.chars().take(80).collect();
            let _ = write!(line, "  [certa: {}]", why.replace('\n', " "));
        }
        println!("{line}");
        rows.push(row);
    }
    drop(scratch);
    let summary = summarize(&rows, &names);
    print!("{}", summary.text());
    if let Some(path) = csv {
        let mut s = String::from("file,expected,certa,certa_seconds,certa_check");
        for n in &names {
            let _ = write!(s, ",{n},{n}_seconds");
        }
        s.push_str(",certa_reason\n");
        for r in &rows {
            let _ = write!(
                s,
                "{},{},{},{:.3},{}",
                r.file, r.expected, r.certa.answer, r.certa.seconds, r.certa_check
            );
            for c in &r.anchors {
                let _ = write!(s, ",\"{}\",{:.3}", c.answer.replace('"', "'"), c.seconds);
            }
            let _ = writeln!(s, ",\"{}\"", r.certa_reason.replace('"', "'"));
        }
        std::fs::write(path, s).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if let Some(path) = json {
        let doc = serde_json::json!({ "anchors": names, "rows": rows, "summary": summary });
        let text = serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())?;
        std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(answer: &str, seconds: f64) -> Cell {
        Cell {
            answer: answer.into(),
            seconds,
        }
    }

    fn row(file: &str, expected: &str, certa: Cell, check: &str, anchors: Vec<Cell>) -> VsRow {
        VsRow {
            file: file.into(),
            expected: expected.into(),
            certa,
            certa_check: check.into(),
            certa_reason: String::new(),
            anchors,
        }
    }

    /// Five tasks, anchors `a` and `b`:
    /// t1 all solve; t2 only certa; t3 only anchor b (certa unknown);
    /// t4 certa right but INVALID, anchor a wrong; t5 certa wrong, b right.
    fn sample() -> Vec<VsRow> {
        vec![
            row(
                "t1",
                "sat",
                cell("sat", 2.0),
                "VALID",
                vec![cell("sat", 1.0), cell("sat", 4.0)],
            ),
            row(
                "t2",
                "unsat",
                cell("unsat", 1.0),
                "VALID",
                vec![cell("timeout", 10.0), cell("unknown", 3.0)],
            ),
            row(
                "t3",
                "sat",
                cell("unknown", 10.0),
                "-",
                vec![cell("timeout", 10.0), cell("sat", 0.5)],
            ),
            row(
                "t4",
                "sat",
                cell("sat", 3.0),
                "INVALID",
                vec![cell("unsat", 0.2), cell("error (x)", 0.1)],
            ),
            row(
                "t5",
                "unsat",
                cell("sat", 6.0),
                "VALID",
                vec![cell("unknown", 1.0), cell("unsat", 3.0)],
            ),
        ]
    }

    #[test]
    fn counts_answers_solved_and_wrong_per_tool() {
        let s = summarize(&sample(), &["a", "b"]);
        assert_eq!(s.tasks, 5);
        let t = |i: usize| (s.tools[i].answered, s.tools[i].solved, s.tools[i].wrong);
        assert_eq!(s.tools[0].tool, "certa");
        // certa answers t1 t2 t4 t5; solves t1 t2 (t4 not VALID, t5 wrong).
        assert_eq!(t(0), (4, 2, 1));
        assert_eq!(t(1), (2, 1, 1));
        assert_eq!(t(2), (3, 3, 0));
    }

    #[test]
    fn an_answer_without_a_valid_certificate_is_not_solved_and_is_listed() {
        let s = summarize(&sample(), &["a", "b"]);
        assert_eq!(s.certa_not_valid, vec!["t4"]);
        assert!(!s.certa_only.contains(&"t4".to_string()));
    }

    #[test]
    fn union_and_only_lists_compare_certa_with_any_anchor() {
        let s = summarize(&sample(), &["a", "b"]);
        assert_eq!(s.anchor_union, vec!["t1", "t3", "t5"]);
        assert_eq!(s.certa_only, vec!["t2"]);
        assert_eq!(s.anchor_only, vec!["t3", "t5"]);
    }

    #[test]
    fn wrong_answers_are_listed_by_tool_and_task() {
        let s = summarize(&sample(), &["a", "b"]);
        assert_eq!(
            s.wrong,
            vec![
                ("certa".to_string(), "t5".to_string(), "sat".to_string()),
                ("a".to_string(), "t4".to_string(), "unsat".to_string()),
            ]
        );
    }

    #[test]
    fn median_ratio_is_taken_over_tasks_both_solve() {
        let mut rows = sample();
        // A second task certa and b both solve: ratios 2/4 = 0.5 and 4/1 = 4.
        rows.push(row(
            "t6",
            "unsat",
            cell("unsat", 4.0),
            "VALID",
            vec![cell("unknown", 1.0), cell("unsat", 1.0)],
        ));
        let s = summarize(&rows, &["a", "b"]);
        assert_eq!(s.ratios.len(), 2);
        let a = &s.ratios[0];
        assert_eq!((a.anchor.as_str(), a.both), ("a", 1));
        assert_eq!(a.median_ratio, 2.0);
        let b = &s.ratios[1];
        assert_eq!((b.anchor.as_str(), b.both), ("b", 2));
        assert_eq!(b.median_ratio, (0.5 + 4.0) / 2.0);
        assert_eq!(b.median_certa, 3.0);
        assert_eq!(b.median_anchor, 2.5);
    }

    /// A stand-in for a solver binary: a shell script with `body`, in `dir`.
    fn fake_solver(dir: &Path, name: &str, body: &str) -> PathBuf {
        use std::os::unix::fs::PermissionsExt;
        let p = dir.join(format!("{name}.sh"));
        std::fs::write(&p, format!("#!/bin/sh\n{body}\n")).unwrap();
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
        p
    }

    #[test]
    fn an_anchor_that_hangs_on_version_is_killed_and_named() {
        let dir = tempfile::tempdir().unwrap();
        let bin = fake_solver(dir.path(), "mute", "sleep 30");
        let a = Anchor::Spacer {
            bin: bin.to_str().unwrap().into(),
        };
        let start = std::time::Instant::now();
        let v = a.version_within(Duration::from_millis(300));
        assert!(start.elapsed() < Duration::from_secs(5));
        assert!(v.contains("did not answer --version"), "{v}");
        let ok = fake_solver(dir.path(), "versioned", "echo 'Z3 version 9.9'");
        let v = Anchor::Spacer {
            bin: ok.to_str().unwrap().into(),
        }
        .version();
        assert_eq!(v, "Z3 version 9.9");
        let missing = Anchor::Spacer {
            bin: "/nonexistent/z3".into(),
        };
        assert!(missing.version().contains("not found"));
    }

    #[test]
    fn golem_is_read_from_its_first_line_with_or_without_engines() {
        let dir = tempfile::tempdir().unwrap();
        let bin = fake_solver(dir.path(), "answer", "echo unsat; echo more");
        for a in Anchor::golem(bin.to_str().unwrap()) {
            let c = a.run(Path::new("x.smt2"), Duration::from_secs(5));
            assert_eq!(c.answer, "unsat", "{}", a.name());
        }
    }

    #[test]
    fn golem_and_its_engine_children_are_killed_at_the_limit() {
        let dir = tempfile::tempdir().unwrap();
        let pidfile = dir.path().join("hang.pid");
        let bin = fake_solver(
            dir.path(),
            "hang",
            &format!("sleep 30 & echo $! > {}; wait", pidfile.display()),
        );
        let a = Anchor::Golem {
            bin: bin.to_str().unwrap().into(),
            engines: None,
        };
        let c = a.run(Path::new("x.smt2"), Duration::from_millis(300));
        assert_eq!(c.answer, "timeout");
        assert!(c.seconds < 5.0, "{}", c.seconds);
        let child = std::fs::read_to_string(&pidfile).unwrap();
        // Gone, or a zombie left for init to reap: give the kill a moment.
        let stat = PathBuf::from(format!("/proc/{}/stat", child.trim()));
        let alive = || {
            std::fs::read_to_string(&stat)
                .map(|s| {
                    !s.rsplit(')')
                        .next()
                        .unwrap_or("")
                        .trim_start()
                        .starts_with('Z')
                })
                .unwrap_or(false)
        };
        let waited = Instant::now();
        while alive() && waited.elapsed() < Duration::from_secs(5) {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(!alive(), "the engine child {} survived", child.trim());
    }

    #[test]
    fn an_anchor_sharing_no_solved_task_has_no_ratio() {
        let rows = vec![row(
            "t",
            "sat",
            cell("unknown", 1.0),
            "-",
            vec![cell("sat", 1.0)],
        )];
        let s = summarize(&rows, &["a"]);
        assert!(s.ratios.is_empty());
        assert_eq!(s.anchor_only, vec!["t"]);
    }
}
