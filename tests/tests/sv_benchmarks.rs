//! The sv-benchmarks development set (`../shared/corpus/sv-benchmarks`), when
//! present: every task parses and translates (or is rejected as unsupported
//! with a position), and a few quick tasks get the expected verdict with a
//! VALID certificate. Skips with a note when the folder is absent.

use certa::engine::{Config, Verdict};
use certa::frontend::{self, Encoding, FrontendError};
use certa::run::run_file;
use certa_tests::shared_corpus;
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
        ("c/loop-zilu/benchmark01_conjunctive.yml", "safe"),
    ] {
        let r = run_file(&dir.join(file), Encoding::Lbe, &cfg).expect(file);
        let got = match &r.outcome.verdict {
            Verdict::Safe(_) => "safe",
            Verdict::Unsafe(_) => "unsafe",
            Verdict::Unknown(w) => panic!("{file}: unknown ({w})"),
        };
        assert_eq!(got, expected, "{file}");
        assert_eq!(certa::bench::check_run(&r), "VALID", "{file}");
    }
}
