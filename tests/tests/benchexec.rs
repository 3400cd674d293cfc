//! BenchExec, the benchmarking framework SV-COMP and CHC-COMP run on, drives
//! certa through contrib/benchexec: the tool-info module maps certa's exit
//! codes and output to BenchExec's statuses, the benchmark definition
//! certa-corpus.xml names three SV-COMP tasks of corpus/benchexec, and
//! table-generator turns the results into tables. The certificates written
//! during the BenchExec runs must check VALID.
//!
//! BenchExec is installed from PyPI into a virtualenv under the target
//! directory (kept between runs, one per pinned version). The test skips,
//! saying why, when python3, its venv module or PyPI is unavailable, or when
//! BenchExec cannot run here (it needs the freezer cgroup without container
//! mode). Cached, the test takes a few seconds.

use certa_tests::workspace_binary;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus};
use std::time::{Duration, Instant};

/// The BenchExec release the test installs and contrib/benchexec is written against.
const BENCHEXEC_VERSION: &str = "3.35";

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .canonicalize()
        .unwrap()
}

/// The Cargo target directory: the test runs as `<target>/<profile>/deps/benchexec-*`.
fn target_dir() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    Some(exe.parent()?.parent()?.parent()?.to_path_buf())
}

struct Ran {
    status: ExitStatus,
    text: String,
}

/// Runs `cmd` with its output in `log` (pip and BenchExec can print more
/// than a pipe holds), killing it after `limit`. Err: it could not start or
/// ran out of time.
fn run(cmd: &mut Command, log: &Path, limit: Duration) -> Result<Ran, String> {
    let out = File::create(log).map_err(|e| format!("{}: {e}", log.display()))?;
    let err = out.try_clone().map_err(|e| e.to_string())?;
    let mut child = cmd
        .stdout(out)
        .stderr(err)
        .spawn()
        .map_err(|e| format!("cannot run {:?}: {e}", cmd.get_program()))?;
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().map_err(|e| e.to_string())? {
            break s;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!(
                "{:?} did not finish within {limit:?}; output in {}",
                cmd.get_program(),
                log.display()
            ));
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let text = std::fs::read_to_string(log).unwrap_or_default();
    Ok(Ran { status, text })
}

fn tail(text: &str, lines: usize) -> String {
    let all: Vec<&str> = text.lines().collect();
    all[all.len().saturating_sub(lines)..].join("\n")
}

/// A virtualenv with `benchexec==BENCHEXEC_VERSION`, created once under the
/// target directory. Err: why it cannot be had here.
fn benchexec_venv(target: &Path) -> Result<PathBuf, String> {
    let base = target.join("benchexec");
    let venv = base.join(format!("venv-{BENCHEXEC_VERSION}"));
    let ready = venv.join(".certa-ready");
    if ready.is_file() && venv.join("bin/benchexec").is_file() {
        return Ok(venv);
    }
    let _ = std::fs::remove_dir_all(&venv);
    std::fs::create_dir_all(&base).map_err(|e| e.to_string())?;
    let log = base.join(format!("install-{BENCHEXEC_VERSION}.log"));
    let failed = |why: String| {
        let _ = std::fs::remove_dir_all(&venv);
        Err(why)
    };
    match run(
        Command::new("python3").arg("-m").arg("venv").arg(&venv),
        &log,
        Duration::from_secs(120),
    ) {
        Ok(r) if r.status.success() => {}
        Ok(r) => return failed(format!("python3 -m venv failed: {}", tail(&r.text, 3))),
        Err(e) => return failed(format!("no python3: {e}")),
    }
    match run(
        Command::new(venv.join("bin/python"))
            .args(["-m", "pip", "install", "--disable-pip-version-check"])
            .args(["--no-input", "--timeout", "15", "--retries", "1"])
            .arg(format!("benchexec=={BENCHEXEC_VERSION}")),
        &log,
        Duration::from_secs(600),
    ) {
        Ok(r) if r.status.success() => {}
        Ok(r) => {
            return failed(format!(
                "pip install benchexec=={BENCHEXEC_VERSION} failed (PyPI unreachable?): {}",
                tail(&r.text, 3)
            ))
        }
        Err(e) => return failed(e),
    }
    std::fs::write(&ready, BENCHEXEC_VERSION).map_err(|e| e.to_string())?;
    Ok(venv)
}

/// The single entry of `dir` whose name ends with `suffix`.
fn one_file(dir: &Path, suffix: &str) -> PathBuf {
    let found: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap().to_string_lossy().ends_with(suffix))
        .collect();
    assert_eq!(found.len(), 1, "*{suffix} in {}: {found:?}", dir.display());
    found.into_iter().next().unwrap()
}

