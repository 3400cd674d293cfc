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

/// Step `i`: one of `edges` is taken, from `pc_i` to `pc_{i+1}`.
fn step(task: &Task, i: usize, edges: &[&format::Edge]) -> Vec<(u32, Bool)> {
    edges
        .iter()
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

/// `task`'s locations by name, numbered in their order, and each one's
/// successors along the edges `keep` accepts.
pub(crate) fn location_graph<'t>(
    task: &'t Task,
    keep: impl Fn(&format::Edge) -> bool,
) -> (std::collections::BTreeMap<&'t str, usize>, Vec<Vec<usize>>) {
    let index: std::collections::BTreeMap<&str, usize> = task
        .locations
        .iter()
        .enumerate()
        .map(|(i, l)| (l.as_str(), i))
        .collect();
    let mut succ = vec![Vec::new(); task.locations.len()];
    for e in task.edges.iter().filter(|e| keep(e)) {
        if let (Some(&a), Some(&b)) = (index.get(e.from.as_str()), index.get(e.to.as_str())) {
            succ[a].push(b);
        }
    }
    (index, succ)
}

/// The number of edges on the longest path from the initial location to
/// bad when the task's location graph has no cycle (an unrolled program,
/// e.g. rust-horn's `bmc-*` tasks): every run is at most that long, so a
/// search to that depth finds every bug. `None` if some cycle is reachable
/// from the initial location or bad is unreachable in the graph.
pub fn acyclic_depth(task: &Task) -> Option<usize> {
    let (index, succ) = location_graph(task, |e| e.from != task.bad_location);
    let n = succ.len();
    // Longest path by depth-first search with colours; a grey successor is
    // a cycle. Iterative, so a long chain cannot overflow the stack.
    const WHITE: u8 = 0;
    const GREY: u8 = 1;
    const BLACK: u8 = 2;
    let mut colour = vec![WHITE; n];
    // Longest path to bad from each finished location (None: bad unreachable).
    let mut longest: Vec<Option<usize>> = vec![None; n];
    let bad = *index.get(task.bad_location.as_str())?;
    let start = *index.get(task.initial_location.as_str())?;
    let mut stack: Vec<(usize, usize)> = vec![(start, 0)];
    colour[start] = GREY;
    while let Some(&mut (v, ref mut next)) = stack.last_mut() {
        if let Some(&w) = succ[v].get(*next) {
            *next += 1;
            match colour[w] {
                GREY => return None,
                WHITE => {
                    colour[w] = GREY;
                    stack.push((w, 0));
                }
                _ => {}
            }
            continue;
        }
        colour[v] = BLACK;
        stack.pop();
        longest[v] = if v == bad {
            Some(0)
        } else {
            succ[v]
                .iter()
                .filter_map(|&w| longest[w])
                .max()
                .map(|d| d + 1)
        };
    }
    longest[start]
}

/// Searches for a run into bad of at most `depth` steps. `Ok(None)` means
/// none exists up to that depth (not that the program is safe).
pub fn search(task: &Task, depth: usize, budget: &Budget) -> Result<Option<Trace>, Unknown> {
    search_within(task, depth, budget, None)
}

/// Z3 resource units (`rlimit count`) of a bounded search that count as one
/// work unit in a race: Z3 spends about 2.1 million a second on the
/// unrollings of the Lustre exports, so a unit is about a PDR query's time.
pub const RLIMIT_PER_UNIT: u64 = 2048;

