//! Writing the YAML of witness entries: quoting and the shared blocks.

use super::{Metadata, WitnessTask};

/// A YAML double-quoted scalar (JSON's string escapes are YAML's too).
pub fn quote(s: &str) -> String {
    serde_json::to_string(s).expect("a string serialises")
}

/// The `location:` block, indented by `indent` spaces.
pub fn location(
    task: &WitnessTask,
    line: u32,
    column: u32,
    function: &str,
    indent: usize,
) -> String {
    let pad = " ".repeat(indent);
    format!(
        "{pad}location:\n{pad}  file_name: {}\n{pad}  line: {line}\n{pad}  column: {column}\n{pad}  function: {}\n",
        quote(&task.file_name),
        quote(function)
    )
}

/// `- entry_type: ..` and the `metadata:` block of one entry.
pub fn entry_head(entry_type: &str, task: &WitnessTask, meta: &Metadata) -> String {
    format!(
        "- entry_type: {entry_type}\n  metadata:\n    format_version: \"2.0\"\n    uuid: {}\n    creation_time: {}\n    producer:\n      name: certa\n      version: {}\n    task:\n      input_files:\n        - {}\n      input_file_hashes:\n        {}: {}\n      specification: {}\n      data_model: {}\n      language: C\n",
        quote(&meta.uuid),
        quote(&meta.creation_time),
        quote(env!("CARGO_PKG_VERSION")),
        quote(&task.file_name),
        quote(&task.file_name),
        quote(&task.sha256),
        quote(&task.specification),
        task.data_model,
    )
}
