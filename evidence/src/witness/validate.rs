//! Witness validation with certa: a correctness witness's invariants are
//! asserted at their loops and proved (they also seed the predicates); a
//! violation witness's waypoints become a monitor on the single-statement
//! task, and a run through all of them into the target is searched for.
//! Either way a definite answer comes with a certificate for the program.

use super::rules::{self, Entry, Invariant, WaypointEntry};
use engine::run;
use engine::{self, refine, simulate, AnalysisKind, Config, Verdict};
use format::{Body, Certificate, Edge, Expr, Num, Task, VarDecl};
use frontend::{self, Encoding, Program};
use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    Confirmed,
    /// The witness is wrong; the reason says where and why.
    Rejected(String),
    /// Neither: a limit was hit, or nothing in the witness could be used.
    Unknown(String),
}

pub struct Validation {
    pub answer: Answer,
    /// `correctness` or `violation`.
    pub kind: &'static str,
    /// For a confirmed correctness witness, a SAFE certificate of the
    /// program; for a confirmed violation witness, an UNSAFE one (of the
    /// single-statement task); for a correctness witness of an unsafe
    /// program, the UNSAFE certificate that refutes it.
    pub certificate: Option<Certificate>,
    /// Parts of the witness that were not used, and why.
    pub notes: Vec<String>,
    /// How many invariants or waypoints were used.
    pub used: usize,
    pub total: usize,
}

/// The state variable that counts the waypoints passed.
const WAYPOINT_VAR: &str = "witness@waypoint";

/// Validates the witness text against the C program at `path`.
pub fn validate(path: &Path, witness: &str, cfg: &Config) -> Result<Validation, String> {
    let props = match cfg.properties {
        Some(p) => p,
        None => witness_properties(witness).map_or_else(
            || frontend::default_properties(path).map_err(|e| e.to_string()),
            Ok,
        )?,
    };
    validate_for(path, witness, cfg, props)
}

/// The properties a witness's `specification` names (`G ! overflow` for
/// no-overflow), when it names one certa checks.
fn witness_properties(witness: &str) -> Option<frontend::Properties> {
    let entries = rules::parse_witness(witness).ok()?;
    let spec = entries
        .iter()
        .find_map(|e| e.task().map(|t| t.specification.clone()))?;
    let overflow = spec.contains("overflow");
    let reach = spec.contains("reach_error");
    Some(frontend::Properties {
        unreach_call: reach || !overflow,
        no_overflow: overflow,
        assume_no_overflow: false,
        block_undefined: false,
    })
}

/// [`validate`] for the chosen properties.
pub fn validate_for(
    path: &Path,
    witness: &str,
    cfg: &Config,
    props: frontend::Properties,
) -> Result<Validation, String> {
    let entries = rules::parse_witness(witness)?;
    let info = frontend::c_source_info(path, props).map_err(|e| e.to_string())?;
    check_hash(path, &info, &entries)?;
    let invariants: Vec<&Invariant> = entries
        .iter()
        .flat_map(|e| match e {
            Entry::InvariantSet { invariants, .. } => invariants.iter().collect(),
            _ => Vec::new(),
        })
        .collect();
    let sequences: Vec<&Vec<Vec<WaypointEntry>>> = entries
        .iter()
        .filter_map(|e| match e {
            Entry::ViolationSequence { segments, .. } => Some(segments),
            _ => None,
        })
        .collect();
    let sets = entries
        .iter()
        .filter(|e| matches!(e, Entry::InvariantSet { .. }))
        .count();
    match (sets, sequences.as_slice()) {
        // An empty invariant set still claims correctness.
        (1.., []) => correctness(path, &info, &invariants, cfg),
        (0, [one]) => violation(path, &info, one, cfg),
        _ => Err(
            "a witness must hold invariant sets or one violation sequence, not both or several"
                .into(),
        ),
    }
}

/// The witness must be about this file: one of its input file hashes is the program's.
fn check_hash(path: &Path, info: &frontend::CSourceInfo, entries: &[Entry]) -> Result<(), String> {
    let c_path = std::path::PathBuf::from(super::c_file(path, info));
    let bytes = std::fs::read(&c_path).map_err(|e| format!("{}: {e}", c_path.display()))?;
    let ours = format::hash::bytes_sha256(&bytes);
    for e in entries {
        let task = match e {
            Entry::InvariantSet { task, .. } | Entry::ViolationSequence { task, .. } => task,
        };
        if !task
            .input_file_hashes
            .iter()
            .any(|(_, h)| h.eq_ignore_ascii_case(&ours))
        {
            return Err(format!(
                "the witness is about another program: none of its input file hashes is {} ({} has SHA-256 {ours})",
                ours,
                c_path.display()
            ));
        }
    }
    Ok(())
}

