//! The walk along the certificate's LBE trace: per LBE step, the SBE path
//! (found by `search.rs`, else `solve.rs`), recorded step by step with the
//! nondet values, uninitialised reads and allocations it meets.

use super::dag::{build_dag, Dag};
use super::edge_facts::{edge_facts, nondet_position, shared_invariant, ArrayFate, EdgeFacts};
use super::{Indeterminate, NondetRead, Options};
use engine::smt::Budget;
use format::eval::{Env, Value};
use format::{ArrayValue, BigInt, Step, Task, Trace, Valuation};
use frontend::Program;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::time::Instant;

/// Most uninitialised array elements reported.
const MAX_INDETERMINATE_ELEMENTS: usize = 20;

pub(super) struct Walk<'t> {
    pub(super) lbe: &'t Task,
    pub(super) sbe: &'t Task,
    pub(super) facts: Vec<EdgeFacts>,
    /// SBE edge id -> index.
    pub(super) edge_index: HashMap<u32, usize>,
    pub(super) adj: HashMap<&'t str, Vec<usize>>,
    pub(super) lbe_locs: HashSet<&'t str>,
    pub(super) dags: HashMap<(String, String), Dag>,
    pub(super) int_vars: Vec<String>,
    pub(super) array_vars: Vec<String>,
    pub(super) env: Env,
    pub(super) opts: &'t Options,
    pub(super) deadline: Instant,
    pub(super) budget: Budget,
    // Results.
    pub(super) initial: Valuation,
    pub(super) initial_arrays: BTreeMap<String, ArrayValue>,
    pub(super) steps: Vec<Step>,
    pub(super) sbe_steps: usize,
    pub(super) reads: Vec<NondetRead>,
    /// Reads waiting for the next assigning step (to learn `assigned_to`).
    pub(super) pending: Vec<usize>,
    /// Uninitialised variables not yet read or overwritten.
    pub(super) unread: Vec<Indeterminate>,
    /// Per array: are its contents set (by an initialiser), and the indices written since.
    pub(super) array_known: HashMap<String, (bool, HashSet<BigInt>)>,
    /// Integer state before the step being recorded.
    pub(super) before: BTreeMap<String, BigInt>,
    pub(super) indeterminate: Vec<Indeterminate>,
    pub(super) allocations: Vec<Indeterminate>,
    pub(super) solver_steps: usize,
    /// The error state's `violation` mark (which check a run into `bad`
    /// reached): the only value an LBE step into `bad` fixes that the SBE
    /// path must match, or it could end at another check than the trace.
    pub(super) mark: Option<String>,
}

