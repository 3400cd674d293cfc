//! The commands of `certa`, one module each, as `main`'s dispatch calls
//! them with their parsed arguments; and the helpers several commands share.

pub(crate) mod archive;
pub(crate) mod bench;
pub(crate) mod check;
pub(crate) mod dot;
pub(crate) mod export;
pub(crate) mod harness;
pub(crate) mod replay;
pub(crate) mod task;
pub(crate) mod verify;
pub(crate) mod witness;

use std::path::Path;

fn write_or_print(output: Option<&Path>, text: &str) -> Result<(), String> {
    match output {
        Some(p) => {
            std::fs::write(p, text).map_err(|e| format!("{}: cannot write: {e}", p.display()))
        }
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

/// Refuses a certificate file name that is neither .json nor .cert.
fn certificate_extension(out: &Path) -> Result<(), String> {
    match out.extension().and_then(|e| e.to_str()) {
        Some("json") | Some("cert") => Ok(()),
        _ => Err(format!(
            "{}: certificate files end in .json or .cert",
            out.display()
        )),
    }
}
