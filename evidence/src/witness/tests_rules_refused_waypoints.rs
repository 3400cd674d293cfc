//! Violation witnesses the format 2.0 rules (`rules.rs`) refuse for a
//! segment or a waypoint (type, action, constraint, location).

use super::rules::parse_witness;
use super::tests_rules_fixtures::{
    assumption, line_of, refused, refused_at, replace, segment, target, task, unsafe_text,
    violation_with, waypoint, waypoints,
};
use super::{violation_sequence_yaml, Waypoint, WaypointKind};

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
