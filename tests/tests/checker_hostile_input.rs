//! The checker's own bad input (issue 23 §9): `certa-check` refuses archive
//! source names that leave the archive, never opens a FIFO, directory or
//! device it is given as input (and so never blocks on one), runs the
//! re-translation of `--source` under the total `--timeout`, takes any
//! `u64` limit without panicking, turns a thread it cannot spawn under
//! `--memory-mb` into INCONCLUSIVE, and checks certificates whose tasks
//! hold constant arrays (C global arrays and initialisers).
//!
//! Every run of the checker here is bounded in wall-clock time: a run that
//! does not end is killed and fails the test ("blocked").

use certa_tests::{corpus_dir, workspace_binary};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const M: &str = "18446744073709551615";

/// A fresh directory of its own, removed when the result is dropped.
fn tmp(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("certa-hostile-input-{name}-"))
        .tempdir()
        .unwrap()
}

fn binaries() -> Option<(PathBuf, PathBuf)> {
    let found = (workspace_binary("certa")?, workspace_binary("certa-check")?);
    Some(found)
}

struct Ran {
    code: Option<i32>,
    stdout: String,
    all: String,
    seconds: f64,
}

/// Runs `bin` with `args`; kills it and fails if it is still running after `limit`.
fn run_bounded(bin: &Path, args: &[&dyn AsRef<std::ffi::OsStr>], limit: Duration) -> Ran {
    let mut c = Command::new(bin);
    for a in args {
        c.arg(a);
    }
    let start = Instant::now();
    let mut child = c
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "blocked: {} {:?} still ran after {limit:?}",
                bin.display(),
                c.get_args().collect::<Vec<_>>()
            );
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let o = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&o.stdout).to_string();
    let all = format!("{stdout}{}", String::from_utf8_lossy(&o.stderr));
    Ran {
        code: o.status.code(),
        stdout,
        all,
        seconds: start.elapsed().as_secs_f64(),
    }
}

const LIMIT: Duration = Duration::from_secs(20);

fn mkfifo(path: &Path) {
    let _ = std::fs::remove_file(path);
    let _ = std::fs::remove_dir_all(path);
    let ok = Command::new("mkfifo").arg(path).status().unwrap().success();
    assert!(ok, "mkfifo {}", path.display());
}

/// A C program with a global array with an initialiser and one without.
const GLOBAL_ARRAYS: &str = "extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int a[4] = {1, 2, 3, 4};
int b[5];
int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i >= 0 && i < 4) { a[i] = a[i] + 1; b[i] = a[i]; }
  if (a[0] < 1) { reach_error(); abort(); }
  if (b[4] != 0) { reach_error(); abort(); }
  return 0;
}
";

/// `certa verify FILE -o CERT` must answer `code` (0 safe, 1 unsafe).
fn verify(certa: &Path, file: &Path, cert: &Path, code: i32) {
    let r = run_bounded(certa, &[&"verify", &file, &"-o", &cert], LIMIT);
    assert_eq!(r.code, Some(code), "{}", r.all);
}

/// An archive of corpus/imp/seed.imp in `base/ar`.
fn seed_archive(certa: &Path, base: &Path) -> PathBuf {
    let dir = base.join("ar");
    let r = run_bounded(
        certa,
        &[&"archive", &corpus_dir().join("imp/seed.imp"), &"-o", &dir],
        LIMIT,
    );
    assert_eq!(r.code, Some(0), "{}", r.all);
    dir
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

/// Gives the archived certificate another `header.source.name`, sums rehashed.
fn rename_source(dir: &Path, name: &str) {
    let path = dir.join("certificate.json");
    let mut cert = format::codec::read_certificate(&path).unwrap();
    cert.header.source.as_mut().unwrap().name = name.to_string();
    format::encode::write_certificate(&path, &cert).unwrap();
    rehash_sums(dir);
}

#[test]
fn archive_source_name_with_parent_dir_is_invalid() {
    let Some((certa, check)) = binaries() else {
        eprintln!("binaries not built; skipped");
        return;
    };
    let base_tmp = tmp("parent-dir");
    let base = base_tmp.path();
    let dir = seed_archive(&certa, base);
    // The very file, outside the archive: without the rule it would check VALID.
    std::fs::copy(corpus_dir().join("imp/seed.imp"), base.join("seed.imp")).unwrap();
    for name in ["../../seed.imp", "x/../../../seed.imp"] {
        rename_source(&dir, name);
        let r = run_bounded(&check, &[&"--archive", &dir], LIMIT);
        assert_eq!(r.code, Some(1), "{name}: {}", r.all);
        assert!(r.stdout.starts_with("INVALID"), "{}", r.all);
        assert!(
            r.stdout.contains(&format!("header.source.name `{name}`"))
                && r.stdout.contains("leaves the archive"),
            "{}",
            r.all
        );
    }
}

#[test]
fn archive_source_name_that_is_absolute_is_invalid() {
    let Some((certa, check)) = binaries() else {
        return;
    };
    let base_tmp = tmp("absolute");
    let base = base_tmp.path();
    let dir = seed_archive(&certa, base);
    let outside = base.join("seed.imp");
    std::fs::copy(corpus_dir().join("imp/seed.imp"), &outside).unwrap();
    let name = outside.display().to_string();
    rename_source(&dir, &name);
    let r = run_bounded(&check, &[&"--archive", &dir, &"--json"], LIMIT);
    assert_eq!(r.code, Some(1), "{}", r.all);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).expect("a JSON report");
    assert_eq!(v["verdict"], "INVALID", "{}", r.all);
    assert!(
        v["reason"].as_str().unwrap().contains(&format!("`{name}`")),
        "{}",
        r.all
    );
}