fn correctness(
    path: &Path,
    info: &frontend::CSourceInfo,
    invariants: &[&Invariant],
    cfg: &Config,
) -> Result<Validation, String> {
    let program =
        frontend::load_with(path, Encoding::Lbe, info.properties).map_err(|e| e.to_string())?;
    let mut notes = Vec::new();
    let mut asserted: BTreeMap<String, Vec<Expr>> = BTreeMap::new();
    let mut used = 0;
    for inv in invariants {
        let l = &inv.location;
        let on_line: Vec<&frontend::LoopHead> = info
            .loops
            .iter()
            .filter(|h| h.pos.line == l.line)
            .filter(|h| l.function.as_ref().is_none_or(|f| *f == h.function))
            .collect();
        let exact: Vec<&frontend::LoopHead> = on_line
            .iter()
            .copied()
            .filter(|h| Some(h.pos.col) == l.column)
            .collect();
        let heads = if exact.is_empty() { on_line } else { exact };
        if heads.is_empty() {
            notes.push(format!(
                "{}: no loop starts at line {}{}; invariant `{}` not used",
                inv.at,
                l.line,
                l.function
                    .as_ref()
                    .map(|f| format!(" in {f}"))
                    .unwrap_or_default(),
                inv.value
            ));
            continue;
        }
        let mut ok = true;
        for h in &heads {
            match frontend::translate_expression(info, &h.location, &inv.value) {
                Ok(e) => asserted.entry(h.location.clone()).or_default().push(e),
                Err(e) => {
                    notes.push(format!(
                        "{}: invariant `{}` not used: {e}",
                        inv.at, inv.value
                    ));
                    ok = false;
                    break;
                }
            }
        }
        used += usize::from(ok);
    }
    let total = invariants.len();
    if asserted.is_empty() {
        // Nothing to assert: the witness still claims the program correct.
        notes.push("no invariant used: the program is verified on its own".into());
    }
    let original = program.task.edges.len() as u32;
    let mut task = program.task.clone();
    let mut seeds = Vec::new();
    for (loc, invs) in &asserted {
        let inv = Expr::And(invs.clone());
        for p in std::iter::once(inv.clone()).chain(refine::atoms(&inv)) {
            seeds.push((loc.clone(), p));
        }
        let id = task.edges.len() as u32;
        task.edges.push(Edge {
            id,
            name: format!("{loc}->{}#witness", task.bad_location),
            from: loc.clone(),
            to: task.bad_location.clone(),
            locals: Vec::new(),
            relation: Expr::not(inv),
        });
    }
    let outcome = prove(&task, cfg, seeds);
    let source =
        run::source_file_for(path, Encoding::Lbe, info.properties).map_err(|e| e.to_string())?;
    let (answer, certificate) = match outcome {
        Verdict::Safe(mut body) => {
            // The asserting edges are not the program's: drop their lists.
            body.successors.retain(|s| s.edge < original);
            let cert = run::certificate(&program, Some(source), &Verdict::Safe(body));
            (Answer::Confirmed, cert)
        }
        Verdict::Unsafe(trace) => {
            let last = trace.steps.last().map(|s| s.edge);
            match last.filter(|&e| e >= original) {
                Some(e) => {
                    let loc = &task.edges[e as usize].from;
                    let head = info.loops.iter().find(|h| h.location == *loc);
                    let state = trace
                        .steps
                        .iter()
                        .rev()
                        .nth(1)
                        .map(|s| &s.next)
                        .unwrap_or(&trace.initial);
                    // The C variables in scope there, by their C names.
                    let shown: Vec<String> = match head {
                        Some(h) => h
                            .scope
                            .iter()
                            .filter_map(|v| Some(format!("{} = {}", v.c_name, state.get(&v.var)?)))
                            .collect(),
                        None => state.iter().map(|(k, v)| format!("{k} = {v}")).collect(),
                    };
                    let place = head
                        .map(|h| format!("line {}:{} in {}", h.pos.line, h.pos.col, h.function))
                        .unwrap_or_else(|| loc.clone());
                    (
                        Answer::Rejected(format!(
                            "the invariant at {place} does not hold: a run of {} steps reaches it with {}",
                            trace.steps.len().saturating_sub(1),
                            shown.join(", ")
                        )),
                        None,
                    )
                }
                None => (
                    Answer::Rejected(
                        "the program is unsafe (the certificate holds the run); a correctness witness cannot hold".into(),
                    ),
                    run::certificate(&program, Some(source), &Verdict::Unsafe(trace)),
                ),
            }
        }
        Verdict::Unknown(why) => (Answer::Unknown(why), None),
    };
    Ok(Validation {
        answer,
        kind: "correctness",
        certificate,
        notes,
        used,
        total,
    })
}

