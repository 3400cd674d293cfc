//! `certa export`: a program as a CHC problem, or a SAFE certificate as a CHC model.

use crate::args::ExportFormat;
use crate::EXIT_SAFE;
use evidence::export;
use frontend::Encoding;
use std::path::Path;

pub(crate) fn export_cmd(
    input: &Path,
    to: ExportFormat,
    output: Option<&Path>,
    source: Option<&Path>,
    encoding: Encoding,
) -> Result<u8, String> {
    let is_cert = matches!(
        input.extension().and_then(|e| e.to_str()),
        Some("json") | Some("cert")
    );
    let text = match to {
        ExportFormat::Chc => {
            let task = if is_cert {
                format::codec::read_certificate(input)
                    .map_err(|e| e.to_string())?
                    .task
            } else {
                frontend::load(input, encoding)
                    .map_err(|e| e.to_string())?
                    .task
            };
            export::task_to_chc(&task)
        }
        ExportFormat::ChcModel => {
            let cert = format::codec::read_certificate(input).map_err(|e| e.to_string())?;
            let format::Body::Safe(body) = &cert.body else {
                return Err(format!(
                    "{}: an UNSAFE certificate has no model (only SAFE certificates export to chc-model)",
                    input.display()
                ));
            };
            match source {
                None => export::chc_model(&cert.task, body),
                Some(src) => {
                    let text = std::fs::read_to_string(src)
                        .map_err(|e| format!("{}: {e}", src.display()))?;
                    let chc = frontend::chc::parse(&src.display().to_string(), &text)
                        .map_err(|e| e.to_string())?;
                    if chc.program.task != cert.task {
                        return Err(format!(
                            "{}: the certificate is not about this CHC problem (task hashes {} and {})",
                            src.display(),
                            format::hash::task_sha256(&cert.task),
                            format::hash::task_sha256(&chc.program.task)
                        ));
                    }
                    export::chc_model_for_source(&chc, body)
                }
            }
        }
    };
    match output {
        Some(p) => {
            std::fs::write(p, text).map_err(|e| format!("{}: cannot write: {e}", p.display()))?
        }
        None => print!("{text}"),
    }
    Ok(EXIT_SAFE)
}
