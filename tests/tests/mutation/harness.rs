//! Mutation testing of the checker on the corpus certificates: verify each
//! program, mutate its certificate, compare the checker with the oracle per
//! mutant, print the table per kind; the fast-sample and full-set tests.

use super::oracle::{oracle, Judgement, Z3};
use certa_tests::corpus_dir;
use certa_tests::mutate::{fnv, mutants, Kind, Lcg, Mutant};
use checker::Verdict;
use engine::run::run_file;
use engine::{AnalysisKind, Config, Verdict as EngineVerdict};
use format::Certificate;
use frontend::Encoding;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// Mutants per kind per certificate in the default (fast) run.
const SAMPLE: usize = 3;

#[derive(Clone, Copy, Default)]
struct Row {
    generated: usize,
    rejected: usize,
    still_valid: usize,
    wrongly_accepted: usize,
    wrongly_rejected: usize,
    checker_inconclusive: usize,
    oracle_unknown: usize,
}

impl Row {
    fn add(&mut self, o: &Row) {
        self.generated += o.generated;
        self.rejected += o.rejected;
        self.still_valid += o.still_valid;
        self.wrongly_accepted += o.wrongly_accepted;
        self.wrongly_rejected += o.wrongly_rejected;
        self.checker_inconclusive += o.checker_inconclusive;
        self.oracle_unknown += o.oracle_unknown;
    }
}

#[derive(Default)]
struct Results {
    rows: BTreeMap<Kind, Row>,
    problems: Vec<String>,
    notes: Vec<String>,
    certificates: usize,
    verify_seconds: f64,
    mutate_seconds: f64,
}

fn checker_verdict(cert: &Certificate) -> (Verdict, String) {
    let rep = checker::check(cert, &checker::Options::default());
    (rep.verdict(), checker::report::text(&rep))
}

fn classify(
    z: &mut Z3,
    file: &str,
    m: &Mutant,
    row: &mut Row,
    res: &mut Vec<String>,
    notes: &mut Vec<String>,
) {
    row.generated += 1;
    let (cv, text) = checker_verdict(&m.cert);
    let judged = oracle(z, &m.cert);
    let tag = || format!("{file}: {} [{}]", m.kind.name(), m.desc);
    // A dropped or altered hint leaves the certificate without the evidence
    // its quantifier-free obligations need: SPEC section 5 makes that
    // INVALID even where the region is still inductive (the oracle, with
    // real quantifiers, ignores hints).
    let hint = matches!(m.kind, Kind::DropHint | Kind::AlterHint);
    match (cv, &judged) {
        (Verdict::Invalid, Judgement::Invalid(_)) => row.rejected += 1,
        (Verdict::Invalid, Judgement::Valid) if hint => row.rejected += 1,
        (Verdict::Valid, Judgement::Valid) => {
            row.still_valid += 1;
            if std::env::var("CERTA_MUTATION_SHOW_VALID").is_ok_and(|v| v == "1") {
                notes.push(format!("still valid: {}", tag()));
            }
        }
        (Verdict::Valid, Judgement::Invalid(why)) => {
            row.wrongly_accepted += 1;
            res.push(format!("WRONGLY ACCEPTED {}: oracle: {why}", tag()));
        }
        (Verdict::Invalid, Judgement::Valid) => {
            row.wrongly_rejected += 1;
            res.push(format!(
                "WRONGLY REJECTED {}: checker: {}",
                tag(),
                text.trim()
            ));
        }
        (Verdict::Inconclusive, Judgement::Valid | Judgement::Invalid(_)) => {
            row.checker_inconclusive += 1;
            res.push(format!(
                "CHECKER INCONCLUSIVE {} (oracle: {judged:?}): {}",
                tag(),
                text.trim()
            ));
        }
        (_, Judgement::Unknown(why)) => {
            row.oracle_unknown += 1;
            if why.contains("ORACLE DISAGREEMENT") {
                res.push(format!("{}: {why}", tag()));
            } else {
                notes.push(format!(
                    "oracle unknown on {} (checker {cv:?}): {why}",
                    tag()
                ));
            }
        }
    }
}

