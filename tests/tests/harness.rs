//! Test harnesses from UNSAFE certificates of C programs: every solved UNSAFE C task's run, refined to single statements, checks VALID as an SBE certificate and its harness, compiled with the program, reaches `reach_error`; tampered certificates and other sources are refused or not confirmed.

use certa_tests::{corpus_dir, shared_corpus};
use engine::run::run_file;
use engine::{Config, Verdict};
use evidence::concretize;
use evidence::harness::{self, Outcome};
use format::{Body, Certificate};
use frontend::Encoding;
use std::path::Path;
use std::time::{Duration, Instant};

fn config(secs: u64) -> Config {
    Config {
        timeout: Some(Duration::from_secs(secs)),
        ..Config::default()
    }
}

/// The UNSAFE certificate of `file`, or `None` when certa does not solve it in time.
fn unsafe_certificate(file: &Path, secs: u64) -> Option<Certificate> {
    let run = run_file(file, Encoding::Lbe, &config(secs)).expect(&file.display().to_string());
    match run.outcome.verdict {
        Verdict::Unsafe(_) => run.certificate,
        Verdict::Safe(_) => panic!("{}: SAFE, expected UNSAFE", file.display()),
        Verdict::Unknown(_) => None,
    }
}

/// A fresh directory of its own, removed when the result is dropped.
fn tmp(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("certa-harness-{name}-"))
        .tempdir()
        .unwrap()
}

/// The SBE certificate of the refined run checks VALID bound to the source.
fn check_sbe_certificate(cert: &Certificate, source: &Path) {
    let st =
        concretize::sbe_trace(cert, source).unwrap_or_else(|e| panic!("{}: {e}", source.display()));
    assert!(st.sbe_steps >= cert_steps(cert), "{}", source.display());
    let sbe = concretize::sbe_certificate(cert, &st).unwrap();
    let opts = checker::Options {
        binding: checker::Binding::Source {
            path: source.to_path_buf(),
            bytes: std::fs::read(source).unwrap(),
        },
        ..checker::Options::default()
    };
    let report = checker::on_large_stack(|| checker::check(&sbe, &opts));
    assert_eq!(
        report.verdict(),
        checker::Verdict::Valid,
        "{}: {:?}",
        source.display(),
        report
            .failures()
            .map(|(_, e)| e.to_string())
            .collect::<Vec<_>>()
    );
}

fn cert_steps(cert: &Certificate) -> usize {
    match &cert.body {
        Body::Unsafe(t) => t.steps.len(),
        Body::Safe(_) => 0,
    }
}

/// `confirm`; `None` (with a note) when no compiler is installed.
fn confirmed(cert: &Certificate, source: &Path) -> Option<bool> {
    let c = harness::confirm(cert, source).unwrap_or_else(|e| panic!("{}: {e}", source.display()));
    if c.outcome == Outcome::Inconclusive && c.reason.contains("no C compiler") {
        eprintln!("note: no C compiler; not confirming {}", source.display());
        return None;
    }
    if c.outcome != Outcome::Confirmed {
        eprintln!("{}: {c}", source.display());
    }
    Some(c.outcome == Outcome::Confirmed)
}

#[test]
fn every_unsafe_corpus_c_program_is_confirmed() {
    let dir = corpus_dir();
    let entries: Vec<(String, String)> = certa::bench::manifest(&dir)
        .unwrap()
        .into_iter()
        .filter(|(f, e)| {
            e == "unsafe" && (f.ends_with(".c") || f.ends_with(".i") || f.ends_with(".yml"))
        })
        .collect();
    assert!(
        entries.len() >= 5,
        "only {} UNSAFE C programs",
        entries.len()
    );
    let mut confirmed_count = 0;
    for (file, _) in &entries {
        let source = dir.join(file);
        let cert = unsafe_certificate(&source, 120).unwrap_or_else(|| panic!("{file}: unknown"));
        check_sbe_certificate(&cert, &source);
        let text = harness::harness(&cert, &source).unwrap();
        assert!(text.contains(harness::MARKER), "{file}");
        assert!(
            text.contains(&cert.header.source.as_ref().unwrap().sha256),
            "{file}"
        );
        match confirmed(&cert, &source) {
            Some(true) => confirmed_count += 1,
            Some(false) => panic!("{file}: not confirmed"),
            None => return,
        }
    }
    eprintln!(
        "confirmed {confirmed_count} of {} UNSAFE corpus C programs",
        entries.len()
    );
}

