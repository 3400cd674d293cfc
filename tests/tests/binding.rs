//! A certificate is bound to its program: `certa-check --source FILE` re-hashes
//! the file and re-translates it under the header's options; a forged task, another
//! file, other options or a missing source record is INVALID, naming the side that differs.

use certa_tests::{corpus_dir, workspace_binary};
use engine::run::run_file;
use engine::{Config, Verdict};
use format::{Body, Certificate, Expr};
use frontend::Encoding;
use std::path::Path;
use std::process::Output;

/// A fresh directory of its own, removed when the result is dropped.
fn tmp(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("certa-binding-{name}-"))
        .tempdir()
        .unwrap()
}

fn certificate_of(file: &Path, encoding: Encoding) -> Certificate {
    let run = run_file(file, encoding, &Config::default()).expect("loads");
    run.certificate.expect("a definite verdict")
}

/// certa-check on `cert` with `args`; `None` when the binary is not built.
fn check(cert: &Certificate, dir: &Path, args: &[&dyn AsRef<std::ffi::OsStr>]) -> Option<Output> {
    let bin = workspace_binary("certa-check")?;
    let path = dir.join("cert.json");
    format::encode::write_certificate(&path, cert).unwrap();
    let mut c = std::process::Command::new(bin);
    c.arg(&path);
    for a in args {
        c.arg(a);
    }
    Some(c.output().unwrap())
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// The audit's attack: the header (with the real file's hash) of the unsafe
/// seed_variant, a task whose fail edge is `false`, re-hashed, and a SAFE body.
fn forged_safe_certificate(source: &Path) -> Certificate {
    let real = certificate_of(source, Encoding::Lbe);
    let mut task = real.task.clone();
    for e in task.edges.iter_mut().filter(|e| e.to == task.bad_location) {
        e.relation = Expr::Bool(false);
    }
    let Verdict::Safe(body) = engine::verify(&task, &Config::default()).verdict else {
        panic!("the weakened task is safe");
    };
    let mut header = real.header.clone();
    header.task_sha256 = format::hash::task_sha256(&task);
    Certificate {
        header,
        task,
        body: Body::Safe(body),
        source_map: real.source_map,
    }
}

#[test]
fn a_forged_task_under_the_real_source_hash_is_invalid_with_source() {
    let dir_tmp = tmp("forged");
    let dir = dir_tmp.path();
    let source = corpus_dir().join("imp/seed_variant.imp");
    let forged = forged_safe_certificate(&source);
    // The checker alone cannot tell: the forged certificate is self-consistent.
    let Some(o) = check(&forged, dir, &[&"--embedded-task"]) else {
        eprintln!("certa-check is not built; skipped");
        return;
    };
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(
        text(&o).starts_with("VALID for the embedded task only"),
        "{}",
        text(&o)
    );
    let o = check(&forged, dir, &[&"--source", &source]).unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(
        text(&o).contains("binding: the task differs") && text(&o).contains("seed_variant.imp"),
        "{}",
        text(&o)
    );
}

#[test]
fn the_real_certificate_binds_to_its_source_under_any_path() {
    let dir_tmp = tmp("real");
    let dir = dir_tmp.path();
    let source = corpus_dir().join("imp/seed.imp");
    let cert = certificate_of(&source, Encoding::Lbe);
    let Some(o) = check(&cert, dir, &[&"--source", &source]) else {
        return;
    };
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let first = text(&o);
    assert!(
        first.starts_with("VALID for the program") && first.contains("seed.imp"),
        "{first}"
    );
    // Binding is by content: a copy elsewhere, under another name, binds too.
    let copy = dir.join("renamed.imp");
    std::fs::copy(&source, &copy).unwrap();
    let o = check(&cert, dir, &[&"--source", &copy, &"--json"]).unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["binding"]["kind"], "source");
    // SBE certificates bind under SBE.
    let sbe = certificate_of(&source, Encoding::Sbe);
    let o = check(&sbe, dir, &[&"--source", &source]).unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
}

#[test]
fn another_file_other_options_or_no_record_are_invalid_naming_the_side() {
    let dir_tmp = tmp("mismatch");
    let dir = dir_tmp.path();
    let seed = corpus_dir().join("imp/seed.imp");
    let cert = certificate_of(&seed, Encoding::Lbe);
    let variant = corpus_dir().join("imp/seed_variant.imp");
    let Some(o) = check(&cert, dir, &[&"--source", &variant]) else {
        return;
    };
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(
        text(&o).contains("binding: the source differs"),
        "{}",
        text(&o)
    );
    // The header claims SBE, the task is LBE's: the re-translation differs.
    let mut sbe_claim = cert.clone();
    sbe_claim
        .header
        .source
        .as_mut()
        .unwrap()
        .translation
        .encoding = "sbe".into();
    let o = check(&sbe_claim, dir, &[&"--source", &seed]).unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(
        text(&o).contains("binding: the task differs") && text(&o).contains("sbe"),
        "{}",
        text(&o)
    );
    // Another language than the file's.
    let mut ts_claim = cert.clone();
    ts_claim
        .header
        .source
        .as_mut()
        .unwrap()
        .translation
        .language = "ts".into();
    let o = check(&ts_claim, dir, &[&"--source", &seed]).unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(
        text(&o).contains("language differs: the source gives imp, the certificate records ts"),
        "{}",
        text(&o)
    );
    // A C certificate claiming another data model than the file's.
    let c = corpus_dir().join("c/token_pass.c");
    let mut ilp = certificate_of(&c, Encoding::Lbe);
    ilp.header.source.as_mut().unwrap().translation.data_model = Some("ILP32".into());
    let o = check(&ilp, dir, &[&"--source", &c]).unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(
        text(&o)
            .contains("data model differs: the source gives LP64, the certificate records ILP32"),
        "{}",
        text(&o)
    );
    // No source record at all.
    let mut anonymous = cert.clone();
    anonymous.header.source = None;
    let o = check(&anonymous, dir, &[&"--source", &seed]).unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("records no source file"), "{}", text(&o));
    // An unreadable source is a usage error, not a verdict.
    let o = check(&cert, dir, &[&"--source", &dir.join("missing.imp")]).unwrap();
    assert_eq!(o.status.code(), Some(3), "{}", text(&o));
}

#[test]
fn every_corpus_certificate_binds_to_its_source() {
    // The frontend is deterministic: re-translating each file gives the task
    // its certificate was made from (the checker's binding obligation).
    let dir = corpus_dir();
    let mut bound = 0;
    for (file, expected) in certa::bench::manifest(&dir).unwrap() {
        if expected == "error" {
            continue;
        }
        let path = dir.join(&file);
        let program = frontend::load(&path, Encoding::Lbe).unwrap();
        let header = engine::run::source_file(&path, Encoding::Lbe).unwrap();
        let again = frontend::load_as(&path, &header.translation).unwrap();
        assert_eq!(
            format::hash::task_sha256(&again.task),
            format::hash::task_sha256(&program.task),
            "{file}"
        );
        bound += 1;
    }
    assert!(bound >= 60, "only {bound} corpus programs");
}