/// Predicates seeded with the witness first (half the time), then certa's
/// own strategy in the time left.
fn prove(task: &Task, cfg: &Config, seeds: Vec<(String, Expr)>) -> Verdict {
    let start = std::time::Instant::now();
    let seeded = Config {
        analysis: AnalysisKind::Predicate,
        seed_predicates: seeds,
        // The witness is the help here; certa's own guessing comes second.
        linear_invariants: false,
        timeout: cfg.timeout.map(|t| t / 2),
        ..cfg.clone()
    };
    let first = engine::verify(task, &seeded).verdict;
    if !matches!(first, Verdict::Unknown(_)) {
        return first;
    }
    let rest = Config {
        timeout: cfg.timeout.map(|t| t.saturating_sub(start.elapsed())),
        ..cfg.clone()
    };
    engine::verify(task, &rest).verdict
}

/// Where a waypoint acts on the single-statement task.
enum Hook {
    /// Every edge leaving the location: the condition over the current
    /// state; and implied conditions on earlier edges that make a concrete
    /// run choose right (`x == 5` after `x = nondet()`: the call returns 5).
    Before(String, Expr, Vec<(u32, Expr)>),
    /// This edge: the condition over current and next state; its sibling
    /// branch edges are blocked while the waypoint is due.
    Edge(u32, Expr, Vec<u32>),
    /// The run must end here: edges into the bad location from these statements.
    Target(Vec<u32>),
}

fn violation(
    path: &Path,
    info: &frontend::CSourceInfo,
    segments: &[Vec<WaypointEntry>],
    cfg: &Config,
) -> Result<Validation, String> {
    let program =
        frontend::load_with(path, Encoding::Sbe, info.properties).map_err(|e| e.to_string())?;
    let mut notes = Vec::new();
    let mut hooks = Vec::new();
    let total = segments.iter().map(Vec::len).sum();
    for seg in segments {
        for w in seg {
            if !w.follow {
                notes.push(format!("{}: avoid waypoints are not used", w.at));
                continue;
            }
            match hook(&program, info, w) {
                Ok(h) => hooks.push(h),
                Err(e) if w.kind == "target" => return Err(format!("{}: {e}", w.at)),
                Err(e) => notes.push(format!("{}: {} waypoint not used: {e}", w.at, w.kind)),
            }
        }
    }
    let task = monitor(&program.task, &hooks);
    // A concrete run first: deterministic programs and loose witnesses
    // need no abstraction (the monitor makes every step a valid one).
    let start = std::time::Instant::now();
    let quick = cfg.timeout.map_or(Duration::from_secs(5), |t| {
        (t / 10).min(Duration::from_secs(5))
    });
    let simulated = simulate::search(
        &task,
        &simulate::Limits {
            runs: 2,
            deadline: Some(start + quick),
            ..simulate::Limits::default()
        },
    );
    let outcome = match simulated {
        Some(trace) => Verdict::Unsafe(trace),
        None => {
            let rest = Config {
                timeout: cfg.timeout.map(|t| t.saturating_sub(start.elapsed())),
                ..cfg.clone()
            };
            engine::verify(&task, &rest).verdict
        }
    };
    let used = hooks.len();
    let (answer, certificate) = match outcome {
        Verdict::Unsafe(mut trace) => {
            trace.initial.remove(WAYPOINT_VAR);
            for s in &mut trace.steps {
                s.next.remove(WAYPOINT_VAR);
            }
            let source = run::source_file_for(path, Encoding::Sbe, info.properties)
                .map_err(|e| e.to_string())?;
            // A run beyond the checker's bound would make a certificate it
            // refuses: say so instead of writing one.
            let cert = if trace.steps.len() > checker::structure::MAX_STEPS {
                notes.push(format!(
                    "the run has {} statements, more than a certificate may hold ({}); no certificate written",
                    trace.steps.len(),
                    checker::structure::MAX_STEPS
                ));
                None
            } else {
                run::certificate(&program, Some(source), &Verdict::Unsafe(trace))
            };
            (Answer::Confirmed, cert)
        }
        Verdict::Safe(_) => (
            Answer::Rejected(
                "no run of the program passes the waypoints in order and reaches the target".into(),
            ),
            None,
        ),
        Verdict::Unknown(why) => (Answer::Unknown(why), None),
    };
    Ok(Validation {
        answer,
        kind: "violation",
        certificate,
        notes,
        used,
        total,
    })
}

