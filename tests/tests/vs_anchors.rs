//! `certa bench --vs DIR --golem BIN`: certa beside Golem on a few CHC tasks
//! of the corpus; `--vs` without an anchor is a usage error.

use certa_tests::{corpus_dir, workspace_binary};
use std::path::{Path, PathBuf};
use std::process::Command;

const GOLEM: &str = "/work/shared/tools/golem/golem";

/// Exit code of bad options and input errors.
const EXIT_INPUT: i32 = 3;

/// A set of three CHC tasks of corpus/chc (two sat, one unsat).
fn tiny_set(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("certa-vs-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
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
    dir
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
    let dir = tiny_set("golem");
    let json = dir.join("out.json");
    let out = Command::new(certa)
        .args(["bench", "--vs"])
        .arg(&dir)
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
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn vs_without_an_anchor_is_a_usage_error() {
    let Some(certa) = workspace_binary("certa") else {
        eprintln!("certa binary not built; skipped");
        return;
    };
    let dir = tiny_set("none");
    let out = Command::new(certa)
        .args(["bench", "--vs"])
        .arg(&dir)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(EXIT_INPUT), "{err}");
    assert!(err.contains("--vs needs at least one anchor"), "{err}");
    assert!(out.stdout.is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}
