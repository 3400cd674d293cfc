//! The reasons a certificate is rejected, one variant per failed check, with readable messages.
#![forbid(unsafe_code)]

use format::Valuation;

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

/// A definite failure: the certificate does not prove its claim.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    #[error(
        "structure: header.format is `{found}`, expected `{}`",
        format::FORMAT_NAME
    )]
    WrongFormat { found: String },
    #[error(
        "structure: header.version is {found}, this checker reads version {}",
        format::FORMAT_VERSION
    )]
    WrongVersion { found: u32 },
    #[error(
        "structure: header.task_sha256 is {header} but the embedded task hashes to {computed}"
    )]
    TaskHash { header: String, computed: String },
    #[error("structure: the certificate's task hashes to {embedded} but --task hashes to {given}")]
    TaskMismatch { given: String, embedded: String },
    #[error("structure: {what} name {name:?} is not a plain identifier ([A-Za-z_][A-Za-z0-9_.$@#:!]*, at most 255 bytes)")]
    BadName { what: String, name: String },
    #[error("structure: {what} has a control character or is longer than 1000 bytes: {name:?}")]
    BadEdgeName { what: String, name: String },
    #[error("structure: variable `{var}` has unsupported sort {sort}")]
    UnsupportedSort { var: String, sort: String },
    #[error("structure: {count} {what} exceed the limit of {limit}")]
    TooMany {
        what: &'static str,
        count: usize,
        limit: usize,
    },
    #[error("structure: duplicate {what} {id}")]
    Duplicate { what: String, id: String },
    #[error(
        "structure: edge {edge} `{name}` declares local `{local}`, which is also a state variable"
    )]
    LocalClash {
        edge: u32,
        name: String,
        local: String,
    },
    #[error("structure: {what} names location `{location}`, which the task does not declare")]
    UnknownLocation { what: String, location: String },
    #[error("structure: {what} refers to {kind} {id}, which does not exist")]
    UnknownId { what: String, kind: String, id: u32 },
    #[error("structure: {what} `{formula}` is ill-sorted: {reason}")]
    IllSorted {
        what: String,
        formula: String,
        reason: String,
    },
    #[error("structure: index variable `{name}` is also a state variable")]
    IndexVarClash { name: String },
    #[error("structure: the cube of node {node} uses predicate p{pred} `{formula}`, which mentions index variables; such predicates may only appear in `forall` clauses")]
    IndexedInCube {
        node: u32,
        pred: u32,
        formula: String,
    },
    #[error("structure: hint {hint} of successor list ({node}, {edge}) gives {given} terms, but there are {want} index variables")]
    HintArity {
        node: u32,
        edge: u32,
        hint: usize,
        given: usize,
        want: usize,
    },
    #[error(
        "structure: Skolem constant `{name}` of {place} is also a variable of the edge or task"
    )]
    SkolemClash { place: String, name: String },
    #[error("structure: node {node} sits at the bad location `{location}`")]
    NodeAtBad { node: u32, location: String },
    #[error("structure: initial node {node} sits at `{location}`, not at the initial location `{initial}`")]
    InitialElsewhere {
        node: u32,
        location: String,
        initial: String,
    },
    #[error("structure: successors of node {node} (at `{location}`) are listed for edge {edge} `{name}`, which leaves `{from}`")]
    EdgeNotFromNode {
        node: u32,
        location: String,
        edge: u32,
        name: String,
        from: String,
    },
    #[error("structure: successor node {target} of node {node} by edge {edge} `{name}` sits at `{location}`, but the edge enters `{to}`")]
    TargetWrongLocation {
        node: u32,
        edge: u32,
        name: String,
        target: u32,
        location: String,
        to: String,
    },
    #[error("initiality: initial state {}{arrays} at `{location}` lies in no initial node {initial:?}", show(.state))]
    Initiality {
        state: Valuation,
        location: String,
        initial: Vec<u32>,
        arrays: String,
    },
    #[error("closure: state {} in node {node} ({location}, cube {cube}) steps by edge {edge} `{name}` to {to} ({}next {}{arrays}); no listed successor {targets:?} covers it{note}", show(.state), inputs_text(.inputs), show(.next))]
    Closure {
        node: u32,
        location: String,
        cube: String,
        edge: u32,
        name: String,
        to: String,
        targets: Vec<u32>,
        state: Valuation,
        inputs: Valuation,
        next: Valuation,
        /// Array values of the counterexample, as text.
        arrays: String,
        /// Why hints matter, when the node's region is quantified.
        note: String,
    },
    #[error("witness: node {node} --edge {edge} `{name}`--> node {target}: {reason}")]
    Witness {
        node: u32,
        edge: u32,
        name: String,
        target: u32,
        reason: String,
    },
    #[error("trace: {}{reason}", .step.map(|i| format!("step {i}: ")).unwrap_or_default())]
    Trace { step: Option<usize>, reason: String },
    /// Not a failure: the total time limit ran out inside a concrete
    /// obligation, which is then recorded as inconclusive.
    /// Not a failure: the obligation is outside what this checker decides;
    /// recorded as inconclusive.
    #[error("{obligation}: not decided: {reason}")]
    Undecided {
        obligation: &'static str,
        reason: String,
    },
    #[error("{obligation}: the total time limit was reached at {at}")]
    OutOfTime {
        obligation: &'static str,
        at: String,
    },
    #[error("binding: the certificate records no source file, so it cannot be bound to {file}")]
    NoSource { file: String },
    #[error("binding: the source differs: {file} hashes to {given}, the certificate's header.source.sha256 is {header} (for `{name}`)")]
    SourceHash {
        file: String,
        name: String,
        given: String,
        header: String,
    },
    #[error("binding: {file} does not translate under the certificate's options: {reason}")]
    SourceTranslation { file: String, reason: String },
    #[error("binding: the task differs: {file} translates ({translation}) to a task hashing to {translated}, the certificate's task hashes to {header}")]
    SourceTask {
        file: String,
        translation: String,
        translated: String,
        header: String,
    },
}
