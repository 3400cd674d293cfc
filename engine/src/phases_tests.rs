//! Tests of the phase split: which tasks it takes, the split task, the
//! lifted regions and the deep samples.

use super::*;
use crate::pdr::testing::{edge_ends, in_context};

/// `y` falls by 2 below `i = 2500` and from `i = 12500` on, rises by 1 in
/// between: back to 0 at `i = 15000` (multi-phase, as `s_split_49`).
const PHASED: &str = "
    var i: int; var y: int;
    location init; location loop; location check; location bad;
    initial init; bad bad;
    init true;
    edge 0 \"enter\": init -> loop relation i' == 0 && y' == 0;
    edge 1 \"step\": loop -> loop relation
        ((i >= 12500 || !(i >= 2500)) && y' == y - 2 || !(i >= 12500 || !(i >= 2500)) && y' == y + 1)
        && (i >= 7500 || !(i >= 7500)) && i' == i + 1;
    edge 2 \"leave\": loop -> check relation i == 15000 && y != 0 && i' == i && y' == y;
    edge 3 \"fail\": check -> bad relation true;";

fn phased() -> Task {
    frontend::parse_ts("phased.ts", PHASED).expect("test task parses")
}

/// The split of [`PHASED`] on its phases.
fn split_phased() -> Split {
    let task = phased();
    let ph = candidate(&task).expect("candidate");
    in_context(|| split(&task, &ph, &Budget::new(None)).expect("no timeout"))
}

fn big(k: i64) -> BigInt {
    BigInt::from(k)
}

#[test]
fn the_counter_of_the_one_loop_and_its_thresholds_are_found() {
    let ph = candidate(&phased()).expect("a phase candidate");
    assert_eq!(ph.loc, "loop");
    assert_eq!(ph.counter, Term::from([("i".to_string(), big(1))]));
    assert_eq!(ph.thresholds, vec![big(2500), big(7500), big(12500)]);
}

#[test]
fn one_threshold_inside_a_branch_makes_two_phases() {
    let text = PHASED
        .replace("i >= 12500 || ", "")
        .replace("(i >= 7500 || !(i >= 7500)) && ", "");
    let task = frontend::parse_ts("one.ts", &text).expect("parses");
    let ph = candidate(&task).expect("a phase candidate");
    assert_eq!(ph.thresholds, vec![big(2500)]);
}

#[test]
fn a_difference_of_two_counters_compared_in_a_branch_is_a_counter() {
    // x gains 5 a step, n 1: n - x counts by -4 and the branch flips where
    // it drops below 1 (n <= x is !(n - x >= 1); the first variable by
    // name has the positive coefficient).
    let task = frontend::parse_ts(
        "relative.ts",
        "var x: int; var n: int; var y: int;
         location init; location l; location bad; initial init; bad bad;
         init true;
         edge 0 \"enter\": init -> l relation x' == 0 && n' > 0 && y' == 0;
         edge 1 \"step\": l -> l relation x' == x + 5 && n' == 1 + n
             && (n <= x && y' == y - 1 || !(n <= x) && y' == y + 1);
         edge 2 \"fail\": l -> bad relation y < -1000 && x < 0;",
    )
    .expect("parses");
    let ph = candidate(&task).expect("a phase candidate");
    let n_minus_x = Term::from([("n".to_string(), big(1)), ("x".to_string(), big(-1))]);
    assert_eq!(ph.counter, n_minus_x);
    assert_eq!(ph.thresholds, vec![big(1)]);
    let split = in_context(|| split(&task, &ph, &Budget::new(None)).expect("no timeout"));
    assert_eq!(split.task.locations, ["init", "l#0", "l#1", "bad"]);
}

#[test]
fn a_counter_compared_only_in_the_loops_guard_is_no_phase_candidate() {
    let task = frontend::parse_ts(
        "guard.ts",
        "var i: int; var y: int;
         location init; location l; location bad; initial init; bad bad;
         init true;
         edge 0 \"enter\": init -> l relation i' == 0 && y' == 0;
         edge 1 \"step\": l -> l relation i < 1000 && !(i >= 2000) && i' == i + 1 && y' == y + 2;
         edge 2 \"fail\": l -> bad relation i >= 1000 && y != 2000;",
    )
    .expect("parses");
    assert_eq!(candidate(&task), None);
}

