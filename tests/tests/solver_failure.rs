//! Solver failure: when a solver gives up, no verdict may be claimed.
//!
//! - The checker (cvc5) with a tiny per-obligation resource limit answers
//!   INCONCLUSIVE on real corpus certificates, never VALID (and, since no
//!   obligation is refuted, never INVALID); `certa-check --rlimit 1` exits 2.
//! - The verifier (Z3) out of time, or with a global Z3 resource limit,
//!   answers UNKNOWN with a reason, never SAFE or UNSAFE, and writes no
//!   certificate.
//!
//! Z3's global parameters are process-wide, so every test here holds `LOCK`.

use certa_tests::corpus_dir;
use checker::{Limits, Options, Outcome, Verdict};
use engine::run::run_file;
use engine::{self, Config, Verdict as EngineVerdict};
use format::{Body, Certificate};
use frontend::Encoding;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Duration;

static LOCK: Mutex<()> = Mutex::new(());

fn lock() -> std::sync::MutexGuard<'static, ()> {
    LOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// SAFE corpus programs whose certificates have several nontrivial
/// (loop-closure) obligations.
const SAFE: &[&str] = &[
    "imp/seed.imp",
    "imp/nested.imp",
    "imp/two_counters.imp",
    "imp/sum_n.imp",
    "imp/halve_loop.imp",
    "ts/two_phase.ts",
    "chc/counter_safe.smt2",
];

/// Corpus programs of both verdicts for the verifier-side tests.
const PROGRAMS: &[&str] = &[
    "imp/seed.imp",
    "imp/nested.imp",
    "imp/count_to_1000.imp",
    "imp/deep_bug_45.imp",
    "imp/sum_n_bug.imp",
    "ts/two_phase.ts",
    "ts/seed_variant.ts",
    "chc/counter_unsafe.smt2",
];

/// The verifier's certificate for `file`, made once per test process.
fn certificate(file: &str) -> Certificate {
    static MADE: Mutex<BTreeMap<String, Certificate>> = Mutex::new(BTreeMap::new());
    let mut made = MADE.lock().unwrap_or_else(|p| p.into_inner());
    made.entry(file.to_string())
        .or_insert_with(|| make_certificate(file))
        .clone()
}

fn make_certificate(file: &str) -> Certificate {
    // Predicate certificates: value-state obligations (`x == 0 && x == 1`)
    // can be refuted by cvc5's rewriter alone, without spending resources.
    let cfg = Config {
        timeout: Some(Duration::from_secs(120)),
        analysis: engine::AnalysisKind::Predicate,
        ..Config::default()
    };
    let run = run_file(&corpus_dir().join(file), Encoding::Lbe, &cfg)
        .unwrap_or_else(|e| panic!("{file}: {e}"));
    run.certificate
        .unwrap_or_else(|| panic!("{file}: no certificate ({:?})", run.outcome.verdict))
}

fn check(cert: &Certificate, limits: Limits) -> checker::Report {
    let opts = Options {
        limits,
        ..Options::default()
    };
    checker::on_large_stack(|| checker::check(cert, &opts))
}

fn rlimit(r: u64) -> Limits {
    Limits {
        rlimit: Some(r),
        proofs: false,
        timeout_ms: None,
    }
}

#[test]
fn checker_with_a_tiny_resource_limit_is_inconclusive_never_valid() {
    let _g = lock();
    for file in SAFE {
        let cert = certificate(file);
        let full = check(&cert, Limits::default());
        assert_eq!(full.verdict(), Verdict::Valid, "{file}: unlimited check");
        let solver_obligations = full
            .records
            .iter()
            .filter(|r| matches!(r.obligation, "initiality" | "closure"))
            .count();
        for r in [1, 10] {
            let rep = check(&cert, rlimit(r));
            let unknown: Vec<_> = rep
                .records
                .iter()
                .filter_map(|rec| match &rec.outcome {
                    Outcome::Unknown(why) => Some(why.clone()),
                    _ => None,
                })
                .collect();
            eprintln!(
                "{file}: rlimit {r}: {:?}, {} of {solver_obligations} solver obligations unknown, e.g. {:?}",
                rep.verdict(),
                unknown.len(),
                unknown.first()
            );
            assert_eq!(
                rep.verdict(),
                Verdict::Inconclusive,
                "{file}: rlimit {r} must make the check inconclusive:\n{}",
                checker::report::text(&rep)
            );
            assert!(
                rep.failures().next().is_none(),
                "{file}: a limit refuted an obligation"
            );
            assert!(!unknown.is_empty() && unknown.iter().all(|w| !w.is_empty()));
        }
    }
}

