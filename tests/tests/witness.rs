//! SV-COMP witnesses 2.0: every C program of the corpus gets a witness that
//! passes the format's rules and that `validate-witness` confirms with a
//! certificate the checker accepts; hand-written witnesses in other tools'
//! style are confirmed, and wrong ones rejected.

use certa_tests::{corpus_dir, shared_corpus, workspace_binary};
use engine::Config;
use evidence::witness::rules::{parse_witness, Entry};
use evidence::witness::validate::{validate, Answer};
use std::path::{Path, PathBuf};
use std::time::Duration;

fn cfg(seconds: u64) -> Config {
    Config {
        timeout: Some(Duration::from_secs(seconds)),
        ..Config::default()
    }
}

/// `(path, expected verdict)` of the C programs in a MANIFEST.tsv.
fn c_programs(dir: &Path) -> Vec<(PathBuf, String)> {
    certa::bench::manifest(dir)
        .expect("manifest")
        .into_iter()
        .filter(|(file, verdict)| {
            frontend::language_of(Path::new(file)) == Some("c") && verdict != "error"
        })
        .map(|(file, verdict)| (dir.join(file), verdict))
        .collect()
}

fn check_valid(cert: &format::Certificate, source: &Path) {
    let opts = checker::Options {
        binding: checker::Binding::Source {
            path: source.to_path_buf(),
            bytes: std::fs::read(source).unwrap(),
        },
        ..checker::Options::default()
    };
    let report = checker::on_large_stack(|| checker::check(cert, &opts));
    assert_eq!(
        report.verdict(),
        checker::Verdict::Valid,
        "{}: {}",
        source.display(),
        checker::report::text(&report)
    );
}

/// Verifies, writes the witness, checks its rules, validates it; returns
/// the witness text and whether the program was safe (`None`: unsolved).
fn try_round_trip(path: &Path, seconds: u64) -> Result<Option<(String, bool)>, String> {
    // Unsupported programs (frontend errors) and unsolved ones have no witness.
    let Ok(run) = engine::run::run_file(path, frontend::Encoding::Lbe, &cfg(seconds)) else {
        return Ok(None);
    };
    let Some(cert) = run.certificate else {
        return Ok(None);
    };
    let safe = matches!(cert.body, format::Body::Safe(_));
    let text =
        evidence::witness::witness_for(&cert, Some(path)).map_err(|e| format!("witness: {e}"))?;
    let entries = parse_witness(&text)
        .map_err(|e| format!("the witness breaks the 2.0 rules: {e}\n{text}"))?;
    match (entries.as_slice(), safe) {
        ([Entry::InvariantSet { .. }], true) | ([Entry::ViolationSequence { .. }], false) => {}
        _ => return Err("wrong entries for the verdict".into()),
    }
    let v = validate(path, &text, &cfg(seconds))?;
    if let (Answer::Unknown(why), false) = (&v.answer, safe) {
        return Err(format!("UNKNOWN-VIOLATION {why}"));
    }
    if v.answer != Answer::Confirmed {
        return Err(format!("{:?}, notes {:?}\n{text}", v.answer, v.notes));
    }
    let Some(backing) = v.certificate else {
        // Only a run too long for any certificate goes without one.
        return match v.notes.iter().any(|n| n.contains("no certificate written")) {
            true => Ok(Some((text, safe))),
            false => Err("a confirmed witness comes with a certificate".into()),
        };
    };
    if matches!(backing.body, format::Body::Safe(_)) != safe {
        return Err("the backing certificate has the other verdict".into());
    }
    check_valid(&backing, path);
    Ok(Some((text, safe)))
}