#[test]
fn archive_source_symlink_out_of_the_archive_is_invalid() {
    let Some((certa, check)) = binaries() else {
        return;
    };
    let base_tmp = tmp("symlink");
    let base = base_tmp.path();
    let dir = seed_archive(&certa, base);
    let outside = base.join("seed.imp");
    std::fs::copy(corpus_dir().join("imp/seed.imp"), &outside).unwrap();
    let member = dir.join("source/seed.imp");
    std::fs::remove_file(&member).unwrap();
    std::os::unix::fs::symlink(&outside, &member).unwrap();
    let r = run_bounded(&check, &[&"--archive", &dir], LIMIT);
    assert_eq!(r.code, Some(1), "{}", r.all);
    assert!(r.stdout.contains("outside the archive"), "{}", r.all);
}

#[test]
fn fifo_or_directory_archive_member_is_invalid_without_blocking() {
    let Some((certa, check)) = binaries() else {
        return;
    };
    let base_tmp = tmp("members");
    let base = base_tmp.path();
    let dir = seed_archive(&certa, base);
    let keep = base.join("keep");
    std::fs::create_dir_all(&keep).unwrap();
    for member in [
        "source/seed.imp",
        "VERSIONS",
        "certificate.json",
        "SHA256SUMS",
    ] {
        let path = dir.join(member);
        let saved = keep.join(member.replace('/', "_"));
        std::fs::rename(&path, &saved).unwrap();
        for (kind, make) in [
            ("a FIFO", mkfifo as fn(&Path)),
            ("a directory", |p: &Path| std::fs::create_dir(p).unwrap()),
        ] {
            make(&path);
            let r = run_bounded(&check, &[&"--archive", &dir], Duration::from_secs(10));
            assert_eq!(r.code, Some(1), "{member} as {kind}: {}", r.all);
            assert!(
                r.stdout.starts_with("INVALID") && r.stdout.contains(kind),
                "{member} as {kind}: {}",
                r.all
            );
            assert!(r.seconds < 5.0, "{member}: {} s", r.seconds);
            let _ = std::fs::remove_file(&path);
            let _ = std::fs::remove_dir(&path);
        }
        std::fs::rename(&saved, &path).unwrap();
    }
    // Restored, the archive checks VALID again.
    let r = run_bounded(&check, &[&"--archive", &dir], LIMIT);
    assert_eq!(r.code, Some(0), "{}", r.all);
}

#[test]
fn fifo_source_is_refused_without_blocking() {
    let Some((certa, check)) = binaries() else {
        return;
    };
    let dir_tmp = tmp("fifo-source");
    let dir = dir_tmp.path();
    let cert = dir.join("seed.cert.json");
    verify(&certa, &corpus_dir().join("imp/seed.imp"), &cert, 0);
    let fifo = dir.join("seed.imp");
    mkfifo(&fifo);
    let folder = dir.join("folder.imp");
    std::fs::create_dir_all(&folder).unwrap();
    let cases: [(&str, Vec<&dyn AsRef<std::ffi::OsStr>>, &str); 5] = [
        ("--source FIFO", vec![&cert, &"--source", &fifo], "a FIFO"),
        (
            "--source DIR",
            vec![&cert, &"--source", &folder],
            "a directory",
        ),
        (
            "--source /dev/zero",
            vec![&cert, &"--source", &"/dev/zero"],
            "a character device",
        ),
        ("--task FIFO", vec![&cert, &"--task", &fifo], "a FIFO"),
        (
            "certificate FIFO",
            vec![&fifo, &"--embedded-task"],
            "a FIFO",
        ),
    ];
    for (what, args, kind) in cases {
        let r = run_bounded(&check, &args, Duration::from_secs(10));
        assert_eq!(r.code, Some(3), "{what}: {}", r.all);
        assert!(
            r.all.contains(kind) && r.all.contains("not a regular file"),
            "{what}: {}",
            r.all
        );
        assert!(r.seconds < 5.0, "{what}: {} s", r.seconds);
    }
}

