//! Certificates: a header, the embedded task, and a SAFE or UNSAFE body.

use crate::expr::{Expr, Num};
use crate::task::Task;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The value of `header.format` in every certificate.
pub const FORMAT_NAME: &str = "certa-certificate";
/// The format version this code writes and reads.
pub const FORMAT_VERSION: u32 = 2;

/// Concrete variable values, keyed by variable name.
pub type Valuation = BTreeMap<String, Num>;

/// Reads a valuation, rejecting a variable given twice: with last-wins
/// maps, a reader would check another value than a human reads first.
fn unique_keys<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Valuation, D::Error> {
    struct Visitor;
    impl<'de> serde::de::Visitor<'de> for Visitor {
        type Value = Valuation;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a map from variable names to integers")
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(
            self,
            mut map: A,
        ) -> Result<Valuation, A::Error> {
            let mut out = Valuation::new();
            while let Some((k, v)) = map.next_entry::<String, Num>()? {
                if out.contains_key(&k) {
                    return Err(serde::de::Error::custom(format!(
                        "variable `{k}` is given twice in one valuation"
                    )));
                }
                out.insert(k, v);
            }
            Ok(out)
        }
    }
    d.deserialize_map(Visitor)
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tool {
    pub name: String,
    pub version: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SourceFile {
    pub name: String,
    pub sha256: String,
    /// How the source became the task; re-translating the source under
    /// these options must give the task again (`certa-check --source`).
    pub translation: Translation,
}

/// The frontend options that determine the task of a source file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Translation {
    /// `imp`, `ts`, `c` (also `.i` and SV-COMP `.yml` task definitions) or `chc`.
    pub language: String,
    /// `lbe` or `sbe`.
    pub encoding: String,
    /// `ILP32` or `LP64` for C; `None` otherwise.
    pub data_model: Option<String>,
    /// The frontend that translated it, e.g. `certa-frontend 0.1.0`:
    /// another version may translate differently.
    pub frontend: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    pub format: String,
    pub version: u32,
    pub producer: Tool,
    pub solver: Tool,
    /// SHA-256 (hex) of the embedded task's canonical encoding.
    pub task_sha256: String,
    pub source: Option<SourceFile>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Certificate {
    pub header: Header,
    pub task: Task,
    pub body: Body,
    /// Where each task edge came from in the source; informational only,
    /// not hashed and not trusted by the checker.
    pub source_map: Option<SourceMap>,
}

/// One source statement that a task edge summarises.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SourceStatement {
    pub line: u32,
    pub col: u32,
    pub text: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EdgeOrigin {
    pub edge: u32,
    pub statements: Vec<SourceStatement>,
}

#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SourceMap {
    pub file: String,
    pub edges: Vec<EdgeOrigin>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Body {
    Safe(SafeBody),
    Unsafe(Trace),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Predicate {
    pub id: u32,
    /// A formula over the state variables.
    pub formula: Expr,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Literal {
    pub pred: u32,
    pub positive: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Node {
    pub id: u32,
    pub location: String,
    /// Conjunction of literals; predicates not listed are unconstrained.
    pub cube: Vec<Literal>,
}

/// Concrete values that make one abstract edge real.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Witness {
    #[serde(deserialize_with = "unique_keys")]
    pub state: Valuation,
    #[serde(deserialize_with = "unique_keys")]
    pub inputs: Valuation,
    #[serde(deserialize_with = "unique_keys")]
    pub next: Valuation,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Successor {
    pub node: u32,
    pub witness: Option<Witness>,
}

/// The successors of `node` under `edge`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SuccessorList {
    pub node: u32,
    pub edge: u32,
    pub targets: Vec<Successor>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SafeBody {
    pub predicates: Vec<Predicate>,
    pub nodes: Vec<Node>,
    pub initial: Vec<u32>,
    /// A missing (node, edge) entry means an empty successor list.
    pub successors: Vec<SuccessorList>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    pub edge: u32,
    #[serde(deserialize_with = "unique_keys")]
    pub inputs: Valuation,
    #[serde(deserialize_with = "unique_keys")]
    pub next: Valuation,
}

/// A concrete run from an initial state into the bad location.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Trace {
    #[serde(deserialize_with = "unique_keys")]
    pub initial: Valuation,
    pub steps: Vec<Step>,
}

impl SafeBody {
    pub fn node(&self, id: u32) -> Option<&Node> {
        self.nodes.iter().find(|n| n.id == id)
    }
    pub fn predicate(&self, id: u32) -> Option<&Predicate> {
        self.predicates.iter().find(|p| p.id == id)
    }
    /// `region(n)`: the conjunction of the node's cube literals.
    /// Unknown predicate ids are left to the structure check.
    pub fn region(&self, node: &Node) -> Expr {
        Self::region_with(node, |id| self.predicate(id))
    }
    /// `region(n)` with predicates looked up by `predicate` (an index).
    pub fn region_with<'a>(node: &Node, predicate: impl Fn(u32) -> Option<&'a Predicate>) -> Expr {
        let lits = node
            .cube
            .iter()
            .filter_map(|l| {
                let f = predicate(l.pred)?.formula.clone();
                Some(if l.positive { f } else { Expr::not(f) })
            })
            .collect();
        Expr::And(lits)
    }
}
