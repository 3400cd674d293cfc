//! When every simulated run gets stuck at once, the `auto` race's
//! simulation lane goes on with a bounded search, deeper than CEGAR's own.

use engine::{verify, Config, Engine, Verdict};
use std::time::Duration;

/// Each step picks `a, b` with `a + b = 1001` and `a - b = 1`: one choice
/// (501, 500) that propagation and small guesses never find, so every run
/// is stuck at its first step. The bug is 13 steps deep (`c` from 0 to 12),
/// past the 8 steps of the CEGAR lane's search.
const STUCK_AT_EVERY_STEP: &str = "var a: int; var b: int; var c: int;
     location l0; location err;
     initial l0; bad err;
     init a == 0 && b == 0 && c == 0;
     edge 0 \"step\": l0 -> l0 relation a' + b' == 1001 && a' - b' == 1 && c' == c + 1;
     edge 1 \"fail\": l0 -> err relation c >= 12 && a' == a && b' == b && c' == c;";

fn auto() -> Config {
    Config {
        engine: Engine::Auto,
        timeout: Some(Duration::from_secs(60)),
        ..Config::default()
    }
}

#[test]
fn a_bug_behind_steps_simulation_cannot_take_is_found_by_the_bounded_search() {
    let task = frontend::parse_ts("stuck.ts", STUCK_AT_EVERY_STEP).expect("test task parses");
    let out = verify(&task, &auto());
    let Verdict::Unsafe(trace) = &out.verdict else {
        panic!("expected a bug, got {:?}", out.verdict);
    };
    assert_eq!(out.stats.analysis, "bmc");
    assert_eq!(trace.steps.len(), 13);
    checker::work::check_trace(&task, trace).expect("the trace replays");
    // Decided by counted work, not by the clock: the same trace again.
    let again = verify(&task, &auto());
    assert_eq!(format!("{:?}", again.verdict), format!("{:?}", out.verdict));
}

#[test]
fn a_safe_task_whose_simulation_is_stuck_is_still_proved() {
    // The same steps, but `c` never passes 12 (it is reset at 10).
    let safe = STUCK_AT_EVERY_STEP.replace(
        "c' == c + 1;",
        "(c < 10 && c' == c + 1 || c >= 10 && c' == 0);",
    );
    let task = frontend::parse_ts("stuck-safe.ts", &safe).expect("test task parses");
    let out = verify(&task, &auto());
    assert!(
        matches!(out.verdict, Verdict::Safe(_)),
        "expected a proof, got {:?}",
        out.verdict
    );
}
