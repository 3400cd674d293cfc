//! `certa bench --vs DIR --golem BIN`: certa beside Golem on a few CHC tasks
//! of the corpus; `--vs` without an anchor is a usage error.

use certa_tests::{corpus_dir, workspace_binary};
use std::path::Path;
use std::process::Command;

const GOLEM: &str = "/work/shared/tools/golem/golem";

/// Exit code of bad options and input errors.
const EXIT_INPUT: i32 = 3;

/// A set of three CHC tasks of corpus/chc (two sat, one unsat), in a fresh
/// directory removed when the result is dropped.
fn tiny_set(name: &str) -> tempfile::TempDir {
    let tmp = tempfile::Builder::new()
        .prefix(&format!("certa-vs-{name}-"))
        .tempdir()
        .unwrap();
    let dir = tmp.path();
    let tasks = [
        ("counter_safe.smt2", "sat"),
        ("counter_unsafe.smt2", "unsat"),
        ("bool_phase.smt2", "safe"),
    ];
    let mut manifest = String::from("file\texpected\n");
    for (file, expected) in tasks {
        std::fs::copy(corpus_dir().join("chc").join(file), dir.join(file)).unwrap();
        manifest.push_str(&format!("{file}\t{expected}\n"));
    }
    std::fs::write(dir.join("MANIFEST.tsv"), manifest).unwrap();
    tmp
}

/// The summary line of `tool`: (solved, answered, wrong).
fn counts(out: &str, tool: &str) -> (usize, usize, usize) {
    let line = out
        .lines()
        .find(|l| l.split_whitespace().next() == Some(tool) && l.contains("solved"))
        .unwrap_or_else(|| panic!("no summary line for {tool} in:\n{out}"));
    let n: Vec<usize> = line
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    (n[0], n[1], n[2])
}

#[test]
fn certa_and_golem_both_solve_the_tiny_chc_set() {
    if !Path::new(GOLEM).is_file() {
        eprintln!("{GOLEM} absent; skipped");
        return;
    }
    let Some(certa) = workspace_binary("certa") else {
        eprintln!("certa binary not built; skipped");
        return;
    };
    let dir_tmp = tiny_set("golem");
    let dir = dir_tmp.path();
    let json = dir.join("out.json");
    let out = Command::new(certa)
        .args(["bench", "--vs"])
        .arg(dir)
        .args(["--golem", GOLEM, "--timeout", "5", "--json"])
        .arg(&json)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("summary: 3 tasks"), "{text}");
    assert_eq!(counts(&text, "certa"), (3, 3, 0), "{text}");
    assert_eq!(counts(&text, "golem-pf"), (3, 3, 0), "{text}");
    assert_eq!(counts(&text, "golem"), (3, 3, 0), "{text}");
    assert!(text.contains("anchor union: 3 "), "{text}");
    assert!(text.contains("certa only (0)"), "{text}");
    assert!(text.contains("anchor only (0)"), "{text}");
    assert!(text.contains("wrong answers: 0"), "{text}");
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(doc["summary"]["tools"][0]["solved"], 3);
    assert_eq!(doc["summary"]["ratios"][0]["both"], 3);
}

#[test]
fn vs_without_an_anchor_is_a_usage_error() {
    let Some(certa) = workspace_binary("certa") else {
        eprintln!("certa binary not built; skipped");
        return;
    };
    let dir_tmp = tiny_set("none");
    let dir = dir_tmp.path();
    let out = Command::new(certa)
        .args(["bench", "--vs"])
        .arg(dir)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(EXIT_INPUT), "{err}");
    assert!(err.contains("--vs needs at least one anchor"), "{err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn an_interrupted_bench_takes_the_anchors_processes_with_it() {
    let Some(certa) = workspace_binary("certa") else {
        eprintln!("certa binary not built; skipped");
        return;
    };
    use std::os::unix::fs::PermissionsExt;
    let dir_tmp = tiny_set("interrupted");
    let dir = dir_tmp.path();
    // An anchor that starts a long-running process of its own, as Golem's
    // portfolio forks its engines, and says where it is.
    let pid_file = dir.join("engine.pid");
    let anchor = dir.join("fake-golem");
    std::fs::write(
        &anchor,
        format!(
            "#!/bin/sh\n[ \"$1\" = --version ] && echo 'Golem 0.0.0' && exit 0\n\
             sleep 300 &\necho $! > {}.tmp\nmv {0}.tmp {0}\nwait\n",
            pid_file.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&anchor, std::fs::Permissions::from_mode(0o755)).unwrap();
    let mut bench = Command::new(certa)
        .args(["bench"])
        .arg(dir)
        .args([
            "--vs",
            "--golem-portfolio-only",
            "-j",
            "1",
            "--timeout",
            "120",
            "--golem",
        ])
        .arg(&anchor)
        // Killed by the signal, the bench cannot remove its scratch
        // directory: let it make that in ours.
        .env("TMPDIR", dir)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    let engine: i32 = loop {
        if let Ok(text) = std::fs::read_to_string(&pid_file) {
            break text.trim().parse().unwrap();
        }
        assert!(
            started.elapsed() < std::time::Duration::from_secs(60),
            "the anchor never started"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    let alive = |pid: i32| {
        // A process that ended but is not reaped yet counts as gone.
        std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .is_ok_and(|s| !s.split(") ").nth(1).is_some_and(|r| r.starts_with('Z')))
    };
    assert!(alive(engine));
    let term = Command::new("kill")
        .args(["-TERM", &bench.id().to_string()])
        .status()
        .unwrap();
    assert!(term.success());
    let status = bench.wait().unwrap();
    assert!(!status.success(), "the bench died of the signal: {status}");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while alive(engine) && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(
        !alive(engine),
        "the anchor's engine process {engine} outlived the bench"
    );
}
