//! Fixtures of PDR's unit tests: a counter task and a Z3 context to run in.

use super::frames::Frames;
use crate::smt::Budget;
use format::{Edge, Expr, Task, VarDecl};

pub fn x() -> Expr {
    Expr::var("x")
}

/// l: x := 0; while (x < 10) x := x + 1; bad if x > 10.
pub fn counter_task() -> Task {
    Task {
        vars: vec![VarDecl::int("x")],
        locations: vec!["l".into(), "bad".into()],
        initial_location: "l".into(),
        bad_location: "bad".into(),
        init: Expr::eq(x(), Expr::int(0)),
        edges: vec![
            Edge {
                id: 0,
                name: "loop".into(),
                from: "l".into(),
                to: "l".into(),
                locals: vec![],
                relation: Expr::And(vec![
                    Expr::Lt(Box::new(x()), Box::new(Expr::int(10))),
                    Expr::eq(Expr::next("x"), Expr::Add(vec![x(), Expr::int(1)])),
                ]),
            },
            Edge {
                id: 1,
                name: "fail".into(),
                from: "l".into(),
                to: "bad".into(),
                locals: vec![],
                relation: Expr::Gt(Box::new(x()), Box::new(Expr::int(10))),
            },
        ],
    }
}

/// Each edge of `task` as (name, from, to), in order: what the split tests compare.
pub fn edge_ends(task: &Task) -> Vec<(&str, &str, &str)> {
    task.edges
        .iter()
        .map(|e| (e.name.as_str(), e.from.as_str(), e.to.as_str()))
        .collect()
}

/// Runs `f` with a Z3 context and a watchdog, as an engine thread does.
pub fn in_context<T: Send + Sync>(f: impl Fn() -> T + Send + Sync) -> T {
    z3::with_z3_config(&z3::Config::new(), || crate::watchdog::guarded(&f))
}

/// Fresh frames of `task` (no deadline) and its location `l`.
pub fn frames_at_l(task: &Task) -> (Frames<'_>, usize) {
    crate::smt::set_array_vars(task);
    let frames = Frames::new(task, Budget::new(None));
    let loc = frames.loc("l");
    (frames, loc)
}
