//! Witness entries the format 2.0 rules (`rules.rs`) refuse for their entry
//! type or metadata (format version, uuid, creation time, producer, task).

use super::tests_rules_fixtures::{line_of, refused_at, replace, safe_text, HASH};

#[test]
fn an_entry_without_entry_type_is_refused() {
    let text = replace(
        &safe_text(),
        "- entry_type: invariant_set\n  metadata:",
        "- metadata:",
    );
    refused_at(&text, 1, &["entry_type"]);
}

#[test]
fn an_unknown_entry_type_is_refused() {
    // Format 1.0-style entries are not 2.0 entries.
    let text = replace(
        &safe_text(),
        "entry_type: invariant_set",
        "entry_type: loop_invariant",
    );
    refused_at(
        &text,
        1,
        &["`loop_invariant`", "invariant_set, violation_sequence"],
    );
}

#[test]
fn an_entry_without_metadata_is_refused() {
    let text = safe_text();
    let (head, rest) = text.split_once("  content:\n").unwrap();
    let (first, _) = head.split_once("  metadata:\n").unwrap();
    let text = format!("{first}  content:\n{rest}");
    refused_at(&text, 1, &["`metadata`"]);
}

#[test]
fn an_entry_without_content_is_refused() {
    let text = safe_text();
    let (head, _) = text.split_once("  content:\n").unwrap();
    refused_at(head, 1, &["`content`"]);
}

#[test]
fn content_that_is_not_a_sequence_is_refused() {
    let text = safe_text();
    let (head, _) = text.split_once("  content:\n").unwrap();
    let text = format!("{head}  content: nothing\n");
    refused_at(
        &text,
        line_of(&text, "content: nothing"),
        &["content", "sequence"],
    );
}

#[test]
fn a_missing_format_version_is_refused() {
    let text = replace(&safe_text(), "    format_version: \"2.0\"\n", "");
    refused_at(&text, 3, &["`format_version`"]);
}

#[test]
fn format_version_2_1_is_refused() {
    let text = replace(
        &safe_text(),
        "format_version: \"2.0\"",
        "format_version: \"2.1\"",
    );
    let e = refused_at(&text, 3, &["format_version", "2.0"]);
    assert!(e.starts_with("3:21:"), "{e}");
    let text = replace(
        &safe_text(),
        "format_version: \"2.0\"",
        "format_version: \"1.0\"",
    );
    refused_at(&text, 3, &["format_version"]);
}

#[test]
fn a_malformed_uuid_is_refused() {
    let text = safe_text();
    let line = text.lines().find(|l| l.contains("uuid:")).unwrap();
    for bad in [
        "not-a-uuid",
        "0f8fad5b-d9cb-469f-a165-70867728950",
        "0f8fad5b-d9cb-469f-a165-70867728950e0",
        "0f8fad5bd9cb469fa16570867728950e",
        "0f8fad5b-d9cb-469f-a165-70867728950g",
        "{0f8fad5b-d9cb-469f-a165-70867728950e}",
        "",
    ] {
        let mutated = replace(&text, line, &format!("    uuid: \"{bad}\""));
        refused_at(&mutated, 4, &["uuid", "RFC 4122"]);
    }
    let mutated = replace(&text, &format!("{line}\n"), "");
    refused_at(&mutated, 3, &["`uuid`"]);
}

#[test]
fn a_malformed_creation_time_is_refused() {
    let text = safe_text();
    let line = text.lines().find(|l| l.contains("creation_time:")).unwrap();
    for bad in [
        "2024-01-01",
        "2024-01-01T00:00:00",
        "2024-01-01T00:00:00.Z",
        "2024-01-01T00:00Z",
        "2024-1-01T00:00:00Z",
        "2024-01-01T00:00:00+0100",
        "2024-01-01T00:00:00ZZ",
        "yesterday",
        "1704067200",
    ] {
        let mutated = replace(&text, line, &format!("    creation_time: \"{bad}\""));
        refused_at(&mutated, 5, &["creation_time", "RFC 3339"]);
    }
}

#[test]
fn a_producer_without_name_or_version_is_refused() {
    let text = replace(&safe_text(), "      name: certa\n", "");
    refused_at(
        &text,
        line_of(&text, "    producer:") + 1,
        &["producer", "`name`"],
    );
    let text = safe_text();
    let line = text
        .lines()
        .find(|l| l.starts_with("      version:"))
        .unwrap();
    let text = replace(&text, &format!("{line}\n"), "");
    refused_at(
        &text,
        line_of(&text, "    producer:") + 1,
        &["producer", "`version`"],
    );
}

#[test]
fn a_metadata_without_task_is_refused() {
    let text = safe_text();
    let (head, rest) = text.split_once("    task:\n").unwrap();
    let (_, rest) = rest.split_once("  content:\n").unwrap();
    let text = format!("{head}  content:\n{rest}");
    refused_at(&text, 3, &["metadata", "`task`"]);
}

#[test]
fn an_input_file_without_hash_is_refused() {
    let text = replace(
        &safe_text(),
        "        - \"prog.c\"\n",
        "        - \"prog.c\"\n        - \"lib.c\"\n",
    );
    let hashes = line_of(&text, "\"prog.c\": \"");
    assert_eq!(hashes, 14);
    refused_at(&text, hashes, &["`lib.c`", "no hash"]);
    // A hash under another name does not count.
    let text = replace(
        &safe_text(),
        &format!("        \"prog.c\": \"{HASH}\""),
        &format!("        \"./prog.c\": \"{HASH}\""),
    );
    refused_at(&text, 13, &["`prog.c`", "no hash"]);
}

#[test]
fn a_hash_that_is_not_sha256_is_refused() {
    for bad in [
        &HASH[1..],
        &format!("{HASH}0"),
        &format!("{}g", &HASH[1..]),
        "d41d8cd98f00b204e9800998ecf8427e",
        &format!("sha256:{HASH}"),
    ] {
        let text = replace(&safe_text(), HASH, bad);
        refused_at(&text, 13, &["`prog.c`", "SHA-256"]);
    }
}

#[test]
fn input_file_hashes_that_are_not_a_mapping_are_refused() {
    let text = replace(
        &safe_text(),
        &format!("      input_file_hashes:\n        \"prog.c\": \"{HASH}\"\n"),
        &format!("      input_file_hashes:\n        - \"{HASH}\"\n"),
    );
    refused_at(&text, 13, &["input_file_hashes", "mapping"]);
}

#[test]
fn a_missing_specification_is_refused() {
    let text = safe_text();
    let line = text.lines().find(|l| l.contains("specification:")).unwrap();
    let text = replace(&text, &format!("{line}\n"), "");
    refused_at(&text, 10, &["task", "`specification`"]);
}

#[test]
fn data_model_32bit_is_refused() {
    let text = replace(&safe_text(), "data_model: LP64", "data_model: 32bit");
    let e = refused_at(&text, 15, &["data_model", "ILP32 or LP64"]);
    assert!(e.starts_with("15:19:"), "{e}");
    let text = replace(&safe_text(), "data_model: LP64", "data_model: lp64");
    refused_at(&text, 15, &["data_model"]);
}

#[test]
fn language_java_is_refused() {
    let text = replace(&safe_text(), "language: C", "language: Java");
    let e = refused_at(&text, 16, &["language", "C"]);
    assert!(e.starts_with("16:17:"), "{e}");
}
