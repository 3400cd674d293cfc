//! The certa-check binary: exit codes 0/1/2/3, decode errors, --task, --json, --emit-smtlib, limits.
mod common;
use common::*;
use format::*;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A fresh directory of its own, removed when the result is dropped.
fn tmp(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("certa-check-test-{name}-"))
        .tempdir()
        .unwrap()
}

/// Runs certa-check; without a binding option in `args`, checks the embedded task.
fn check(args: &[&dyn AsRef<std::ffi::OsStr>]) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_certa-check"));
    for a in args {
        c.arg(a);
    }
    let given = |flag: &str| args.iter().any(|a| a.as_ref() == flag);
    if !args.is_empty()
        && ![
            "--task",
            "--source",
            "--embedded-task",
            "--help",
            "--unbound",
        ]
        .iter()
        .any(|f| given(f))
    {
        c.arg("--embedded-task");
    }
    c.output().unwrap()
}

fn check_unbound(args: &[&dyn AsRef<std::ffi::OsStr>]) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_certa-check"));
    for a in args {
        c.arg(a);
    }
    c.output().unwrap()
}

#[test]
fn a_check_without_a_binding_is_refused_and_an_embedded_one_says_so() {
    let dir = tmp("binding");
    let d = dir.path();
    let ok = write(d, "p1.json", &p1_cert());
    let o = check_unbound(&[&ok]);
    assert_eq!(code(&o), 3, "{}", text(&o));
    assert!(text(&o).contains("--embedded-task"), "{}", text(&o));
    let o = check(&[&ok, &"--embedded-task", &"--json"]);
    assert_eq!(code(&o), 0, "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["binding"]["kind"], "embedded-task");
    assert!(v["binding"]["valid_for"]
        .as_str()
        .unwrap()
        .contains("embedded task only"));
    let o = check(&[&ok, &"--embedded-task"]);
    assert!(
        text(&o).starts_with("VALID for the embedded task only"),
        "{}",
        text(&o)
    );
    for zero in ["--timeout-ms", "--rlimit", "--timeout"] {
        assert_eq!(code(&check(&[&ok, &zero, &"0"])), 3, "{zero} 0");
    }
}

fn code(o: &Output) -> i32 {
    o.status.code().expect("exited normally, not by a signal")
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn write(dir: &Path, name: &str, c: &Certificate) -> PathBuf {
    let p = dir.join(name);
    encode::write_certificate(&p, c).unwrap();
    p
}

#[test]
fn cli_valid_exits_0_and_invalid_exits_1() {
    let dir = tmp("codes");
    let d = dir.path();
    let ok = write(d, "p1.json", &p1_cert());
    let o = check(&[&ok, &"-v"]);
    assert_eq!(code(&o), 0, "{}", text(&o));
    assert!(
        text(&o).contains("VALID") && text(&o).contains("closure    node 0"),
        "{}",
        text(&o)
    );
    let bad = write(d, "r0.json", &cert(task(), Body::Safe(r0_body(false))));
    let o = check(&[&bad]);
    assert_eq!(code(&o), 1, "{}", text(&o));
    assert!(text(&o).contains("edge 2 `fail` to bad"), "{}", text(&o));
}

#[test]
fn cli_json_report_is_machine_readable() {
    let dir = tmp("json");
    let d = dir.path();
    let bad = write(d, "r0.json", &cert(task(), Body::Safe(r0_body(false))));
    let o = check(&[&bad, &"--json", &"-v"]);
    assert_eq!(code(&o), 1);
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).expect("stdout is JSON");
    assert_eq!(j["verdict"], "INVALID");
    assert_eq!(j["obligations_checked"], 7);
    let f = &j["failures"][0];
    assert_eq!(
        (
            f["obligation"].as_str(),
            f["node"].as_u64(),
            f["edge"].as_u64()
        ),
        (Some("closure"), Some(1), Some(2))
    );
    assert!(f["counterexample"]["state"]["x"].is_string());
}

#[test]
fn json_bincode_round_trip_keeps_hash_and_equality() {
    let dir = tmp("roundtrip");
    let d = dir.path();
    let c = p1_cert();
    let bin = write(d, "p1.cert", &c);
    let bytes = std::fs::read(&bin).unwrap();
    assert_eq!(&bytes[..8], b"CERTA\0BC");
    let back = codec::read_certificate(&bin).unwrap();
    assert_eq!(back, c);
    assert_eq!(format::hash::task_sha256(&back.task), c.header.task_sha256);
    let json = write(d, "again.json", &back);
    assert_eq!(codec::read_certificate(&json).unwrap(), c);
    assert_eq!(std::fs::read_to_string(&json).unwrap(), encode::to_json(&c));
    let o = check(&[&bin]);
    assert_eq!(code(&o), 0, "{}", text(&o));
}

#[test]
fn cli_task_option_must_match() {
    let dir = tmp("task");
    let d = dir.path();
    let c = write(d, "p1.json", &p1_cert());
    let same = d.join("task.json");
    std::fs::write(&same, encode::to_json(&task())).unwrap();
    let other = d.join("other.json");
    std::fs::write(&other, encode::to_json(&task_with(2))).unwrap();
    assert_eq!(code(&check(&[&c, &"--task", &same])), 0);
    let o = check(&[&c, &"--task", &other]);
    assert_eq!(code(&o), 1);
    assert!(text(&o).contains("--task"), "{}", text(&o));
    assert_eq!(code(&check(&[&c, &"--task", &d.join("missing.json")])), 3);
}

#[test]
fn cli_tampered_task_is_invalid() {
    let dir = tmp("tamper");
    let d = dir.path();
    let p = write(d, "p1.json", &p1_cert());
    let s = std::fs::read_to_string(&p)
        .unwrap()
        .replacen("\"int\":\"0\"", "\"int\":\"5\"", 1);
    std::fs::write(&p, s).unwrap();
    let o = check(&[&p]);
    assert_eq!(code(&o), 1, "{}", text(&o));
    assert!(text(&o).contains("task_sha256"), "{}", text(&o));
}

#[test]
fn cli_truncated_and_garbage_files_exit_3() {
    let dir = tmp("decode");
    let d = dir.path();
    let json = write(d, "p1.json", &p1_cert());
    let bin = write(d, "p1.cert", &p1_cert());
    for p in [&json, &bin] {
        let bytes = std::fs::read(p).unwrap();
        for cut in [5, 11, bytes.len() / 2, bytes.len() - 3] {
            std::fs::write(p, &bytes[..cut]).unwrap();
            let o = check(&[p]);
            assert_eq!(code(&o), 3, "cut {cut}: {}", text(&o));
            assert!(text(&o).contains("error"), "{}", text(&o));
        }
    }
    let g = d.join("garbage.bin");
    std::fs::write(&g, [0xffu8, 0, 7, 3, 1, 200, 13, 10].repeat(50)).unwrap();
    let o = check(&[&g]);
    assert_eq!(code(&o), 3);
    assert!(text(&o).contains("not a certa file"), "{}", text(&o));
    let mut magic_garbage = b"CERTA\0BC".to_vec();
    magic_garbage.extend(1u32.to_le_bytes());
    magic_garbage.extend([0xff; 40]);
    std::fs::write(&g, magic_garbage).unwrap();
    assert_eq!(code(&check(&[&g])), 3);
}

#[test]
fn cli_newer_version_exits_3_with_version_message() {
    let dir = tmp("version");
    let d = dir.path();
    let mut c = p1_cert();
    c.header.version = FORMAT_VERSION + 1;
    let p = d.join("new.json");
    std::fs::write(&p, encode::to_json(&c)).unwrap();
    let o = check(&[&p]);
    assert_eq!(code(&o), 3);
    assert!(
        text(&o).contains(&format!("version {}", FORMAT_VERSION + 1)),
        "{}",
        text(&o)
    );
    let mut bytes = b"CERTA\0BC".to_vec();
    bytes.extend((FORMAT_VERSION + 1).to_le_bytes());
    bytes.extend(encode::to_bincode(&p1_cert()));
    let p = d.join("new.cert");
    std::fs::write(&p, bytes).unwrap();
    let o = check(&[&p]);
    assert_eq!(code(&o), 3);
    assert!(text(&o).contains("version"), "{}", text(&o));
}

#[test]
fn cli_missing_file_and_usage_errors_exit_3() {
    let o = check(&[&"/nonexistent/certa/cert.json"]);
    assert_eq!(code(&o), 3);
    assert!(text(&o).contains("cannot read"), "{}", text(&o));
    assert_eq!(code(&check(&[])), 3);
    assert_eq!(code(&check(&[&"x.json", &"--timeout-ms", &"soon"])), 3);
    assert_eq!(code(&check(&[&"--help"])), 0);
}

#[test]
fn resource_limit_forces_inconclusive_never_valid() {
    let dir = tmp("rlimit");
    let d = dir.path();
    let p = write(d, "p1.json", &p1_cert());
    let o = check(&[&p, &"--rlimit", &"1", &"--json"]);
    assert_eq!(code(&o), 2, "{}", text(&o));
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(j["verdict"], "INCONCLUSIVE");
    assert!(
        j["inconclusive"][0]["reason"]
            .as_str()
            .unwrap()
            .contains("RESOURCEOUT"),
        "{j}"
    );
    // Same through the library, on a harder obligation (mod reasoning).
    let mut t = task();
    t.edges[0].relation = and(vec![
        Expr::eq(nx("x"), add(v("x"), i(3))),
        Expr::eq(nx("y"), add(v("y"), i(6))),
    ]);
    t.edges[2].relation = and(vec![
        Expr::not(Expr::eq(Expr::Mod(b(v("x")), Num::from_i64(3)), i(0))),
        Expr::eq(nx("x"), v("x")),
        Expr::eq(nx("y"), v("y")),
    ]);
    let inv = and(vec![
        Expr::eq(Expr::Mod(b(v("x")), Num::from_i64(3)), i(0)),
        Expr::eq(Expr::Mul(Num::from_i64(2), b(v("x"))), v("y")),
    ]);
    let body = SafeBody {
        index_vars: vec![],
        predicates: vec![Predicate {
            id: 0,
            formula: inv,
        }],
        nodes: vec![node(0, "h", &[true]), node(1, "c", &[true])],
        initial: vec![0],
        successors: vec![succ(0, 0, vec![(0, None)]), succ(0, 1, vec![(1, None)])],
    };
    let c = cert(t, Body::Safe(body));
    assert_valid(&c);
    let limits = checker::Limits {
        rlimit: Some(1),
        proofs: false,
        timeout_ms: None,
    };
    let r = run_with(
        &c,
        &checker::Options {
            limits,
            ..Default::default()
        },
    );
    assert_eq!(
        r.verdict(),
        checker::Verdict::Inconclusive,
        "{}",
        checker::report::text(&r)
    );
    // A generous time limit changes nothing.
    let o = check(&[&p, &"--timeout-ms", &"60000"]);
    assert_eq!(code(&o), 0, "{}", text(&o));
}

#[test]
fn emit_smtlib_writes_one_file_per_solver_obligation() {
    let dir = tmp("emit");
    let d = dir.path();
    let p = write(d, "p1.json", &p1_cert());
    let out = d.join("smt");
    let o = check(&[&p, &"--emit-smtlib", &out]);
    assert_eq!(code(&o), 0, "{}", text(&o));
    let mut files: Vec<PathBuf> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(
        files.len(),
        4,
        "initiality + 3 closure obligations: {files:?}"
    );
    for f in &files {
        let s = std::fs::read_to_string(f).unwrap();
        assert!(
            s.contains("(set-logic QF_LIA)")
                && s.contains("(check-sat)")
                && s.contains("expected answer: unsat"),
            "{s}"
        );
        assert!(s.contains("(declare-const |x| Int)"), "{s}");
        let opens = s.matches('(').count();
        assert_eq!(
            opens,
            s.matches(')').count(),
            "balanced parentheses in {}",
            f.display()
        );
    }
    let closure = std::fs::read_to_string(&files[3]).unwrap();
    assert!(
        closure.contains("closure, node 1, edge 2 `fail`"),
        "{closure}"
    );
    assert!(closure.contains("(declare-const |x'| Int)"), "{closure}");
}
