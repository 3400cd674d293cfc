//! `certa task`: prints the task a program translates to, and its SHA-256.

use crate::args::EncodingArg;
use crate::EXIT_SAFE;
use std::path::PathBuf;

/// `certa task`.
pub(crate) fn task(
    file: PathBuf,
    encoding: EncodingArg,
    json: Option<PathBuf>,
) -> Result<u8, String> {
    let program = frontend::load(&file, encoding.into()).map_err(|e| e.to_string())?;
    print!("{}", format::print::task_to_string(&program.task));
    println!("// sha256 {}", format::hash::task_sha256(&program.task));
    if let Some(path) = json {
        std::fs::write(&path, format::encode::to_json(&program.task))
            .map_err(|e| format!("{}: cannot write: {e}", path.display()))?;
    }
    Ok(EXIT_SAFE)
}