/// Mutates one certificate: every kind, sampled unless `full`.
fn mutate_certificate(file: &str, cert: &Certificate, full: bool) -> Results {
    let mut r = Results {
        certificates: 1,
        ..Results::default()
    };
    let mut z = Z3::new();
    let (cv, text) = checker_verdict(cert);
    let judged = oracle(&mut z, cert);
    if cv != Verdict::Valid || judged != Judgement::Valid {
        r.problems.push(format!(
            "{file}: original certificate: checker {cv:?} ({}), oracle {judged:?}",
            text.trim()
        ));
        return r;
    }
    for kind in Kind::ALL {
        let all = mutants(cert, kind);
        let chosen = if full {
            all
        } else {
            let mut lcg = Lcg(fnv(&format!("{file}/{}", kind.name())));
            lcg.sample(all, SAMPLE)
        };
        let row = r.rows.entry(kind).or_default();
        for m in &chosen {
            classify(&mut z, file, m, row, &mut r.problems, &mut r.notes);
        }
    }
    r
}

/// The corpus certificates: (file, certificate), skipping entries that error
/// or end UNKNOWN (the latter are reported as notes). Every program gets a
/// predicate-abstraction certificate; a few small ones also an explicit-value
/// certificate (job `file#value`), so value cubes are mutated too. (Value
/// certificates of unrolled loops have thousands of predicates: too big for
/// the oracle's sample in the default run.)
fn corpus_jobs() -> Vec<String> {
    let entries = certa::bench::manifest(&corpus_dir()).expect("corpus manifest");
    // The 1,000-step array bugs are beyond the oracle's Z3 replay
    // (MAX_ARRAY_TRACE_STEPS); checker/tests/quantified.rs mutates such traces.
    let long = ["imp/array_init_bug.imp", "imp/array_partial_init_bug.imp"];
    let mut jobs: Vec<String> = entries
        .into_iter()
        .filter(|(file, _)| !long.contains(&file.as_str()))
        .filter(|(_, expected)| expected == "safe" || expected == "unsafe")
        .map(|(file, _)| file)
        .collect();
    for f in [
        "c/state_machine.c",
        "c/state_machine_bug.c",
        "c/calls.c",
        "c/switch.c",
    ] {
        jobs.push(format!("{f}#value"));
    }
    jobs
}

fn run_one(job: &str, full: bool) -> Results {
    let (file, analysis) = match job.strip_suffix("#value") {
        Some(f) => (f, AnalysisKind::Value),
        None => (job, AnalysisKind::Predicate),
    };
    let cfg = Config {
        timeout: Some(Duration::from_secs(120)),
        analysis,
        ..Config::default()
    };
    let mut r = Results::default();
    let t = Instant::now();
    let loaded = run_file(&corpus_dir().join(file), Encoding::Lbe, &cfg);
    let verify_seconds = t.elapsed().as_secs_f64();
    match loaded {
        Err(e) => r
            .notes
            .push(format!("{file}: skipped, frontend error: {e}")),
        Ok(run) => match (&run.outcome.verdict, &run.certificate) {
            (EngineVerdict::Unknown(why), _) => r
                .notes
                .push(format!("{file}: skipped, verifier UNKNOWN: {why}")),
            (_, Some(cert)) => r = mutate_certificate(file, cert, full),
            (_, None) => r
                .problems
                .push(format!("{file}: definite verdict without certificate")),
        },
    }
    r.verify_seconds = verify_seconds;
    r.mutate_seconds = t.elapsed().as_secs_f64() - verify_seconds;
    r
}