/// The statements of the single-statement task at a waypoint's position:
/// those starting exactly there, else the first ones after it on its line.
fn edges_at(
    program: &Program,
    line: u32,
    column: Option<u32>,
    pick: &dyn Fn(&str) -> bool,
) -> Vec<(u32, u32, String)> {
    let mut found: Vec<(u32, u32, String)> = Vec::new();
    for origin in &program.source_map.edges {
        for s in &origin.statements {
            if s.line == line && pick(&s.text) {
                found.push((origin.edge, s.col, s.text.clone()));
            }
        }
    }
    let col = column.unwrap_or(1);
    let exact: Vec<_> = found.iter().filter(|f| f.1 == col).cloned().collect();
    if !exact.is_empty() {
        return exact;
    }
    let after = found.iter().filter(|f| f.1 >= col).map(|f| f.1).min();
    found.into_iter().filter(|f| Some(f.1) == after).collect()
}

fn hook(
    program: &Program,
    info: &frontend::CSourceInfo,
    w: &WaypointEntry,
) -> Result<Hook, String> {
    let l = &w.location;
    let task = &program.task;
    match w.kind.as_str() {
        "target" => {
            let edges: Vec<u32> = edges_at(program, l.line, l.column, &|_| true)
                .into_iter()
                .map(|f| f.0)
                .filter(|&e| task.edges[e as usize].to == task.bad_location)
                .collect();
            if edges.is_empty() {
                return Err(format!(
                    "the target at line {} is not a failing call",
                    l.line
                ));
            }
            Ok(Hook::Target(edges))
        }
        "assumption" => {
            let at = edges_at(program, l.line, l.column, &|_| true);
            let Some(&(e, _, _)) = at.first() else {
                return Err(format!("no statement at line {}", l.line));
            };
            let loc = task.edges[e as usize].from.clone();
            let value = w.constraint.as_deref().unwrap_or("1");
            let cond =
                frontend::translate_expression(info, &loc, value).map_err(|e| e.to_string())?;
            let hints = fixed_by_nondet(task, &loc, &cond).into_iter().collect();
            Ok(Hook::Before(loc, cond, hints))
        }
        "branching" => {
            let value = w.constraint.as_deref().unwrap_or("");
            let want = match value {
                "true" | "1" => true,
                "false" | "0" => false,
                other => {
                    return Err(format!(
                        "branching value `{other}` (switch cases are not supported)"
                    ))
                }
            };
            let conds = edges_at(program, l.line, l.column, &|t| t.starts_with('['));
            let Some((_, col, _)) = conds.first().cloned() else {
                return Err(format!("no branch condition at line {}", l.line));
            };
            let pair: Vec<(u32, String)> = conds
                .into_iter()
                .filter(|c| c.1 == col)
                .map(|c| (c.0, c.2))
                .collect();
            // `[c]` is the true branch of `[!(c)]`.
            let truth = |t: &str| {
                !pair
                    .iter()
                    .any(|(_, o)| *o != t && format!("[!({})]", &o[1..o.len() - 1]) == t)
            };
            let chosen: Vec<u32> = pair
                .iter()
                .filter(|(_, t)| truth(t) == want)
                .map(|p| p.0)
                .collect();
            let others: Vec<u32> = pair
                .iter()
                .filter(|(_, t)| truth(t) != want)
                .map(|p| p.0)
                .collect();
            match chosen.as_slice() {
                [e] => Ok(Hook::Edge(*e, Expr::Bool(true), others)),
                _ => Err(format!("cannot tell the branches at line {}:{col}", l.line)),
            }
        }
        "function_return" => {
            let calls = edges_at(program, l.line, None, &|t| {
                t.starts_with("__VERIFIER_nondet_")
            });
            let col = l.column.unwrap_or(1);
            // The call whose text spans the column (it points at the `)`).
            let call = calls
                .iter()
                .find(|(_, c, t)| *c <= col && col < *c + t.len() as u32)
                .or(calls.first())
                .ok_or_else(|| format!("no nondet call at line {}", l.line))?;
            let edge = &task.edges[call.0 as usize];
            let var = nondet_var(edge).ok_or("the call's value is not a nondet temporary")?;
            let value = w.constraint.as_deref().unwrap_or("");
            let cond = acsl_result(value, &var)?;
            Ok(Hook::Edge(call.0, cond, Vec::new()))
        }
        other => Err(format!("{other} waypoints are not supported")),
    }
}