#[test]
fn fifo_header_times_out_during_re_translation_as_inconclusive() {
    let Some((certa, check)) = binaries() else {
        return;
    };
    let dir_tmp = tmp("fifo-header");
    let dir = dir_tmp.path();
    let header = dir.join("limit.h");
    std::fs::write(&header, "int limit(void) { return 3; }\n").unwrap();
    let source = dir.join("uses_header.c");
    std::fs::write(
        &source,
        "extern void abort(void);\nextern void reach_error(void);\n#include \"limit.h\"\n\
         int main(void) {\n  if (limit() != 3) { reach_error(); abort(); }\n  return 0;\n}\n",
    )
    .unwrap();
    let cert = dir.join("uses_header.cert.json");
    verify(&certa, &source, &cert, 0);
    mkfifo(&header);
    // The preprocessor blocks on the header; the check ends at --timeout.
    let r = run_bounded(
        &check,
        &[&cert, &"--source", &source, &"--timeout", &"1"],
        Duration::from_secs(10),
    );
    // Let a preprocessor still waiting on the FIFO read an end of file (the
    // open returns at once when one is waiting; give up if none is).
    let unblock = header.clone();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        drop(std::fs::OpenOptions::new().write(true).open(unblock));
        let _ = tx.send(());
    });
    let _ = rx.recv_timeout(Duration::from_secs(2));
    assert!(r.seconds < 4.0, "{} s: {}", r.seconds, r.all);
    assert_ne!(r.code, Some(0), "{}", r.all);
    if r.code == Some(2) {
        assert!(r.stdout.contains("re-translation"), "{}", r.all);
    }
}

#[test]
fn huge_timeout_neither_panics_nor_overflows() {
    let Some((certa, check)) = binaries() else {
        return;
    };
    let dir_tmp = tmp("huge-limits");
    let dir = dir_tmp.path();
    let source = corpus_dir().join("imp/seed.imp");
    let cert = dir.join("seed.cert.json");
    verify(&certa, &source, &cert, 0);
    let two62 = (1u64 << 62).to_string();
    let cases: [Vec<&dyn AsRef<std::ffi::OsStr>>; 6] = [
        vec![&"--timeout", &M],
        vec![&"--timeout", &two62],
        vec![&"--timeout-ms", &M],
        vec![&"--rlimit", &M],
        vec![&"--memory-mb", &M],
        vec![
            &"--timeout",
            &M,
            &"--timeout-ms",
            &M,
            &"--rlimit",
            &M,
            &"--memory-mb",
            &M,
        ],
    ];
    for limits in cases {
        let mut args: Vec<&dyn AsRef<std::ffi::OsStr>> = vec![&cert, &"--source", &source];
        args.extend(limits.iter().copied());
        let r = run_bounded(&check, &args, LIMIT);
        let shown: Vec<_> = limits
            .iter()
            .map(|a| a.as_ref().to_string_lossy())
            .collect();
        assert_eq!(r.code, Some(0), "{shown:?}: {}", r.all);
        assert!(
            r.stdout.starts_with("VALID for the program"),
            "{shown:?}: {}",
            r.all
        );
        assert!(!r.all.contains("panicked"), "{shown:?}: {}", r.all);
    }
}

