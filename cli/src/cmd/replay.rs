//! `certa replay`: shows an UNSAFE certificate's trace in source terms.

use crate::EXIT_SAFE;
use evidence::replay;
use std::path::PathBuf;

/// `certa replay`.
pub(crate) fn replay(cert: PathBuf) -> Result<u8, String> {
    let cert = format::codec::read_certificate(&cert).map_err(|e| e.to_string())?;
    let text = replay::render(&cert).map_err(|e| e.to_string())?;
    print!("{text}");
    Ok(EXIT_SAFE)
}
