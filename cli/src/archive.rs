//! `certa archive`: verifies a program and bundles what an auditor needs to
//! re-check the verdict years later, with a `SHA256SUMS` over all of it.

use checker::archive::{CERTIFICATE, PROOF_DIR, REPORT, SOURCE_DIR, SUMS, TASK, VERSIONS};
use engine::run::Run;
use std::path::{Component, Path};

fn io(path: &Path, e: impl std::fmt::Display) -> String {
    format!("{}: {e}", path.display())
}

fn write(path: &Path, bytes: impl AsRef<[u8]>) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|e| io(path, e))
}

/// Copies `from` to `dir/source/<relative>`, refusing paths outside it.
fn copy_source(from: &Path, relative: &Path, dir: &Path) -> Result<(), String> {
    if !relative
        .components()
        .all(|c| matches!(c, Component::Normal(_)))
    {
        return Err(format!(
            "{}: an archived source must sit beside its task definition",
            relative.display()
        ));
    }
    let to = dir.join(SOURCE_DIR).join(relative);
    if let Some(parent) = to.parent() {
        std::fs::create_dir_all(parent).map_err(|e| io(parent, e))?;
    }
    std::fs::copy(from, &to).map_err(|e| io(&to, e))?;
    Ok(())
}

/// Every file under `dir` (but `SHA256SUMS`), relative, sorted, with its hash.
fn hashes(dir: &Path) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).map_err(|e| io(&d, e))? {
            let path = entry.map_err(|e| io(&d, e))?.path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let relative = path.strip_prefix(dir).expect("under dir");
            let name = relative.to_string_lossy().replace('\\', "/");
            if name != SUMS {
                let bytes = std::fs::read(&path).map_err(|e| io(&path, e))?;
                out.push((name, format::hash::bytes_sha256(&bytes)));
            }
        }
    }
    out.sort();
    Ok(out)
}

/// Writes the archive of `run` (a definite verdict on `source`) into `dir`:
/// the source (and, for an SV-COMP task definition, its input file), the
/// task JSON, the certificate, the checker's JSON report made bound to the
/// archived source with a cvc5 proof of every UNSAT obligation, the tool and
/// solver versions, and `SHA256SUMS`. Returns the checker's verdict.
pub fn write_archive(run: &Run, source: &Path, dir: &Path) -> Result<String, String> {
    let cert = run
        .certificate
        .as_ref()
        .ok_or("no definite verdict: nothing to archive")?;
    std::fs::create_dir_all(dir.join(PROOF_DIR)).map_err(|e| io(dir, e))?;
    let name = cert
        .header
        .source
        .as_ref()
        .map(|s| s.name.clone())
        .ok_or("the certificate records no source")?;
    copy_source(source, Path::new(&name), dir)?;
    if matches!(
        source.extension().and_then(|e| e.to_str()),
        Some("yml" | "yaml")
    ) {
        let def = frontend::c::read_task_def(source).map_err(|e| e.to_string())?;
        let base = source.parent().unwrap_or(Path::new("."));
        for input in &def.input_files {
            copy_source(&base.join(input), Path::new(input), dir)?;
        }
    }
    write(&dir.join(TASK), format::encode::to_json(&cert.task))?;
    write(&dir.join(CERTIFICATE), format::encode::to_json(cert))?;
    let archived = dir.join(SOURCE_DIR).join(&name);
    // certa-check in its own process, on the archived certificate bound to
    // the archived source, with certa-check's own default bound (a
    // non-linear query may not end). Unwritable proof files are an error.
    let checked = crate::checking::run(&crate::checking::check_args(
        &dir.join(CERTIFICATE),
        &[
            "--source".into(),
            archived.into(),
            "--proofs".into(),
            dir.join(PROOF_DIR).into(),
        ],
        std::time::Duration::from_secs(900),
    ))?;
    let json = serde_json::to_string_pretty(&checked.report).expect("json");
    write(&dir.join(REPORT), json + "\n")?;
    let versions = format!(
        "certa {}\n{}\ncerta-certificate format {}\nz3 {}\n{}\nproof format: cvc5 CPC (one file per UNSAT obligation in {PROOF_DIR}/)\n",
        env!("CARGO_PKG_VERSION"),
        frontend::FRONTEND,
        format::FORMAT_VERSION,
        engine::run::z3_version(),
        checked.report["solver"].as_str().unwrap_or("cvc5 (version not reported)"),
    );
    write(&dir.join(VERSIONS), versions)?;
    write(&dir.join(SUMS), checker::archive::sums_text(&hashes(dir)?))?;
    Ok(checked.verdict)
}