#[test]
fn a_variable_the_loop_does_not_step_by_a_constant_is_no_counter() {
    let task = frontend::parse_ts("doubling.ts", &PHASED.replace("i' == i + 1", "i' == 2 * i"))
        .expect("parses");
    assert_eq!(candidate(&task), None);
}

#[test]
fn a_task_with_a_second_cycle_is_no_phase_candidate() {
    let text = PHASED.replace(
        "edge 3 \"fail\"",
        "edge 4 \"back\": check -> loop relation i' == i && y' == y;\n    edge 3 \"fail\"",
    );
    let task = frontend::parse_ts("cycle.ts", &text).expect("parses");
    assert_eq!(candidate(&task), None);
}

#[test]
fn each_phase_becomes_a_location_whose_loop_no_longer_compares_the_counter() {
    let split = split_phased();
    assert_eq!(
        split.task.locations,
        ["init", "loop#0", "loop#1", "loop#2", "loop#3", "check", "bad"]
    );
    let edges = edge_ends(&split.task);
    // Only i = 0 is entered; a phase steps into itself or the next one;
    // i == 15000 lies in the last phase.
    assert_eq!(
        edges,
        [
            ("enter", "init", "loop#0"),
            ("step", "loop#0", "loop#0"),
            ("step", "loop#0", "loop#1"),
            ("step", "loop#1", "loop#1"),
            ("step", "loop#1", "loop#2"),
            ("step", "loop#2", "loop#2"),
            ("step", "loop#2", "loop#3"),
            ("step", "loop#3", "loop#3"),
            ("leave", "loop#3", "check"),
            ("fail", "check", "bad"),
        ]
    );
    // Within a phase the branch is decided: loop#1 only rises by 1.
    let rising = &split.task.edges[3].relation;
    let text = format::print::expr_to_string(rising);
    assert!(!text.contains("y - 2") && text.contains("y + 1"), "{text}");
    assert_eq!(split.expand(&[0, 1, 2, 3]), vec![0, 1, 1, 1]);
}

#[test]
fn a_lifted_region_pins_the_phase_of_its_split_location() {
    let split = split_phased();
    let y_zero = Expr::eq(Expr::var("y"), Expr::int(0));
    let regions: BTreeMap<String, Expr> = [
        ("loop#0".to_string(), Expr::Bool(false)),
        ("loop#1".to_string(), y_zero.clone()),
    ]
    .into_iter()
    .collect();
    let lifted = split.lift_regions(&regions);
    let i = || Box::new(Expr::var("i"));
    let in_phase_1 = vec![
        Expr::Ge(i(), Box::new(Expr::int(2500))),
        Expr::Lt(i(), Box::new(Expr::int(7500))),
    ];
    assert_eq!(
        lifted["loop"],
        Expr::And(in_phase_1.into_iter().chain([y_zero]).collect())
    );
}

#[test]
fn deep_samples_jump_to_the_phases_thousands_of_iterations_in() {
    let split = split_phased();
    let mut seen: BTreeMap<String, Vec<Vec<BigInt>>> = BTreeMap::new();
    seen.insert("loop#0".into(), vec![vec![big(0), big(0)]]);
    deep_samples(&split.task, &mut seen);
    // Already sampled: left alone.
    assert_eq!(seen["loop#0"], vec![vec![big(0), big(0)]]);
    // Every state on y = i - 7500 (i, y in the task's variable order).
    for loc in ["loop#1", "loop#2"] {
        let states = &seen[loc];
        assert!(states.len() >= 2, "{loc}: {states:?}");
        for s in states {
            assert_eq!(&s[1] - &s[0], big(-7500), "{loc}: {s:?}");
        }
    }
    for s in &seen["loop#3"] {
        assert_eq!(&s[1] + big(2) * &s[0], big(30000), "{s:?}");
    }
}

