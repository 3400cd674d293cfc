//! From an UNSAFE certificate's large-block trace to a single-statement (SBE) trace of the same program, with every nondet value in call order.
//!
//! Each LBE step `A -> B` summarises a loop-free region of the CFA; the SBE
//! task has the same locations, so the step is a path through the SBE
//! locations that are not LBE locations (a DAG). The path is found by
//! concrete propagation (guessing havocked values from the step's end
//! state), and by one Z3 query over the whole DAG when that fails. Every
//! SBE step is checked with the concrete evaluator as it is made; a kept
//! trace is replayed again, as the checker does.

mod propagate;

use engine::simulate::conjuncts;
use engine::smt::{self, Budget, View};
use engine::watchdog;
use format::eval::{ArrayVal, Env, NextArray, Value};
use format::{
    ArrayUpdate, ArrayValue, BigInt, Body, Certificate, Edge, Expr, Num, SourceMap, Step, Task,
    Trace, Valuation,
};
use frontend::{self, Program};
use propagate::{propagate, Hints};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::Path;
use std::time::{Duration, Instant};
use z3::ast::{Array, Bool, Int};
use z3::Solver;

/// One value returned by a `__VERIFIER_nondet_*()` call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NondetRead {
    /// Index of the havoc step in the SBE trace.
    pub step: usize,
    /// The call site's temporary, `nondet@<line>_<col>_<k>`.
    pub var: String,
    pub line: u32,
    pub col: u32,
    /// `__VERIFIER_nondet_int` etc., from the source map.
    pub function: Option<String>,
    /// The call's source text, e.g. `__VERIFIER_nondet_int()` (empty if unknown).
    pub call_text: String,
    pub value: BigInt,
    /// The state variable the next assignment copies the value into, if any.
    pub assigned: Option<String>,
    /// The SBE step of that assignment.
    pub assign_step: Option<usize>,
}

/// A value the run reads that no statement set and no nondet call
/// returned (an uninitialised variable or array element): a real run picks
/// its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Indeterminate {
    /// The SBE step that reads it.
    pub step: usize,
    /// `x`, or `a[3]` for an array element.
    pub var: String,
    /// Where it was declared (variables) or read (array elements).
    pub line: u32,
    pub col: u32,
    /// The value the run takes (variables only).
    pub value: Option<BigInt>,
}

/// Most uninitialised array elements reported.
const MAX_INDETERMINATE_ELEMENTS: usize = 20;

/// What a SBE edge does to an array.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ArrayFate {
    Kept,
    /// `a' == store(..(a)..)`.
    Written,
    /// `a' ==` a value of its own (an initialiser).
    Set,
    /// Not constrained: indeterminate contents.
    Havoc,
}

/// The certificate's run, one source statement per step.
#[derive(Clone, Debug)]
pub struct SourceTrace {
    pub sbe_task: Task,
    /// The SBE task's source map (statements per SBE edge).
    pub source_map: SourceMap,
    /// The SBE trace; `steps` is empty when not kept (see [`Options`]).
    pub trace: Trace,
    /// Number of SBE steps (also when not kept).
    pub sbe_steps: usize,
    pub nondet: Vec<NondetRead>,
    pub indeterminate: Vec<Indeterminate>,
    /// Every `malloc`/`calloc`/`realloc` the run makes, in order, with its
    /// result (0: the run has it fail).
    pub allocations: Vec<Indeterminate>,
    /// LBE steps that needed Z3 (the others were found by propagation).
    pub solver_steps: usize,
}

#[derive(Clone, Debug)]
pub struct Options {
    /// Keep the SBE steps (and replay them at the end); without, only the
    /// nondet values are collected and each step is checked as it is made.
    pub keep_steps: bool,
    /// Most values kept (SBE steps times integer variables, a memory
    /// bound); more is an error.
    pub max_kept_values: usize,
    pub timeout: Duration,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            keep_steps: true,
            max_kept_values: 5_000_000,
            timeout: Duration::from_secs(300),
        }
    }
}

/// The certificate's trace as a full SBE trace, replayed on the SBE task.
pub fn sbe_trace(cert: &Certificate, source: &Path) -> Result<SourceTrace, String> {
    concretize(cert, source, &Options::default())
}

