//! The witnesses the tests of the format 2.0 rules (`rules.rs`) start from,
//! and the helpers that edit them and expect a refusal at a `line:col`.
//!
//! The tests (`tests_rules_accepted.rs`, `tests_rules_refused_*.rs`): witnesses
//! written by `invariant_set_yaml` / `violation_sequence_yaml` are accepted
//! with their contents intact, and every rule the parser checks refuses a
//! witness that breaks it, with a message that names the problem and its
//! `line:col`.

use super::rules::parse_witness;
use super::{
    invariant_set_yaml, violation_sequence_yaml, LoopInvariant, Waypoint, WaypointKind,
    WitnessTask, SPECIFICATION,
};

pub(super) const HASH: &str = "0123456789abcdef0123456789ABCDEF0123456789abcdef0123456789abcdef";

pub(super) fn task() -> WitnessTask {
    WitnessTask {
        file_name: "prog.c".into(),
        sha256: HASH.into(),
        data_model: "LP64".into(),
        specification: SPECIFICATION.into(),
    }
}

pub(super) fn invariants() -> Vec<LoopInvariant> {
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

pub(super) fn waypoints() -> Vec<Waypoint> {
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
pub(super) fn safe_text() -> String {
    invariant_set_yaml(&task(), &invariants())
}

/// A valid violation witness: assumption, branching, function_return, target.
pub(super) fn unsafe_text() -> String {
    violation_sequence_yaml(&task(), &waypoints())
}

/// `text` with the first `from` replaced by `to`; `from` must occur.
pub(super) fn replace(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "`{from}` not in\n{text}");
    text.replacen(from, to, 1)
}

/// The 1-based number of the first line of `text` containing `needle`.
pub(super) fn line_of(text: &str, needle: &str) -> usize {
    text.lines()
        .position(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("`{needle}` not in\n{text}"))
        + 1
}

pub(super) fn refused(text: &str) -> String {
    match parse_witness(text) {
        Ok(entries) => panic!("accepted:\n{text}\nas {entries:?}"),
        Err(e) => e,
    }
}

/// Refused, with a message starting with `line:` and containing all `words`.
pub(super) fn refused_at(text: &str, line: usize, words: &[&str]) -> String {
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
pub(super) fn violation_with(segments: &[String]) -> String {
    let text = unsafe_text();
    let (head, _) = text.split_once("  content:\n").unwrap();
    format!("{head}  content:\n{}", segments.concat())
}

pub(super) fn segment(waypoints: &[String]) -> String {
    format!("    - segment:\n{}", waypoints.concat())
}

/// One waypoint; `constraint` is its value and optional format.
pub(super) fn waypoint(
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

pub(super) fn assumption(action: &str, line: u32) -> String {
    waypoint(
        "assumption",
        action,
        line,
        Some(("x > 0", Some("c_expression"))),
    )
}

pub(super) fn target(line: u32) -> String {
    waypoint("target", "follow", line, None)
}