impl<'t> Walk<'t> {
    pub(super) fn new(
        lbe: &'t Task,
        sbe: &'t Program,
        opts: &'t Options,
        deadline: Instant,
    ) -> Result<Walk<'t>, String> {
        let sbe_task = &sbe.task;
        let lbe_locs: HashSet<&str> = lbe.locations.iter().map(String::as_str).collect();
        if let Some(l) = lbe_locs.iter().find(|l| !sbe_task.has_location(l)) {
            return Err(format!("the LBE location `{l}` is not an SBE location"));
        }
        let mut adj: HashMap<&str, Vec<usize>> = HashMap::new();
        for (k, e) in sbe_task.edges.iter().enumerate() {
            adj.entry(e.from.as_str()).or_default().push(k);
        }
        let invariant = shared_invariant(sbe_task);
        let origins: HashMap<u32, &format::EdgeOrigin> =
            sbe.source_map.edges.iter().map(|o| (o.edge, o)).collect();
        let facts = sbe_task
            .edges
            .iter()
            .map(|e| edge_facts(sbe_task, invariant, e, origins.get(&e.id).copied()))
            .collect();
        Ok(Walk {
            lbe,
            sbe: sbe_task,
            facts,
            edge_index: sbe_task
                .edges
                .iter()
                .enumerate()
                .map(|(k, e)| (e.id, k))
                .collect(),
            adj,
            lbe_locs,
            dags: HashMap::new(),
            int_vars: sbe_task.int_var_names(),
            array_vars: sbe_task.array_var_names(),
            mark: sbe.checks.as_ref().map(|c| c.violation_var.clone()),
            env: Env::default(),
            opts,
            deadline,
            budget: Budget::new(Some(deadline)),
            initial: Valuation::new(),
            initial_arrays: BTreeMap::new(),
            steps: Vec::new(),
            sbe_steps: 0,
            reads: Vec::new(),
            pending: Vec::new(),
            unread: Vec::new(),
            array_known: HashMap::new(),
            before: BTreeMap::new(),
            indeterminate: Vec::new(),
            allocations: Vec::new(),
            solver_steps: 0,
        })
    }

    pub(super) fn run(&mut self, trace: &Trace) -> Result<(), String> {
        self.initial = trace.initial.clone();
        self.before = trace
            .initial
            .iter()
            .map(|(k, v)| (k.clone(), v.0.clone()))
            .collect();
        self.initial_arrays = trace.initial_arrays.clone();
        self.env.vars = trace
            .initial
            .iter()
            .map(|(k, v)| (k.clone(), v.0.clone()))
            .collect();
        for (a, v) in &trace.initial_arrays {
            self.env.arrays.insert(a.clone(), v.to_val()?);
        }
        for (i, step) in trace.steps.iter().enumerate() {
            if Instant::now() >= self.deadline {
                return Err(format!(
                    "timeout after {} of {} LBE steps",
                    i,
                    trace.steps.len()
                ));
            }
            let edge = self.lbe.edge(step.edge).expect("the trace replayed");
            let key = (edge.from.clone(), edge.to.clone());
            if !self.dags.contains_key(&key) {
                let dag = build_dag(self.sbe, &self.adj, &self.lbe_locs, &edge.from, &edge.to)?;
                self.dags.insert(key.clone(), dag);
            }
            let at_bad = edge.to == self.lbe.bad_location;
            let path = match self.search(&key, step, at_bad) {
                Some(p) => p,
                None => {
                    self.solver_steps += 1;
                    self.solve(&key, step, at_bad, i == 0).map_err(|e| {
                        format!("LBE step {} (edge {} `{}`): {e}", i + 1, edge.id, edge.name)
                    })?
                }
            };
            for s in path {
                self.record(s)?;
            }
        }
        Ok(())
    }

    /// Appends one SBE step and notes its nondet read.
    fn record(&mut self, step: Step) -> Result<(), String> {
        let index = self.sbe_steps;
        self.sbe_steps += 1;
        let k = self.edge_index[&step.edge];
        let f = &self.facts[k];
        if f.assigns {
            for r in std::mem::take(&mut self.pending) {
                if let Some((x, v)) = &f.copy {
                    if *v == self.reads[r].var {
                        self.reads[r].assigned = Some(x.clone());
                        self.reads[r].assign_step = Some(index);
                    }
                }
            }
        }
        // An uninitialised value counts once it is read before being overwritten.
        let mut still = Vec::new();
        for u in std::mem::take(&mut self.unread) {
            let own = f.statement == Some((u.line, u.col));
            if f.uses.contains(&u.var) && !own {
                self.indeterminate.push(u);
            } else if !f.defs.contains(&u.var) {
                still.push(u);
            }
        }
        self.unread = still;
        self.track_arrays(k, index, &step);
        let f = &self.facts[k];
        if let Some(v) = &f.havoc {
            let value = step.next.get(v).map(|n| n.0.clone()).unwrap_or_default();
            let (line, col) = nondet_position(v).or(f.statement).unwrap_or((0, 0));
            if v.starts_with("nondet@") {
                self.pending.push(self.reads.len());
                self.reads.push(NondetRead {
                    step: index,
                    var: v.clone(),
                    line,
                    col,
                    function: f.function.clone(),
                    call_text: f.call_text.clone().unwrap_or_default(),
                    value,
                    assigned: None,
                    assign_step: None,
                });
            } else if v.starts_with("alloc@") {
                // The result of an allocation that may fail: a choice the
                // harness replays, not an uninitialised value.
                self.allocations.push(Indeterminate {
                    step: index,
                    var: v.clone(),
                    line,
                    col,
                    value: Some(value),
                });
            } else if self.sbe.var_sort(v) == Some(format::VarSort::Int) {
                self.unread.push(Indeterminate {
                    step: index,
                    var: v.clone(),
                    line,
                    col,
                    value: Some(value),
                });
            }
        }
        if self.opts.keep_steps {
            if (self.steps.len() + 1) * self.int_vars.len().max(1) > self.opts.max_kept_values {
                return Err(format!(
                    "the SBE trace has more than {} steps of {} variables; too long to keep",
                    self.steps.len(),
                    self.int_vars.len()
                ));
            }
            self.steps.push(step);
        }
        Ok(())
    }

    /// Notes reads of array elements that were never set, then the step's array changes.
    fn track_arrays(&mut self, k: usize, index: usize, step: &Step) {
        let f = &self.facts[k];
        if self.array_vars.is_empty() {
            return;
        }
        let reported = self
            .indeterminate
            .iter()
            .filter(|u| u.value.is_none())
            .count();
        if !f.array_reads.is_empty() && reported < MAX_INDETERMINATE_ELEMENTS {
            let mut env = Env {
                vars: self.before.clone(),
                ..Env::default()
            };
            env.vars
                .extend(step.inputs.iter().map(|(k, v)| (k.clone(), v.0.clone())));
            for (a, i) in &f.array_reads {
                let (set, written) = self.array_known.entry(a.clone()).or_default();
                let Ok(Value::Int(i)) = env.eval(i) else {
                    continue;
                };
                let name = format!("{a}[{i}]");
                if *set || written.contains(&i) || self.indeterminate.iter().any(|u| u.var == name)
                {
                    continue;
                }
                let (line, col) = f.statement.unwrap_or((0, 0));
                self.indeterminate.push(Indeterminate {
                    step: index,
                    var: name,
                    line,
                    col,
                    value: None,
                });
            }
        }
        for (a, fate) in &f.array_fates {
            let (set, written) = self.array_known.entry(a.clone()).or_default();
            match fate {
                ArrayFate::Kept => {}
                ArrayFate::Written => {
                    if let Some(u) = step.arrays.get(a) {
                        written.extend(u.writes.iter().map(|(k, _)| k.0.clone()));
                    }
                }
                ArrayFate::Set => (*set, *written) = (true, HashSet::new()),
                ArrayFate::Havoc => (*set, *written) = (false, HashSet::new()),
            }
        }
        self.before = step
            .next
            .iter()
            .map(|(k, v)| (k.clone(), v.0.clone()))
            .collect();
    }
}
