//! Bounded model checking over the task's edges: finds deep real
//! counterexamples that refinement would reach only one iteration at a time.

use super::smt::{self, Budget, View};
use super::Unknown;
use format::{Step, Task, Trace};
use z3::ast::{Bool, Int};

fn pc(frame: usize) -> Int {
    Int::new_const(format!("pc~{frame}"))
}

fn loc_index(task: &Task, loc: &str) -> i64 {
    task.locations
        .iter()
        .position(|l| l == loc)
        .map_or(-1, |i| i as i64)
}

/// Step `i`: one edge is taken, from `pc_i` to `pc_{i+1}`.
fn step(task: &Task, i: usize) -> Vec<(u32, Bool)> {
    task.edges
        .iter()
        .filter(|e| e.from != task.bad_location)
        .map(|e| {
            let guard = Bool::and(&[
                pc(i).eq(Int::from_i64(loc_index(task, &e.from))),
                pc(i + 1).eq(Int::from_i64(loc_index(task, &e.to))),
                smt::encode_edge(e, i),
            ]);
            (e.id, guard)
        })
        .collect()
}

/// Searches for a run into bad of at most `depth` steps. `Ok(None)` means
/// none exists up to that depth (not that the program is safe).
pub fn search(task: &Task, depth: usize, budget: &Budget) -> Result<Option<Trace>, Unknown> {
    let solver = smt::solver();
    solver.assert(pc(0).eq(Int::from_i64(loc_index(task, &task.initial_location))));
    solver.assert(smt::encode_bool(&task.init, View::state(0)));
    let bad = Int::from_i64(loc_index(task, &task.bad_location));
    let mut steps = Vec::new();
    for i in 0..depth {
        let options = step(task, i);
        let any: Vec<Bool> = options.iter().map(|(_, g)| g.clone()).collect();
        solver.assert(Bool::or(&any));
        steps.push(options);
        let reached = pc(i + 1).eq(&bad);
        if !budget.check(&solver, std::slice::from_ref(&reached))? {
            continue;
        }
        let model = solver
            .get_model()
            .ok_or_else(|| Unknown("solver gave no model".into()))?;
        let mut trace_steps = Vec::new();
        for (k, options) in steps.iter().enumerate() {
            let (id, _) = options
                .iter()
                .find(|(_, g)| model.eval(g, true).and_then(|b| b.as_bool()) == Some(true))
                .ok_or_else(|| Unknown("BMC model takes no edge".into()))?;
            let edge = task.edge(*id).expect("task edge");
            let locals: Vec<String> = edge.locals.iter().map(|l| l.name.clone()).collect();
            trace_steps.push(Step {
                edge: *id,
                inputs: smt::model_valuation(&model, &locals, &|n| smt::local_symbol(n, k)),
                next: super::state_valuation(task, &model, k + 1),
                arrays: Default::default(),
            });
        }
        return Ok(Some(Trace {
            initial: super::state_valuation(task, &model, 0),
            initial_arrays: Default::default(),
            steps: trace_steps,
        }));
    }
    Ok(None)
}
