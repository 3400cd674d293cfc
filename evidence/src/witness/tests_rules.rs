//! Tests of the witness format 2.0 rules (`rules.rs`): witnesses written by
//! `invariant_set_yaml` / `violation_sequence_yaml` are accepted with their
//! contents intact, and every rule the parser checks refuses a witness that
//! breaks it, with a message that names the problem and its `line:col`.

use super::rules::{parse_witness, parse_yaml, Entry, MAX_DEPTH, MAX_WITNESS_BYTES};
use super::{
    invariant_set_yaml, violation_sequence_yaml, LoopInvariant, Waypoint, WaypointKind,
    WitnessTask, SPECIFICATION,
};

const HASH: &str = "0123456789abcdef0123456789ABCDEF0123456789abcdef0123456789abcdef";

fn task() -> WitnessTask {
    WitnessTask {
        file_name: "prog.c".into(),
        sha256: HASH.into(),
        data_model: "LP64".into(),
        specification: SPECIFICATION.into(),
    }
}

fn invariants() -> Vec<LoopInvariant> {
    vec![
        LoopInvariant {
            line: 17,
            column: 5,
            function: "main".into(),
            value: "x >= 0 && y != -1".into(),
        },
        LoopInvariant {
            line: 42,
            column: 9,
            function: "worker".into(),
            value: r#"*p == 1 || s == "a\"b\\c" # not a comment"#.into(),
        },
    ]
}

fn waypoints() -> Vec<Waypoint> {
    let at = |kind, line, column, function: &str| Waypoint {
        kind,
        line,
        column,
        function: function.into(),
    };
    vec![
        at(WaypointKind::Assumption("x == 1".into()), 20, 3, "main"),
        at(WaypointKind::Branching(false), 21, 5, "main"),
        at(
            WaypointKind::FunctionReturn(r"\result == 5".into()),
            22,
            7,
            "get",
        ),
        at(WaypointKind::Target, 30, 3, "main"),
    ]
}

/// A valid correctness witness with two invariants.
fn safe_text() -> String {
    invariant_set_yaml(&task(), &invariants())
}

/// A valid violation witness: assumption, branching, function_return, target.
fn unsafe_text() -> String {
    violation_sequence_yaml(&task(), &waypoints())
}

/// `text` with the first `from` replaced by `to`; `from` must occur.
fn replace(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "`{from}` not in\n{text}");
    text.replacen(from, to, 1)
}

/// The 1-based number of the first line of `text` containing `needle`.
fn line_of(text: &str, needle: &str) -> usize {
    text.lines()
        .position(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("`{needle}` not in\n{text}"))
        + 1
}

fn refused(text: &str) -> String {
    match parse_witness(text) {
        Ok(entries) => panic!("accepted:\n{text}\nas {entries:?}"),
        Err(e) => e,
    }
}

/// Refused, with a message starting with `line:` and containing all `words`.
fn refused_at(text: &str, line: usize, words: &[&str]) -> String {
    let e = refused(text);
    assert!(
        e.starts_with(&format!("{line}:")),
        "expected the error at line {line}, got `{e}` for\n{text}"
    );
    let (_, rest) = e.split_once(':').unwrap();
    let col: String = rest.chars().take_while(char::is_ascii_digit).collect();
    assert!(
        !col.is_empty()
            && col.parse::<usize>().unwrap() >= 1
            && rest[col.len()..].starts_with(": "),
        "expected `line:col: ` at the start of `{e}`"
    );
    for w in words {
        assert!(e.contains(w), "`{e}` does not mention `{w}`");
    }
    e
}

/// The metadata and `content:` key of a generated violation witness,
/// followed by the given segments.
fn violation_with(segments: &[String]) -> String {
    let text = unsafe_text();
    let (head, _) = text.split_once("  content:\n").unwrap();
    format!("{head}  content:\n{}", segments.concat())
}

fn segment(waypoints: &[String]) -> String {
    format!("    - segment:\n{}", waypoints.concat())
}

