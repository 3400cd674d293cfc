//! The SBE path of one LBE step by concrete propagation: a depth-first
//! search over the step's DAG, edge by edge, undoing array changes on
//! backtracking, until the path ends in the step's end state.

use super::dag::{Dag, END, START};
use super::propagate::{propagate, Hints};
use super::walk::Walk;
use engine::simulate::conjuncts;
use format::eval::{ArrayVal, NextArray};
use format::{ArrayUpdate, ArrayValue, BigInt, Num, Step, Valuation};
use std::collections::BTreeMap;

/// Undo record of one array change.
pub(super) enum ArrayUndo {
    Entries(String, Vec<(BigInt, Option<BigInt>)>),
    Whole(String, ArrayVal),
}

/// Edge evaluations one LBE step's propagation search may spend.
const SEARCH_BUDGET: usize = 20_000;

impl<'t> Walk<'t> {
    /// Depth-first search over the DAG by concrete propagation. On success
    /// the environment is at the step's end state.
    pub(super) fn search(
        &mut self,
        key: &(String, String),
        step: &Step,
        at_bad: bool,
    ) -> Option<Vec<Step>> {
        let hints = Hints::new(step, at_bad);
        let dag = self.dags.remove(key).expect("built");
        let mut path = Vec::new();
        let mut work = 0usize;
        let found = self.dfs(&dag, START, &hints, &mut path, &mut work);
        let out = if found
            && (at_bad && self.mark_matches(step) || !at_bad && self.end_matches(step, &path))
        {
            Some(path.into_iter().map(|(s, _, _)| s).collect())
        } else {
            if found {
                self.unwind(&mut path);
            }
            None
        };
        self.dags.insert(key.clone(), dag);
        out
    }

    fn unwind(&mut self, path: &mut Vec<(Step, BTreeMap<String, BigInt>, Vec<ArrayUndo>)>) {
        while let Some((_, vars, undo)) = path.pop() {
            self.undo(undo);
            self.env.vars = vars;
        }
    }

    fn dfs(
        &mut self,
        dag: &Dag,
        node: usize,
        hints: &Hints,
        path: &mut Vec<(Step, BTreeMap<String, BigInt>, Vec<ArrayUndo>)>,
        work: &mut usize,
    ) -> bool {
        if node == END {
            return true;
        }
        for &i in &dag.out[node] {
            *work += 1;
            if *work > SEARCH_BUDGET {
                return false;
            }
            let (k, _, to) = dag.edges[i];
            let saved = self.env.vars.clone();
            if let Some((s, undo)) = self.take_edge(k, hints) {
                path.push((s, saved, undo));
                if self.dfs(dag, to, hints, path, work) {
                    return true;
                }
                let (_, vars, undo) = path.pop().expect("pushed");
                self.undo(undo);
                self.env.vars = vars;
            }
        }
        false
    }

    fn undo(&mut self, undo: Vec<ArrayUndo>) {
        for u in undo.into_iter().rev() {
            match u {
                ArrayUndo::Entries(a, old) => {
                    let arr = self.env.arrays.entry(a).or_default();
                    for (k, v) in old.into_iter().rev() {
                        match v {
                            Some(v) => arr.entries.insert(k, v),
                            None => arr.entries.remove(&k),
                        };
                    }
                }
                ArrayUndo::Whole(a, v) => {
                    self.env.arrays.insert(a, v);
                }
            }
        }
    }

    /// Does the environment equal the LBE step's end state?
    /// At `bad`: the path ends at the check the step's mark names.
    fn mark_matches(&self, step: &Step) -> bool {
        let Some(m) = &self.mark else { return true };
        match step.next.get(m) {
            Some(v) => self.env.vars.get(m) == Some(&v.0),
            None => true,
        }
    }

