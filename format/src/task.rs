//! A verification task: a transition system over integer state variables.

use crate::expr::{Expr, Scope};
use serde::{Deserialize, Serialize};

/// The sort of a state or edge-local variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum VarSort {
    /// A mathematical integer.
    Int,
    /// An unbounded `int -> int` array (reserved; not yet accepted by the checker).
    IntArray,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VarDecl {
    pub name: String,
    pub sort: VarSort,
}

impl VarDecl {
    pub fn int(name: &str) -> VarDecl {
        VarDecl {
            name: name.to_string(),
            sort: VarSort::Int,
        }
    }
}

/// One transition `from -> to` with relation `relation(s, s', locals)`.
/// Next-state variables the relation leaves unconstrained are havocked.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Edge {
    pub id: u32,
    pub name: String,
    pub from: String,
    pub to: String,
    /// Existentially quantified edge-local variables (inputs, intermediate values).
    pub locals: Vec<VarDecl>,
    pub relation: Expr,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Task {
    pub vars: Vec<VarDecl>,
    pub locations: Vec<String>,
    pub initial_location: String,
    pub bad_location: String,
    /// Initial condition over the state variables.
    pub init: Expr,
    pub edges: Vec<Edge>,
}

impl Task {
    pub fn edge(&self, id: u32) -> Option<&Edge> {
        self.edges.iter().find(|e| e.id == id)
    }
    pub fn has_location(&self, name: &str) -> bool {
        self.locations.iter().any(|l| l == name)
    }
    pub fn is_state_var(&self, name: &str) -> bool {
        self.vars.iter().any(|v| v.name == name)
    }
    pub fn var_names(&self) -> Vec<String> {
        self.vars.iter().map(|v| v.name.clone()).collect()
    }
    /// Edges leaving `loc`, in task order.
    pub fn edges_from<'a>(&'a self, loc: &'a str) -> impl Iterator<Item = &'a Edge> + 'a {
        self.edges.iter().filter(move |e| e.from == loc)
    }
}

/// Scope of formulas over the current state only (init, predicates).
pub struct StateScope<'a>(pub &'a Task);

impl Scope for StateScope<'_> {
    fn has_var(&self, name: &str) -> bool {
        self.0.is_state_var(name)
    }
    fn has_next(&self, _: &str) -> bool {
        false
    }
}

/// Scope of an edge relation: state variables, their primed copies, edge locals.
pub struct EdgeScope<'a>(pub &'a Task, pub &'a Edge);

impl Scope for EdgeScope<'_> {
    fn has_var(&self, name: &str) -> bool {
        self.0.is_state_var(name) || self.1.locals.iter().any(|l| l.name == name)
    }
    fn has_next(&self, name: &str) -> bool {
        self.0.is_state_var(name)
    }
}
