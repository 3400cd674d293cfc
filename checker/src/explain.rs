//! Messages of a failed check: counterexamples and certificate parts as readable text.
//!
//! Outside the audit kernel: the kernel decides that an obligation fails before it asks
//! for the message, so nothing here can turn a failure into a pass.
#![forbid(unsafe_code)]

use crate::error::CheckError;
use crate::index::Index;
use crate::solver::Model;
use format::print::expr_to_string;
use format::{ArrayValuation, ArrayValue, Edge, Node, SafeBody, Valuation};

/// Prints a valuation as `x=0, y=1` (or `(none)` when empty).
pub fn show(v: &Valuation) -> String {
    if v.is_empty() {
        return "(none)".into();
    }
    let parts: Vec<String> = v.iter().map(|(k, n)| format!("{k}={}", short(n))).collect();
    parts.join(", ")
}

/// A number as text, with the middle of very long ones elided.
pub fn short(n: &format::Num) -> String {
    let t = n.to_string();
    if t.len() <= 60 {
        return t;
    }
    let digits = t.trim_start_matches('-').len();
    format!("{}...{} ({digits} digits)", &t[..25], &t[t.len() - 25..])
}

fn inputs_text(v: &Valuation) -> String {
    if v.is_empty() {
        String::new()
    } else {
        format!("inputs {}; ", show(v))
    }
}

impl std::fmt::Display for CheckError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CheckError::WrongFormat { found } => write!(f, "structure: header.format is `{found}`, expected `{}`",
        format::FORMAT_NAME),
            CheckError::WrongVersion { found } => write!(f, "structure: header.version is {found}, this checker reads version {}",
        format::FORMAT_VERSION),
            CheckError::TaskHash { header, computed } => write!(f, "structure: header.task_sha256 is {header} but the embedded task hashes to {computed}"),
            CheckError::TaskMismatch { given, embedded } => write!(f, "structure: the certificate's task hashes to {embedded} but --task hashes to {given}"),
            CheckError::BadName { what, name } => write!(f, "structure: {what} name {name:?} is not a plain identifier ([A-Za-z_][A-Za-z0-9_.$@#:!]*, at most 255 bytes)"),
            CheckError::BadEdgeName { what, name } => write!(f, "structure: {what} has a control character or is longer than 1000 bytes: {name:?}"),
            CheckError::UnsupportedSort { var, sort } => write!(f, "structure: variable `{var}` has unsupported sort {sort}"),
            CheckError::TooMany { what, count, limit } => write!(f, "structure: {count} {what} exceed the limit of {limit}"),
            CheckError::Duplicate { what, id } => write!(f, "structure: duplicate {what} {id}"),
            CheckError::LocalClash { edge, name, local } => write!(f, "structure: edge {edge} `{name}` declares local `{local}`, which is also a state variable"),
            CheckError::UnknownLocation { what, location } => write!(f, "structure: {what} names location `{location}`, which the task does not declare"),
            CheckError::UnknownId { what, kind, id } => write!(f, "structure: {what} refers to {kind} {id}, which does not exist"),
            CheckError::IllSorted { what, formula, reason } => write!(f, "structure: {what} `{formula}` is ill-sorted: {reason}"),
            CheckError::IndexVarClash { name } => write!(f, "structure: index variable `{name}` is also a state variable"),
            CheckError::IndexedInCube { node, pred, formula } => write!(f, "structure: the cube of node {node} uses predicate p{pred} `{formula}`, which mentions index variables; such predicates may only appear in `forall` clauses"),
            CheckError::HintArity { node, edge, hint, given, want } => write!(f, "structure: hint {hint} of successor list ({node}, {edge}) gives {given} terms, but there are {want} index variables"),
            CheckError::SkolemClash { place, name } => write!(f, "structure: Skolem constant `{name}` of {place} is also a variable of the edge or task"),
            CheckError::NodeAtBad { node, location } => write!(f, "structure: node {node} sits at the bad location `{location}`"),
            CheckError::InitialElsewhere { node, location, initial } => write!(f, "structure: initial node {node} sits at `{location}`, not at the initial location `{initial}`"),
            CheckError::EdgeNotFromNode { node, location, edge, name, from } => write!(f, "structure: successors of node {node} (at `{location}`) are listed for edge {edge} `{name}`, which leaves `{from}`"),
            CheckError::TargetWrongLocation { node, edge, name, target, location, to } => write!(f, "structure: successor node {target} of node {node} by edge {edge} `{name}` sits at `{location}`, but the edge enters `{to}`"),
            CheckError::Initiality { state, location, initial, arrays } => write!(f, "initiality: initial state {}{arrays} at `{location}` lies in no initial node {initial:?}", show(state)),
            CheckError::Closure { node, location, cube, edge, name, to, targets, state, inputs, next, arrays, note } => write!(f, "closure: state {} in node {node} ({location}, cube {cube}) steps by edge {edge} `{name}` to {to} ({}next {}{arrays}); no listed successor {targets:?} covers it{note}", show(state), inputs_text(inputs), show(next)),
            CheckError::Witness { node, edge, name, target, reason } => write!(f, "witness: node {node} --edge {edge} `{name}`--> node {target}: {reason}"),
            CheckError::Trace { step, reason } => write!(f, "trace: {}{reason}", step.map(|i| format!("step {i}: ")).unwrap_or_default()),
            CheckError::Undecided { obligation, reason } => write!(f, "{obligation}: not decided: {reason}"),
            CheckError::OutOfTime { obligation, at } => write!(f, "{obligation}: the total time limit was reached at {at}"),
            CheckError::NoSource { file } => write!(f, "binding: the certificate records no source file, so it cannot be bound to {file}"),
            CheckError::SourceHash { file, name, given, header } => write!(f, "binding: the source differs: {file} hashes to {given}, the certificate's header.source.sha256 is {header} (for `{name}`)"),
            CheckError::SourceTranslation { file, reason } => write!(f, "binding: {file} does not translate under the certificate's options: {reason}"),
            CheckError::SourceTask { file, translation, translated, header } => write!(f, "binding: the task differs: {file} translates ({translation}) to a task hashing to {translated}, the certificate's task hashes to {header}"),
        }
    }
}