/// The nondet values of the certificate's run, without keeping the SBE steps.
pub fn nondet_reads(cert: &Certificate, source: &Path) -> Result<SourceTrace, String> {
    let opts = Options {
        keep_steps: false,
        ..Options::default()
    };
    concretize(cert, source, &opts)
}

/// A certificate for the SBE task (`encoding: sbe`) that `certa-check --source` accepts.
pub fn sbe_certificate(cert: &Certificate, st: &SourceTrace) -> Result<Certificate, String> {
    if st.trace.steps.len() != st.sbe_steps {
        return Err("the SBE steps were not kept".into());
    }
    let mut header = cert.header.clone();
    let source = header
        .source
        .as_mut()
        .ok_or("the certificate names no source")?;
    source.translation.encoding = "sbe".into();
    header.task_sha256 = format::hash::task_sha256(&st.sbe_task);
    Ok(Certificate {
        header,
        task: st.sbe_task.clone(),
        body: Body::Unsafe(st.trace.clone()),
        source_map: Some(st.source_map.clone()),
    })
}

/// Refuses a source file whose SHA-256 is not the certificate's.
pub fn check_source_hash(cert: &Certificate, source: &Path) -> Result<(), String> {
    let recorded = cert
        .header
        .source
        .as_ref()
        .ok_or("the certificate names no source file")?;
    let bytes = std::fs::read(source).map_err(|e| format!("{}: {e}", source.display()))?;
    let sha = format::hash::bytes_sha256(&bytes);
    if sha != recorded.sha256 {
        return Err(format!(
            "refused: {} has sha256 {sha}, but the certificate is about {} with sha256 {}",
            source.display(),
            recorded.name,
            recorded.sha256
        ));
    }
    Ok(())
}

/// Re-translates `source` as the certificate records and checks that it is
/// the certificate's program: file hash and task hash.
pub fn bind(cert: &Certificate, source: &Path) -> Result<Program, String> {
    check_source_hash(cert, source)?;
    let recorded = cert
        .header
        .source
        .as_ref()
        .ok_or("the certificate names no source file")?;
    let program = frontend::load_as(source, &recorded.translation).map_err(|e| e.to_string())?;
    let task_sha = format::hash::task_sha256(&program.task);
    if task_sha != cert.header.task_sha256 {
        return Err(format!(
            "refused: {} translates to task sha256 {task_sha}, the certificate's task is {}",
            source.display(),
            cert.header.task_sha256
        ));
    }
    Ok(program)
}

/// Finds the SBE run of the certificate's trace (see the module doc).
pub fn concretize(
    cert: &Certificate,
    source: &Path,
    opts: &Options,
) -> Result<SourceTrace, String> {
    checker::on_large_stack(|| {
        z3::with_z3_config(&z3::Config::new(), || {
            watchdog::guarded(|| concretize_here(cert, source, opts))
        })
    })
}

fn concretize_here(
    cert: &Certificate,
    source: &Path,
    opts: &Options,
) -> Result<SourceTrace, String> {
    let deadline = Instant::now() + opts.timeout;
    let Body::Unsafe(lbe_trace) = &cert.body else {
        return Err("this is a SAFE certificate; it has no trace".into());
    };
    let lbe = bind(cert, source)?;
    checker::trace::check(&lbe.task, lbe_trace, Some(deadline))
        .map_err(|e| format!("the certificate's trace does not replay: {e}"))?;
    let recorded = &cert.header.source.as_ref().expect("bound").translation;
    let sbe = if recorded.encoding == "sbe" {
        lbe.clone()
    } else {
        let mut t = recorded.clone();
        t.encoding = "sbe".into();
        frontend::load_as(source, &t).map_err(|e| e.to_string())?
    };
    smt::set_array_vars(&sbe.task);
    let mut walk = Walk::new(&lbe.task, &sbe, opts, deadline)?;
    walk.run(lbe_trace)?;
    let Walk {
        steps,
        sbe_steps,
        reads,
        indeterminate,
        allocations,
        solver_steps,
        initial,
        initial_arrays,
        ..
    } = walk;
    let trace = Trace {
        initial,
        initial_arrays,
        steps,
    };
    if opts.keep_steps {
        checker::trace::check(&sbe.task, &trace, Some(deadline))
            .map_err(|e| format!("internal error: the SBE trace does not replay: {e}"))?;
    }
    Ok(SourceTrace {
        sbe_task: sbe.task,
        source_map: sbe.source_map,
        trace,
        sbe_steps,
        nondet: reads,
        indeterminate,
        allocations,
        solver_steps,
    })
}