fn print_table(title: &str, res: &Results, seconds: f64) {
    eprintln!(
        "\n{title}: {} certificates, {seconds:.1} s wall ({:.1} s verifying, {:.1} s mutating and checking, summed over workers)",
        res.certificates, res.verify_seconds, res.mutate_seconds
    );
    eprintln!(
        "{:<24} {:>9} {:>8} {:>11} {:>8} {:>8} {:>8} {:>8}",
        "kind", "generated", "rejected", "still-valid", "wr-acc", "wr-rej", "chk-inc", "orc-unk"
    );
    let mut total = Row::default();
    let line = |name: &str, r: &Row| {
        eprintln!(
            "{name:<24} {:>9} {:>8} {:>11} {:>8} {:>8} {:>8} {:>8}",
            r.generated,
            r.rejected,
            r.still_valid,
            r.wrongly_accepted,
            r.wrongly_rejected,
            r.checker_inconclusive,
            r.oracle_unknown
        )
    };
    for kind in Kind::ALL {
        let r = res.rows.get(&kind).copied().unwrap_or_default();
        line(kind.name(), &r);
        total.add(&r);
    }
    line("TOTAL", &total);
    eprintln!("(still-valid = oracle VALID and checker VALID; wr-acc/wr-rej = checker VALID/INVALID against the oracle; chk-inc = checker INCONCLUSIVE where the oracle decides; orc-unk = Z3 gave no answer)");
}

fn run(full: bool) {
    let start = Instant::now();
    let jobs = corpus_jobs();
    let workers = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .clamp(1, 8);
    let next = std::sync::atomic::AtomicUsize::new(0);
    let parts: Vec<Results> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                std::thread::Builder::new()
                    .stack_size(checker::STACK_BYTES)
                    .spawn_scoped(s, || {
                        let mut mine = Vec::new();
                        loop {
                            let i = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                            let Some(file) = jobs.get(i) else { break mine };
                            let t = Instant::now();
                            let r = run_one(file, full);
                            mine.push((i, r, t.elapsed()));
                        }
                    })
                    .expect("spawn a worker")
            })
            .collect();
        let mut all: Vec<(usize, Results, Duration)> = handles
            .into_iter()
            .flat_map(|h| h.join().expect("worker"))
            .collect();
        all.sort_by_key(|(i, ..)| *i);
        all.into_iter()
            .map(|(i, r, d)| {
                if d > Duration::from_secs(5) {
                    eprintln!(
                        "  {}: {:.1} s ({:.1} s verifying)",
                        jobs[i],
                        d.as_secs_f64(),
                        r.verify_seconds
                    );
                }
                r
            })
            .collect()
    });
    let mut res = Results::default();
    for p in parts {
        res.certificates += p.certificates;
        res.verify_seconds += p.verify_seconds;
        res.mutate_seconds += p.mutate_seconds;
        res.problems.extend(p.problems);
        res.notes.extend(p.notes);
        for (k, r) in p.rows {
            res.rows.entry(k).or_default().add(&r);
        }
    }
    let title = if full {
        "mutation testing, full set"
    } else {
        "mutation testing, fast sample"
    };
    print_table(title, &res, start.elapsed().as_secs_f64());
    for n in &res.notes {
        eprintln!("note: {n}");
    }
    assert!(
        res.certificates >= 20,
        "only {} corpus certificates were mutated",
        res.certificates
    );
    for kind in Kind::ALL {
        let g = res.rows.get(&kind).map_or(0, |r| r.generated);
        assert!(g > 0, "no mutants of kind {} were generated", kind.name());
    }
    assert!(
        res.problems.is_empty(),
        "{} problems:\n{}",
        res.problems.len(),
        res.problems.join("\n")
    );
}

fn full_requested() -> bool {
    std::env::var("CERTA_MUTATION_FULL").is_ok_and(|v| v == "1")
}

/// A fixed-seed sample (at most `SAMPLE` per kind per certificate); the
/// full set with `CERTA_MUTATION_FULL=1`.
#[test]
fn checker_rejects_every_invalid_mutant_of_corpus_certificates() {
    run(full_requested());
}

/// Every mutant of every corpus certificate (slow; `-- --ignored`, run by
/// .ci/run under CERTA_SLOW=1).
#[test]
#[ignore]
fn checker_rejects_every_invalid_mutant_of_corpus_certificates_full_set() {
    run(true);
}