fn round_trip(path: &Path, seconds: u64) -> Option<(String, bool)> {
    try_round_trip(path, seconds).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_corpus_c_program_has_a_witness_that_validates() {
    let mut counts = (0, 0);
    for (path, verdict) in c_programs(&corpus_dir()) {
        let (_, safe) = round_trip(&path, 60).expect("the corpus programs are solved");
        assert_eq!(safe, verdict == "safe", "{}", path.display());
        if safe {
            counts.0 += 1;
        } else {
            counts.1 += 1;
        }
    }
    eprintln!(
        "witnesses confirmed: {} correctness, {} violation",
        counts.0, counts.1
    );
    assert!(counts.0 >= 10 && counts.1 >= 5);
}

#[test]
fn loop_invariants_are_stated_in_c_at_each_loop_keyword() {
    let path = corpus_dir().join("c/loop_invariants.c");
    let (text, safe) = round_trip(&path, 60).unwrap();
    assert!(safe);
    // The loops at 7:3 (in `twice`, inlined twice), 17:3 and 23:3 of main.
    for (line, col, function) in [(8, 3, "twice"), (18, 3, "main"), (24, 3, "main")] {
        let needle =
            format!("line: {line}\n          column: {col}\n          function: \"{function}\"");
        assert!(
            text.contains(&needle),
            "no invariant at {line}:{col} in {function}:\n{text}"
        );
    }
    assert!(
        text.contains("y == 2 * (long long)x")
            || text.contains("y == 2LL * (long long)x")
            || text.contains("y == 2 * x"),
        "{text}"
    );
}

#[test]
fn the_violation_witness_fixes_every_nondet_value_and_ends_at_the_failing_call() {
    let path = corpus_dir().join("c/nondet_bug.c");
    let (text, safe) = round_trip(&path, 60).unwrap();
    assert!(!safe);
    assert!(text.contains("x == 12345"), "{text}");
    assert!(text.contains("type: target"), "{text}");
    assert!(text.contains("line: 9"), "{text}");
}

/// Hand-written witnesses in the style of other tools (casts, `long long`,
/// `U` suffixes) under corpus/witness: `*.ok.yml` must be confirmed,
/// `*.wrong.yml` rejected. The program is named by the file name's first part.
#[test]
fn hand_written_witnesses_are_confirmed_or_rejected() {
    let dir = corpus_dir().join("witness");
    let mut seen = (0, 0);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".yml"))
        .collect();
    files.sort();
    for w in files {
        let name = w.file_name().unwrap().to_string_lossy().into_owned();
        let program = corpus_dir()
            .join("c")
            .join(format!("{}.c", name.split('.').next().unwrap()));
        let text = std::fs::read_to_string(&w).unwrap();
        let v = validate(&program, &text, &cfg(60));
        if name.contains(".ok.") {
            let v = v.unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(v.answer, Answer::Confirmed, "{name}: {:?}", v.notes);
            assert_eq!(v.used, v.total, "{name}: every item is used: {:?}", v.notes);
            check_valid(&v.certificate.unwrap(), &program);
            seen.0 += 1;
        } else if name.contains(".wrong.") {
            let v = v.unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(
                matches!(v.answer, Answer::Rejected(_)),
                "{name}: {:?}",
                v.answer
            );
            seen.1 += 1;
        } else if name.contains(".bad.") {
            assert!(v.is_err(), "{name}: a malformed witness is an input error");
        }
    }
    assert!(seen.0 >= 3 && seen.1 >= 3, "{seen:?}");
}

#[test]
fn a_witness_for_another_program_is_refused() {
    let path = corpus_dir().join("c/loops.c");
    let run = engine::run::run_file(&path, frontend::Encoding::Lbe, &cfg(60)).unwrap();
    let text = evidence::witness::witness_for(&run.certificate.unwrap(), Some(&path)).unwrap();
    let other = corpus_dir().join("c/if_else.c");
    let e = validate(&other, &text, &cfg(10)).err().expect("refused");
    assert!(e.contains("another program"), "{e}");
}