/// What a SBE edge does, read off its relation's top-level conjuncts.
struct EdgeFacts {
    /// `v' == l` with `l` an edge local: `v` is havocked.
    havoc: Option<String>,
    /// `x' == v` with `v` another state variable.
    copy: Option<(String, String)>,
    /// Some `x' == e` with `e` not `x`.
    assigns: bool,
    /// `nondet@L_C_k` position of the statement, and its nondet function.
    statement: Option<(u32, u32)>,
    function: Option<String>,
    call_text: Option<String>,
    /// State variables read and written (frame conjuncts and the shared range invariant aside).
    uses: HashSet<String>,
    /// State variables kept by a conjunct `x' == x`.
    frames: HashSet<String>,
    /// `a[i]` reads of current arrays: (array, index).
    array_reads: Vec<(String, Expr)>,
    array_fates: Vec<(String, ArrayFate)>,
    defs: HashSet<String>,
}

/// The range invariant the frontend puts first in every edge not leaving
/// `entry`: the first conjunct, when it is the same conjunction everywhere.
fn shared_invariant(task: &Task) -> Option<&Expr> {
    let mut firsts = task
        .edges
        .iter()
        .filter(|e| e.from != task.initial_location)
        .map(|e| match &e.relation {
            Expr::And(xs) => xs.first().filter(|x| matches!(x, Expr::And(_))),
            _ => None,
        });
    let first = firsts.next()??;
    firsts.all(|x| x == Some(first)).then_some(first)
}

fn state_vars_of(e: &Expr, task: &Task, out: &mut HashSet<String>) {
    let mut stack = vec![e];
    while let Some(x) = stack.pop() {
        match x {
            Expr::Var(n) if task.is_state_var(n) => {
                out.insert(n.clone());
            }
            _ => stack.extend(x.children()),
        }
    }
}