/// For `x == v` at `loc`, reached by a straight line of edges in which `x`
/// was last set from a nondet temporary `t`: the call edge of `t` and
/// `t' == v` there. Implied by the waypoint on every run that takes that
/// edge while the waypoint is due (the line has no branch and no other
/// waypoint), so adding it changes no answer.
fn fixed_by_nondet(task: &Task, loc: &str, cond: &Expr) -> Option<(u32, Expr)> {
    let (x, v) = match cond {
        Expr::Eq(a, b) => match (&**a, &**b) {
            (Expr::Var(x), Expr::Int(v)) | (Expr::Int(v), Expr::Var(x)) => (x.clone(), v.clone()),
            _ => return None,
        },
        _ => return None,
    };
    let mut at = loc.to_string();
    let mut from_temp: Option<String> = None;
    for _ in 0..32 {
        let mut into = task.edges.iter().filter(|e| e.to == at);
        let (Some(e), None) = (into.next(), into.next()) else {
            return None;
        };
        if task.edges.iter().filter(|o| o.from == e.from).count() != 1 {
            return None;
        }
        match &from_temp {
            None => match next_value(e, &x)? {
                Expr::Var(s) if *s == x => {}
                Expr::Var(t) if t.starts_with("nondet@") => from_temp = Some(t.clone()),
                _ => return None,
            },
            Some(t) => {
                if nondet_var(e).as_deref() == Some(t.as_str()) {
                    return Some((e.id, Expr::eq(Expr::next(t), Expr::Int(v))));
                }
                if !matches!(next_value(e, t)?, Expr::Var(s) if s == t) {
                    return None;
                }
            }
        }
        at = e.from.clone();
    }
    None
}

/// The right-hand side of `v' == rhs` among an edge's top-level conjuncts.
fn next_value<'e>(edge: &'e Edge, v: &str) -> Option<&'e Expr> {
    let mut stack = vec![&edge.relation];
    while let Some(e) = stack.pop() {
        match e {
            Expr::And(xs) => stack.extend(xs),
            Expr::Eq(a, b) => {
                if matches!(&**a, Expr::Next(n) if n == v) {
                    return Some(b);
                }
            }
            _ => {}
        }
    }
    None
}

/// The nondet temporary an edge havocs (its next value is a local).
fn nondet_var(edge: &Edge) -> Option<String> {
    let mut found = None;
    let mut stack = vec![&edge.relation];
    while let Some(e) = stack.pop() {
        match e {
            Expr::And(xs) => stack.extend(xs),
            Expr::Eq(a, b) => {
                if let (Expr::Next(v), Expr::Var(l)) = (&**a, &**b) {
                    if v.starts_with("nondet@") && edge.locals.iter().any(|d| d.name == *l) {
                        found = Some(v.clone());
                    }
                }
            }
            _ => {}
        }
    }
    found
}

/// `\result <op> <integer>` (format 2.0's ACSL subset) over the next value of `var`.
fn acsl_result(text: &str, var: &str) -> Result<Expr, String> {
    let rest = text
        .trim()
        .strip_prefix("\\result")
        .ok_or_else(|| format!("`{text}` is not `\\result <op> <constant>`"))?
        .trim_start();
    let ops = ["==", "!=", "<=", ">=", "<", ">"];
    let op = ops
        .iter()
        .find(|o| rest.starts_with(*o))
        .ok_or_else(|| format!("`{text}`: unknown comparison"))?;
    let num = rest[op.len()..]
        .trim()
        .trim_end_matches(['u', 'U', 'l', 'L']);
    let n = format::expr::parse_num(num.trim()).map_err(|e| format!("`{text}`: {e}"))?;
    let (a, b) = (Box::new(Expr::next(var)), Box::new(Expr::Int(n)));
    Ok(match *op {
        "==" => Expr::Eq(a, b),
        "!=" => Expr::not(Expr::Eq(a, b)),
        "<=" => Expr::Le(a, b),
        ">=" => Expr::Ge(a, b),
        "<" => Expr::Lt(a, b),
        _ => Expr::Gt(a, b),
    })
}

