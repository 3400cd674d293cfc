//! The independent checker run as its own process, `certa-check`, and its JSON report read back.
//!
//! The verifier's binary calls no cvc5 code, so it does not load the cvc5
//! library (about 1.2 ms of every `certa verify`), and the checker shares no
//! memory with the verifier whose work it judges: what `bench`, the cache
//! and `archive` report is what a user running `certa-check` would see.

use format::Certificate;
use serde_json::Value;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// Where `certa-check` is: `$CERTA_CHECK` if set; else the one beside this
/// executable, or beside its directory (test binaries live in `deps/`);
/// else whatever `PATH` finds.
pub fn checker_binary() -> PathBuf {
    if let Some(p) = std::env::var_os("CERTA_CHECK") {
        return PathBuf::from(p);
    }
    let name = format!("certa-check{}", std::env::consts::EXE_SUFFIX);
    if let Ok(exe) = std::env::current_exe() {
        for dir in exe.ancestors().skip(1).take(2) {
            let p = dir.join(&name);
            if p.is_file() {
                return p;
            }
        }
    }
    PathBuf::from(name)
}

/// What certa-check said: its verdict word (`VALID`, `INVALID` or
/// `INCONCLUSIVE`) and its whole JSON report.
#[derive(Clone, Debug)]
pub struct Checked {
    pub verdict: String,
    pub report: Value,
}

/// Runs certa-check with `args` and `--json`. Its exit code and the
/// report's verdict must agree; exit 3 (unreadable input, usage), a crash
/// or unreadable output is an error, never a verdict.
pub fn run(args: &[OsString]) -> Result<Checked, String> {
    let bin = checker_binary();
    let out = Command::new(&bin)
        .args(args)
        .arg("--json")
        .stdin(Stdio::null())
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run the checker {}: {e}", bin.display()))?;
    let text = String::from_utf8_lossy(&out.stdout);
    let report: Value = serde_json::from_str(&text).map_err(|e| {
        format!(
            "the checker {} ({}) printed no JSON report: {e}",
            bin.display(),
            out.status
        )
    })?;
    let verdict = report["verdict"].as_str().unwrap_or_default().to_string();
    let expected = match out.status.code() {
        Some(0) => "VALID",
        Some(1) => "INVALID",
        Some(2) => "INCONCLUSIVE",
        _ => {
            let why = report["reason"].as_str().unwrap_or("no reason given");
            return Err(format!("the checker refused ({}): {why}", out.status));
        }
    };
    if verdict != expected {
        return Err(format!(
            "the checker's exit code ({}) and report ({verdict}) disagree",
            out.status
        ));
    }
    Ok(Checked { verdict, report })
}

/// Checks an in-memory certificate: written to a temporary binary file,
/// checked with `binding` (e.g. `--embedded-task`) within `limit`, one
/// obligation at a time, then removed.
pub fn check_certificate(
    cert: &Certificate,
    binding: &[OsString],
    limit: Duration,
) -> Result<Checked, String> {
    // Removed on drop: after the check, and on an error or a panic too.
    // `.cert`: the extension picks the binary encoding.
    let file = tempfile::Builder::new()
        .prefix(&format!("certa-{}-", std::process::id()))
        .suffix(".cert")
        .tempfile()
        .map_err(|e| format!("{}: {e}", std::env::temp_dir().display()))?
        .into_temp_path();
    format::encode::write_certificate(&file, cert).map_err(|e| e.to_string())?;
    let result = run(&check_args(&file, binding, limit));
    let _ = file.close();
    result
}

/// The arguments of one check of the certificate in `file`.
pub fn check_args(file: &Path, binding: &[OsString], limit: Duration) -> Vec<OsString> {
    let mut args: Vec<OsString> = binding.to_vec();
    args.extend([
        "--timeout".into(),
        limit.as_secs().max(1).to_string().into(),
        "-j".into(),
        "1".into(),
    ]);
    args.push(file.as_os_str().to_owned());
    args
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_certificate_comes_last_after_binding_limit_and_one_job() {
        let args = check_args(
            Path::new("/tmp/x.cert"),
            &["--embedded-task".into()],
            Duration::from_secs(120),
        );
        let words: Vec<String> = args
            .iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            words,
            [
                "--embedded-task",
                "--timeout",
                "120",
                "-j",
                "1",
                "/tmp/x.cert"
            ]
        );
    }
}
