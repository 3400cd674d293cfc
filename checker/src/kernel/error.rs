//! The reasons a certificate is rejected, one variant per failed check (their messages: `crate::explain`).
#![forbid(unsafe_code)]

use format::Valuation;

/// A definite failure: the certificate does not prove its claim.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CheckError {
    WrongFormat {
        found: String,
    },
    WrongVersion {
        found: u32,
    },
    TaskHash {
        header: String,
        computed: String,
    },
    TaskMismatch {
        given: String,
        embedded: String,
    },
    BadName {
        what: String,
        name: String,
    },
    BadEdgeName {
        what: String,
        name: String,
    },
    UnsupportedSort {
        var: String,
        sort: String,
    },
    TooMany {
        what: &'static str,
        count: usize,
        limit: usize,
    },
    Duplicate {
        what: String,
        id: String,
    },
    LocalClash {
        edge: u32,
        name: String,
        local: String,
    },
    UnknownLocation {
        what: String,
        location: String,
    },
    UnknownId {
        what: String,
        kind: String,
        id: u32,
    },
    IllSorted {
        what: String,
        formula: String,
        reason: String,
    },
    IndexVarClash {
        name: String,
    },
    IndexedInCube {
        node: u32,
        pred: u32,
        formula: String,
    },
    HintArity {
        node: u32,
        edge: u32,
        hint: usize,
        given: usize,
        want: usize,
    },
    SkolemClash {
        place: String,
        name: String,
    },
    NodeAtBad {
        node: u32,
        location: String,
    },
    InitialElsewhere {
        node: u32,
        location: String,
        initial: String,
    },
    EdgeNotFromNode {
        node: u32,
        location: String,
        edge: u32,
        name: String,
        from: String,
    },
    TargetWrongLocation {
        node: u32,
        edge: u32,
        name: String,
        target: u32,
        location: String,
        to: String,
    },
    Initiality {
        state: Valuation,
        location: String,
        initial: Vec<u32>,
        arrays: String,
    },
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
    Witness {
        node: u32,
        edge: u32,
        name: String,
        target: u32,
        reason: String,
    },
    Trace {
        step: Option<usize>,
        reason: String,
    },
    /// Not a failure: the total time limit ran out inside a concrete
    /// obligation, which is then recorded as inconclusive.
    /// Not a failure: the obligation is outside what this checker decides;
    /// recorded as inconclusive.
    Undecided {
        obligation: &'static str,
        reason: String,
    },
    OutOfTime {
        obligation: &'static str,
        at: String,
    },
    NoSource {
        file: String,
    },
    SourceHash {
        file: String,
        name: String,
        given: String,
        header: String,
    },
    SourceTranslation {
        file: String,
        reason: String,
    },
    SourceTask {
        file: String,
        translation: String,
        translated: String,
        header: String,
    },
}
