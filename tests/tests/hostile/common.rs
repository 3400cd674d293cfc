//! Helpers shared by the hostile-input tests: seed certificates, encodings,
//! reading and checking under small limits, and the time bound every case
//! must meet.

use checker::{Limits, Options, Verdict};
use format::codec::{certificate_from_bytes, BINARY_MAGIC};
use format::encode::{to_bincode, to_json};
use format::{Body, Certificate, SafeBody, FORMAT_VERSION};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Every hostile case must finish within this (debug build, loaded machine).
pub const BOUND: Duration = Duration::from_secs(30);

pub fn corpus() -> PathBuf {
    certa_tests::corpus_dir()
}

pub fn seed_cert(name: &str) -> Certificate {
    let bytes = std::fs::read(corpus().join("seed").join(name)).unwrap();
    certificate_from_bytes(name, &bytes).expect("seed certificate decodes")
}

pub fn binary(cert: &Certificate) -> Vec<u8> {
    let mut out = BINARY_MAGIC.to_vec();
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend(to_bincode(cert));
    out
}

pub fn small_limits() -> Options {
    Options {
        limits: Limits {
            timeout_ms: Some(2000),
            rlimit: None,
            proofs: false,
        },
        ..Options::default()
    }
}

/// What a reader plus the checker made of some bytes.
#[derive(Debug, PartialEq, Eq)]
pub enum Seen {
    /// Refused by the reader (exit 3 for certa-check).
    Unreadable(String),
    Checked(Verdict, String),
}

/// Decodes and checks on the checker's large stack, as `certa-check` does.
pub fn read_and_check(bytes: &[u8], opts: &Options) -> Seen {
    checker::on_large_stack(|| match certificate_from_bytes("hostile", bytes) {
        Err(e) => Seen::Unreadable(e.to_string()),
        Ok(cert) => {
            let rep = checker::check(&cert, opts);
            let first = rep
                .failures()
                .next()
                .map(|(_, e)| e.to_string())
                .unwrap_or_default();
            Seen::Checked(rep.verdict(), first)
        }
    })
}

pub fn timed<T>(label: &str, f: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let out = f();
    let took = start.elapsed();
    eprintln!("hostile: {label}: {:.2}s", took.as_secs_f64());
    assert!(took < BOUND, "{label} took {took:?}");
    out
}

pub fn unreadable(label: &str, bytes: &[u8], needle: &str) {
    let seen = timed(label, || read_and_check(bytes, &small_limits()));
    match seen {
        Seen::Unreadable(msg) => {
            eprintln!("hostile: {label}: unreadable: {}", cut(&msg));
            assert!(msg.contains(needle), "{label}: unexpected message {msg}");
        }
        other => panic!("{label}: expected a decode error, got {other:?}"),
    }
}

pub fn invalid(label: &str, cert: &Certificate, needle: &str) {
    for (enc, bytes) in [
        ("json", to_json(cert).into_bytes()),
        ("binary", binary(cert)),
    ] {
        let seen = timed(&format!("{label} ({enc})"), || {
            read_and_check(&bytes, &small_limits())
        });
        match seen {
            Seen::Checked(Verdict::Invalid, msg) => {
                eprintln!("hostile: {label} ({enc}): INVALID: {}", cut(&msg));
                assert!(msg.contains(needle), "{label}: unexpected message {msg}");
            }
            other => panic!("{label} ({enc}): expected INVALID, got {other:?}"),
        }
    }
}

pub fn cut(s: &str) -> String {
    s.chars().take(160).collect()
}

pub fn rehash(cert: &mut Certificate) {
    cert.header.task_sha256 = format::hash::task_sha256(&cert.task);
}

pub fn safe_body(cert: &mut Certificate) -> &mut SafeBody {
    match &mut cert.body {
        Body::Safe(b) => b,
        Body::Unsafe(_) => panic!("not a SAFE certificate"),
    }
}

pub fn structure_only(c: &Certificate) -> String {
    checker::on_large_stack(|| match checker::structure::check(c, None) {
        Ok(()) => "ok".into(),
        Err(e) => e.to_string(),
    })
}

pub fn structure_ok(task: &format::Task) -> Result<(), String> {
    checker::on_large_stack(|| checker::structure::check_task(task)).map_err(|e| e.to_string())
}