#[test]
fn witness_metadata_is_reproducible_with_source_date_epoch() {
    let path = corpus_dir().join("c/loops.c");
    let run = engine::run::run_file(&path, frontend::Encoding::Lbe, &cfg(60)).unwrap();
    let cert = run.certificate.unwrap();
    std::env::set_var("SOURCE_DATE_EPOCH", "1767225600");
    let a = evidence::witness::witness_for(&cert, Some(&path)).unwrap();
    let b = evidence::witness::witness_for(&cert, Some(&path)).unwrap();
    std::env::remove_var("SOURCE_DATE_EPOCH");
    assert_eq!(a, b);
    assert!(a.contains("creation_time: \"2026-01-01T00:00:00Z\""), "{a}");
    let c = evidence::witness::witness_for(&cert, Some(&path)).unwrap();
    assert_ne!(a, c, "without SOURCE_DATE_EPOCH the uuid is fresh");
}

#[test]
fn the_cli_writes_and_validates_witnesses() {
    let Some(certa) = workspace_binary("certa") else {
        eprintln!("skipped: the certa binary is not built");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let program = corpus_dir().join("c/loops.c");
    let (cert, wit, back) = (
        dir.path().join("c.json"),
        dir.path().join("w.yml"),
        dir.path().join("b.json"),
    );
    let out = std::process::Command::new(&certa)
        .args([
            "verify",
            program.to_str().unwrap(),
            "-o",
            cert.to_str().unwrap(),
            "--witness",
        ])
        .arg(&wit)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = std::process::Command::new(&certa)
        .args([
            "validate-witness",
            program.to_str().unwrap(),
            wit.to_str().unwrap(),
            "-o",
        ])
        .arg(&back)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.starts_with("CONFIRMED"), "{stdout}");
    assert!(back.is_file());
    // `certa witness` gives the same entries as `verify --witness`, apart from the metadata.
    let out = std::process::Command::new(&certa)
        .args(["witness", cert.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let strip = |t: &str| {
        t.lines()
            .filter(|l| !l.contains("uuid:") && !l.contains("creation_time:"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(
        strip(&String::from_utf8_lossy(&out.stdout)),
        strip(&std::fs::read_to_string(&wit).unwrap())
    );
    // A malformed witness is an input error (exit 3) naming the place.
    std::fs::write(
        &wit,
        "- entry_type: invariant_set\n  metadata: {}\n  content: []\n",
    )
    .unwrap();
    let out = std::process::Command::new(&certa)
        .args([
            "validate-witness",
            program.to_str().unwrap(),
            wit.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("w.yml:2:13: metadata has no `format_version`"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The shared SV-COMP sets: every SAFE C task certa solves gets a
/// correctness witness that validates, every UNSAFE one a violation witness.
#[test]
#[ignore]
fn shared_corpus_witnesses_validate() {
    let (mut counts, mut failures, mut unknown_violations) = ((0, 0, 0), Vec::new(), 0);
    for set in ["sv-benchmarks", "sv-control", "sv-arrays"] {
        let Some(dir) = shared_corpus(set) else {
            eprintln!("skipped {set}: ../shared is absent");
            continue;
        };
        for (path, _) in c_programs(&dir) {
            match try_round_trip(&path, 30) {
                Ok(Some((_, true))) => counts.0 += 1,
                Ok(Some((_, false))) => counts.1 += 1,
                Ok(None) => counts.2 += 1,
                // A violation witness certa cannot follow in time is no wrong answer.
                Err(e) if e.starts_with("UNKNOWN-VIOLATION") => {
                    eprintln!("unknown {}: {e}", path.display());
                    unknown_violations += 1;
                }
                Err(e) => {
                    eprintln!(
                        "FAILED {}: {}",
                        path.display(),
                        e.lines().next().unwrap_or("")
                    );
                    failures.push(path);
                }
            }
        }
    }
    eprintln!(
        "shared corpus: {} correctness and {} violation witnesses confirmed, {} violation witnesses unknown, {} tasks unsolved or unsupported, {} failed",
        counts.0,
        counts.1,
        unknown_violations,
        counts.2,
        failures.len()
    );
    assert!(failures.is_empty(), "{failures:?}");
}
