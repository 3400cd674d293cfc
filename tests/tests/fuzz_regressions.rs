//! Every input that once crashed, hung or misbehaved under fuzzing or the
//! hostile-input tests stays here as a regression test.
//!
//! Inputs are files under `tests/fuzz_regressions/` (any `cargo fuzz`
//! artifact can be dropped there: `.json`/`.cert`/other for the certificate
//! reader, `.imp`, `.ts`), plus generated ones that are too large to store.
//! Each must end in an error or a verdict, quickly, without a panic.

use frontend::Encoding;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const BOUND: Duration = Duration::from_secs(30);

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fuzz_regressions")
}

/// Reader + checker, or frontend + task rules, as the fuzz targets do.
fn survive(name: &str, bytes: &[u8]) -> String {
    let start = Instant::now();
    let ext = Path::new(name)
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("");
    let out = checker::on_large_stack(|| match ext {
        "imp" | "ts" => {
            let Ok(text) = std::str::from_utf8(bytes) else {
                return "not UTF-8".to_string();
            };
            let task = if ext == "imp" {
                frontend::parse_imp(name, text, Encoding::Lbe).map(|p| p.task)
            } else {
                frontend::parse_ts(name, text)
            };
            match task {
                Err(e) => format!("frontend error: {e}"),
                Ok(t) => match checker::structure::check_task(&t) {
                    Err(e) => format!("invalid task: {e}"),
                    Ok(()) => "accepted".into(),
                },
            }
        }
        _ => match format::codec::certificate_from_bytes(name, bytes) {
            Err(e) => format!("unreadable: {e}"),
            Ok(cert) => {
                let opts = checker::Options {
                    limits: checker::Limits {
                        timeout_ms: Some(2000),
                        rlimit: None,
                        proofs: false,
                    },
                    ..Default::default()
                };
                format!("{:?}", checker::check(&cert, &opts).verdict())
            }
        },
    });
    assert!(start.elapsed() < BOUND, "{name}: {:?}", start.elapsed());
    out
}

#[test]
fn stored_inputs_survive() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir())
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e != "md"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    for f in files {
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        let out = survive(&name, &std::fs::read(&f).unwrap());
        eprintln!("{name}: {}", out.chars().take(200).collect::<String>());
    }
}

/// Found by tests/tests/hostile/program_input.rs: the `.imp` frontend folds constant
/// products, so three 999-digit literals became a 2997-digit coefficient.
/// `check_task` accepted the task, certa verified it, and the certificate
/// could not be read back by certa-check (literals are limited to 1000
/// digits). Now the sort check enforces the digit limit on in-memory tasks,
/// and `run_file` refuses the program (exit 3) before verifying.
#[test]
fn folded_constants_beyond_the_digit_limit_are_refused() {
    let f = dir().join("folded_constants.imp");
    let out = survive("folded_constants.imp", &std::fs::read(&f).unwrap());
    assert!(out.contains("more than 1000 digits"), "{out}");
    let r = engine::run::run_file(&f, Encoding::Lbe, &engine::Config::default());
    let err = r.err().expect("refused").to_string();
    assert!(
        err.contains("invalid task") && err.contains("1000 digits"),
        "{err}"
    );
}

/// Deep nesting in either certificate encoding is cut off while decoding
/// (serde recurses once per level; without the cut, a 256 MiB file could nest
/// tens of millions of levels, more than the checker's 1 GiB stack holds).
#[test]
fn deep_certificates_are_cut_off_while_decoding() {
    let seed = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../corpus/seed/seed_p1_safe.json"),
    )
    .unwrap();
    let at = seed.find("\"init\": ").unwrap() + 8;
    let end = seed[at..].find("\"edges\"").unwrap() + at;
    let depth = 1_000_000;
    let json = format!(
        "{}{}{{\"bool\":true}}{},{}",
        &seed[..at],
        "{\"not\":".repeat(depth),
        "}".repeat(depth),
        &seed[end..]
    );
    let out = survive("deep.json", json.as_bytes());
    assert!(out.contains("nested deeper than 10000"), "{out}");
    // Binary: magic, version, then `not` tags where the header should be:
    // decoding fails early and cleanly, at any length.
    let cert = format::codec::certificate_from_bytes("seed", seed.as_bytes()).unwrap();
    let t = &cert.task;
    let mut bin = format::codec::BINARY_MAGIC.to_vec();
    bin.extend_from_slice(&format::FORMAT_VERSION.to_le_bytes());
    bin.extend(format::encode::to_bincode(&cert.header));
    bin.extend(format::encode::to_bincode(&(
        &t.vars,
        &t.locations,
        &t.initial_location,
        &t.bad_location,
    )));
    for _ in 0..depth {
        bin.extend_from_slice(&17u32.to_le_bytes());
    }
    bin.extend(format::encode::to_bincode(&format::Expr::Bool(true)));
    let out = survive("deep.cert", &bin);
    assert!(out.contains("nested deeper than 10000"), "{out}");
}

/// Deep nesting in the frontends: an error at the nesting limit.
#[test]
fn deep_sources_are_refused() {
    let imp = format!(
        "var x: int;\nx = {}x{};\n",
        "(".repeat(50_000),
        ")".repeat(50_000)
    );
    assert!(survive("deep.imp", imp.as_bytes()).contains("nested more than 2000"));
    let ts = format!(
        "var x: int;\nlocation a;\nlocation bad;\ninitial a;\nbad bad;\ninit {}x == 0;\n",
        "!".repeat(50_000)
    );
    assert!(survive("deep.ts", ts.as_bytes()).contains("nested more than 2000"));
}
