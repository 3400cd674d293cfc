//! Evidence that outlives the tool: `certa archive` bundles source, task,
//! certificate, report, cvc5 proofs, versions and SHA256SUMS, and
//! `certa-check --archive` re-checks all of it, binding included. Also the
//! checker's memory bound: running out of it is INCONCLUSIVE, not a crash.

use certa_tests::{corpus_dir, workspace_binary};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// `name` (not created) in a fresh directory, removed with all in it when
/// the returned guard is dropped.
fn tmp(name: &str) -> (tempfile::TempDir, PathBuf) {
    let parent = tempfile::tempdir().unwrap();
    let d = parent.path().join(name);
    (parent, d)
}

fn run(bin: &Path, args: &[&dyn AsRef<std::ffi::OsStr>]) -> Output {
    let mut c = Command::new(bin);
    for a in args {
        c.arg(a);
    }
    c.output().unwrap()
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn binaries() -> Option<(PathBuf, PathBuf)> {
    Some((workspace_binary("certa")?, workspace_binary("certa-check")?))
}

/// Rewrites SHA256SUMS after a file was changed, as a careful forger would.
fn rehash_sums(dir: &Path) {
    let sums = std::fs::read_to_string(dir.join("SHA256SUMS")).unwrap();
    let fixed: String = sums
        .lines()
        .map(|l| {
            let (_, path) = l.split_once("  ").unwrap();
            let bytes = std::fs::read(dir.join(path)).unwrap();
            format!("{}  {path}\n", format::hash::bytes_sha256(&bytes))
        })
        .collect();
    std::fs::write(dir.join("SHA256SUMS"), fixed).unwrap();
}

#[test]
fn an_archive_holds_everything_and_rechecks_valid_with_proofs() {
    let Some((certa, check)) = binaries() else {
        eprintln!("binaries not built; skipped");
        return;
    };
    for (file, code) in [
        ("imp/seed.imp", 0),
        ("imp/seed_variant.imp", 1),
        ("c/token_pass.c", 0),
    ] {
        let (_tmp, dir) = tmp(&file.replace('/', "_"));
        let o = run(&certa, &[&"archive", &corpus_dir().join(file), &"-o", &dir]);
        assert_eq!(o.status.code(), Some(code), "{file}: {}", text(&o));
        assert!(text(&o).contains("checked VALID"), "{}", text(&o));
        let name = Path::new(file).file_name().unwrap();
        for part in [
            "SHA256SUMS",
            "VERSIONS",
            "task.json",
            "certificate.json",
            "check-report.json",
        ] {
            assert!(dir.join(part).is_file(), "{file}: {part} missing");
        }
        assert!(dir.join("source").join(name).is_file());
        let versions = std::fs::read_to_string(dir.join("VERSIONS")).unwrap();
        assert!(
            versions.contains("cvc5 1.") && versions.contains("z3 5."),
            "{versions}"
        );
        // One CPC proof per UNSAT obligation (a trace has none).
        let proofs: Vec<_> = std::fs::read_dir(dir.join("proofs")).unwrap().collect();
        if code == 0 {
            assert!(proofs.len() >= 3, "{file}: {} proofs", proofs.len());
            for p in proofs {
                let t = std::fs::read_to_string(p.unwrap().path()).unwrap();
                assert!(t.contains("(step") || t.contains("(assume"), "{t}");
            }
        }
        let o = run(&check, &[&"--archive", &dir]);
        assert_eq!(o.status.code(), Some(0), "{file}: {}", text(&o));
        assert!(
            text(&o).starts_with("VALID for the program"),
            "{}",
            text(&o)
        );
    }
}

#[test]
fn a_tampered_archive_is_invalid() {
    let Some((certa, check)) = binaries() else {
        return;
    };
    let (_tmp, dir) = tmp("tamper");
    let o = run(
        &certa,
        &[&"archive", &corpus_dir().join("imp/seed.imp"), &"-o", &dir],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let source = dir.join("source/seed.imp");
    let original = std::fs::read_to_string(&source).unwrap();
    // A changed source without new sums: the archive's own hash list refutes it.
    std::fs::write(&source, original.replace("x = 0", "x = 1")).unwrap();
    let o = run(&check, &[&"--archive", &dir]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(
        text(&o).contains("archive: source/seed.imp hashes to"),
        "{}",
        text(&o)
    );
    // With the sums rewritten, the binding refutes it.
    rehash_sums(&dir);
    let o = run(&check, &[&"--archive", &dir]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(
        text(&o).contains("binding: the source differs"),
        "{}",
        text(&o)
    );
    // A task file that is not the certificate's.
    std::fs::write(&source, &original).unwrap();
    let task = std::fs::read_to_string(dir.join("task.json")).unwrap();
    std::fs::write(dir.join("task.json"), task.replacen("\"0\"", "\"5\"", 1)).unwrap();
    rehash_sums(&dir);
    let o = run(&check, &[&"--archive", &dir]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(
        text(&o).contains("task.json is not the certificate's task"),
        "{}",
        text(&o)
    );
    // A listed path that leaves the archive.
    std::fs::write(
        dir.join("SHA256SUMS"),
        format!("{}  ../etc/passwd\n", "0".repeat(64)),
    )
    .unwrap();
    let o = run(&check, &[&"--archive", &dir]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    // No archive at all: a usage error.
    let (_missing_tmp, missing) = tmp("missing");
    let o = run(&check, &[&"--archive", &missing]);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o));
}

#[test]
fn running_out_of_the_memory_bound_is_inconclusive() {
    let Some((_, check)) = binaries() else {
        return;
    };
    // A 32 MB certificate (an `and` of 2 * 10^6 operands) under a bound that
    // leaves about 75 MiB beside the 1 GiB checking stack.
    let mut cert =
        format::codec::read_certificate(&corpus_dir().join("seed/seed_p1_safe.json")).unwrap();
    let mut parts = vec![format::Expr::Bool(true); 2_000_000];
    parts.push(cert.task.init.clone());
    cert.task.init = format::Expr::And(parts);
    let (_tmp, dir) = tmp("memory");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("wide.json");
    format::encode::write_certificate(&path, &cert).unwrap();
    let o = run(
        &check,
        &[&path, &"--embedded-task", &"--memory-mb", &"1100"],
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        String::from_utf8_lossy(&o.stdout).starts_with("INCONCLUSIVE")
            && text(&o).contains("memory limit of 1100 MiB"),
        "{}",
        text(&o)
    );
    // With the default bound the same file is checked (it is merely wide).
    let o = run(&check, &[&path, &"--embedded-task"]);
    assert_ne!(o.status.code(), Some(2), "{}", text(&o));
}