fn edge_facts(
    task: &Task,
    invariant: Option<&Expr>,
    edge: &Edge,
    map: Option<&format::EdgeOrigin>,
) -> EdgeFacts {
    let mut parts = Vec::new();
    match (&edge.relation, invariant) {
        (Expr::And(xs), Some(inv)) if xs.first() == Some(inv) => {
            xs[1..].iter().for_each(|x| conjuncts(x, &mut parts))
        }
        (r, _) => conjuncts(r, &mut parts),
    }
    let is_local = |n: &str| edge.locals.iter().any(|l| l.name == n);
    let mut facts = EdgeFacts {
        havoc: None,
        copy: None,
        assigns: false,
        statement: None,
        function: None,
        call_text: None,
        uses: HashSet::new(),
        defs: HashSet::new(),
        frames: HashSet::new(),
        array_reads: Vec::new(),
        array_fates: Vec::new(),
    };
    let mut stack = vec![&edge.relation];
    while let Some(x) = stack.pop() {
        if let Expr::Select(a, i) = x {
            if let Expr::Var(a) = &**a {
                facts.array_reads.push((a.clone(), (**i).clone()));
            }
        }
        stack.extend(x.children());
    }
    for a in task.array_var_names() {
        let mut fate = ArrayFate::Havoc;
        let mut all = Vec::new();
        conjuncts(&edge.relation, &mut all);
        for p in all {
            let Expr::Eq(l, r) = p else { continue };
            let rhs = match (&**l, &**r) {
                (Expr::Next(x), r) | (r, Expr::Next(x)) if *x == a => r,
                _ => continue,
            };
            let mut base = rhs;
            while let Expr::Store(b, _, _) = base {
                base = b;
            }
            fate = match (rhs, base) {
                (Expr::Var(x), _) if *x == a => ArrayFate::Kept,
                (_, Expr::Var(x)) if *x == a => ArrayFate::Written,
                _ => ArrayFate::Set,
            };
        }
        facts.array_fates.push((a, fate));
    }
    let mut all = Vec::new();
    conjuncts(&edge.relation, &mut all);
    for p in all {
        if let Expr::Eq(a, b) = p {
            if let (Expr::Next(x), Expr::Var(y)) | (Expr::Var(y), Expr::Next(x)) = (&**a, &**b) {
                if x == y {
                    facts.frames.insert(x.clone());
                }
            }
        }
    }
    for p in parts {
        let assignment = match p {
            Expr::Eq(a, b) => match (&**a, &**b) {
                (Expr::Next(x), r) | (r, Expr::Next(x)) => Some((x, r)),
                _ => None,
            },
            _ => None,
        };
        let Some((x, rhs)) = assignment else {
            state_vars_of(p, task, &mut facts.uses);
            continue;
        };
        match rhs {
            Expr::Var(v) if v == x => continue,
            Expr::Var(l) if is_local(l) => facts.havoc = Some(x.clone()),
            Expr::Var(v) => {
                facts.assigns = true;
                facts.copy = Some((x.clone(), v.clone()));
            }
            _ => facts.assigns = true,
        }
        facts.defs.insert(x.clone());
        state_vars_of(rhs, task, &mut facts.uses);
    }
    if let Some(origin) = map {
        for s in &origin.statements {
            facts.statement.get_or_insert((s.line, s.col));
            if let Some(i) = s.text.find("__VERIFIER_nondet_") {
                let name: String = s.text[i..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                facts.function.get_or_insert(name);
                facts.call_text.get_or_insert(s.text.clone());
            }
        }
    }
    facts
}

/// `nondet@12_7_1` -> (12, 7).
fn nondet_position(var: &str) -> Option<(u32, u32)> {
    let rest = var.strip_prefix("nondet@")?;
    let mut it = rest.split(['_', '.', '@']);
    Some((it.next()?.parse().ok()?, it.next()?.parse().ok()?))
}

/// The SBE region of one LBE edge: node 0 is `A`, node 1 is `B`, the others
/// are interior SBE locations, in topological order.
struct Dag {
    /// (SBE edge index, from node, to node).
    edges: Vec<(usize, usize, usize)>,
    out: Vec<Vec<usize>>,
    nodes: usize,
    /// Built on the first step that needs Z3.
    solver: Option<Encoded>,
}

/// A DAG in Z3 (see [`Walk::encode_dag`]).
struct Encoded {
    solver: Solver,
    sel: Vec<Bool>,
    /// Per node, the symbol of each state variable.
    syms: Vec<HashMap<String, String>>,
}

const START: usize = 0;
const END: usize = 1;

fn build_dag(
    sbe: &Task,
    adj: &HashMap<&str, Vec<usize>>,
    lbe_locs: &HashSet<&str>,
    a: &str,
    b: &str,
) -> Result<Dag, String> {
    let interior = |l: &str| !lbe_locs.contains(l);
    let succs = |l: &str| -> Vec<&str> {
        adj.get(l)
            .into_iter()
            .flatten()
            .map(|&k| sbe.edges[k].to.as_str())
            .collect()
    };
    // Forward from A through interior locations.
    let mut fwd: Vec<&str> = Vec::new();
    let mut seen: HashSet<&str> = HashSet::new();
    let mut stack: Vec<&str> = succs(a);
    while let Some(l) = stack.pop() {
        if l == b || !interior(l) || !seen.insert(l) {
            continue;
        }
        fwd.push(l);
        stack.extend(succs(l));
    }
    // Backward from B: interior locations that reach B through interior ones.
    let mut reaches: HashSet<&str> = HashSet::new();
    loop {
        let mut grew = false;
        for &l in &fwd {
            if !reaches.contains(l) && succs(l).iter().any(|t| *t == b || reaches.contains(t)) {
                reaches.insert(l);
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    let kept: Vec<&str> = fwd.into_iter().filter(|l| reaches.contains(l)).collect();
    // Topological order of the interior (Kahn).
    let kept_set: HashSet<&str> = kept.iter().copied().collect();
    let mut indeg: HashMap<&str, usize> = kept.iter().map(|&l| (l, 0)).collect();
    for &l in &kept {
        for t in succs(l) {
            if kept_set.contains(t) {
                *indeg.get_mut(t).expect("kept") += 1;
            }
        }
    }
    let mut ready: Vec<&str> = kept.iter().copied().filter(|l| indeg[l] == 0).collect();
    let mut order = Vec::new();
    while let Some(l) = ready.pop() {
        order.push(l);
        for t in succs(l) {
            if let Some(d) = indeg.get_mut(t) {
                *d -= 1;
                if *d == 0 {
                    ready.push(t);
                }
            }
        }
    }
    if order.len() != kept.len() {
        return Err(format!(
            "the SBE locations between `{a}` and `{b}` form a loop outside the LBE locations"
        ));
    }
    let index: HashMap<&str, usize> = order.iter().enumerate().map(|(i, &l)| (l, i + 2)).collect();
    let node_of_target = |t: &str| -> Option<usize> {
        if t == b {
            Some(END)
        } else {
            index.get(t).copied()
        }
    };
    let mut edges = Vec::new();
    let sources = std::iter::once((a, START)).chain(order.iter().map(|&l| (l, index[l])));
    for (l, from) in sources {
        for &k in adj.get(l).map(Vec::as_slice).unwrap_or(&[]) {
            if let Some(to) = node_of_target(&sbe.edges[k].to) {
                edges.push((k, from, to));
            }
        }
    }
    let nodes = order.len() + 2;
    let mut out = vec![Vec::new(); nodes];
    for (i, &(_, from, _)) in edges.iter().enumerate() {
        out[from].push(i);
    }
    Ok(Dag {
        edges,
        out,
        nodes,
        solver: None,
    })
}

/// Undo record of one array change.
enum ArrayUndo {
    Entries(String, Vec<(BigInt, Option<BigInt>)>),
    Whole(String, ArrayVal),
}

struct Walk<'t> {
    lbe: &'t Task,
    sbe: &'t Task,
    facts: Vec<EdgeFacts>,
    /// SBE edge id -> index.
    edge_index: HashMap<u32, usize>,
    adj: HashMap<&'t str, Vec<usize>>,
    lbe_locs: HashSet<&'t str>,
    dags: HashMap<(String, String), Dag>,
    int_vars: Vec<String>,
    array_vars: Vec<String>,
    env: Env,
    opts: &'t Options,
    deadline: Instant,
    budget: Budget,
    // Results.
    initial: Valuation,
    initial_arrays: BTreeMap<String, ArrayValue>,
    steps: Vec<Step>,
    sbe_steps: usize,
    reads: Vec<NondetRead>,
    /// Reads waiting for the next assigning step (to learn `assigned_to`).
    pending: Vec<usize>,
    /// Uninitialised variables not yet read or overwritten.
    unread: Vec<Indeterminate>,
    /// Per array: are its contents set (by an initialiser), and the indices written since.
    array_known: HashMap<String, (bool, HashSet<BigInt>)>,
    /// Integer state before the step being recorded.
    before: BTreeMap<String, BigInt>,
    indeterminate: Vec<Indeterminate>,
    allocations: Vec<Indeterminate>,
    solver_steps: usize,
    /// The error state's `violation` mark (which check a run into `bad`
    /// reached): the only value an LBE step into `bad` fixes that the SBE
    /// path must match, or it could end at another check than the trace.
    mark: Option<String>,
}

/// Edge evaluations one LBE step's propagation search may spend.
const SEARCH_BUDGET: usize = 20_000;

impl<'t> Walk<'t> {
    fn new(
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

    fn run(&mut self, trace: &Trace) -> Result<(), String> {
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

    /// Depth-first search over the DAG by concrete propagation. On success
    /// the environment is at the step's end state.
    fn search(&mut self, key: &(String, String), step: &Step, at_bad: bool) -> Option<Vec<Step>> {
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
    fn take_edge(&mut self, k: usize, hints: &Hints) -> Option<(Step, Vec<ArrayUndo>)> {
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

    /// One Z3 query over the DAG; then the path is replayed concretely with the model's values.
    fn solve(
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

/// Is `a == b` as `int -> int` maps?
fn array_equal(a: &ArrayVal, b: &ArrayVal) -> bool {
    a.default == b.default
        && a.entries
            .keys()
            .chain(b.entries.keys())
            .all(|k| a.get(k) == b.get(k))
}

/// A concrete array as a Z3 term: its default everywhere, then its entries.
fn array_term(v: &ArrayVal) -> Array {
    let mut t = Array::const_array(&z3::Sort::int(), &Int::from_big_int(&v.default));
    for (k, x) in &v.entries {
        t = t.store(&Int::from_big_int(k), &Int::from_big_int(x));
    }
    t
}
