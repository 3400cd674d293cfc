//! Entry splitting: a looping location entered by several edges from
//! other locations gets one copy per entering edge, and answers on the
//! copies are lifted back as [`crate::split`]'s are.
//!
//! Why: after a phase split ([`crate::phases`]) a later phase is entered
//! from the phase before it and, when the counter starts past the
//! threshold, straight from the initial location; what the loop keeps
//! there differs by entry (`s_split_03`: `d + 2a = 3c` with `c > 0` after
//! the first phase, `d = -2a` with `c <= 0` from the start), and the
//! union has no linear invariant (unknown at 10 s; SAFE in 0.1 s split;
//! Golem's TRL solves it). A copy per entry gives each disjunct a
//! location of its own.
//!
//! The task has no cycle but self-loops, so locations are split in a
//! topological order, each copy keeping the self-loops and the exits
//! (which then enter later locations once per copy). A location is split
//! when it has a self-loop and 2 to [`MAX_ENTRIES`] entering edges from
//! other locations, while the task stays within [`MAX_LOCATIONS`]. Every
//! original run is a run of the split task (it enters a location by one
//! edge and stays in that copy), so invariants `R_i` of the copies give
//! the location the invariant `or_i R_i`, and a split counterexample's
//! edges name original edges.

use crate::split::Split;
use format::{Edge, Task};

/// Locations entered by more edges than this are not split.
const MAX_ENTRIES: usize = 4;
/// No split makes the task larger than this many locations.
const MAX_LOCATIONS: usize = 24;

/// The locations of `task` in a topological order of its location graph
/// without self-loops; `None` if it has another cycle.
pub(crate) fn topological_order(task: &Task) -> Option<Vec<String>> {
    let (_, succ) = crate::bmc::location_graph(task, |e| e.from != e.to);
    let n = succ.len();
    let mut preds = vec![0usize; n];
    for s in &succ {
        for &b in s {
            preds[b] += 1;
        }
    }
    // Smallest index first among the ready ones: the order, and so the
    // split, depends on the task alone.
    let mut ready: std::collections::BTreeSet<usize> = (0..n).filter(|&i| preds[i] == 0).collect();
    let mut order = Vec::new();
    while let Some(a) = ready.pop_first() {
        order.push(task.locations[a].clone());
        for &b in &succ[a] {
            preds[b] -= 1;
            if preds[b] == 0 {
                ready.insert(b);
            }
        }
    }
    (order.len() == n).then_some(order)
}

fn copy_name(task: &Task, loc: &str, i: usize) -> String {
    let mut name = format!("{loc}@{i}");
    while task.has_location(&name) {
        name.push('@');
    }
    name
}

/// `loc` of `task` split by its entering edges from other locations
/// (see the module comment), `None` if it does not qualify.
fn split_location(task: &Task, loc: &str) -> Option<Split> {
    if loc == task.initial_location || loc == task.bad_location {
        return None;
    }
    let loops = task.edges.iter().any(|e| e.from == loc && e.to == loc);
    let entries: Vec<u32> = task
        .edges
        .iter()
        .filter(|e| e.to == loc && e.from != loc)
        .map(|e| e.id)
        .collect();
    let k = entries.len();
    if !loops || !(2..=MAX_ENTRIES).contains(&k) || task.locations.len() + k - 1 > MAX_LOCATIONS {
        return None;
    }
    let names: Vec<String> = (0..k).map(|i| copy_name(task, loc, i)).collect();
    let mut out = Split::empty(task, format!("{k} entries of {loc}"));
    for l in &task.locations {
        if l == loc {
            for name in &names {
                out.task.locations.push(name.clone());
                out.places.insert(name.clone(), (l.clone(), Vec::new()));
            }
        } else {
            out.task.locations.push(l.clone());
        }
    }
    let mut push = |e: &Edge, from: &str, to: &str| {
        let id = out.task.edges.len() as u32;
        out.origin.insert(id, e.id);
        out.task.edges.push(Edge {
            id,
            from: from.to_string(),
            to: to.to_string(),
            ..e.clone()
        });
    };
    for e in &task.edges {
        if let Some(i) = entries.iter().position(|&id| id == e.id) {
            push(e, &e.from, &names[i]);
        } else if e.from == loc {
            for name in &names {
                let to = if e.to == loc { name } else { &e.to };
                push(e, name, to);
            }
        } else {
            push(e, &e.from, &e.to);
        }
    }
    Some(out)
}

