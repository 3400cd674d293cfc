//! Witness files the format 2.0 rules (`rules.rs`) refuse as a whole: empty,
//! not YAML, too large, aliases, nesting too deep, duplicate keys.

use super::rules::{parse_witness, parse_yaml, MAX_DEPTH, MAX_WITNESS_BYTES};
use super::tests_rules_fixtures::{line_of, refused, refused_at, replace, safe_text};

#[test]
fn an_empty_file_is_refused() {
    for text in ["", "\n", "# only a comment\n"] {
        let e = refused(text);
        assert!(e.contains("empty witness file"), "{text:?}: {e}");
    }
}

#[test]
fn a_witness_without_entries_is_refused() {
    refused_at("[]\n", 1, &["no entries"]);
}

#[test]
fn a_witness_that_is_not_a_sequence_is_refused() {
    refused_at(
        "entry_type: invariant_set\n",
        1,
        &["the witness", "sequence"],
    );
    refused_at("just text\n", 1, &["the witness", "sequence"]);
}

#[test]
fn malformed_yaml_is_refused_with_a_position() {
    let text = replace(
        &safe_text(),
        "format_version: \"2.0\"",
        "format_version: \"2.0",
    );
    let e = refused(&text);
    let pos: Vec<&str> = e.splitn(3, ':').collect();
    assert!(
        pos.len() == 3 && pos[0].parse::<usize>().is_ok() && pos[1].parse::<usize>().is_ok(),
        "{e}"
    );
}

#[test]
fn a_file_larger_than_the_limit_is_refused() {
    let mut text = safe_text();
    let pad = MAX_WITNESS_BYTES + 1 - text.len();
    text.push('#');
    text.push_str(&" ".repeat(pad - 2));
    text.push('\n');
    assert_eq!(text.len(), MAX_WITNESS_BYTES + 1);
    let e = refused(&text);
    assert!(e.contains("exceeds the limit"), "{e}");
    assert!(e.contains(&MAX_WITNESS_BYTES.to_string()), "{e}");
    // One byte less is read (it is the same valid witness plus a comment).
    text.truncate(MAX_WITNESS_BYTES - 1);
    text.push('\n');
    parse_witness(&text).unwrap();
}

#[test]
fn a_yaml_alias_is_refused() {
    let text = replace(
        &safe_text(),
        "      name: certa\n",
        "      name: &a certa\n",
    );
    let line = text
        .lines()
        .find(|l| l.contains("      version: "))
        .unwrap();
    let text = replace(&text, line, "      version: *a");
    let e = refused_at(&text, line_of(&text, "version: *a"), &["alias"]);
    assert!(
        e.starts_with(&format!("{}:16:", line_of(&text, "version: *a"))),
        "{e}"
    );
}

#[test]
fn a_billion_laughs_document_is_refused_quickly() {
    let mut text = String::from("- a0: &a0 [\"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\"]\n");
    for i in 1..10 {
        let p = i - 1;
        text += &format!(
            "  a{i}: &a{i} [*a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}]\n"
        );
    }
    let start = std::time::Instant::now();
    let e = refused_at(&text, 2, &["alias"]);
    assert!(start.elapsed().as_secs() < 5, "{e}");
    // The tree reader refuses it too, whatever is asked of the result.
    assert!(parse_yaml(&text).is_err());
}

#[test]
fn nesting_deeper_than_max_depth_is_refused() {
    let deep = |n: usize| format!("{}{}\n", "[".repeat(n), "]".repeat(n));
    // MAX_DEPTH nested collections are read (and then refused as a witness).
    parse_yaml(&deep(MAX_DEPTH)).unwrap();
    let e = parse_yaml(&deep(MAX_DEPTH + 1)).unwrap_err();
    assert!(
        e.contains(&format!("nesting deeper than {MAX_DEPTH}")),
        "{e}"
    );
    assert!(e.starts_with(&format!("1:{}:", MAX_DEPTH + 1)), "{e}");
    let e = refused(&deep(MAX_DEPTH + 1));
    assert!(e.contains("nesting deeper"), "{e}");
    // Block nesting counts the same way.
    let mut block = String::new();
    for i in 0..=MAX_DEPTH {
        block += &format!("{}k{i}:\n", " ".repeat(i));
    }
    block += &format!("{}x\n", " ".repeat(MAX_DEPTH + 1));
    let e = parse_yaml(&block).unwrap_err();
    assert!(e.contains("nesting deeper"), "{e}");
}

#[test]
fn very_deep_nesting_is_refused_without_exhausting_the_stack() {
    let n = 200_000;
    let text = format!("{}{}\n", "[".repeat(n), "]".repeat(n));
    let e = refused(&text);
    assert!(
        e.contains("nesting deeper") || e.contains("recursion"),
        "{e}"
    );
}

#[test]
fn a_duplicate_key_is_refused() {
    let text = replace(
        &safe_text(),
        "          line: 17\n",
        "          line: 17\n          line: 18\n",
    );
    let e = refused_at(&text, line_of(&text, "line: 18"), &["`line`", "twice"]);
    assert!(
        e.starts_with(&format!("{}:17:", line_of(&text, "line: 18"))),
        "{e}"
    );
}

#[test]
fn a_duplicate_entry_type_is_refused() {
    let text = replace(
        &safe_text(),
        "- entry_type: invariant_set\n",
        "- entry_type: invariant_set\n  entry_type: violation_sequence\n",
    );
    refused_at(&text, 2, &["`entry_type`", "twice"]);
}

#[test]
fn a_collection_as_mapping_key_is_refused() {
    let e = refused("- ? [a, b]\n  : c\n");
    assert!(e.starts_with("1:"), "{e}");
    assert!(e.contains("key must be a scalar"), "{e}");
}
