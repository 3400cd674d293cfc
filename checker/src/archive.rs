//! Archives (`certa archive`): every file listed in `SHA256SUMS` must hash as listed
//! before the bundled certificate is checked against the bundled source.
#![forbid(unsafe_code)]

use std::path::{Component, Path, PathBuf};

/// The files of an archive, relative to its directory.
pub const SUMS: &str = "SHA256SUMS";
pub const CERTIFICATE: &str = "certificate.json";
pub const TASK: &str = "task.json";
pub const REPORT: &str = "check-report.json";
pub const VERSIONS: &str = "VERSIONS";
pub const SOURCE_DIR: &str = "source";
pub const PROOF_DIR: &str = "proofs";

/// Why an archive is not intact: a usage problem (exit 3) or tampering (INVALID).
#[derive(Debug)]
pub enum ArchiveError {
    Unreadable(String),
    Tampered(String),
}

/// `SHA256SUMS` in the format of `sha256sum`: `<hex>  <relative path>` per line.
pub fn sums_text(files: &[(String, String)]) -> String {
    files
        .iter()
        .map(|(path, hex)| format!("{hex}  {path}\n"))
        .collect()
}

/// Checks every line of `dir/SHA256SUMS`; returns the listed paths.
pub fn verify(dir: &Path) -> Result<Vec<String>, ArchiveError> {
    let sums_path = dir.join(SUMS);
    let bytes = format::codec::read_bounded(&sums_path)
        .map_err(|e| ArchiveError::Unreadable(e.to_string()))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| ArchiveError::Unreadable(format!("{}: not UTF-8", sums_path.display())))?;
    let mut listed = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let at = format!("{}:{}", sums_path.display(), i + 1);
        let (hex, path) = line.split_once("  ").ok_or_else(|| {
            ArchiveError::Unreadable(format!("{at}: expected `<sha256>  <path>`"))
        })?;
        let relative = PathBuf::from(path);
        let inside = relative
            .components()
            .all(|c| matches!(c, Component::Normal(_)));
        if !inside || hex.len() != 64 {
            return Err(ArchiveError::Tampered(format!(
                "{at}: `{path}` is not a plain path inside the archive, or its hash is malformed"
            )));
        }
        let file = dir.join(&relative);
        let got = format::codec::read_bounded(&file)
            .map(|b| format::hash::bytes_sha256(&b))
            .map_err(|e| ArchiveError::Tampered(format!("{at}: {e}")))?;
        if got != hex {
            return Err(ArchiveError::Tampered(format!(
                "archive: {path} hashes to {got}, but SHA256SUMS lists {hex}"
            )));
        }
        listed.push(path.to_string());
    }
    for required in [CERTIFICATE, TASK] {
        if !listed.iter().any(|p| p == required) {
            return Err(ArchiveError::Tampered(format!(
                "archive: SHA256SUMS does not list {required}"
            )));
        }
    }
    Ok(listed)
}