#[test]
fn a_repeat_that_never_ends_is_cut_at_the_longest_jump() {
    let task = frontend::parse_ts(
        "forever.ts",
        "var i: int; location init; location l; location bad; initial init; bad bad;
         init true;
         edge 0 \"enter\": init -> l relation i' == 0;
         edge 1 \"step\": l -> l relation i' == i + 3;
         edge 2 \"fail\": l -> bad relation i < 0;",
    )
    .expect("parses");
    let mut seen = BTreeMap::new();
    deep_samples(&task, &mut seen);
    let states: Vec<BigInt> = seen["l"].iter().map(|s| s[0].clone()).collect();
    let longest = states
        .windows(2)
        .map(|w| &w[1] - &w[0])
        .max()
        .expect("states");
    // One jump of 2^40 - 1 iterations of 3, no more.
    assert_eq!(
        longest,
        big(3) * ((big(1) << LONGEST_JUMP_BITS) - 1) + 3,
        "{states:?}"
    );
}

#[test]
fn a_counter_that_counts_in_one_phase_only_splits_that_phase_again() {
    // j rises once i >= 1000; the loop branches on j >= 2000 as well.
    let task = frontend::parse_ts(
        "nested.ts",
        "var i: int; var j: int; var k: int;
         location init; location l; location bad; initial init; bad bad;
         init true;
         edge 0 \"enter\": init -> l relation i' == 0 && j' == 1000 && k' == 2000;
         edge 1 \"step\": l -> l relation i' == i + 1
             && (i >= 1000 && j' == j + 1 || !(i >= 1000) && j' == j)
             && (j >= 2000 && k' == k + 1 || !(j >= 2000) && k' == k);
         edge 2 \"fail\": l -> bad relation j >= 2000 && i != k;",
    )
    .expect("parses");
    let ph = candidate(&task).expect("a phase candidate");
    assert_eq!(ph.counter, Term::from([("i".to_string(), big(1))]));
    let split = in_context(|| split_all(&task, &ph, &Budget::new(None)).expect("no timeout"));
    // l#1#1 is entered from both of l's first places: a copy for each
    // (crate::entries).
    assert_eq!(
        split.task.locations,
        ["init", "l#0", "l#1#0", "l#1#1@0", "l#1#1@1", "bad"]
    );
    // The inner place's condition: i's phase, then j's.
    let (loc, cond) = &split.places["l#1#1@0"];
    assert_eq!(loc, "l");
    let text: Vec<String> = cond.iter().map(format::print::expr_to_string).collect();
    assert_eq!(text, ["i >= 1000", "j >= 2000"]);
    // Split edges name the original task's edges.
    assert!(split.origin.values().all(|&e| e <= 2), "{:?}", split.origin);
}

#[test]
fn a_comparison_with_a_quotient_is_one_of_its_dividend() {
    // n >= i div 50 is i - 50 n <= 49, i.e. !(i - 50 n >= 50).
    let atom = Expr::Ge(
        Box::new(Expr::var("n")),
        Box::new(Expr::Div(Box::new(Expr::var("i")), Num(big(50)))),
    );
    let i_minus_50n = Term::from([("i".to_string(), big(1)), ("n".to_string(), big(-50))]);
    assert_eq!(
        threshold(&atom, false),
        Some((i_minus_50n.clone(), big(50), false))
    );
    // i div 5 >= 200 is i >= 1000; i div 5 > 200 is i >= 1005.
    let quotient = || Box::new(Expr::Div(Box::new(Expr::var("i")), Num(big(5))));
    let i = Term::from([("i".to_string(), big(1))]);
    let ge = Expr::Ge(quotient(), Box::new(Expr::int(200)));
    assert_eq!(threshold(&ge, false), Some((i.clone(), big(1000), true)));
    let gt = Expr::Gt(quotient(), Box::new(Expr::int(200)));
    assert_eq!(threshold(&gt, false), Some((i.clone(), big(1005), true)));
    // i div 5 < 200 is !(i >= 1000).
    let lt = Expr::Lt(quotient(), Box::new(Expr::int(200)));
    assert_eq!(threshold(&lt, false), Some((i, big(1000), false)));
}

