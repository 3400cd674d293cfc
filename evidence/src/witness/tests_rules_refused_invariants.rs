//! Correctness witnesses the format 2.0 rules (`rules.rs`) refuse for an
//! invariant or its location.

use super::tests_rules_fixtures::{line_of, refused_at, replace, safe_text};

#[test]
fn a_location_file_not_among_input_files_is_refused() {
    let text = safe_text();
    let first = line_of(&text, "file_name: \"prog.c\"");
    let text = replace(&text, "file_name: \"prog.c\"", "file_name: \"other.c\"");
    let e = refused_at(&text, first, &["`other.c`", "not an input file"]);
    assert!(e.starts_with(&format!("{first}:22:")), "{e}");
}

#[test]
fn line_0_is_refused() {
    let text = replace(&safe_text(), "          line: 17\n", "          line: 0\n");
    let e = refused_at(&text, line_of(&text, "line: 0"), &["line", ">= 1", "`0`"]);
    assert!(e.starts_with("22:17:"), "{e}");
}

#[test]
fn column_0_is_refused() {
    let text = replace(
        &safe_text(),
        "          column: 5\n",
        "          column: 0\n",
    );
    refused_at(
        &text,
        line_of(&text, "column: 0"),
        &["column", ">= 1", "`0`"],
    );
}

#[test]
fn a_quoted_line_is_refused() {
    let text = replace(
        &safe_text(),
        "          line: 17\n",
        "          line: \"17\"\n",
    );
    refused_at(
        &text,
        line_of(&text, "line: \"17\""),
        &["line", "unquoted integer"],
    );
}

#[test]
fn a_negative_or_non_integer_line_is_refused() {
    for bad in ["-17", "17.0", "1e2", "seventeen", "0x11", "4294967296"] {
        let text = replace(
            &safe_text(),
            "          line: 17\n",
            &format!("          line: {bad}\n"),
        );
        refused_at(&text, 22, &["line", &format!("`{bad}`")]);
    }
}

#[test]
fn a_location_without_line_is_refused() {
    let text = replace(&safe_text(), "          line: 17\n", "");
    refused_at(&text, 21, &["location", "`line`"]);
}

#[test]
fn an_invariant_without_location_is_refused() {
    let text = safe_text();
    let start = text.find("        location:\n").unwrap();
    let end = text[start..].find("        value:").unwrap() + start;
    let text = format!("{}{}", &text[..start], &text[end..]);
    refused_at(&text, 19, &["`location`"]);
}

#[test]
fn invariant_type_foo_is_refused() {
    let text = replace(&safe_text(), "type: loop_invariant", "type: foo");
    refused_at(&text, 19, &["`foo`", "loop_invariant"]);
}

#[test]
fn invariant_format_acsl_is_refused() {
    let text = replace(
        &safe_text(),
        "format: c_expression",
        "format: acsl_expression",
    );
    let e = refused_at(
        &text,
        line_of(&text, "acsl_expression"),
        &["format", "c_expression"],
    );
    assert!(e.starts_with("26:17:"), "{e}");
}

#[test]
fn an_invariant_without_format_or_value_is_refused() {
    let text = replace(&safe_text(), "        format: c_expression\n", "");
    refused_at(&text, 19, &["`format`"]);
    let text = safe_text();
    let line = text.lines().find(|l| l.contains("value:")).unwrap();
    let text = replace(&text, &format!("{line}\n"), "");
    refused_at(&text, 19, &["`value`"]);
}

#[test]
fn a_non_scalar_invariant_value_is_refused() {
    let text = replace(
        &safe_text(),
        "        value: \"x >= 0 && y != -1\"\n",
        "        value: [x, y]\n",
    );
    refused_at(&text, 25, &["invariant value", "scalar"]);
}

#[test]
fn a_segment_in_an_invariant_set_is_refused() {
    let text = replace(&safe_text(), "    - invariant:\n", "    - segment:\n");
    refused_at(&text, 18, &["invariant_set item", "`invariant`"]);
}