#[test]
fn checker_with_a_tiny_time_limit_never_claims_more_than_it_checked() {
    let _g = lock();
    for file in SAFE {
        let cert = certificate(file);
        let rep = check(
            &cert,
            Limits {
                timeout_ms: Some(1),
                rlimit: None,
                proofs: false,
            },
        );
        let any_unknown = rep
            .records
            .iter()
            .any(|r| matches!(r.outcome, Outcome::Unknown(_)));
        // A time limit is not deterministic: every obligation may finish in
        // 1 ms. Then VALID is right; otherwise the answer is INCONCLUSIVE.
        let want = if any_unknown {
            Verdict::Inconclusive
        } else {
            Verdict::Valid
        };
        eprintln!("{file}: tlimit-per 1 ms: {:?}", rep.verdict());
        assert_eq!(
            rep.verdict(),
            want,
            "{file}:\n{}",
            checker::report::text(&rep)
        );
    }
}

#[test]
fn checker_with_a_tiny_resource_limit_never_accepts_a_broken_certificate() {
    let _g = lock();
    for file in SAFE {
        let mut cert = certificate(file);
        // Drop every successor: closure fails wherever an edge is possible.
        if let Body::Safe(b) = &mut cert.body {
            b.successors.clear();
        }
        for r in [1, 10, 1000] {
            let v = check(&cert, rlimit(r)).verdict();
            assert_ne!(
                v,
                Verdict::Valid,
                "{file}: rlimit {r} accepted a broken certificate"
            );
        }
        assert_eq!(
            check(&cert, Limits::default()).verdict(),
            Verdict::Invalid,
            "{file}"
        );
    }
}

#[test]
fn solver_limits_do_not_affect_concrete_trace_replay() {
    let _g = lock();
    for file in ["imp/deep_bug_45.imp", "ts/seed_variant.ts"] {
        let cert = certificate(file);
        assert!(matches!(cert.body, Body::Unsafe(_)));
        assert_eq!(check(&cert, rlimit(1)).verdict(), Verdict::Valid, "{file}");
    }
}

/// `target/debug/certa-check`, when it has been built (it is a binary of
/// another package, so Cargo does not build it for this test).
fn certa_check_binary() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let dir = exe.parent()?.parent()?;
    let p = dir.join(format!("certa-check{}", std::env::consts::EXE_SUFFIX));
    p.is_file().then_some(p)
}

