//! The `certa` command line: exit codes, certificate files, replay, task printing.

use std::path::PathBuf;
use std::process::Command;

fn certa() -> Command {
    Command::new(env!("CARGO_BIN_EXE_certa"))
}

fn corpus(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../corpus")
        .join(rel)
}

/// `name` in a fresh directory, removed when the returned guard is dropped.
fn tmp(name: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    (dir, path)
}

#[test]
fn verify_safe_program_exits_0_and_writes_a_certificate() {
    let (_dir, out) = tmp("seed.json");
    let o = certa()
        .args(["verify"])
        .arg(corpus("imp/seed.imp"))
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(stdout.starts_with("SAFE"), "{stdout}");
    assert!(stdout.contains("queries"), "{stdout}");
    let cert = format::codec::read_certificate(&out).expect("a readable certificate");
    assert!(matches!(cert.body, format::Body::Safe(_)));
}

#[test]
fn verify_unsafe_program_exits_1_and_replay_shows_source_lines() {
    let (_dir, out) = tmp("variant.cert");
    let o = certa()
        .args(["verify"])
        .arg(corpus("imp/seed_variant.imp"))
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("UNSAFE"));
    let r = certa().arg("replay").arg(&out).output().unwrap();
    assert_eq!(r.status.code(), Some(0));
    let text = String::from_utf8_lossy(&r.stdout);
    assert!(text.contains("seed_variant.imp:"), "{text}");
    assert!(text.contains("reaches bad"), "{text}");
}

#[test]
fn exhausted_refinement_budget_exits_2_with_the_reason() {
    let o = certa()
        .args([
            "verify",
            "--engine",
            "cegar",
            "--no-invariants",
            "--max-refinements",
            "0",
        ])
        .arg(corpus("imp/seed.imp"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(
        stdout.starts_with("UNKNOWN: reached the limit of 0 refinements"),
        "{stdout}"
    );
}

#[test]
fn bad_inputs_and_options_exit_3_with_a_message() {
    let missing = certa()
        .args(["verify", "no/such/file.imp"])
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no/such/file.imp"));
    let option = certa().args(["verify", "--frobnicate"]).output().unwrap();
    assert_eq!(option.status.code(), Some(3));
    let timeout = certa()
        .args(["verify", "--timeout", "-1"])
        .arg(corpus("imp/seed.imp"))
        .output()
        .unwrap();
    assert_eq!(timeout.status.code(), Some(3));
    let ext = certa()
        .args(["verify"])
        .arg(corpus("imp/seed.imp"))
        .args(["-o", "x.txt"])
        .output()
        .unwrap();
    assert_eq!(ext.status.code(), Some(3));
}

#[test]
fn task_prints_the_transition_system_and_its_hash() {
    let o = certa()
        .arg("task")
        .arg(corpus("imp/seed.imp"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("initial "), "{text}");
    assert!(text.contains("// sha256 "), "{text}");
}

#[test]
fn certa_profile_prints_the_phases_of_a_run_on_stderr_and_only_when_asked() {
    let (_dir, out) = tmp("profiled.json");
    let run = |profile: Option<&str>| {
        let mut cmd = certa();
        cmd.args(["verify"])
            .arg(corpus("imp/seed.imp"))
            .arg("-o")
            .arg(&out)
            .env_remove("CERTA_PROFILE");
        if let Some(v) = profile {
            cmd.env("CERTA_PROFILE", v);
        }
        cmd.output().unwrap()
    };
    let quiet = run(None);
    assert_eq!(quiet.status.code(), Some(0));
    assert!(!String::from_utf8_lossy(&quiet.stderr).contains("profile"));
    let off = run(Some("0"));
    assert!(!String::from_utf8_lossy(&off.stderr).contains("profile"));
    let on = run(Some("1"));
    assert_eq!(on.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&on.stdout).starts_with("SAFE"));
    let err = String::from_utf8_lossy(&on.stderr);
    for phase in [
        "parse and translate",
        "task structure check",
        "lane pdr",
        "race decided",
        "build the certificate",
        "write the certificate",
    ] {
        assert!(err.contains(phase), "no `{phase}` in the profile:\n{err}");
    }
}
