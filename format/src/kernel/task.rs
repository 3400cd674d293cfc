//! A verification task: a transition system over integer state variables.

use crate::expr::{Expr, Scope};
use serde::{Deserialize, Serialize};

/// The sort of a state or edge-local variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum VarSort {
    /// A mathematical integer.
    Int,
    /// An `int -> int` array over all mathematical integers (extensional).
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
    pub fn var_sort(&self, name: &str) -> Option<VarSort> {
        self.vars.iter().find(|v| v.name == name).map(|v| v.sort)
    }
    /// Does any state variable have an array sort?
    pub fn has_arrays(&self) -> bool {
        self.vars.iter().any(|v| v.sort == VarSort::IntArray)
    }
    /// Names of the integer state variables.
    pub fn int_var_names(&self) -> Vec<String> {
        self.vars
            .iter()
            .filter(|v| v.sort == VarSort::Int)
            .map(|v| v.name.clone())
            .collect()
    }
    /// Names of the array state variables.
    pub fn array_var_names(&self) -> Vec<String> {
        self.vars
            .iter()
            .filter(|v| v.sort == VarSort::IntArray)
            .map(|v| v.name.clone())
            .collect()
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
    fn var_sort(&self, name: &str) -> Option<VarSort> {
        self.0.var_sort(name)
    }
    fn next_sort(&self, _: &str) -> Option<VarSort> {
        None
    }
}

/// Scope of an edge relation: state variables, their primed copies, edge locals.
pub struct EdgeScope<'a>(pub &'a Task, pub &'a Edge);

impl Scope for EdgeScope<'_> {
    fn var_sort(&self, name: &str) -> Option<VarSort> {
        self.0.var_sort(name).or_else(|| {
            self.1
                .locals
                .iter()
                .find(|l| l.name == name)
                .map(|l| l.sort)
        })
    }
    fn next_sort(&self, name: &str) -> Option<VarSort> {
        self.0.var_sort(name)
    }
}
