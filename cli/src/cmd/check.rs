//! `certa check`: checks a certificate with the independent checker, `certa-check`, in its own process.

use std::path::PathBuf;
use std::process::Command;

/// `certa check`: certa-check on `cert`, bound to the task JSON `task` if
/// given (else unbound: the report says "embedded task only"), within
/// certa-check's own default bound (a non-linear query may not end). Its
/// report and exit code (0 VALID, 1 INVALID, 2 INCONCLUSIVE) pass through.
pub(crate) fn check(cert: PathBuf, task: Option<PathBuf>, verbose: bool) -> Result<u8, String> {
    // Refuse an unreadable certificate here, with certa's own message.
    format::codec::read_certificate(&cert).map_err(|e| e.to_string())?;
    let bin = certa::checking::checker_binary();
    let mut cmd = Command::new(&bin);
    match &task {
        Some(p) => cmd.arg("--task").arg(p),
        None => cmd.arg("--embedded-task"),
    };
    if verbose {
        cmd.arg("--verbose");
    }
    let status = cmd
        .args(["--timeout", "900", "-j", "1"])
        .arg(&cert)
        .status()
        .map_err(|e| format!("cannot run the checker {}: {e}", bin.display()))?;
    match status.code() {
        Some(code @ 0..=2) => Ok(code as u8),
        _ => Err(format!("the checker {} ended with {status}", bin.display())),
    }
}
