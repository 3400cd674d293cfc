//! The SBE path of one LBE step by one Z3 query, when propagation finds
//! none: the step's DAG encoded once (a selector per edge, a symbol per
//! node and variable), pinned to the step's start and end states, and the
//! model's path replayed concretely.

use super::dag::{Dag, END, START};
use super::propagate::Hints;
use super::walk::Walk;
use engine::smt::{self, View};
use format::eval::ArrayVal;
use format::{Expr, Step, Task};
use std::collections::HashMap;
use z3::ast::{Array, Bool, Int};
use z3::Solver;

/// A DAG in Z3 (see [`Walk::encode_dag`]).
pub(super) struct Encoded {
    solver: Solver,
    sel: Vec<Bool>,
    /// Per node, the symbol of each state variable.
    syms: Vec<HashMap<String, String>>,
}

impl<'t> Walk<'t> {
    /// One Z3 query over the DAG; then the path is replayed concretely with the model's values.
    pub(super) fn solve(
        &mut self,
        key: &(String, String),
        step: &Step,
        at_bad: bool,
        first: bool,
    ) -> Result<Vec<Step>, String> {
        let mut dag = self.dags.remove(key).expect("built");
        let r = self.solve_in(&mut dag, step, at_bad, first);
        self.dags.insert(key.clone(), dag);
        r
    }

    /// Encodes the DAG once: a selector per edge and, per node and state
    /// variable, a symbol. A node reuses its predecessors' symbol for a
    /// variable that every incoming edge keeps (`x' == x`), so frames cost nothing.
    fn encode_dag(&self, dag: &Dag) -> Encoded {
        let solver = Solver::new();
        let sel: Vec<Bool> = (0..dag.edges.len())
            .map(|i| Bool::new_const(format!("sel~{i}")))
            .collect();
        let mut ins = vec![Vec::new(); dag.nodes];
        for (i, &(_, _, to)) in dag.edges.iter().enumerate() {
            ins[to].push(i);
        }
        let vars = self.sbe.var_names();
        let mut syms: Vec<HashMap<String, String>> = vec![HashMap::new(); dag.nodes];
        let order = std::iter::once(START)
            .chain(2..dag.nodes)
            .chain(std::iter::once(END));
        let mut arrays = Vec::new();
        for n in order {
            for x in &vars {
                let inherited = if n == START {
                    None
                } else {
                    let mut from = ins[n].iter().map(|&i| {
                        let (k, f, _) = dag.edges[i];
                        self.facts[k].frames.contains(x).then(|| syms[f][x].clone())
                    });
                    match from.next() {
                        Some(Some(first)) => {
                            from.all(|o| o.as_ref() == Some(&first)).then_some(first)
                        }
                        _ => None,
                    }
                };
                let sym = inherited.unwrap_or_else(|| {
                    if self.sbe.var_sort(x) == Some(format::VarSort::IntArray) {
                        arrays.push(format!("{x}#{n}"));
                    }
                    format!("{x}#{n}")
                });
                syms[n].insert(x.clone(), sym);
            }
        }
        // The encoder tells arrays by name: declare the renamed ones.
        let mut decls: Vec<format::VarDecl> = arrays
            .iter()
            .map(|a| format::VarDecl {
                name: a.clone(),
                sort: format::VarSort::IntArray,
            })
            .collect();
        decls.extend(self.sbe.vars.iter().cloned());
        smt::set_array_vars(&Task {
            vars: decls,
            locations: Vec::new(),
            initial_location: String::new(),
            bad_location: String::new(),
            init: Expr::Bool(true),
            edges: Vec::new(),
        });
        for (i, &(k, from, to)) in dag.edges.iter().enumerate() {
            let edge = &self.sbe.edges[k];
            let renamed = edge.relation.rewrite(&|e| match e {
                Expr::Var(n) if edge.locals.iter().any(|l| &l.name == n) => {
                    Some(Expr::Var(format!("{n}#L{i}")))
                }
                Expr::Var(n) => Some(Expr::Var(syms[from][n].clone())),
                Expr::Next(n) => Some(Expr::Var(syms[to][n].clone())),
                _ => None,
            });
            solver.assert(sel[i].implies(smt::encode_bool(&renamed, View::state(0))));
        }
        smt::set_array_vars(self.sbe);
        let weights =
            |ids: &[usize]| -> Vec<(&Bool, i32)> { ids.iter().map(|&i| (&sel[i], 1)).collect() };
        let any =
            |ids: &[usize]| Bool::or(&ids.iter().map(|&i| sel[i].clone()).collect::<Vec<_>>());
        solver.assert(Bool::pb_eq(&weights(&dag.out[START]), 1));
        solver.assert(Bool::pb_eq(&weights(&ins[END]), 1));
        for (into, out) in ins.iter().zip(&dag.out).skip(2) {
            solver.assert(any(into).eq(any(out)));
            solver.assert(Bool::pb_le(&weights(into), 1));
            solver.assert(Bool::pb_le(&weights(out), 1));
        }
        Encoded { solver, sel, syms }
    }

