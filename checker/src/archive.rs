//! Archives (`certa archive`): every file listed in `SHA256SUMS` must hash as listed
//! before the bundled certificate is checked against the bundled source.
//!
//! A member (a file listed in `SHA256SUMS`, or the source the certificate's
//! `header.source.name` names under `source/`) must be a plain relative path
//! that stays inside the archive, also after symbolic links are resolved,
//! and a regular file: anything else is tampering (INVALID), and a FIFO or
//! a device is never opened. Only a directory without a readable
//! `SHA256SUMS` is a usage error (exit 3).
#![forbid(unsafe_code)]

use crate::input::{self, InputError};

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
    let bytes = input::read_regular(&sums_path).map_err(|e| match e {
        e @ InputError::NotRegular { .. } => ArchiveError::Tampered(format!("archive: {e}")),
        e => ArchiveError::Unreadable(e.to_string()),
    })?;
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
        let got = read_member(dir, &relative)
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

/// The path of the archived source that `header.source.name` names: a plain
/// relative path (no root, no `.` or `..`), under [`SOURCE_DIR`].
pub fn source_path(dir: &Path, name: &str) -> Result<PathBuf, ArchiveError> {
    let relative = Path::new(name);
    let plain = !name.is_empty()
        && relative
            .components()
            .all(|c| matches!(c, Component::Normal(_)));
    if !plain {
        return Err(ArchiveError::Tampered(format!(
            "archive: header.source.name `{name}` is absolute or leaves the archive \
             (only a plain relative path without `..` names a file under {SOURCE_DIR}/)"
        )));
    }
    Ok(dir.join(SOURCE_DIR).join(relative))
}

/// Reads the archived source that `header.source.name` names ([`source_path`]).
pub fn read_source(dir: &Path, name: &str) -> Result<(PathBuf, Vec<u8>), ArchiveError> {
    let path = source_path(dir, name)?;
    let relative = Path::new(SOURCE_DIR).join(name);
    let bytes = read_member(dir, &relative)
        .map_err(|e| ArchiveError::Tampered(format!("archive: source `{name}`: {e}")))?;
    Ok((path, bytes))
}

/// Reads the member `relative` (plain components only, checked by the
/// caller) of the archive `dir`: it must resolve to a regular file inside
/// the archive's directory.
fn read_member(dir: &Path, relative: &Path) -> Result<Vec<u8>, String> {
    let path = dir.join(relative);
    let root = dir
        .canonicalize()
        .map_err(|e| format!("{}: {e}", dir.display()))?;
    let real = path
        .canonicalize()
        .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    if !real.starts_with(&root) {
        return Err(format!(
            "{} resolves to {}, outside the archive",
            path.display(),
            real.display()
        ));
    }
    input::read_regular(&real).map_err(|e| e.to_string())
}