/// The entry split of `task` (see the module comment): every qualifying
/// location in topological order, as one split of `task`; `None` if no
/// location qualifies or the task has a cycle other than self-loops.
pub fn split(task: &Task) -> Option<Split> {
    let order = topological_order(task)?;
    let mut done: Option<Split> = None;
    for loc in order {
        let current = done.as_ref().map_or(task, |s| &s.task);
        // Copies made earlier are locations of their own by now.
        if !current.has_location(&loc) {
            continue;
        }
        if let Some(next) = split_location(current, &loc) {
            done = Some(match done {
                Some(first) => crate::phases::compose(first, next),
                None => next,
            });
        }
    }
    done
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `s_split_03`'s shape after its phase split: the second phase `p1`
    /// is entered from the start and from the first phase `p0`.
    fn two_entries() -> Task {
        frontend::parse_ts(
            "entries.ts",
            "var a: int; var c: int; var d: int;
             location init; location p0; location p1; location bad;
             initial init; bad bad;
             init true;
             edge 0 \"start0\": init -> p0 relation a' == 0 && d' == 0 && c' == c && a' < c';
             edge 1 \"start1\": init -> p1 relation a' == 0 && d' == 0 && c' == c && a' >= c';
             edge 2 \"up\": p0 -> p0 relation a < c && a' == a + 1 && d' == d + 1 && c' == c && a' < c';
             edge 3 \"turn\": p0 -> p1 relation a < c && a' == a + 1 && d' == d + 1 && c' == c && a' >= c';
             edge 4 \"down\": p1 -> p1 relation a >= c && a' == a + 1 && d' == d - 2 && c' == c;
             edge 5 \"check\": p1 -> bad relation d > 0 && a > 2 * c + 1;",
        )
        .expect("test task parses")
    }

    #[test]
    fn a_loop_entered_twice_gets_a_copy_per_entry_with_its_loops_and_exits() {
        let task = two_entries();
        let s = split(&task).expect("p1 qualifies");
        assert_eq!(s.task.locations, ["init", "p0", "p1@0", "p1@1", "bad"]);
        let edges: Vec<(String, String, u32)> = s
            .task
            .edges
            .iter()
            .map(|e| (e.from.clone(), e.to.clone(), s.origin[&e.id]))
            .collect();
        let want = [
            ("init", "p0", 0),
            ("init", "p1@0", 1),
            ("p0", "p0", 2),
            ("p0", "p1@1", 3),
            ("p1@0", "p1@0", 4),
            ("p1@1", "p1@1", 4),
            ("p1@0", "bad", 5),
            ("p1@1", "bad", 5),
        ];
        let want: Vec<(String, String, u32)> = want
            .iter()
            .map(|(a, b, o)| (a.to_string(), b.to_string(), *o))
            .collect();
        assert_eq!(edges, want);
        assert_eq!(s.places["p1@1"], ("p1".to_string(), Vec::new()));
    }

    #[test]
    fn locations_without_loops_or_with_one_entry_are_not_split() {
        let task = frontend::parse_ts(
            "one.ts",
            "var a: int;
             location init; location l; location m; location bad;
             initial init; bad bad;
             init true;
             edge 0 \"in\": init -> l relation a' == 0;
             edge 1 \"loop\": l -> l relation a' == a + 1;
             edge 2 \"a\": l -> m relation a' == a;
             edge 3 \"b\": l -> m relation a' == a + 1;
             edge 4 \"out\": m -> bad relation a < 0;",
        )
        .expect("test task parses");
        assert!(split(&task).is_none());
    }

    #[test]
    fn a_task_with_a_cycle_through_two_locations_is_not_split() {
        let task = frontend::parse_ts(
            "cycle.ts",
            "var a: int;
             location init; location l; location m; location bad;
             initial init; bad bad;
             init true;
             edge 0 \"in\": init -> l relation a' == 0;
             edge 1 \"in2\": init -> l relation a' == 1;
             edge 2 \"loop\": l -> l relation a' == a + 1;
             edge 3 \"there\": l -> m relation a' == a;
             edge 4 \"back\": m -> l relation a' == a;
             edge 5 \"out\": m -> bad relation a < 0;",
        )
        .expect("test task parses");
        assert!(split(&task).is_none());
    }

    /// `corpus/chc/phase_entries_safe.smt2` as a transition system: one
    /// loop whose step branches on `c <= a`.
    fn one_loop_two_phases() -> Task {
        frontend::parse_ts(
            "phases.ts",
            "var a: int; var b: int; var c: int; var d: int;
             location init; location inv; location bad;
             initial init; bad bad;
             init true;
             edge 0 \"start\": init -> inv relation a' == 0 && d' == 0 && b' > c' ;
             edge 1 \"step\": inv -> inv relation b' == b && c' == c && a' == a + 1
               && (c <= a && d' == d - 3 || !(c <= a) && d' == d + 2);
             edge 2 \"check\": inv -> bad relation d > 0 && a > b + c;",
        )
        .expect("test task parses")
    }

    #[test]
    fn the_phase_split_gives_the_later_phase_a_copy_per_entry() {
        let task = one_loop_two_phases();
        let phases = crate::phases::candidate(&task).expect("a counter a - c");
        let split = z3::with_z3_config(&z3::Config::new(), || {
            crate::phases::split_all(&task, &phases, &crate::smt::Budget::new(None))
        })
        .expect("no timeout");
        let copies: Vec<&String> = split
            .task
            .locations
            .iter()
            .filter(|l| l.contains('@'))
            .collect();
        assert_eq!(copies.len(), 2, "{:?}", split.task.locations);
        for c in copies {
            assert_eq!(split.places[c].0, "inv");
        }
    }

    #[test]
    fn pdr_proves_the_loop_whose_later_phase_has_no_linear_invariant() {
        let cfg = crate::Config {
            engine: crate::Engine::Pdr,
            timeout: Some(std::time::Duration::from_secs(30)),
            ..crate::Config::default()
        };
        let out = crate::verify(&one_loop_two_phases(), &cfg);
        assert!(
            matches!(out.verdict, crate::Verdict::Safe(_)),
            "{:?}",
            out.verdict
        );
    }
}