#[test]
fn nondet_values_come_in_call_order_with_their_variables() {
    let source = corpus_dir().join("c/nondet_bug.c");
    let cert = unsafe_certificate(&source, 60).unwrap();
    let st = concretize::sbe_trace(&cert, &source).unwrap();
    let reads: Vec<_> = st
        .nondet
        .iter()
        .map(|r| {
            (
                r.line,
                r.function.as_deref().unwrap_or(""),
                r.value.to_string(),
                r.assigned.as_deref().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        reads,
        vec![
            (7, "__VERIFIER_nondet_int", "12345".to_string(), "x"),
            (8, "__VERIFIER_nondet_int", "12346".to_string(), "y"),
        ]
    );
    assert!(st.nondet[0].step < st.nondet[1].step);
    assert_eq!(st.nondet[0].call_text, "__VERIFIER_nondet_int()");
}

#[test]
fn harnesses_are_deterministic() {
    let source = corpus_dir().join("c/nondet_bug.c");
    let cert = unsafe_certificate(&source, 60).unwrap();
    let a = harness::harness(&cert, &source).unwrap();
    let b = harness::harness(&cert, &source).unwrap();
    assert_eq!(a, b);
    assert!(a.contains("int __VERIFIER_nondet_int(void)"), "{a}");
    assert!(a.contains("12345ULL"), "{a}");
    assert!(a.contains("12346ULL"), "{a}");
}

#[test]
fn tampered_certificates_and_harnesses_are_not_confirmed() {
    let source = corpus_dir().join("c/nondet_bug.c");
    let cert = unsafe_certificate(&source, 60).unwrap();
    // A certificate whose trace value no longer leads to the error.
    let mut tampered = cert.clone();
    let Body::Unsafe(t) = &mut tampered.body else {
        unreachable!()
    };
    for s in &mut t.steps {
        for v in s.inputs.values_mut() {
            v.0 += 1;
        }
    }
    match harness::confirm(&tampered, &source) {
        Err(e) => assert!(e.contains("does not replay"), "{e}"),
        Ok(c) => assert_ne!(c.outcome, Outcome::Confirmed, "{c}"),
    }
    // A harness whose value no longer leads to the error.
    let mut h = harness::build(&cert, &source).unwrap();
    assert!(h.text.contains("12346ULL"));
    h.text = h.text.replace("12346ULL", "12347ULL");
    let c = harness::confirm_harness(&cert, &source, &h);
    if !c.reason.contains("no C compiler") {
        assert_eq!(c.outcome, Outcome::NotConfirmed, "{c}");
        assert!(c.reason.contains("status 0"), "{c}");
    }
}

#[test]
fn a_source_with_another_hash_is_refused() {
    let source = corpus_dir().join("c/nondet_bug.c");
    let cert = unsafe_certificate(&source, 60).unwrap();
    let dir_tmp = tmp("refused");
    let dir = dir_tmp.path();
    let other = dir.join("nondet_bug.c");
    let mut text = std::fs::read_to_string(&source).unwrap();
    text.push_str("/* changed */\n");
    std::fs::write(&other, text).unwrap();
    let e = harness::confirm(&cert, &other).unwrap_err();
    assert!(e.starts_with("refused"), "{e}");
    let e = harness::harness(&cert, &other).unwrap_err();
    assert!(e.starts_with("refused"), "{e}");
    let e = concretize::sbe_trace(&cert, &other).unwrap_err();
    assert!(e.starts_with("refused"), "{e}");
}

/// Shared SV-COMP tasks that certa solves within seconds.
const QUICK_SHARED: &[(&str, &str)] = &[
    ("sv-benchmarks", "c/loop-acceleration/multivar_1-2.yml"),
    ("sv-benchmarks", "c/loops/trex02-2.yml"),
    ("sv-benchmarks", "c/loops/count_up_down-2.yml"),
    ("sv-control", "c/locks/test_locks_14-2.yml"),
    (
        "sv-control",
        "c/ntdrivers-simplified/kbfiltr_simpl2.cil-2.yml",
    ),
    ("sv-control", "c/systemc/token_ring.01.cil-2.yml"),
    (
        "sv-arrays",
        "c/array-industry-pattern/array_assert_loop_dep.yml",
    ),
];

#[test]
fn quick_shared_unsafe_tasks_are_confirmed() {
    for (set, file) in QUICK_SHARED {
        let Some(dir) = shared_corpus(set) else {
            eprintln!("note: ../shared/corpus/{set} is absent; skipping");
            continue;
        };
        let source = dir.join(file);
        let start = Instant::now();
        let cert = unsafe_certificate(&source, 60).unwrap_or_else(|| panic!("{file}: unknown"));
        let verified = start.elapsed();
        let outcome = confirmed(&cert, &source);
        eprintln!(
            "{set}/{file}: verify {:.1}s, confirm {:.1}s",
            verified.as_secs_f64(),
            (start.elapsed() - verified).as_secs_f64()
        );
        match outcome {
            Some(true) => {}
            Some(false) => panic!("{set}/{file}: not confirmed"),
            None => return,
        }
    }
}

/// Every UNSAFE C task of the shared sets that certa solves in 60 s must be
/// confirmed, unless its run reads uninitialised memory (`cargo test --release -p certa-tests --test harness -- --ignored --nocapture`).
#[test]
#[ignore]
fn shared_corpus_sweep() {
    let mut solved = 0;
    let mut confirmed_count = 0;
    let mut uncontrolled = 0;
    let mut failures = Vec::new();
    for set in ["sv-benchmarks", "sv-control", "sv-arrays"] {
        let Some(dir) = shared_corpus(set) else {
            eprintln!("note: ../shared/corpus/{set} is absent; skipping");
            continue;
        };
        for (file, expected) in certa::bench::manifest(&dir).unwrap() {
            if expected != "unsafe" {
                continue;
            }
            let source = dir.join(&file);
            let start = Instant::now();
            let run = match run_file(&source, Encoding::Lbe, &config(60)) {
                Ok(r) => r,
                Err(e) => {
                    eprintln!("{set}/{file}: not translated: {e}");
                    continue;
                }
            };
            let Verdict::Unsafe(_) = run.outcome.verdict else {
                eprintln!("{set}/{file}: not solved");
                continue;
            };
            solved += 1;
            let cert = run.certificate.unwrap();
            let verified = start.elapsed();
            match harness::confirm(&cert, &source) {
                Ok(c) if c.outcome == Outcome::Confirmed => {
                    confirmed_count += 1;
                    eprintln!(
                        "{set}/{file}: confirmed (verify {:.1}s, confirm {:.1}s)",
                        verified.as_secs_f64(),
                        (start.elapsed() - verified).as_secs_f64()
                    );
                }
                // Its run reads memory nobody sets: no harness can confirm it.
                Ok(c)
                    if c.outcome == Outcome::Inconclusive && c.reason.contains("uninitialised") =>
                {
                    eprintln!("{set}/{file}: {c}");
                    uncontrolled += 1;
                }
                Ok(c) => failures.push(format!("{set}/{file}: {c}")),
                Err(e) => failures.push(format!("{set}/{file}: {e}")),
            }
        }
    }
    eprintln!(
        "confirmed {confirmed_count} of {solved} solved UNSAFE shared C tasks; \
         {uncontrolled} read uninitialised memory (inconclusive)"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn sbe_certificates_and_other_languages() {
    // An SBE certificate's run is already single statements.
    let source = corpus_dir().join("c/nondet_bug.c");
    let run = run_file(&source, Encoding::Sbe, &config(60)).unwrap();
    let cert = run.certificate.expect("UNSAFE");
    let st = concretize::sbe_trace(&cert, &source).unwrap();
    assert_eq!(st.sbe_steps, cert_steps(&cert));
    assert_eq!(st.nondet.len(), 2);
    if let Some(ok) = confirmed(&cert, &source) {
        assert!(ok);
    }
    // Any language refines; harnesses are for C only.
    let imp = corpus_dir().join("imp/assume_bug.imp");
    let cert = unsafe_certificate(&imp, 60).unwrap();
    check_sbe_certificate(&cert, &imp);
    let e = harness::harness(&cert, &imp).unwrap_err();
    assert!(e.contains("harnesses are for C"), "{e}");
}

#[test]
fn ilp32_long_is_rewritten_in_place() {
    let text = "# 1 \"t.c\"\n#include <long.h>\nlong a; long int b; unsigned long c = 5UL;\n\
                long long d = 3LL; static const long f = 0x1fl;\n#define X (long)1L\n";
    let out = harness::ilp32_as_lp64(text);
    assert_eq!(
        out,
        "# 1 \"t.c\"\n#include <long.h>\nint  a;      int b; unsigned int  c = 5U ;\n\
         long long d = 3LL; static const int  f = 0x1f ;\n#define X (int )1 \n"
    );
    assert_eq!(out.len(), text.len());
}

/// A run that needs an allocation to fail: the harness routes the program's
/// `malloc` to a wrapper that fails exactly where the run's did.
#[test]
fn a_run_where_malloc_fails_is_confirmed_by_replaying_the_allocations() {
    let d_tmp = tmp("malloc_fails");
    let d = d_tmp.path();
    let src = d.join("fails.c");
    std::fs::write(
        &src,
        "extern void reach_error(void);\nvoid *malloc(unsigned long size);\n\
         int main(void) {\n  int *p = malloc(sizeof(int));\n  int *q = malloc(sizeof(int));\n\
         if (p && !q) reach_error();\n  return 0;\n}\n",
    )
    .unwrap();
    let cert = unsafe_certificate(&src, 20).expect("solved");
    let h = harness::build(&cert, &src).unwrap();
    assert_eq!(
        h.redefine,
        vec![
            ("malloc".to_string(), "certa_malloc".to_string()),
            ("calloc".to_string(), "certa_calloc".to_string()),
            ("realloc".to_string(), "certa_realloc".to_string())
        ]
    );
    assert!(
        h.text
            .contains("certa_alloc_fails[CERTA_ALLOCS + 1] = {\n  0, 1,\n"),
        "{}",
        h.text
    );
    if let Some(ok) = confirmed(&cert, &src) {
        assert!(ok, "the replayed failure reaches the error");
    }
}
