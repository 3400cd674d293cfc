//! `certa check`: checks a certificate with the independent checker.

use std::path::PathBuf;
use std::time::Duration;

/// `certa check`.
pub(crate) fn check(cert: PathBuf, task: Option<PathBuf>, verbose: bool) -> Result<u8, String> {
    let cert = format::codec::read_certificate(&cert).map_err(|e| e.to_string())?;
    let binding = match task {
        Some(p) => checker::Binding::Task {
            file: p.display().to_string(),
            sha256: format::hash::task_sha256(
                &format::codec::read_task_json(&p).map_err(|e| e.to_string())?,
            ),
        },
        None => checker::Binding::Embedded,
    };
    let opts = checker::Options {
        binding,
        // certa-check's own default bound (a non-linear query may not end).
        total: Some(Duration::from_secs(900)),
        ..checker::Options::default()
    };
    let report = checker::on_large_stack(|| checker::check(&cert, &opts));
    if verbose {
        for r in &report.records {
            eprintln!("{}", checker::report::verbose_line(r));
        }
    }
    print!("{}", checker::report::text(&report));
    Ok(match report.verdict() {
        checker::Verdict::Valid => 0,
        checker::Verdict::Invalid => 1,
        checker::Verdict::Inconclusive => 2,
    })
}
