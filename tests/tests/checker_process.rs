//! The checker runs as its own process: `certa verify` does not load cvc5, and `certa check`,
//! `bench` and the cache get their verdicts from `certa-check`, INVALID included.

use certa_tests::{corpus_dir, workspace_binary};
use std::path::{Path, PathBuf};
use std::process::Command;

fn certa() -> PathBuf {
    workspace_binary("certa").expect("certa is built with the tests")
}

/// `certa verify seed.imp -o CERT`, with its environment extended by
/// `env`; the process's output.
fn verify_seed(cert: &Path, env: &[(&str, &str)]) -> std::process::Output {
    Command::new(certa())
        .args(["verify", "--timeout", "30"])
        .arg(corpus_dir().join("imp/seed.imp"))
        .arg("-o")
        .arg(cert)
        .envs(env.iter().copied())
        .output()
        .expect("certa runs")
}

/// A scratch directory of its own for each test, removed when the result
/// is dropped.
fn scratch(test: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("certa-{test}-"))
        .tempdir()
        .expect("scratch directory")
}

#[test]
fn verify_loads_z3_and_not_cvc5() {
    let dir_tmp = scratch("loads");
    let dir = dir_tmp.path();
    let out = verify_seed(&dir.join("seed.cert"), &[("LD_DEBUG", "libs")]);
    assert_eq!(out.status.code(), Some(0), "SAFE");
    let loader = String::from_utf8_lossy(&out.stderr);
    if !loader.contains("libz3") {
        eprintln!("skipped: this C library's loader does not report libraries under LD_DEBUG");
        return;
    }
    assert!(
        !loader.contains("libcvc5"),
        "certa verify loaded cvc5:\n{}",
        loader
            .lines()
            .filter(|l| l.contains("cvc5"))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn certa_check_reports_what_certa_check_says_valid_and_invalid() {
    let dir_tmp = scratch("check");
    let dir = dir_tmp.path();
    let cert = dir.join("seed.json");
    assert_eq!(verify_seed(&cert, &[]).status.code(), Some(0));
    let check = |file: &PathBuf| {
        let out = Command::new(certa())
            .arg("check")
            .arg(file)
            .output()
            .expect("certa check runs");
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
        )
    };
    let (code, text) = check(&cert);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("VALID"), "{text}");
    assert!(
        text.contains("embedded task only"),
        "unbound check says so: {text}"
    );
    // A certificate whose task is changed no longer matches its hash.
    let mut json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&cert).expect("read")).expect("json");
    let text_before = json.to_string();
    let tampered_text = text_before.replacen("\"x\"", "\"y\"", 1);
    assert_ne!(tampered_text, text_before, "the certificate names x");
    json = serde_json::from_str(&tampered_text).expect("still json");
    let tampered = dir.join("tampered.json");
    std::fs::write(&tampered, json.to_string()).expect("write");
    let (code, text) = check(&tampered);
    assert_eq!(code, Some(1), "a tampered certificate is INVALID: {text}");
    assert!(text.starts_with("INVALID"), "{text}");
}

#[test]
fn the_checker_report_names_its_solver() {
    let dir_tmp = scratch("solver");
    let dir = dir_tmp.path();
    let cert = dir.join("seed.cert");
    assert_eq!(verify_seed(&cert, &[]).status.code(), Some(0));
    let checked = certa::checking::run(&certa::checking::check_args(
        &cert,
        &["--embedded-task".into()],
        std::time::Duration::from_secs(60),
    ))
    .expect("certa-check runs");
    assert_eq!(checked.verdict, "VALID");
    assert!(
        checked.report["solver"]
            .as_str()
            .is_some_and(|s| s.starts_with("cvc5 1.")),
        "{}",
        checked.report
    );
}
