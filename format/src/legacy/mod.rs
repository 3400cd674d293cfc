//! Binary certificates of format versions 2 and 3, decoded into the current form.
//!
//! Outside the audit kernel: the decoded certificate is checked in full by the kernel like
//! any other, so a mistake here can only make an old certificate fail or be judged as a
//! different certificate, whose task `--source` still re-derives from the program.

pub mod v2;
pub mod v3;

use crate::cert::Certificate;

/// Decodes the bincode body of a version-2 or version-3 binary certificate.
pub fn decode_binary(
    version: u32,
    body: &[u8],
    options: impl bincode::Options,
) -> Result<Certificate, bincode::Error> {
    Ok(match version {
        2 => options.deserialize::<v2::Certificate>(body)?.into(),
        _ => options.deserialize::<v3::Certificate>(body)?.into(),
    })
}
