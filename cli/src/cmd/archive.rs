//! `certa archive`: verifies a program and bundles everything needed to
//! re-check the answer into a directory.

use crate::args::Limits;
use crate::{EXIT_SAFE, EXIT_UNKNOWN, EXIT_UNSAFE};
use engine::run;
use engine::Verdict;
use std::path::PathBuf;

/// `certa archive`.
pub(crate) fn archive(file: PathBuf, output: PathBuf, limits: Limits) -> Result<u8, String> {
    let cfg = limits.config(false)?;
    let run = run::run_file(&file, limits.encoding.into(), &cfg).map_err(|e| e.to_string())?;
    let code = match &run.outcome.verdict {
        Verdict::Safe(_) => EXIT_SAFE,
        Verdict::Unsafe(_) => EXIT_UNSAFE,
        Verdict::Unknown(why) => {
            println!("UNKNOWN: {why}");
            return Ok(EXIT_UNKNOWN);
        }
    };
    let verdict = certa::archive::write_archive(&run, &file, &output)?;
    println!(
        "{} ({}); archive {} checked {}",
        if code == EXIT_SAFE { "SAFE" } else { "UNSAFE" },
        file.display(),
        output.display(),
        verdict
    );
    Ok(code)
}