    fn end_matches(
        &self,
        step: &Step,
        path: &[(Step, BTreeMap<String, BigInt>, Vec<ArrayUndo>)],
    ) -> bool {
        for (k, v) in &step.next {
            if self.env.vars.get(k) != Some(&v.0) {
                return false;
            }
        }
        for a in &self.array_vars {
            let empty = ArrayVal::default();
            let cur = self.env.arrays.get(a).unwrap_or(&empty);
            let lbe = step.arrays.get(a);
            if let Some(ArrayUpdate {
                reset: Some(r),
                writes,
            }) = lbe
            {
                let Ok(mut want) = r.to_val() else {
                    return false;
                };
                want.apply(&format::writes_to_val(writes));
                if !array_equal(cur, &want) {
                    return false;
                }
                continue;
            }
            // Indices written on either side: the LBE's last write, or the value before the step.
            let mut before: BTreeMap<BigInt, Option<BigInt>> = BTreeMap::new();
            let mut reset = false;
            for (_, _, undo) in path {
                for u in undo {
                    match u {
                        ArrayUndo::Entries(n, old) if n == a => {
                            for (k, v) in old {
                                before.entry(k.clone()).or_insert_with(|| v.clone());
                            }
                        }
                        ArrayUndo::Whole(n, _) if n == a => reset = true,
                        _ => {}
                    }
                }
            }
            if reset {
                continue; // left to the replay
            }
            let mut want: BTreeMap<BigInt, BigInt> = before
                .into_iter()
                .map(|(k, v)| (k, v.unwrap_or_else(|| cur.default.clone())))
                .collect();
            if let Some(u) = lbe {
                for (k, v) in &u.writes {
                    want.insert(k.0.clone(), v.0.clone());
                }
            }
            if want.iter().any(|(k, v)| cur.get(k) != v) {
                return false;
            }
        }
        true
    }

    /// Takes SBE edge `k` from the current state, if its relation can be
    /// satisfied by propagation (and the hints); advances the environment.
    pub(super) fn take_edge(&mut self, k: usize, hints: &Hints) -> Option<(Step, Vec<ArrayUndo>)> {
        let edge = &self.sbe.edges[k];
        let env = &mut self.env;
        let state = env.vars.clone();
        env.nexts.clear();
        env.next_arrays.clear();
        if let Some((inputs, next)) = hints.forced {
            env.vars
                .extend(inputs.iter().map(|(k, v)| (k.clone(), v.0.clone())));
            env.nexts
                .extend(next.iter().map(|(k, v)| (k.clone(), v.0.clone())));
        }
        let mut parts = Vec::new();
        conjuncts(&edge.relation, &mut parts);
        let ok = propagate(env, parts, hints, 0);
        let ok = ok
            && self.int_vars.iter().all(|v| env.nexts.contains_key(v))
            && self
                .array_vars
                .iter()
                .all(|a| env.next_arrays.contains_key(a));
        // Locals the relation leaves free.
        if ok {
            for l in &edge.locals {
                env.vars
                    .entry(l.name.clone())
                    .or_insert_with(|| BigInt::from(0));
            }
        }
        if !ok || env.holds(&edge.relation) != Ok(true) {
            env.vars = state;
            return None;
        }
        let inputs: Valuation = edge
            .locals
            .iter()
            .map(|l| (l.name.clone(), Num(env.vars[&l.name].clone())))
            .collect();
        let next: Valuation = env
            .nexts
            .iter()
            .map(|(k, v)| (k.clone(), Num(v.clone())))
            .collect();
        let mut arrays = BTreeMap::new();
        let mut undo = Vec::new();
        for (a, n) in &env.next_arrays {
            match n {
                NextArray::Writes(w) if w.is_empty() => {}
                NextArray::Writes(w) => {
                    let cur = env.arrays.get(a);
                    let old = w
                        .iter()
                        .map(|(k, _)| (k.clone(), cur.and_then(|c| c.entries.get(k).cloned())))
                        .collect();
                    undo.push(ArrayUndo::Entries(a.clone(), old));
                    arrays.insert(
                        a.clone(),
                        ArrayUpdate {
                            reset: None,
                            writes: w
                                .iter()
                                .map(|(k, v)| (Num(k.clone()), Num(v.clone())))
                                .collect(),
                        },
                    );
                }
                NextArray::Value(v) => {
                    undo.push(ArrayUndo::Whole(
                        a.clone(),
                        env.arrays.get(a).cloned().unwrap_or_default(),
                    ));
                    arrays.insert(
                        a.clone(),
                        ArrayUpdate {
                            reset: Some(ArrayValue::from_val(v)),
                            writes: vec![],
                        },
                    );
                }
            }
        }
        env.advance();
        Some((
            Step {
                edge: edge.id,
                inputs,
                next,
                arrays,
            },
            undo,
        ))
    }
}

/// Is `a == b` as `int -> int` maps?
fn array_equal(a: &ArrayVal, b: &ArrayVal) -> bool {
    a.default == b.default
        && a.entries
            .keys()
            .chain(b.entries.keys())
            .all(|k| a.get(k) == b.get(k))
}
