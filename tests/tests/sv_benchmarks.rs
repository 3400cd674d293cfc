//! The sv-benchmarks development set (`../shared/corpus/sv-benchmarks`), when
//! present: every task parses and translates (or is rejected as unsupported
//! with a position), and a few quick tasks get the expected verdict with a
//! VALID certificate. Skips with a note when the folder is absent.

use certa_tests::shared_corpus;
use engine::run::run_file;
use engine::{Config, Verdict};
use frontend::{self, Encoding, FrontendError};
use std::time::Duration;

#[test]
fn every_task_translates_or_is_rejected_as_unsupported() {
    let Some(dir) = shared_corpus("sv-benchmarks") else {
        eprintln!("note: ../shared/corpus/sv-benchmarks is absent; skipping");
        return;
    };
    let entries = certa::bench::manifest(&dir).expect("manifest");
    assert_eq!(entries.len(), 40);
    let mut translated = 0;
    for (file, expected) in &entries {
        assert!(
            expected == "safe" || expected == "unsafe",
            "{file}: {expected}"
        );
        let def = frontend::c::read_task_def(&dir.join(file)).expect("task definition");
        assert_eq!(def.unreach_call, Some(expected == "safe"), "{file}");
        match frontend::load(&dir.join(file), Encoding::Lbe) {
            Ok(p) => {
                checker::structure::check_task(&p.task)
                    .unwrap_or_else(|e| panic!("{file}: invalid task: {e}"));
                translated += 1;
            }
            Err(e @ FrontendError::UnsupportedC { .. }) => {
                let m = e.to_string();
                assert!(m.starts_with("unsupported: ") && m.contains(".c:"), "{m}");
            }
            Err(e) => panic!("{file}: {e}"),
        }
    }
    assert!(translated >= 35, "only {translated} tasks translated");
}

#[test]
fn quick_tasks_get_the_expected_verdict_with_valid_certificates() {
    let Some(dir) = shared_corpus("sv-benchmarks") else {
        eprintln!("note: ../shared/corpus/sv-benchmarks is absent; skipping");
        return;
    };
    let cfg = Config {
        timeout: Some(Duration::from_secs(60)),
        ..Config::default()
    };
    for (file, expected) in [
        ("c/loop-acceleration/multivar_1-2.yml", "unsafe"),
        ("c/loops/trex02-2.yml", "unsafe"),
        ("c/loop-invariants/even.yml", "safe"),
        // `x = x + y; y = x` doubles x until it overflows: SV-COMP's
        // "true" holds only over mathematical integers. By default the
        // overflow is found (a VALID trace to it) and the answer is unknown.
        ("c/loop-zilu/benchmark01_conjunctive.yml", "unknown"),
    ] {
        let r = run_file(&dir.join(file), Encoding::Lbe, &cfg).expect(file);
        if let Verdict::Unknown(w) = &r.outcome.verdict {
            panic!("{file}: unknown ({w})");
        }
        assert_eq!(r.verdict_word(), expected, "{file}");
        assert_eq!(certa::bench::check_run(&r), "VALID", "{file}");
    }
    // Read as mathematical integers (`--assume-no-overflow`), it is safe.
    let math = Config {
        properties: Some(frontend::Properties {
            assume_no_overflow: true,
            ..Default::default()
        }),
        ..cfg
    };
    let file = "c/loop-zilu/benchmark01_conjunctive.yml";
    let r = run_file(&dir.join(file), Encoding::Lbe, &math).expect(file);
    assert_eq!(r.verdict_word(), "safe", "{file}");
    assert_eq!(certa::bench::check_run(&r), "VALID", "{file}");
}