#[test]
fn thread_spawn_failure_under_memory_limit_is_inconclusive() {
    let Some((certa, check)) = binaries() else {
        return;
    };
    let dir_tmp = tmp("spawn");
    let dir = dir_tmp.path();
    let source = corpus_dir().join("imp/seed.imp");
    let cert = dir.join("seed.cert.json");
    verify(&certa, &source, &cert, 0);
    // Beside the 1 GiB checking stack, these bounds leave room for some of
    // the threads of a --source check and not for others (the re-translation
    // thread, the frontend's parser thread): whichever cannot be spawned,
    // the answer is INCONCLUSIVE with the OS error, or VALID when all fit;
    // never a crash, never a hang.
    let bounds = ["1300", "1500", "1650", "8192"];
    let runs: Vec<_> = bounds
        .iter()
        .map(|mb| {
            let (check, cert, source) = (check.clone(), cert.clone(), source.clone());
            let mb = mb.to_string();
            std::thread::spawn(move || {
                run_bounded(
                    &check,
                    &[&cert, &"--source", &source, &"--memory-mb", &mb],
                    LIMIT,
                )
            })
        })
        .collect();
    let mut spawn_failures = 0;
    for (mb, r) in bounds.iter().zip(runs) {
        let r = r.join().unwrap();
        match r.code {
            Some(0) => assert!(r.stdout.starts_with("VALID"), "{mb}: {}", r.all),
            Some(2) => {
                assert!(r.stdout.starts_with("INCONCLUSIVE"), "{mb}: {}", r.all);
                if r.stdout.contains("thread") {
                    assert!(
                        r.stdout.contains("os error") || r.stdout.contains("Os {"),
                        "{mb}: the OS error is named: {}",
                        r.all
                    );
                    spawn_failures += 1;
                }
            }
            other => panic!("--memory-mb {mb}: exit {other:?}: {}", r.all),
        }
    }
    assert!(spawn_failures >= 1, "no bound made a thread fail to spawn");
}

#[test]
fn global_array_certificate_checks_valid() {
    let Some((certa, check)) = binaries() else {
        return;
    };
    let dir_tmp = tmp("global-arrays");
    let dir = dir_tmp.path();
    let source = dir.join("global_arrays.c");
    std::fs::write(&source, GLOBAL_ARRAYS).unwrap();
    let cert = dir.join("global_arrays.cert.json");
    verify(&certa, &source, &cert, 0);
    let r = run_bounded(&check, &[&cert, &"--source", &source], LIMIT);
    assert_eq!(r.code, Some(0), "{}", r.all);
    assert!(r.stdout.starts_with("VALID for the program"), "{}", r.all);
    // The task holds constant arrays (what cvc5 calls STORE_ALL).
    let c = format::codec::read_certificate(&cert).unwrap();
    let consts = c.task.edges.iter().any(|e| {
        let mut stack = vec![&e.relation];
        while let Some(x) = stack.pop() {
            if matches!(x, format::Expr::ConstArray(_)) {
                return true;
            }
            stack.extend(x.children());
        }
        false
    });
    assert!(consts, "the program's task has no constant array");
    // Its unsafe variant's trace checks VALID too.
    let bug = dir.join("global_arrays_bug.c");
    std::fs::write(&bug, GLOBAL_ARRAYS.replace("a[0] < 1", "a[0] < 2")).unwrap();
    let bug_cert = dir.join("global_arrays_bug.cert.json");
    verify(&certa, &bug, &bug_cert, 1);
    let r = run_bounded(&check, &[&bug_cert, &"--source", &bug], LIMIT);
    assert_eq!(r.code, Some(0), "{}", r.all);
}

#[test]
fn forged_global_array_certificate_is_invalid() {
    let Some((certa, check)) = binaries() else {
        return;
    };
    let dir_tmp = tmp("global-arrays-forged");
    let dir = dir_tmp.path();
    let (safe, bug) = (dir.join("safe.c"), dir.join("bug.c"));
    std::fs::write(&safe, GLOBAL_ARRAYS).unwrap();
    std::fs::write(&bug, GLOBAL_ARRAYS.replace("a[0] < 1", "a[0] < 2")).unwrap();
    let (safe_cert, bug_cert) = (dir.join("safe.cert.json"), dir.join("bug.cert.json"));
    verify(&certa, &safe, &safe_cert, 0);
    verify(&certa, &bug, &bug_cert, 1);
    // The safe program's abstraction, claimed for the unsafe program.
    let mut forged = format::codec::read_certificate(&safe_cert).unwrap();
    let real = format::codec::read_certificate(&bug_cert).unwrap();
    forged.header = real.header.clone();
    forged.task = real.task.clone();
    let path = dir.join("forged.cert.json");
    format::encode::write_certificate(&path, &forged).unwrap();
    let r = run_bounded(&check, &[&path, &"--source", &bug], LIMIT);
    assert_eq!(r.code, Some(1), "{}", r.all);
    assert!(r.stdout.contains("closure:"), "{}", r.all);
}