/// [`search`] that charges its queries' Z3 work to the race
/// ([`RLIMIT_PER_UNIT`] per unit, beside the query itself) and, with
/// `cap`, gives up (`Ok(None)`) once that work reaches `cap` units: a
/// deterministic bound, the same for every run of the same task, unlike
/// time.
pub fn search_within(
    task: &Task,
    depth: usize,
    budget: &Budget,
    cap: Option<u64>,
) -> Result<Option<Trace>, Unknown> {
    let mut charged = 0u64;
    let start_count = if cap.is_some() {
        smt::rlimit_count()
    } else {
        0
    };
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
    // The locations paths of i edges reach in the location graph: edges
    // from elsewhere cannot be step i, and a depth at which bad is not
    // among them needs no query (an unrolled program reaches bad at one
    // depth only).
    let mut at: BTreeSet<&str> = BTreeSet::from([task.initial_location.as_str()]);
    for i in 0..depth {
        let edges: Vec<&format::Edge> = task
            .edges
            .iter()
            .filter(|e| e.from != task.bad_location && at.contains(e.from.as_str()))
            .collect();
        if edges.is_empty() {
            break;
        }
        let options = step(task, i, &edges);
        at = edges.iter().map(|e| e.to.as_str()).collect();
        let any: Vec<Bool> = options.iter().map(|(_, g)| g.clone()).collect();
        solver.assert(Bool::or(&any));
        steps.push(options);
        if !at.contains(task.bad_location.as_str()) {
            continue;
        }
        let reached = pc(i + 1).eq(&bad);
        let sat = budget.check(&solver, std::slice::from_ref(&reached))?;
        if let Some(cap) = cap {
            let units = smt::rlimit_count().saturating_sub(start_count) / RLIMIT_PER_UNIT;
            crate::race::charge(units.saturating_sub(charged))?;
            charged = units;
            if !sat && units >= cap {
                return Ok(None);
            }
        }
        if !sat {
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

#[cfg(test)]
mod tests {
    use super::*;
    use format::{Edge, VarDecl};

    fn edge(id: u32, from: &str, to: &str, relation: Expr) -> Edge {
        Edge {
            id,
            name: format!("e{id}"),
            from: from.into(),
            to: to.into(),
            locals: vec![],
            relation,
        }
    }

    /// `x := x - 1` along a chain of `n` locations `l0 .. l{n-1}`, then
    /// bad when `x = 0`; starting from any `x`.
    fn countdown_chain(n: usize) -> Task {
        let x = || Expr::var("x");
        let mut locations: Vec<String> = (0..n).map(|i| format!("l{i}")).collect();
        locations.push("bad".into());
        let mut edges: Vec<Edge> = (0..n - 1)
            .map(|i| {
                let dec = Expr::eq(
                    Expr::next("x"),
                    Expr::Sub(Box::new(x()), Box::new(Expr::int(1))),
                );
                edge(i as u32, &format!("l{i}"), &format!("l{}", i + 1), dec)
            })
            .collect();
        edges.push(edge(
            (n - 1) as u32,
            &format!("l{}", n - 1),
            "bad",
            Expr::eq(x(), Expr::int(0)),
        ));
        Task {
            vars: vec![VarDecl::int("x")],
            locations,
            initial_location: "l0".into(),
            bad_location: "bad".into(),
            init: Expr::Bool(true),
            edges,
        }
    }

    #[test]
    fn acyclic_depth_is_the_longest_path_to_bad_and_none_with_a_cycle() {
        assert_eq!(acyclic_depth(&countdown_chain(5)), Some(5));
        // A shortcut l0 -> l3 leaves the longest path as it is.
        let mut t = countdown_chain(5);
        t.edges.push(edge(10, "l0", "l3", Expr::Bool(true)));
        assert_eq!(acyclic_depth(&t), Some(5));
        // A self-loop is a cycle.
        let mut t = countdown_chain(5);
        t.edges.push(edge(10, "l2", "l2", Expr::Bool(true)));
        assert_eq!(acyclic_depth(&t), None);
        // So is a back edge.
        let mut t = countdown_chain(5);
        t.edges.push(edge(10, "l3", "l1", Expr::Bool(true)));
        assert_eq!(acyclic_depth(&t), None);
        // Bad unreachable in the graph: no depth.
        let mut t = countdown_chain(5);
        t.edges.pop();
        assert_eq!(acyclic_depth(&t), None);
    }

    #[test]
    fn search_asks_only_at_depths_where_the_graph_reaches_bad() {
        z3::with_z3_config(&z3::Config::new(), || {
            let task = countdown_chain(13);
            crate::smt::set_array_vars(&task);
            let budget = Budget::new(None);
            let trace = search(&task, 20, &budget)
                .unwrap()
                .expect("a bug at depth 13");
            assert_eq!(trace.steps.len(), 13);
            assert_eq!(budget.queries.get(), 1, "one query, at depth 13");
            // The trace replays: x starts at 12 and reaches 0 at the end.
            assert_eq!(trace.initial.get("x").map(|n| n.0.clone()), Some(12.into()));
            // Too shallow a search asks nothing and finds nothing.
            let shallow = Budget::new(None);
            assert!(search(&task, 12, &shallow).unwrap().is_none());
            assert_eq!(shallow.queries.get(), 0);
        });
    }

    /// PDR's counter ([`crate::pdr::testing::counter_task`]) without its
    /// loop bound and with bad at `x >= 12`: a bug 13 steps deep, one query
    /// per depth.
    fn unbounded_counter() -> Task {
        use crate::pdr::testing::{counter_task, x};
        let mut task = counter_task();
        task.edges[0].relation = Expr::eq(Expr::next("x"), Expr::Add(vec![x(), Expr::int(1)]));
        task.edges[1].relation = Expr::Ge(Box::new(x()), Box::new(Expr::int(12)));
        task
    }

    #[test]
    fn a_capped_search_gives_up_past_its_work_and_finds_the_same_bug_within_it() {
        z3::with_z3_config(&z3::Config::new(), || {
            let task = unbounded_counter();
            crate::smt::set_array_vars(&task);
            let uncapped = Budget::new(None);
            let trace = search(&task, 64, &uncapped).unwrap().expect("a bug");
            assert_eq!(trace.steps.len(), 13);
            // No work allowed: the first unsatisfiable depth ends the search.
            let none_left = Budget::new(None);
            assert!(search_within(&task, 64, &none_left, Some(0))
                .unwrap()
                .is_none());
            assert_eq!(none_left.queries.get(), 1);
            // Room enough: the same bug, found by the same queries.
            let roomy = Budget::new(None);
            let capped = search_within(&task, 64, &roomy, Some(1 << 20))
                .unwrap()
                .expect("the bug within the cap");
            assert_eq!(capped, trace);
            assert_eq!(roomy.queries.get(), uncapped.queries.get());
        });
    }
}