/// The task with a waypoint counter: waypoint `i` is due while the counter
/// is `i`. Taking an edge that carries the due waypoint passes it (its
/// condition must hold) and, at the run's choice, the following waypoints
/// carried by the same edge (an assumption and a branch at one statement;
/// or not: the same loop branch in later iterations). Its sibling branches
/// are blocked while it is due. The bad location is entered only at the
/// target, once every waypoint before it was passed.
fn monitor(task: &Task, hooks: &[Hook]) -> Task {
    let mut t = task.clone();
    t.vars.push(VarDecl::int(WAYPOINT_VAR));
    let num = |i: usize| Expr::Int(Num::from_i64(i as i64));
    let wp = || Expr::var(WAYPOINT_VAR);
    let due = |i: usize| Expr::eq(wp(), num(i));
    t.init = Expr::And(vec![t.init.clone(), due(0)]);
    let mut at: BTreeMap<u32, BTreeMap<usize, Expr>> = BTreeMap::new();
    let mut blocked: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
    let mut implied: BTreeMap<u32, Vec<(usize, Expr)>> = BTreeMap::new();
    let mut target: Option<(usize, Vec<u32>)> = None;
    for (i, h) in hooks.iter().enumerate() {
        match h {
            Hook::Before(loc, cond, hints) => {
                for e in task.edges.iter().filter(|e| e.from == *loc) {
                    at.entry(e.id).or_default().insert(i, cond.clone());
                }
                for (e, hint) in hints {
                    implied.entry(*e).or_default().push((i, hint.clone()));
                }
            }
            Hook::Edge(e, cond, others) => {
                at.entry(*e).or_default().insert(i, cond.clone());
                for o in others {
                    blocked.entry(*o).or_default().push(i);
                }
            }
            Hook::Target(edges) => target = Some((i, edges.clone())),
        }
    }
    let empty = BTreeMap::new();
    for e in &mut t.edges {
        let carried = at.get(&e.id).unwrap_or(&empty);
        // The last waypoint of the run of consecutive carried ones from `i`.
        let run_end = |i: usize| {
            let mut j = i;
            while carried.contains_key(&(j + 1)) {
                j += 1;
            }
            j
        };
        let mut parts = vec![e.relation.clone()];
        for i in blocked.get(&e.id).into_iter().flatten() {
            parts.push(Expr::not(due(*i)));
        }
        if e.to == task.bad_location {
            // At the target, with the waypoints before it passed on this edge.
            let ok = match &target {
                Some((t, edges)) if edges.contains(&e.id) => {
                    let mut ways = vec![due(*t)];
                    for (&i, _) in carried
                        .iter()
                        .filter(|(&i, _)| i < *t && run_end(i) + 1 >= *t)
                    {
                        let mut all = vec![due(i)];
                        all.extend((i..*t).map(|k| carried[&k].clone()));
                        ways.push(Expr::And(all));
                    }
                    Expr::Or(ways)
                }
                Some(_) => Expr::Bool(false),
                None => Expr::Bool(true),
            };
            parts.push(ok);
        } else if carried.is_empty() {
            parts.push(Expr::eq(Expr::next(WAYPOINT_VAR), wp()));
        } else {
            // One disjunct per choice, each binding the next counter by an
            // equality (so that a concrete run can take it too): no carried
            // waypoint due; or waypoint `i` due and `i..j` passed.
            let mut choices = vec![Expr::And(
                carried
                    .keys()
                    .map(|&i| Expr::not(due(i)))
                    .chain([Expr::eq(Expr::next(WAYPOINT_VAR), wp())])
                    .collect(),
            )];
            for &i in carried.keys() {
                for j in i + 1..=run_end(i) + 1 {
                    let mut all = vec![due(i), Expr::eq(Expr::next(WAYPOINT_VAR), num(j))];
                    all.extend((i..j).map(|k| carried[&k].clone()));
                    choices.push(Expr::And(all));
                }
            }
            parts.push(Expr::Or(choices));
        }
        for (i, hint) in implied.get(&e.id).into_iter().flatten() {
            parts.push(Expr::Or(vec![Expr::not(due(*i)), hint.clone()]));
        }
        e.relation = Expr::And(parts);
    }
    t
}

/// The SHA-256 of a certificate's file bytes, for reports.
pub fn certificate_kind(cert: &Certificate) -> &'static str {
    match cert.body {
        Body::Safe(_) => "SAFE",
        Body::Unsafe(_) => "UNSAFE",
    }
}