impl std::error::Error for CheckError {}

/// A formula's text for a message, cut in the middle when very long.
pub fn elide(text: String) -> String {
    const KEEP: usize = 150;
    if text.len() <= 2 * KEEP + 20 {
        return text;
    }
    let cut = |i: usize| {
        (0..=i)
            .rev()
            .find(|&j| text.is_char_boundary(j))
            .unwrap_or(0)
    };
    let (head, tail) = (cut(KEEP), cut(text.len() - KEEP));
    format!(
        "{} ... ({} bytes) ... {}",
        &text[..head],
        text.len(),
        &text[tail..]
    )
}

/// The node's cube as `[x >= 0, !(x == y)]`.
pub fn cube_text(body: &SafeBody, n: &Node) -> String {
    let lits: Vec<String> = n
        .cube
        .iter()
        .map(|l| match body.predicate(l.pred) {
            Some(p) if l.positive => expr_to_string(&p.formula),
            Some(p) => format!("!({})", expr_to_string(&p.formula)),
            None => format!("?p{}", l.pred),
        })
        .collect();
    format!("[{}]", lits.join(", "))
}

/// Splits a model's current-side values into state variables and edge locals.
pub fn split(vars: &Valuation, state: &[String]) -> (Valuation, Valuation) {
    vars.iter()
        .map(|(k, v)| (k.clone(), v.clone()))
        .partition(|(k, _)| state.contains(k))
}

/// Array values of a model for a message: ` with arrays a = [0 -> 1, else 7], b' = ...`.
pub fn arrays_text(cur: &ArrayValuation, next: &ArrayValuation) -> String {
    let one = |a: &ArrayValue| {
        let mut parts: Vec<String> = a
            .entries
            .iter()
            .take(8)
            .map(|(k, v)| format!("{} -> {}", short(k), short(v)))
            .collect();
        if a.entries.len() > 8 {
            parts.push(format!("... {} more", a.entries.len() - 8));
        }
        parts.push(format!("else {}", short(&a.default)));
        format!("[{}]", parts.join(", "))
    };
    let all: Vec<String> = cur
        .iter()
        .map(|(k, a)| format!("{k} = {}", one(a)))
        .chain(next.iter().map(|(k, a)| format!("{k}' = {}", one(a))))
        .collect();
    if all.is_empty() {
        String::new()
    } else {
        format!(" with arrays {}", all.join(", "))
    }
}

/// For a failed closure whose node has quantified clauses: the clauses
/// were assumed at the hinted instances only, so a missing or wrong hint
/// fails the obligation too.
pub fn hint_note(ix: &Index, n: &Node, e: &Edge) -> String {
    if n.forall.is_empty() {
        return String::new();
    }
    let hints = ix.hints(n.id, e.id);
    let shown: Vec<String> = hints
        .iter()
        .take(4)
        .map(|h| {
            let terms: Vec<String> = h.iter().map(expr_to_string).collect();
            format!("({})", terms.join(", "))
        })
        .collect();
    format!(
        " (node {}'s quantified clauses were assumed only at the {} hinted instance(s) {}{}: a missing or wrong hint also fails here)",
        n.id,
        hints.len(),
        shown.join(" "),
        if hints.len() > 4 { " ..." } else { "" }
    )
}

/// The model is an initial state that no initial node covers.
pub fn initiality_failure(ix: &Index, m: &Model) -> CheckError {
    CheckError::Initiality {
        state: m.vars.clone(),
        location: ix.task.initial_location.clone(),
        initial: ix.body.initial.clone(),
        arrays: arrays_text(&m.arrays, &Default::default()),
    }
}

/// The model is a step out of `n` by `e` that no listed successor covers.
pub fn closure_failure(ix: &Index, n: &Node, e: &Edge, m: &Model) -> CheckError {
    let (state, inputs) = split(&m.vars, &ix.task.var_names());
    CheckError::Closure {
        node: n.id,
        location: n.location.clone(),
        cube: cube_text(ix.body, n),
        edge: e.id,
        name: e.name.clone(),
        to: e.to.clone(),
        targets: ix.targets(n.id, e.id),
        state,
        inputs,
        next: m.nexts.clone(),
        arrays: arrays_text(&m.arrays, &m.next_arrays),
        note: hint_note(ix, n, e),
    }
}
