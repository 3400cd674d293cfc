//! Bounded model checking over the task's edges: finds deep real
//! counterexamples that refinement would reach only one iteration at a time.

use super::simulate::{self, Binding};
use super::smt::{self, Budget, View};
use super::Unknown;
use format::eval::{ArrayVal, NextArray};
use format::{BigInt, Expr, Step, Task, Trace, VarSort};
use std::collections::BTreeSet;
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
    // Z3's QF_AUFLIA solver answers `incomplete (theory array)` on these
    // unrollings of memory tasks; its default solver decides them.
    let (plain, pooled);
    let solver: &z3::Solver = if task.has_arrays() {
        plain = z3::Solver::new();
        &plain
    } else {
        pooled = smt::solver();
        &pooled
    };
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
        let mut path = Vec::new();
        for options in &steps {
            let (id, _) = options
                .iter()
                .find(|(_, g)| model.eval(g, true).and_then(|b| b.as_bool()) == Some(true))
                .ok_or_else(|| Unknown("BMC model takes no edge".into()))?;
            path.push(*id);
        }
        if task.has_arrays() {
            // Array values are not a valuation of the model: the run is
            // replayed concretely, with the model's values for its choices.
            return follow_model(task, &path, &model).map(Some).ok_or_else(|| {
                Unknown("the bounded search's run does not replay concretely".into())
            });
        }
        let mut trace_steps = Vec::new();
        for (k, id) in path.iter().enumerate() {
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

/// The run along `path` whose choices (inputs, havocs, initial values)
/// are the model's; `None` if the concrete replay does not reach bad.
/// A havocked array takes the model's values at every index the path
/// reads or writes, and the model's value elsewhere at one fresh index.
pub(super) fn follow_model(task: &Task, path: &[u32], model: &z3::Model) -> Option<Trace> {
    let mut indices: BTreeSet<BigInt> = BTreeSet::new();
    let mut index_terms = |e: &Expr, view: View| {
        let mut stack = vec![e];
        while let Some(x) = stack.pop() {
            if let Expr::Select(_, i) | Expr::Store(_, i, _) = x {
                if let Some(v) = model
                    .eval(&smt::encode_int(i, view), true)
                    .and_then(|v| smt::int_value(&v))
                {
                    indices.insert(v);
                }
            }
            stack.extend(x.children());
        }
    };
    index_terms(&task.init, View::state(0));
    for (k, id) in path.iter().enumerate() {
        let e = task.edge(*id)?;
        index_terms(&e.relation, View::step(e, k));
    }
    let fresh = indices.iter().next_back().cloned().unwrap_or_default() + BigInt::from(1_000_003);
    let int_at = |sym: &str| {
        model
            .eval(&smt::int_const(sym), true)
            .and_then(|v| smt::int_value(&v))
    };
    let oracle = |step: Option<usize>, var: &Expr| -> Option<Binding> {
        let frame = step.map_or(0, |k| k + 1);
        match var {
            Expr::Var(local) => int_at(&smt::local_symbol(local, step?)).map(Binding::Int),
            Expr::Next(name) if task.var_sort(name) == Some(VarSort::IntArray) => {
                let a = smt::array_const(&smt::state_symbol(name, frame));
                let at = |i: &BigInt| {
                    model
                        .eval(&a.select(&Int::from_big_int(i)).as_int()?, true)
                        .and_then(|v| smt::int_value(&v))
                };
                let entries = indices
                    .iter()
                    .map(|i| Some((i.clone(), at(i)?)))
                    .collect::<Option<_>>()?;
                Some(Binding::Array(NextArray::Value(ArrayVal {
                    default: at(&fresh)?,
                    entries,
                })))
            }
            Expr::Next(name) => int_at(&smt::state_symbol(name, frame)).map(Binding::Int),
            _ => None,
        }
    };
    simulate::follow(
        task,
        &simulate::Plan {
            path,
            oracle: &oracle,
        },
    )
}