#[test]
fn a_place_no_run_reaches_is_guessed_empty_and_the_others_keep_their_equalities() {
    // j counts by 1, then by 2 once i >= 100; k by 2, then by 3 once j >=
    // 300. Split on i, then on j in both of i's phases: `l#0#1` (i < 100,
    // j >= 300) is unreachable, and counted `true` it broke the
    // equalities of `l#1#1`, which it enters.
    let task = frontend::parse_ts(
        "nested.ts",
        "var i: int; var j: int; var k: int;
         location init; location l; location bad; initial init; bad bad;
         init true;
         edge 0 \"enter\": init -> l relation i' == 0 && j' == 0 && k' == 0;
         edge 1 \"step\": l -> l relation i' == i + 1
             && (i >= 100 && j' == j + 2 || !(i >= 100) && j' == j + 1)
             && (j >= 300 && k' == k + 3 || !(j >= 300) && k' == k + 2);
         edge 2 \"fail\": l -> bad relation k < 0;",
    )
    .expect("parses");
    let ph = candidate(&task).expect("a phase candidate");
    let found = in_context(|| {
        let split = split_all(&task, &ph, &Budget::new(None)).expect("no timeout");
        assert_eq!(
            split.task.locations,
            ["init", "l#0#0", "l#0#1", "l#1#0", "l#1#1@0", "l#1#1@1", "l#1#1@2", "bad"]
        );
        let budget = Budget::new(None);
        let samples = crate::invariants::sampled_states(&split.task, &budget).expect("samples");
        crate::invariants::linear_invariants_of(&split.task, &samples, &budget, true)
            .expect("no timeout")
    });
    let at = |l: &str| -> Vec<String> {
        found
            .iter()
            .filter(|(loc, _)| loc == l)
            .map(|(_, e)| format::print::expr_to_string(e))
            .collect()
    };
    assert_eq!(at("l#0#1"), ["false"]);
    // j = 2i - 100 and k = 3i - 300 + ... : two equalities at the copy
    // of l#1#1 that runs reach (the one entered from l#1#0).
    let equalities = |l: &str| at(l).iter().filter(|e| e.contains("==")).count();
    let copies = ["l#1#1@0", "l#1#1@1", "l#1#1@2"];
    assert!(
        copies.iter().any(|c| equalities(c) == 2),
        "{:?}",
        copies.map(at)
    );
}

#[test]
fn deep_samples_take_a_step_that_needs_a_value_beyond_the_small_guesses() {
    // The loop is entered with n >= 25, out of the short runs' guesses
    // (within 20): before, the deep run found no first step and sampled
    // nothing (s_split_26).
    let task = frontend::parse_ts(
        "wide.ts",
        "var i: int; var n: int;
         location init; location l; location bad; initial init; bad bad;
         init true;
         edge 0 \"enter\": init -> l relation i' == 0 && n' >= 25;
         edge 1 \"step\": l -> l relation i' == i + 1 && n' == n;
         edge 2 \"fail\": l -> bad relation i < 0;",
    )
    .expect("parses");
    let mut seen = BTreeMap::new();
    seen.insert("init".to_string(), vec![vec![big(0), big(0)]]);
    deep_samples(&task, &mut seen);
    let states = seen.get("l").expect("states at the loop");
    assert!(states.len() >= 2, "{states:?}");
    assert!(states.iter().all(|s| s[1] >= big(25)), "{states:?}");
}

#[test]
fn an_equality_with_a_quotient_is_two_thresholds_of_the_dividend() {
    // `s_split_27`: the loop counts while a = i div 1000, that is while
    // 0 <= i - 1000 a < 1000: -999 <= 1000 a - i < 1 (the first variable
    // by name has the positive coefficient).
    let task = frontend::parse_ts(
        "quotient.ts",
        "var i: int; var a: int; var c: int;
         location init; location loop; location bad;
         initial init; bad bad;
         init true;
         edge 0 \"enter\": init -> loop relation i' == 0 && c' == 0 && a' >= 0;
         edge 1 \"step\": loop -> loop relation a' == a && i' == i + 1
             && (a == i / 1000 && c' == c + 1 || a != i / 1000 && c' == c);
         edge 2 \"check\": loop -> bad relation i > 1000 + 1000 * a && c != 1000;",
    )
    .expect("test task parses");
    let ph = candidate(&task).expect("a phase candidate");
    assert_eq!(
        ph.counter,
        Term::from([("a".to_string(), big(1000)), ("i".to_string(), big(-1))])
    );
    assert_eq!(ph.thresholds, vec![big(-999), big(1)]);
}
