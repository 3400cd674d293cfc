//! The CHC frontend: SMT-LIB constrained Horn clauses (`(set-logic HORN)`,
//! CHC-COMP's linear integer fragment) as a [`format::Task`].
//!
//! Parsing is done by `smt2parser` (its concrete syntax tree); this module
//! only translates.
//!
//! * State variables are integer *slots* `a0 .. a{k-1}`, `k` the largest
//!   predicate arity. A predicate of arity `n` uses the first `n` slots; the
//!   others are havocked on every edge into it. `Bool` arguments are stored
//!   as `0`/`1` (truth is `slot = 1`), with range constraints where a value is
//!   chosen freely. An `(Array Int Int)` argument at position `i` lives in
//!   the array slot `m{i}` instead (CHC-COMP's LIA-arrays track: `select`,
//!   `store`, `((as const (Array Int Int)) v)`, `=` and `ite` on arrays).
//! * Locations: `init` (the initial location, condition `true`), one per
//!   declared predicate (its name made a plain identifier, see
//!   [`sanitize`]), and `bad`.
//! * Each clause is an edge: a fact `phi -> Q(t)` leaves `init`; a clause
//!   `P(s) /\ phi -> Q(t)` goes `P -> Q`; a query `P(s) /\ phi -> false` goes
//!   `P -> bad`. A clause variable that is passed unchanged as a body argument
//!   becomes that slot (`a_i`), one passed unchanged as a head argument the
//!   next-state slot (`a_j'`); other arguments are equated with the slots;
//!   the remaining clause variables are edge locals. Edge locals are
//!   integers, so an array clause variable that is neither a predicate
//!   argument nor defined by a top-level equality `(= x t)` is rejected; a
//!   defined one is replaced by its definition.
//! * Verdicts: SAFE means `sat` (the clauses have a model), UNSAFE `unsat`.
//!
//! Rejected with a message naming the construct: clauses with two or more
//! uninterpreted predicates in the body (non-linear), predicates under
//! `or`/`not`/`ite` (non-Horn), sorts other than `Int`/`Bool`/`(Array Int Int)`,
//! non-linear arithmetic, `div`/`mod` by a non-constant, reals, bit-vectors
//! and other theories' symbols.
//!
//! Files: `read.rs` reads the SMT-LIB commands (and exported models),
//! `terms.rs` translates SMT-LIB terms, `clauses.rs` makes each clause an
//! edge of the task, `ite.rs` removes `ite` from relations, `names.rs`
//! makes SMT-LIB symbols plain identifiers.

mod clauses;
mod ite;
mod names;
mod read;
mod terms;

pub(crate) use ite::lift_ite;
pub use names::{is_ident, sanitize};
pub use read::{parse, parse_define_funs};
pub use terms::subst;

use super::{FrontendError, Program};
use std::collections::BTreeMap;

/// The sort of a predicate argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgSort {
    Int,
    Bool,
    /// `(Array Int Int)`.
    Array,
}

/// One declared predicate: its original SMT-LIB name, its location, its signature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChcPredicate {
    pub name: String,
    pub location: String,
    pub sorts: Vec<ArgSort>,
}

impl ChcPredicate {
    /// The state variable argument `i` lives in: `slots[i]` (`a{i}`), or
    /// [`array_slot`]`(i)` (`m{i}`) for an array argument.
    pub fn slot(&self, i: usize) -> String {
        slot(i, self.sorts.get(i).copied().unwrap_or(ArgSort::Int))
    }
}

/// A translated CHC problem: the program and the predicate table that maps
/// locations back to the original predicates (for models in source terms).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChcProblem {
    pub program: Program,
    pub predicates: Vec<ChcPredicate>,
    /// The integer state variables, in slot order: an `Int` or `Bool`
    /// argument `i` lives in `slots[i]` (an array argument in [`array_slot`]`(i)`).
    pub slots: Vec<String>,
}

/// The state variable of an `(Array Int Int)` argument at position `i`.
pub fn array_slot(i: usize) -> String {
    format!("m{i}")
}

/// The state variable of argument `i` of sort `s`.
fn slot(i: usize, s: ArgSort) -> String {
    match s {
        ArgSort::Array => array_slot(i),
        _ => format!("a{i}"),
    }
}

/// The name of the initial location.
pub const INIT: &str = "init";
/// The name of the bad location.
pub const BAD: &str = "bad";

/// The declared predicates clauses are translated against (`file` names the source
/// in errors).
struct Translator {
    file: String,
    preds: Vec<ChcPredicate>,
    by_name: BTreeMap<String, usize>,
}

type R<T> = Result<T, FrontendError>;
