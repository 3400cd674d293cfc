//! Reading certificates and tasks as JSON or bincode, with size, magic and version checks.

use crate::cert::{Certificate, FORMAT_NAME, FORMAT_VERSION, OLDEST_READABLE_VERSION};
use crate::task::Task;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use std::path::Path;

/// First bytes of every binary (bincode) certificate.
pub const BINARY_MAGIC: &[u8; 8] = b"CERTA\x00BC";
/// Largest file any reader accepts.
pub const MAX_FILE_BYTES: u64 = 256 << 20;

#[derive(Debug, thiserror::Error)]
pub enum CodecError {
    #[error("{path}: cannot read: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}: {size} bytes or more, which exceeds the limit of {MAX_FILE_BYTES} bytes")]
    TooLarge { path: String, size: u64 },
    #[error("{0}: not a certa file (neither JSON nor the binary magic number)")]
    NotCerta(String),
    #[error("{path}: format `{found}` is not `{FORMAT_NAME}`")]
    WrongFormat { path: String, found: String },
    #[error("{path}: format version {found} is not supported by this reader (it reads versions {OLDEST_READABLE_VERSION} to {FORMAT_VERSION}); use a newer certa-check")]
    WrongVersion { path: String, found: u32 },
    #[error("{path}: malformed JSON: {source}")]
    Json {
        path: String,
        source: serde_json::Error,
    },
    #[error("{path}: malformed binary certificate: {source}")]
    Binary {
        path: String,
        source: bincode::Error,
    },
    #[error("{0}: unknown extension (use .json or .cert)")]
    Extension(String),
}

#[derive(Deserialize)]
struct ProbeHeader {
    format: String,
    version: u32,
}

#[derive(Deserialize)]
struct Probe {
    header: ProbeHeader,
}

/// The bincode configuration used for files and for hashing:
/// fixed-width little-endian integers, u64 lengths, trailing bytes rejected.
fn bincode_options() -> impl bincode::Options {
    use bincode::Options;
    bincode::DefaultOptions::new()
        .with_fixint_encoding()
        .with_little_endian()
        .reject_trailing_bytes()
        .with_limit(MAX_FILE_BYTES)
}

/// Streams the bincode encoding (without size limit) into `out`, which must
/// not fail (a hash or a vector).
pub fn write_bincode<T: serde::Serialize>(out: &mut impl std::io::Write, value: &T) {
    use bincode::Options;
    bincode::DefaultOptions::new()
        .with_fixint_encoding()
        .with_little_endian()
        .serialize_into(out, value)
        .expect("encoding into an infallible writer cannot fail")
}

fn json_from_str<T: DeserializeOwned>(path: &str, text: &str) -> Result<T, CodecError> {
    let mut de = serde_json::Deserializer::from_str(text);
    // Depth is bounded afterwards by the sort check; parsing runs on a large stack.
    de.disable_recursion_limit();
    let value = T::deserialize(&mut de).map_err(|source| CodecError::Json {
        path: path.into(),
        source,
    })?;
    de.end().map_err(|source| CodecError::Json {
        path: path.into(),
        source,
    })?;
    Ok(value)
}

/// Decodes a certificate from bytes; JSON or binary is told by content.
pub fn certificate_from_bytes(path: &str, bytes: &[u8]) -> Result<Certificate, CodecError> {
    use bincode::Options;
    if let Some(rest) = bytes.strip_prefix(&BINARY_MAGIC[..]) {
        if rest.len() < 4 {
            return Err(CodecError::NotCerta(path.into()));
        }
        let found = u32::from_le_bytes([rest[0], rest[1], rest[2], rest[3]]);
        if !(OLDEST_READABLE_VERSION..=FORMAT_VERSION).contains(&found) {
            return Err(CodecError::WrongVersion {
                path: path.into(),
                found,
            });
        }
        let binary = |source| CodecError::Binary {
            path: path.into(),
            source,
        };
        // Versions 2 and 3 are decoded outside the kernel (`crate::legacy`) into the
        // current form, which is then checked in full like any other.
        let cert: Certificate = if found < FORMAT_VERSION {
            crate::legacy::decode_binary(found, &rest[4..], bincode_options()).map_err(binary)?
        } else {
            bincode_options().deserialize(&rest[4..]).map_err(binary)?
        };
        // The outer version chose the decoder; the header must agree with it.
        if cert.header.version != found {
            return Err(CodecError::WrongVersion {
                path: path.into(),
                found: cert.header.version,
            });
        }
        return Ok(cert);
    }
    let text = std::str::from_utf8(bytes).map_err(|_| CodecError::NotCerta(path.into()))?;
    if !text.trim_start().starts_with('{') {
        return Err(CodecError::NotCerta(path.into()));
    }
    // Check format and version before the full decode, so that a newer
    // file is refused with a version message rather than a field error.
    if let Ok(probe) = serde_json::from_str::<Probe>(text) {
        if probe.header.format != FORMAT_NAME {
            return Err(CodecError::WrongFormat {
                path: path.into(),
                found: probe.header.format,
            });
        }
        if !(OLDEST_READABLE_VERSION..=FORMAT_VERSION).contains(&probe.header.version) {
            return Err(CodecError::WrongVersion {
                path: path.into(),
                found: probe.header.version,
            });
        }
    }
    json_from_str(path, text)
}

/// Reads at most `MAX_FILE_BYTES` (and one more, to tell a larger input):
/// the size a file claims says nothing about a pipe or `/dev/zero`.
pub fn read_bounded(path: &Path) -> Result<Vec<u8>, CodecError> {
    use std::io::Read;
    let p = path.display().to_string();
    let file = std::fs::File::open(path).map_err(|source| CodecError::Io {
        path: p.clone(),
        source,
    })?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|source| CodecError::Io {
            path: p.clone(),
            source,
        })?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(CodecError::TooLarge {
            path: p,
            size: bytes.len() as u64,
        });
    }
    Ok(bytes)
}

pub fn read_certificate(path: &Path) -> Result<Certificate, CodecError> {
    let bytes = read_bounded(path)?;
    certificate_from_bytes(&path.display().to_string(), &bytes)
}

/// Reads a task stored as JSON (`certa task FILE --json`).
pub fn read_task_json(path: &Path) -> Result<Task, CodecError> {
    let bytes = read_bounded(path)?;
    let p = path.display().to_string();
    let text = std::str::from_utf8(&bytes).map_err(|_| CodecError::NotCerta(p.clone()))?;
    json_from_str(&p, text)
}
