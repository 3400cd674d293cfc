//! `certa dot`: draws a certificate as Graphviz DOT (or SVG).

use super::write_or_print;
use crate::EXIT_SAFE;
use std::path::PathBuf;

/// `certa dot`.
pub(crate) fn dot(
    cert: PathBuf,
    output: Option<PathBuf>,
    svg: bool,
    max_nodes: u64,
) -> Result<u8, String> {
    let cert = format::codec::read_certificate(&cert).map_err(|e| e.to_string())?;
    let text = evidence::dot::dot(&cert, max_nodes as usize);
    let text = if svg {
        evidence::dot::render_svg(&text)?
    } else {
        text
    };
    write_or_print(output.as_deref(), &text)?;
    Ok(EXIT_SAFE)
}
