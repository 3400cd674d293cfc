//! `certa harness` writes the C test harness of an UNSAFE certificate of a C
//! program; `certa confirm` compiles and runs it.

use super::write_or_print;
use crate::{EXIT_SAFE, EXIT_UNKNOWN, EXIT_UNSAFE};
use std::path::{Path, PathBuf};

/// `certa harness`.
pub(crate) fn harness(
    cert: PathBuf,
    output: Option<PathBuf>,
    source: Option<PathBuf>,
) -> Result<u8, String> {
    let (cert, source) = cert_and_source(&cert, source)?;
    let text = evidence::harness::harness(&cert, &source)?;
    write_or_print(output.as_deref(), &text)?;
    Ok(EXIT_SAFE)
}

/// `certa confirm`.
pub(crate) fn confirm(cert: PathBuf, source: Option<PathBuf>) -> Result<u8, String> {
    let (cert, source) = cert_and_source(&cert, source)?;
    let c = evidence::harness::confirm(&cert, &source)?;
    print!("{c}");
    Ok(match c.outcome {
        evidence::harness::Outcome::Confirmed => EXIT_SAFE,
        evidence::harness::Outcome::NotConfirmed => EXIT_UNSAFE,
        evidence::harness::Outcome::Inconclusive => EXIT_UNKNOWN,
    })
}

/// A certificate and its C program: `--source`, else the file it names.
fn cert_and_source(
    cert_path: &Path,
    source: Option<PathBuf>,
) -> Result<(format::Certificate, PathBuf), String> {
    let cert = format::codec::read_certificate(cert_path).map_err(|e| e.to_string())?;
    let source = match source {
        Some(s) => s,
        None => evidence::harness::default_source(cert_path, &cert).ok_or_else(|| {
            format!(
                "{}: cannot find the program the certificate was made from (with its recorded hash); name it with --source",
                cert_path.display()
            )
        })?,
    };
    Ok((cert, source))
}
