//! Witnesses the format 2.0 rules (`rules.rs`) accept: generated ones with
//! their contents intact, and the optional and alternative forms the format allows.

use super::rules::{parse_witness, Entry};
use super::tests_rules_fixtures::{
    assumption, invariants, line_of, replace, safe_text, segment, target, task, unsafe_text,
    violation_with, waypoint, HASH,
};
use super::{
    invariant_set_yaml, violation_sequence_yaml, LoopInvariant, Waypoint, WaypointKind,
    WitnessTask, SPECIFICATION,
};

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
    for (got, want) in invariants
        .iter()
        .zip(super::tests_rules_fixtures::invariants())
    {
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
