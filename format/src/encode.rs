//! Writing certificates and tasks as JSON or bincode (the checker only reads: `kernel::codec`).

use crate::cert::{Certificate, FORMAT_VERSION};
use crate::codec::{write_bincode, CodecError, BINARY_MAGIC, MAX_FILE_BYTES};
use std::path::Path;

/// The bincode encoding of `value`, without size limit.
pub fn to_bincode<T: serde::Serialize>(value: &T) -> Vec<u8> {
    let mut out = Vec::new();
    write_bincode(&mut out, value);
    out
}

/// Pretty JSON above this size is written compact instead: indentation
/// would triple a long trace (an array loop of 600,000 steps) past what
/// readers accept ([`MAX_FILE_BYTES`]).
pub const PRETTY_JSON_MAX_BYTES: usize = 64 << 20;

pub fn to_json<T: serde::Serialize>(value: &T) -> String {
    let mut s = serde_json::to_string_pretty(value).expect("in-memory JSON encoding cannot fail");
    if s.len() > PRETTY_JSON_MAX_BYTES {
        s = serde_json::to_string(value).expect("in-memory JSON encoding cannot fail");
    }
    s.push('\n');
    s
}

/// Encodes a certificate; the extension of `path` chooses the encoding.
pub fn certificate_to_bytes(path: &Path, cert: &Certificate) -> Result<Vec<u8>, CodecError> {
    match path.extension().and_then(|e| e.to_str()) {
        Some("json") => Ok(to_json(cert).into_bytes()),
        Some("cert") => {
            let mut out = BINARY_MAGIC.to_vec();
            out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
            write_bincode(&mut out, cert);
            if out.len() as u64 > MAX_FILE_BYTES {
                return Err(CodecError::TooLarge {
                    path: path.display().to_string(),
                    size: out.len() as u64,
                });
            }
            Ok(out)
        }
        _ => Err(CodecError::Extension(path.display().to_string())),
    }
}

/// Writes a certificate; the extension of `path` chooses the encoding.
pub fn write_certificate(path: &Path, cert: &Certificate) -> Result<(), CodecError> {
    let bytes = certificate_to_bytes(path, cert)?;
    std::fs::write(path, bytes).map_err(|source| CodecError::Io {
        path: path.display().to_string(),
        source,
    })
}