#[test]
fn certa_check_with_rlimit_1_exits_2_when_the_binary_is_built() {
    let _g = lock();
    let Some(bin) = certa_check_binary() else {
        eprintln!("certa-check is not built next to this test; skipped (cargo test --workspace builds it)");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    for file in ["imp/nested.imp", "ts/two_phase.ts"] {
        let cert = certificate(file);
        let path = dir.path().join(file.replace('/', "_") + ".json");
        format::encode::write_certificate(&path, &cert).unwrap();
        let run = |args: &[&str]| {
            std::process::Command::new(&bin)
                .arg(&path)
                .arg("--source")
                .arg(certa_tests::corpus_dir().join(file))
                .args(args)
                .output()
                .unwrap()
        };
        let o = run(&["--rlimit", "1"]);
        let text = String::from_utf8_lossy(&o.stdout).into_owned();
        assert_eq!(o.status.code(), Some(2), "{file}: {text}");
        assert!(text.starts_with("INCONCLUSIVE"), "{file}: {text}");
        assert_eq!(run(&[]).status.code(), Some(0), "{file}: without limits");
    }
}

fn task(file: &str) -> format::Task {
    frontend::load(&corpus_dir().join(file), Encoding::Lbe)
        .unwrap_or_else(|e| panic!("{file}: {e}"))
        .task
}

fn assert_unknown(file: &str, outcome: &engine::Outcome, what: &str) -> String {
    match &outcome.verdict {
        EngineVerdict::Unknown(why) => {
            assert!(
                !why.trim().is_empty(),
                "{file}: {what}: UNKNOWN without a reason"
            );
            why.clone()
        }
        EngineVerdict::Safe(_) => panic!("{file}: {what}: SAFE although Z3 could not answer"),
        EngineVerdict::Unsafe(_) => panic!("{file}: {what}: UNSAFE although Z3 could not answer"),
    }
}

#[test]
fn verifier_out_of_time_answers_unknown_never_safe_or_unsafe() {
    let _g = lock();
    for file in PROGRAMS {
        let t = task(file);
        for timeout in [Duration::ZERO, Duration::from_millis(1)] {
            let cfg = Config {
                timeout: Some(timeout),
                ..Config::default()
            };
            let why = assert_unknown(
                file,
                &engine::verify(&t, &cfg),
                &format!("timeout {timeout:?}"),
            );
            assert!(why.contains("timeout"), "{file}: reason `{why}`");
        }
        // run_file: no certificate for an UNKNOWN verdict.
        let cfg = Config {
            timeout: Some(Duration::ZERO),
            ..Config::default()
        };
        let run = run_file(&corpus_dir().join(file), Encoding::Lbe, &cfg).unwrap();
        assert!(run.certificate.is_none(), "{file}: certificate for UNKNOWN");
    }
}

/// Resets Z3's global parameters even if the test fails.
struct ResetZ3Params;

impl Drop for ResetZ3Params {
    fn drop(&mut self) {
        z3::reset_all_global_params();
    }
}

#[test]
fn verifier_with_a_z3_resource_limit_answers_unknown_never_safe_or_unsafe() {
    let _g = lock();
    let _reset = ResetZ3Params;
    // A fresh context per run picks the global parameter up; no time limit,
    // so only Z3 giving up can stop the run.
    z3::set_global_param("rlimit", "1");
    assert_eq!(z3::get_global_param("rlimit").as_deref(), Some("1"));
    let cfg = Config {
        timeout: None,
        ..Config::default()
    };
    // The limit reaches a fresh context: Z3 itself gives up.
    let reason = z3::with_z3_config(&z3::Config::new(), || {
        use z3::ast::Int;
        let s = z3::Solver::new();
        let (x, y) = (Int::new_const("x"), Int::new_const("y"));
        s.assert(Int::add(&[x.clone(), y.clone()]).eq(Int::from_i64(7)));
        s.assert(x.gt(Int::from_i64(2)));
        s.assert(y.gt(Int::from_i64(2)));
        assert_eq!(s.check(), z3::SatResult::Unknown);
        let raw = s.get_reason_unknown().unwrap_or_default();
        let budget = engine::smt::Budget::new(None);
        (raw, budget.check(&s, &[]))
    });
    eprintln!("z3 with rlimit 1 answers unknown: {reason:?}");
    assert!(
        reason.1.is_err(),
        "the engine's budget must turn unknown into an error"
    );
    for file in PROGRAMS {
        let why = assert_unknown(file, &engine::verify(&task(file), &cfg), "z3 rlimit 1");
        eprintln!("{file}: rlimit 1: UNKNOWN ({why})");
    }
    drop(_reset);
    // And with the limit lifted the same programs get their verdicts again.
    let cfg = Config {
        timeout: Some(Duration::from_secs(120)),
        ..Config::default()
    };
    for file in ["imp/seed.imp", "imp/sum_n_bug.imp"] {
        let v = engine::verify(&task(file), &cfg).verdict;
        assert!(
            !matches!(v, EngineVerdict::Unknown(_)),
            "{file}: {v:?} after reset"
        );
    }
}