/// `task -> (expected verdict, status, category)` from a (bz2-compressed)
/// BenchExec results file, read with the venv's Python.
fn statuses(python: &Path, results: &Path, log: &Path) -> Vec<(String, String, String, String)> {
    const READ: &str = r#"
import bz2, os, sys, xml.etree.ElementTree as ET
path = sys.argv[1]
root = ET.parse(bz2.open(path) if path.endswith(".bz2") else path).getroot()
for run in root.findall("run"):
    cols = {c.get("title"): c.get("value") for c in run.findall("column")}
    print("\t".join([os.path.basename(run.get("name")), run.get("expectedVerdict") or "",
                     cols.get("status", ""), cols.get("category", "")]))
"#;
    let r = run(
        Command::new(python).arg("-c").arg(READ).arg(results),
        log,
        Duration::from_secs(60),
    )
    .unwrap();
    assert!(r.status.success(), "{}", r.text);
    let mut rows: Vec<_> = r
        .text
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 4, "{l}");
            (f[0].into(), f[1].into(), f[2].into(), f[3].into())
        })
        .collect();
    rows.sort();
    rows
}

#[test]
fn benchexec_runs_certa_on_sv_comp_tasks_and_tabulates() {
    let Some(certa) = workspace_binary("certa") else {
        eprintln!("benchexec test skipped: certa not built");
        return;
    };
    let target = target_dir().expect("target directory");
    let started = Instant::now();
    let venv = match benchexec_venv(&target) {
        Ok(v) => v,
        Err(why) => {
            eprintln!("benchexec test skipped: {why}");
            return;
        }
    };
    eprintln!(
        "BenchExec {BENCHEXEC_VERSION} in {} ({:.1?})",
        venv.display(),
        started.elapsed()
    );
    let started = Instant::now();
    let repo = repo();
    let work = target
        .join("benchexec")
        .join(format!("run-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work).unwrap();
    let pythonpath = repo.join("contrib/benchexec");

    // No limits in the definition; a wall-time limit needs no cgroup, and
    // --no-container needs no user namespaces.
    let bench = run(
        Command::new(venv.join("bin/benchexec"))
            .arg(repo.join("contrib/benchexec/certa-corpus.xml"))
            .arg("--tool-directory")
            .arg(certa.parent().unwrap())
            .args(["--no-container", "-W", "60s"])
            .current_dir(&work)
            .env("PYTHONPATH", &pythonpath),
        &work.join("benchexec.log"),
        Duration::from_secs(120),
    )
    .unwrap();
    let results_dir = work.join("results");
    if !bench.status.success() && bench.text.to_lowercase().contains("cgroup") {
        eprintln!(
            "benchexec test skipped: BenchExec cannot run here without cgroups:\n{}",
            tail(&bench.text, 8)
        );
        return;
    }
    assert!(bench.status.success(), "benchexec failed:\n{}", bench.text);

    // The results XML (bz2 by default): one status per task.
    let results = one_file(&results_dir, ".results.auto.corpus.xml.bz2");
    let rows = statuses(&venv.join("bin/python"), &results, &work.join("read.log"));
    let row = |a: &str, b: &str, c: &str, d: &str| (a.into(), b.into(), c.into(), d.into());
    assert_eq!(
        rows,
        vec![
            row(
                "err_recursion.yml",
                "true",
                "ERROR (unsupported: recursion)",
                "error"
            ),
            row("loops.yml", "true", "true", "correct"),
            row("nondet_bug.yml", "false", "false(unreach-call)", "correct"),
        ],
        "{}",
        bench.text
    );

    // The certificates written during the runs, next to the log files, are
    // VALID for the task files they were computed from.
    let logs = one_file(&results_dir, ".logfiles");
    if let Some(check) = workspace_binary("certa-check") {
        for task in ["loops", "nondet_bug"] {
            let cert = logs.join(format!("auto.{task}.yml.certificate.json"));
            let source = repo.join(format!("corpus/benchexec/c/{task}.yml"));
            let o = Command::new(&check)
                .arg(&cert)
                .arg("--source")
                .arg(&source)
                .output()
                .unwrap();
            let text = String::from_utf8_lossy(&o.stdout);
            assert_eq!(o.status.code(), Some(0), "{task}: {text}");
            assert!(text.starts_with("VALID"), "{task}: {text}");
        }
    }

    // table-generator: an HTML and a CSV table with the three tasks.
    let table = run(
        Command::new(venv.join("bin/table-generator"))
            .arg(&results)
            .current_dir(&work)
            .env("PYTHONPATH", &pythonpath),
        &work.join("table-generator.log"),
        Duration::from_secs(60),
    )
    .unwrap();
    assert!(table.status.success(), "{}", table.text);
    let html = one_file(&results_dir, ".results.auto.corpus.html");
    assert!(std::fs::metadata(&html).unwrap().len() > 1000);
    let csv = std::fs::read_to_string(one_file(&results_dir, ".results.auto.corpus.csv")).unwrap();
    for line in [
        "err_recursion.yml\ttrue\tERROR (unsupported: recursion)",
        "loops.yml\ttrue\ttrue",
        "nondet_bug.yml\tfalse\tfalse(unreach-call)",
    ] {
        assert!(csv.contains(line), "{line}:\n{csv}");
    }
    eprintln!("BenchExec and table-generator: {:.1?}", started.elapsed());
    let _ = std::fs::remove_dir_all(&work);
}
