//! Every corpus program: the verdict matches MANIFEST.tsv, every certificate is
//! VALID under the independent checker, and a second run gives identical bytes.

use certa::engine::{Config, Verdict};
use certa::frontend::Encoding;
use certa::run::run_file;
use certa_tests::corpus_dir;
use std::time::Duration;

fn config() -> Config {
    Config {
        timeout: Some(Duration::from_secs(120)),
        ..Config::default()
    }
}

fn word(v: &Verdict) -> &'static str {
    match v {
        Verdict::Safe(_) => "safe",
        Verdict::Unsafe(_) => "unsafe",
        Verdict::Unknown(_) => "unknown",
    }
}

fn check_corpus(encoding: Encoding, determinism: bool) {
    let dir = corpus_dir();
    let entries = certa::bench::manifest(&dir).expect("corpus manifest");
    assert!(
        entries.len() >= 30,
        "corpus has only {} entries",
        entries.len()
    );
    let mut failures = Vec::new();
    for (file, expected) in &entries {
        let path = dir.join(file);
        let run = run_file(&path, encoding, &config());
        match (expected.as_str(), run) {
            ("error", Err(_)) => {}
            ("error", Ok(r)) => failures.push(format!(
                "{file}: expected a frontend error, got {}",
                word(&r.outcome.verdict)
            )),
            (_, Err(e)) => failures.push(format!("{file}: frontend error {e}")),
            (exp, Ok(r)) => {
                let got = word(&r.outcome.verdict);
                if got != exp {
                    failures.push(format!(
                        "{file}: expected {exp}, got {got} ({:?})",
                        match &r.outcome.verdict {
                            Verdict::Unknown(w) => w.clone(),
                            _ => String::new(),
                        }
                    ));
                    continue;
                }
                let cert = r
                    .certificate
                    .as_ref()
                    .expect("definite verdicts carry a certificate");
                let check = certa::bench::check_run(&r);
                if check != "VALID" {
                    failures.push(format!("{file}: certificate {check}"));
                }
                if determinism {
                    let again = run_file(&path, encoding, &config()).expect("second load");
                    let a = format::codec::to_json(cert);
                    let b = again
                        .certificate
                        .as_ref()
                        .map(format::codec::to_json)
                        .unwrap_or_default();
                    if a != b {
                        failures.push(format!("{file}: second run gave a different certificate"));
                    }
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn lbe_verdicts_match_the_manifest_with_valid_deterministic_certificates() {
    check_corpus(Encoding::Lbe, true);
}

#[test]
fn sbe_verdicts_match_the_manifest_with_valid_certificates() {
    check_corpus(Encoding::Sbe, false);
}