    fn solve_in(
        &mut self,
        dag: &mut Dag,
        step: &Step,
        at_bad: bool,
        first: bool,
    ) -> Result<Vec<Step>, String> {
        if dag.solver.is_none() {
            dag.solver = Some(self.encode_dag(dag));
        }
        let Encoded { solver, sel, syms } = dag.solver.as_ref().expect("built");
        let int_sym = |name: &str| smt::int_const(&smt::state_symbol(name, 0));
        let total: usize = self.env.arrays.values().map(|a| a.entries.len()).sum();
        if total > 100_000 {
            return Err(format!(
                "arrays of {total} entries are too large for the solver"
            ));
        }
        let attempt = |pin_start: bool| -> Result<Option<z3::Model>, String> {
            solver.push();
            if pin_start {
                for (v, n) in &self.env.vars {
                    solver.assert(int_sym(&syms[START][v]).eq(Int::from_big_int(n)));
                }
            } else {
                let init = self.sbe.init.rewrite(&|e| match e {
                    Expr::Var(n) => Some(Expr::Var(syms[START][n].clone())),
                    _ => None,
                });
                solver.assert(smt::encode_bool(&init, View::state(0)));
            }
            for (a, v) in &self.env.arrays {
                let c = smt::array_const(&smt::state_symbol(&syms[START][a], 0));
                solver.assert(c.eq(array_term(v)));
            }
            if !at_bad {
                for (v, n) in &step.next {
                    solver.assert(int_sym(&syms[END][v]).eq(Int::from_big_int(&n.0)));
                }
            } else if let Some((v, n)) = self.mark.as_ref().and_then(|m| step.next.get_key_value(m))
            {
                solver.assert(int_sym(&syms[END][v]).eq(Int::from_big_int(&n.0)));
            }
            let r = self.budget.check(solver, &[]);
            let model = match r {
                Ok(true) => Some(solver.get_model().ok_or("the solver gave no model")?),
                Ok(false) => None,
                Err(u) => {
                    solver.pop(1);
                    return Err(format!("solver: {}", u.0));
                }
            };
            solver.pop(1);
            Ok(model)
        };
        let mut model = attempt(true)?;
        let mut repinned = false;
        if model.is_none() && first {
            // The LBE initial state may break invariants SBE assumes from `init` on.
            model = attempt(false)?;
            repinned = true;
        }
        let model = model.ok_or("no SBE path matches this step (the solver says unsat)")?;
        // Follow the selected edges from A to B.
        let mut chosen = Vec::new();
        let mut node = START;
        while node != END {
            let next = dag.out[node].iter().copied().find(|&i| {
                model
                    .eval(&sel[i], true)
                    .and_then(|b| b.as_bool())
                    .unwrap_or(false)
            });
            let i = next.ok_or("the model selects no path")?;
            chosen.push(i);
            node = dag.edges[i].2;
            if chosen.len() > dag.edges.len() {
                return Err("the model's path does not end".into());
            }
        }
        if repinned {
            let init = smt::model_valuation(&model, &self.int_vars, &|n| {
                smt::state_symbol(&syms[START][n], 0)
            });
            self.env.vars = init.iter().map(|(k, v)| (k.clone(), v.0.clone())).collect();
            if self.initial != init {
                if !self.steps.is_empty() || self.sbe_steps != 0 {
                    return Err("cannot change the initial state after the first step".into());
                }
                self.before = init.iter().map(|(k, v)| (k.clone(), v.0.clone())).collect();
                self.initial = init;
            }
        }
        let mut out = Vec::new();
        let base_hints = Hints::new(step, at_bad);
        for i in chosen {
            let (k, _, to) = dag.edges[i];
            let edge = &self.sbe.edges[k];
            let locals: Vec<String> = edge.locals.iter().map(|l| l.name.clone()).collect();
            let inputs = smt::model_valuation(&model, &locals, &|n| {
                smt::state_symbol(&format!("{n}#L{i}"), 0)
            });
            let next = smt::model_valuation(&model, &self.int_vars, &|n| {
                smt::state_symbol(&syms[to][n], 0)
            });
            let hints = Hints {
                forced: Some((&inputs, &next)),
                next: base_hints.next,
                inputs: base_hints.inputs.clone(),
                arrays: base_hints.arrays,
            };
            let (s, _) = self.take_edge(k, &hints).ok_or_else(|| {
                format!(
                    "the model's step over SBE edge {} does not hold concretely",
                    edge.id
                )
            })?;
            out.push(s);
        }
        Ok(out)
    }
}

/// A concrete array as a Z3 term: its default everywhere, then its entries.
fn array_term(v: &ArrayVal) -> Array {
    let mut t = Array::const_array(&z3::Sort::int(), &Int::from_big_int(&v.default));
    for (k, x) in &v.entries {
        t = t.store(&Int::from_big_int(k), &Int::from_big_int(x));
    }
    t
}