/// One waypoint; `constraint` is its value and optional format.
fn waypoint(
    kind: &str,
    action: &str,
    line: u32,
    constraint: Option<(&str, Option<&str>)>,
) -> String {
    let mut w = format!(
        "        - waypoint:\n            type: {kind}\n            action: {action}\n            location:\n              file_name: \"prog.c\"\n              line: {line}\n              column: 1\n              function: \"main\"\n"
    );
    if let Some((value, format)) = constraint {
        w += &format!("            constraint:\n              value: {value:?}\n");
        if let Some(f) = format {
            w += &format!("              format: {f}\n");
        }
    }
    w
}

fn assumption(action: &str, line: u32) -> String {
    waypoint(
        "assumption",
        action,
        line,
        Some(("x > 0", Some("c_expression"))),
    )
}

fn target(line: u32) -> String {
    waypoint("target", "follow", line, None)
}

// ---------------------------------------------------------------- accepted

#[test]
fn a_generated_correctness_witness_is_accepted_with_its_contents() {
    let text = safe_text();
    let entries = parse_witness(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(entries.len(), 1);
    let Entry::InvariantSet { task, invariants } = &entries[0] else {
        panic!("not an invariant set: {entries:?}");
    };
    assert_eq!(task.input_files, vec!["prog.c".to_string()]);
    assert_eq!(
        task.input_file_hashes,
        vec![("prog.c".to_string(), HASH.to_string())]
    );
    assert_eq!(task.specification, SPECIFICATION);
    assert_eq!(task.data_model, "LP64");
    assert_eq!(invariants.len(), 2);
    for (got, want) in invariants.iter().zip(super::tests_rules::invariants()) {
        assert_eq!(got.kind, "loop_invariant");
        assert_eq!(got.location.file_name, "prog.c");
        assert_eq!(got.location.line, want.line);
        assert_eq!(got.location.column, Some(want.column));
        assert_eq!(
            got.location.function.as_deref(),
            Some(want.function.as_str())
        );
        assert_eq!(got.value, want.value);
    }
    // Positions name where each invariant and location stands in the file.
    // (A mapping stands where its first key does; only lines are checked.)
    let line = |at: &str| at.split(':').next().unwrap().parse::<usize>().unwrap();
    assert_eq!(
        line(&invariants[0].at),
        line_of(&text, "type: loop_invariant")
    );
    assert_eq!(line(&invariants[0].at), 19);
    assert_eq!(
        line(&invariants[0].location.at),
        line_of(&text, "file_name: \"prog.c\"")
    );
    assert_eq!(line(&invariants[1].at), 28);
}

#[test]
fn a_generated_violation_witness_is_accepted_with_its_contents() {
    let text = unsafe_text();
    let entries = parse_witness(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(entries.len(), 1);
    let Entry::ViolationSequence { task, segments } = &entries[0] else {
        panic!("not a violation sequence: {entries:?}");
    };
    assert_eq!(task.data_model, "LP64");
    assert_eq!(task.input_files, vec!["prog.c".to_string()]);
    assert_eq!(segments.len(), 4);
    assert!(segments.iter().all(|s| s.len() == 1 && s[0].follow));
    // (type, line, column, function, constraint) of each segment's waypoint.
    type Row<'a> = (&'a str, u32, Option<u32>, Option<&'a str>, Option<&'a str>);
    let got: Vec<Row> = segments
        .iter()
        .map(|s| {
            let w = &s[0];
            (
                w.kind.as_str(),
                w.location.line,
                w.location.column,
                w.location.function.as_deref(),
                w.constraint.as_deref(),
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            ("assumption", 20, Some(3), Some("main"), Some("x == 1")),
            ("branching", 21, Some(5), Some("main"), Some("false")),
            (
                "function_return",
                22,
                Some(7),
                Some("get"),
                Some(r"\result == 5")
            ),
            ("target", 30, Some(3), Some("main"), None),
        ]
    );
}

#[test]
fn the_acsl_result_constraint_is_written_quoted_and_read_back() {
    let text = unsafe_text();
    // `\result` needs the backslash escaped in a double-quoted scalar.
    assert!(text.contains(r#"value: "\\result == 5""#), "{text}");
    let entries = parse_witness(&text).unwrap();
    let Entry::ViolationSequence { segments, .. } = &entries[0] else {
        panic!()
    };
    assert_eq!(segments[2][0].constraint.as_deref(), Some(r"\result == 5"));
}

#[test]
fn invariant_values_with_quotes_backslashes_and_yaml_syntax_round_trip() {
    let values = [
        r"\result == 5",
        r#"s == "x""#,
        r#"c == '\\' || c == '"'"#,
        r"\\",
        r#"""#,
        "*p == 1",
        "&x != 0",
        "x # y",
        "a: b",
        "- x",
        "[x]",
        "{x}",
        "? x : y",
        "! x",
        "|x|",
        "> x",
        "%x",
        "@x",
        "`x`",
        "x\ny",
        "x\ty",
        "\u{e9}t\u{e9} == 1",
        " x ",
        "'x'",
        "true",
        "null",
        "~",
        "0x10",
        "1e3",
        "...",
        "---",
        "",
    ];
    for v in values {
        let inv = LoopInvariant {
            line: 1,
            column: 1,
            function: "main".into(),
            value: v.into(),
        };
        let text = invariant_set_yaml(&task(), &[inv]);
        let entries = parse_witness(&text).unwrap_or_else(|e| panic!("{v:?}: {e}\n{text}"));
        let Entry::InvariantSet { invariants, .. } = &entries[0] else {
            panic!()
        };
        assert_eq!(invariants[0].value, v, "{text}");
    }
}

#[test]
fn waypoint_constraints_with_quotes_and_backslashes_round_trip() {
    for v in [
        r#"s == "a\"b""#,
        r"\result == '\\'",
        r"\result == 5 && \old(x) == 1",
    ] {
        let ws = vec![
            Waypoint {
                kind: WaypointKind::Assumption(v.into()),
                line: 2,
                column: 1,
                function: "main".into(),
            },
            Waypoint {
                kind: WaypointKind::FunctionReturn(v.into()),
                line: 3,
                column: 1,
                function: "main".into(),
            },
            Waypoint {
                kind: WaypointKind::Target,
                line: 4,
                column: 1,
                function: "main".into(),
            },
        ];
        let text = violation_sequence_yaml(&task(), &ws);
        let entries = parse_witness(&text).unwrap_or_else(|e| panic!("{v:?}: {e}\n{text}"));
        let Entry::ViolationSequence { segments, .. } = &entries[0] else {
            panic!()
        };
        assert_eq!(segments[0][0].constraint.as_deref(), Some(v));
        assert_eq!(segments[1][0].constraint.as_deref(), Some(v));
    }
}

#[test]
fn a_file_name_with_yaml_syntax_round_trips() {
    let t = WitnessTask {
        file_name: "dir/my prog: #1 \"v2\".c".into(),
        ..task()
    };
    let text = invariant_set_yaml(&t, &invariants());
    let entries = parse_witness(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let Entry::InvariantSet { task, invariants } = &entries[0] else {
        panic!()
    };
    assert_eq!(task.input_files, vec![t.file_name.clone()]);
    assert_eq!(invariants[0].location.file_name, t.file_name);
}

#[test]
fn an_empty_invariant_set_is_accepted() {
    let text = invariant_set_yaml(&task(), &[]);
    assert!(text.contains("content: []"), "{text}");
    let entries = parse_witness(&text).unwrap();
    assert!(matches!(&entries[0], Entry::InvariantSet { invariants, .. } if invariants.is_empty()));
}

#[test]
fn the_ilp32_data_model_is_accepted() {
    let t = WitnessTask {
        data_model: "ILP32".into(),
        ..task()
    };
    let entries = parse_witness(&invariant_set_yaml(&t, &invariants())).unwrap();
    let Entry::InvariantSet { task, .. } = &entries[0] else {
        panic!()
    };
    assert_eq!(task.data_model, "ILP32");
}

#[test]
fn a_location_invariant_is_accepted() {
    let text = replace(
        &safe_text(),
        "type: loop_invariant",
        "type: location_invariant",
    );
    let entries = parse_witness(&text).unwrap();
    let Entry::InvariantSet { invariants, .. } = &entries[0] else {
        panic!()
    };
    assert_eq!(invariants[0].kind, "location_invariant");
    assert_eq!(invariants[1].kind, "loop_invariant");
}

#[test]
fn column_and_function_are_optional() {
    let text = replace(&safe_text(), "          column: 5\n", "");
    let text = replace(&text, "          function: \"main\"\n", "");
    let entries = parse_witness(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let Entry::InvariantSet { invariants, .. } = &entries[0] else {
        panic!()
    };
    assert_eq!(invariants[0].location.column, None);
    assert_eq!(invariants[0].location.function, None);
    assert_eq!(invariants[0].location.line, 17);
}

#[test]
fn a_single_input_file_may_be_a_scalar() {
    let text = replace(
        &safe_text(),
        "      input_files:\n        - \"prog.c\"\n",
        "      input_files: \"prog.c\"\n",
    );
    let entries = parse_witness(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let Entry::InvariantSet { task, .. } = &entries[0] else {
        panic!()
    };
    assert_eq!(task.input_files, vec!["prog.c".to_string()]);
}

#[test]
fn several_input_files_each_with_a_hash_are_accepted() {
    let text = replace(
        &safe_text(),
        "        - \"prog.c\"\n",
        "        - \"prog.c\"\n        - lib.c\n",
    );
    let text = replace(
        &text,
        &format!("        \"prog.c\": \"{HASH}\"\n"),
        &format!(
            "        \"prog.c\": \"{HASH}\"\n        lib.c: {}\n",
            "f".repeat(64)
        ),
    );
    let text = replace(&text, "file_name: \"prog.c\"", "file_name: lib.c");
    let entries = parse_witness(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let Entry::InvariantSet { task, invariants } = &entries[0] else {
        panic!()
    };
    assert_eq!(
        task.input_files,
        vec!["prog.c".to_string(), "lib.c".to_string()]
    );
    assert_eq!(invariants[0].location.file_name, "lib.c");
    assert_eq!(invariants[1].location.file_name, "prog.c");
}

#[test]
fn creation_times_with_fractions_and_offsets_are_accepted() {
    let text = safe_text();
    let line = text.lines().find(|l| l.contains("creation_time:")).unwrap();
    for t in [
        "2024-02-29T23:59:59Z",
        "2024-02-29t23:59:59z",
        "2024-02-29T23:59:59.123456Z",
        "2024-02-29T23:59:59+05:30",
        "2024-02-29T23:59:59.5-00:00",
    ] {
        let mutated = replace(&text, line, &format!("    creation_time: \"{t}\""));
        parse_witness(&mutated).unwrap_or_else(|e| panic!("{t}: {e}"));
    }
}

#[test]
fn uppercase_uuids_are_accepted() {
    let text = safe_text();
    let line = text.lines().find(|l| l.contains("uuid:")).unwrap();
    let mutated = replace(
        &text,
        line,
        "    uuid: \"0F8FAD5B-D9CB-469F-A165-70867728950E\"",
    );
    parse_witness(&mutated).unwrap();
}

#[test]
fn avoid_waypoints_before_the_follow_waypoint_are_accepted() {
    let text = violation_with(&[
        segment(&[
            assumption("avoid", 5),
            waypoint("branching", "avoid", 6, Some(("true", None))),
            assumption("follow", 7),
        ]),
        segment(&[assumption("avoid", 8), target(9)]),
    ]);
    let entries = parse_witness(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let Entry::ViolationSequence { segments, .. } = &entries[0] else {
        panic!()
    };
    let follows: Vec<Vec<bool>> = segments
        .iter()
        .map(|s| s.iter().map(|w| w.follow).collect())
        .collect();
    assert_eq!(follows, vec![vec![false, false, true], vec![false, true]]);
}

#[test]
fn function_enter_and_case_value_branching_are_accepted() {
    let text = violation_with(&[
        segment(&[waypoint("function_enter", "follow", 3, None)]),
        segment(&[waypoint("branching", "follow", 4, Some(("7", None)))]),
        segment(&[target(5)]),
    ]);
    let entries = parse_witness(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let Entry::ViolationSequence { segments, .. } = &entries[0] else {
        panic!()
    };
    assert_eq!(segments[0][0].kind, "function_enter");
    assert_eq!(segments[0][0].constraint, None);
    assert_eq!(segments[1][0].constraint.as_deref(), Some("7"));
}

#[test]
fn an_assumption_without_format_defaults_to_c_expression() {
    let text = violation_with(&[
        segment(&[waypoint("assumption", "follow", 3, Some(("x > 0", None)))]),
        segment(&[target(5)]),
    ]);
    parse_witness(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
}

#[test]
fn a_file_with_a_correctness_and_a_violation_entry_is_accepted() {
    let text = format!("{}{}", safe_text(), unsafe_text());
    let entries = parse_witness(&text).unwrap();
    assert_eq!(entries.len(), 2);
    assert!(matches!(entries[0], Entry::InvariantSet { .. }));
    assert!(matches!(entries[1], Entry::ViolationSequence { .. }));
}

// ---------------------------------------------------- refused: the file

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

// ------------------------------------------------- refused: entry and metadata

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

// ------------------------------------------------------ refused: invariants

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

// ------------------------------------------------------- refused: waypoints

#[test]
fn the_violation_helpers_build_a_valid_witness() {
    let text = violation_with(&[segment(&[assumption("follow", 3)]), segment(&[target(4)])]);
    parse_witness(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
}

#[test]
fn waypoint_type_foo_is_refused() {
    let text = replace(&unsafe_text(), "type: branching", "type: foo");
    assert_eq!(line_of(&text, "type: foo"), 32);
    refused_at(&text, 32, &["waypoint type `foo`"]);
}

#[test]
fn action_stay_is_refused() {
    let text = replace(&unsafe_text(), "action: follow", "action: stay");
    let e = refused_at(
        &text,
        line_of(&text, "action: stay"),
        &["action `stay`", "follow or avoid"],
    );
    assert!(e.starts_with("21:21:"), "{e}");
}

#[test]
fn a_waypoint_without_action_is_refused() {
    let text = replace(&unsafe_text(), "            action: follow\n", "");
    refused_at(&text, 20, &["waypoint", "`action`"]);
}

#[test]
fn a_segment_with_two_follow_waypoints_is_refused() {
    let text = violation_with(&[
        segment(&[assumption("follow", 3), assumption("follow", 4)]),
        segment(&[target(5)]),
    ]);
    let second = line_of(&text, "line: 4") - 4;
    refused_at(&text, second, &["exactly one follow waypoint"]);
}

#[test]
fn a_follow_waypoint_that_is_not_last_is_refused() {
    let text = violation_with(&[
        segment(&[assumption("follow", 3), assumption("avoid", 4)]),
        segment(&[target(5)]),
    ]);
    let avoid = line_of(&text, "line: 4") - 4;
    refused_at(&text, avoid, &["follow waypoint", "as its last"]);
}

#[test]
fn a_segment_of_only_avoid_waypoints_is_refused() {
    let text = violation_with(&[
        segment(&[assumption("avoid", 3), assumption("avoid", 4)]),
        segment(&[target(5)]),
    ]);
    refused_at(
        &text,
        line_of(&text, "line: 4") - 4,
        &["exactly one follow"],
    );
}

#[test]
fn an_empty_segment_is_refused() {
    let text = violation_with(&["    - segment: []\n".to_string(), segment(&[target(5)])]);
    refused_at(&text, 1, &["segment 1 is empty"]);
}

#[test]
fn a_target_outside_the_last_segment_is_refused() {
    let text = violation_with(&[
        segment(&[target(3)]),
        segment(&[assumption("follow", 4)]),
        segment(&[target(5)]),
    ]);
    let first = line_of(&text, "type: target");
    refused_at(&text, first, &["target waypoint", "last segment"]);
    // Also when the producer is asked for it.
    let t = Waypoint {
        kind: WaypointKind::Target,
        line: 3,
        column: 1,
        function: "main".into(),
    };
    let text = violation_sequence_yaml(&task(), &[t.clone(), t]);
    refused_at(&text, line_of(&text, "type: target"), &["target waypoint"]);
}

#[test]
fn an_avoid_target_is_refused() {
    let text = violation_with(&[segment(&[waypoint("target", "avoid", 3, None), target(4)])]);
    refused_at(
        &text,
        line_of(&text, "type: target"),
        &["target waypoint", "follow waypoint"],
    );
}

#[test]
fn a_last_segment_without_target_is_refused() {
    let ws: Vec<Waypoint> = waypoints().into_iter().take(3).collect();
    let text = violation_sequence_yaml(&task(), &ws);
    assert_eq!(line_of(&text, "type: function_return"), 43);
    refused_at(&text, 43, &["last segment", "target"]);
}

#[test]
fn an_assumption_without_constraint_is_refused() {
    let text = violation_with(&[
        segment(&[waypoint("assumption", "follow", 3, None)]),
        segment(&[target(5)]),
    ]);
    refused_at(
        &text,
        line_of(&text, "type: assumption"),
        &["assumption waypoint needs a constraint"],
    );
}

#[test]
fn an_assumption_in_acsl_is_refused() {
    let text = violation_with(&[
        segment(&[waypoint(
            "assumption",
            "follow",
            3,
            Some(("x > 0", Some("acsl_expression"))),
        )]),
        segment(&[target(5)]),
    ]);
    refused_at(
        &text,
        line_of(&text, "type: assumption"),
        &["assumption constraint", "c_expression"],
    );
}

#[test]
fn a_function_return_with_c_expression_format_is_refused() {
    let text = replace(
        &unsafe_text(),
        "format: acsl_expression",
        "format: c_expression",
    );
    refused_at(
        &text,
        43,
        &["function_return constraint", "acsl_expression"],
    );
}

#[test]
fn a_function_return_without_format_is_refused() {
    let text = replace(
        &unsafe_text(),
        "              format: acsl_expression\n",
        "",
    );
    refused_at(
        &text,
        43,
        &["function_return constraint", "acsl_expression"],
    );
}

#[test]
fn a_function_return_without_constraint_is_refused() {
    let text = violation_with(&[
        segment(&[waypoint("function_return", "follow", 3, None)]),
        segment(&[target(5)]),
    ]);
    refused_at(
        &text,
        line_of(&text, "type: function_return"),
        &["needs a constraint"],
    );
}

#[test]
fn a_branching_without_constraint_is_refused() {
    let text = violation_with(&[
        segment(&[waypoint("branching", "follow", 3, None)]),
        segment(&[target(5)]),
    ]);
    refused_at(
        &text,
        line_of(&text, "type: branching"),
        &["branching waypoint needs a constraint"],
    );
}

#[test]
fn a_constraint_without_value_is_refused() {
    let text = replace(&unsafe_text(), "              value: \"x == 1\"\n", "");
    refused_at(&text, 28, &["constraint", "`value`"]);
}

#[test]
fn a_target_with_a_constraint_is_refused() {
    let mut text = unsafe_text();
    text += "            constraint:\n              value: \"1\"\n";
    assert_eq!(line_of(&text, "type: target"), 55);
    refused_at(&text, 55, &["target waypoint has no constraint"]);
}

#[test]
fn a_function_enter_with_a_constraint_is_refused() {
    let text = violation_with(&[
        segment(&[waypoint("function_enter", "follow", 3, Some(("1", None)))]),
        segment(&[target(5)]),
    ]);
    refused_at(
        &text,
        line_of(&text, "type: function_enter"),
        &["function_enter waypoint has no constraint"],
    );
}

#[test]
fn a_waypoint_location_file_not_among_input_files_is_refused() {
    let text = replace(
        &unsafe_text(),
        "file_name: \"prog.c\"",
        "file_name: \"prog.i\"",
    );
    refused_at(&text, 23, &["`prog.i`", "not an input file"]);
}

#[test]
fn an_empty_violation_sequence_is_refused() {
    let text = violation_with(&[]);
    let text = replace(&text, "  content:\n", "  content: []\n");
    refused_at(&text, 1, &["violation_sequence needs at least one segment"]);
    let text = violation_sequence_yaml(&task(), &[]);
    refused(&text);
}

#[test]
fn an_item_that_is_not_a_segment_is_refused() {
    let text = replace(&unsafe_text(), "    - segment:\n", "    - invariant:\n");
    refused_at(&text, 18, &["violation_sequence item", "`segment`"]);
}
