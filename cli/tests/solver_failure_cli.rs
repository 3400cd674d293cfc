//! `certa verify` out of time: exit 2 (UNKNOWN) with a reason, never SAFE
//! (0) or UNSAFE (1), and no certificate file.

use std::path::PathBuf;
use std::process::Command;

fn corpus(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../corpus")
        .join(rel)
}

#[test]
fn verify_with_a_tiny_timeout_exits_2_unknown_and_writes_no_certificate() {
    let dir = tempfile::tempdir().unwrap();
    // Under auto, simulation finds deep_bug_45's bug in well under a
    // millisecond (45 steps): a real trace, not a timeout. So auto gets the
    // tasks no engine can answer that fast.
    let all = [
        "imp/nested.imp",
        "imp/deep_bug_45.imp",
        "imp/count_to_1000.imp",
        "ts/two_phase.ts",
    ];
    let runs = all
        .iter()
        .map(|f| ("cegar", *f))
        .chain(["imp/nested.imp", "imp/count_to_1000.imp", "ts/two_phase.ts"].map(|f| ("auto", f)));
    for (engine, file) in runs {
        let out = dir
            .path()
            .join(format!("{engine}_{}.json", file.replace('/', "_")));
        let o = Command::new(env!("CARGO_BIN_EXE_certa"))
            .args([
                "verify",
                "--engine",
                engine,
                "--timeout",
                "0.001",
                "--json",
                "-o",
            ])
            .arg(&out)
            .arg(corpus(file))
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&o.stdout);
        assert_eq!(
            o.status.code(),
            Some(2),
            "{file}: {stdout}{}",
            String::from_utf8_lossy(&o.stderr)
        );
        let v: serde_json::Value = serde_json::from_str(&stdout).expect("a JSON result");
        assert_eq!(v["verdict"], "UNKNOWN", "{file}: {stdout}");
        assert!(
            v["reason"].as_str().is_some_and(|r| !r.is_empty()),
            "{file}: UNKNOWN without a reason: {stdout}"
        );
        assert!(v["certificate"].is_null(), "{file}: {stdout}");
        assert!(
            !out.exists(),
            "{file}: a certificate was written for UNKNOWN"
        );
    }
}
