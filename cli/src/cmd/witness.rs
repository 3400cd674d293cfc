//! `certa witness` writes the SV-COMP witness of a certificate;
//! `certa validate-witness` validates a witness against a C program.

use super::{certificate_extension, write_or_print};
use crate::args::Limits;
use crate::{EXIT_SAFE, EXIT_UNKNOWN, EXIT_UNSAFE};
use std::path::{Path, PathBuf};

/// `certa witness`.
pub(crate) fn witness(
    cert: PathBuf,
    output: Option<PathBuf>,
    source: Option<PathBuf>,
) -> Result<u8, String> {
    let cert = format::codec::read_certificate(&cert).map_err(|e| e.to_string())?;
    let text = evidence::witness::witness_for(&cert, source.as_deref())?;
    write_or_print(output.as_deref(), &text)?;
    Ok(EXIT_SAFE)
}

pub(crate) fn validate_witness(
    program: &Path,
    witness: &Path,
    output: Option<&Path>,
    limits: &Limits,
) -> Result<u8, String> {
    use evidence::witness::validate::{validate, Answer};
    if let Some(out) = output {
        certificate_extension(out)?;
    }
    let cfg = limits.config(false)?;
    let text =
        std::fs::read_to_string(witness).map_err(|e| format!("{}: {e}", witness.display()))?;
    // Errors at a place in the witness start with `line:col:`.
    let v = validate(program, &text, &cfg).map_err(|e| {
        let sep = if e.starts_with(|c: char| c.is_ascii_digit()) {
            ":"
        } else {
            ": "
        };
        format!("{}{sep}{e}", witness.display())
    })?;
    for n in &v.notes {
        eprintln!("certa: note: {n}");
    }
    let (word, code) = match &v.answer {
        Answer::Confirmed => ("CONFIRMED".to_string(), EXIT_SAFE),
        Answer::Rejected(why) => (format!("REJECTED: {why}"), EXIT_UNSAFE),
        Answer::Unknown(why) => (format!("UNKNOWN: {why}"), EXIT_UNKNOWN),
    };
    println!("{word}");
    println!(
        "{} witness, {} of {} {} used",
        v.kind,
        v.used,
        v.total,
        if v.kind == "correctness" {
            "invariants"
        } else {
            "waypoints"
        }
    );
    if let (Some(out), Some(cert)) = (output, &v.certificate) {
        format::encode::write_certificate(out, cert).map_err(|e| e.to_string())?;
        println!(
            "certificate {} ({})",
            out.display(),
            evidence::witness::validate::certificate_kind(cert)
        );
    }
    Ok(code)
}
