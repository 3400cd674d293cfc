//! Certificates: a header, the embedded task, and a SAFE or UNSAFE body.

use crate::expr::{Expr, Num};
use crate::task::Task;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The value of `header.format` in every certificate.
pub const FORMAT_NAME: &str = "certa-certificate";
/// The format version this code writes and reads.
pub const FORMAT_VERSION: u32 = 4;
/// The oldest format version this code reads: version 3 only added
/// optional fields (arrays, quantified regions) to version 2.
pub const OLDEST_READABLE_VERSION: u32 = 2;

/// Concrete variable values, keyed by variable name.
pub type Valuation = BTreeMap<String, Num>;

/// A concrete `int -> int` array: `default` at every index not listed in
/// `entries` (index, value). An index listed twice is refused by the checker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArrayValue {
    pub default: Num,
    pub entries: Vec<(Num, Num)>,
}

/// The next value of an array in a trace step: `reset` (or, without it,
/// the array's current value) with `writes` applied in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArrayUpdate {
    #[serde(default)]
    pub reset: Option<ArrayValue>,
    pub writes: Vec<(Num, Num)>,
}

/// Concrete array values, keyed by variable name.
pub type ArrayValuation = BTreeMap<String, ArrayValue>;

/// Reads a map keyed by variable names, rejecting a name given twice: with
/// last-wins maps, a reader would check another value than a human reads first.
pub(crate) fn unique_keys<'de, D: serde::Deserializer<'de>, V: Deserialize<'de>>(
    d: D,
) -> Result<BTreeMap<String, V>, D::Error> {
    struct Visitor<V>(std::marker::PhantomData<V>);
    impl<'de, V: Deserialize<'de>> serde::de::Visitor<'de> for Visitor<V> {
        type Value = BTreeMap<String, V>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a map from variable names to values")
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(
            self,
            mut map: A,
        ) -> Result<BTreeMap<String, V>, A::Error> {
            let mut out = BTreeMap::new();
            while let Some((k, v)) = map.next_entry::<String, V>()? {
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
    d.deserialize_map(Visitor(std::marker::PhantomData))
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
    /// C only: the properties the error location stands for
    /// (`unreach-call`, `no-overflow`). Absent in certificates written
    /// before properties were recorded, which meant `unreach-call` over
    /// mathematical integers (assumption `no-overflow`).
    #[serde(default)]
    pub properties: Vec<String>,
    /// C only: what the verdict assumes (`no-overflow` under
    /// `--assume-no-overflow`: signed arithmetic read as mathematical).
    #[serde(default)]
    pub assumptions: Vec<String>,
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

impl SourceMap {
    /// The source statements a task edge summarises (none if unlisted).
    pub fn statements(&self, edge: u32) -> &[SourceStatement] {
        self.edges
            .iter()
            .find(|o| o.edge == edge)
            .map_or(&[], |o| o.statements.as_slice())
    }
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
    /// Conjunction of literals over predicates without index variables;
    /// predicates not listed are unconstrained.
    pub cube: Vec<Literal>,
    /// Clauses (disjunctions of literals) that hold for every value of the
    /// index variables: the region is `cube && forall X. (c1 && c2 && ..)`.
    #[serde(default)]
    pub forall: Vec<Vec<Literal>>,
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
    /// Values of the array variables in `state` and in `next`.
    #[serde(default, deserialize_with = "unique_keys")]
    pub state_arrays: ArrayValuation,
    #[serde(default, deserialize_with = "unique_keys")]
    pub next_arrays: ArrayValuation,
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
    /// Instantiation hints for the closure obligation of (node, edge): each
    /// entry gives one term per index variable (in `index_vars` order), over
    /// the state variables, their primed copies, the edge's locals and the
    /// Skolem constants `x@m` (index variable `x` of target node `m`). The
    /// checker assumes node's quantified clauses at each of them.
    #[serde(default)]
    pub hints: Vec<Vec<Expr>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SafeBody {
    /// Index variables that predicates may mention besides state variables
    /// (seed 002); they are universally quantified in each node's `forall`.
    #[serde(default)]
    pub index_vars: Vec<String>,
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
    /// Next values of the integer state variables (all of them).
    #[serde(deserialize_with = "unique_keys")]
    pub next: Valuation,
    /// Next values of the array variables, as updates of their current
    /// values; an array not listed keeps its value.
    #[serde(default, deserialize_with = "unique_keys")]
    pub arrays: BTreeMap<String, ArrayUpdate>,
}

/// A concrete run from an initial state into the bad location.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Trace {
    #[serde(deserialize_with = "unique_keys")]
    pub initial: Valuation,
    /// Initial values of the array variables (all of them).
    #[serde(default, deserialize_with = "unique_keys")]
    pub initial_arrays: ArrayValuation,
    pub steps: Vec<Step>,
}

impl SafeBody {
    pub fn node(&self, id: u32) -> Option<&Node> {
        self.nodes.iter().find(|n| n.id == id)
    }
    pub fn predicate(&self, id: u32) -> Option<&Predicate> {
        self.predicates.iter().find(|p| p.id == id)
    }
    /// `region(n)` without its quantified part: the conjunction of the
    /// node's cube literals. Unknown predicate ids are left to the structure check.
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

impl ArrayValue {
    /// The array as an evaluator value; an index listed twice is an error.
    pub fn to_val(&self) -> Result<crate::eval::ArrayVal, String> {
        let mut entries = BTreeMap::new();
        for (k, v) in &self.entries {
            if entries.insert(k.0.clone(), v.0.clone()).is_some() {
                return Err(format!("index {k} is listed twice in one array value"));
            }
        }
        Ok(crate::eval::ArrayVal {
            default: self.default.0.clone(),
            entries,
        })
    }
    /// The value of a concrete array, listing the indices where it differs from the default.
    pub fn from_val(a: &crate::eval::ArrayVal) -> ArrayValue {
        ArrayValue {
            default: Num(a.default.clone()),
            entries: a
                .entries
                .iter()
                .filter(|(_, v)| **v != a.default)
                .map(|(k, v)| (Num(k.clone()), Num(v.clone())))
                .collect(),
        }
    }
}

/// Writes given as certificate numbers, as evaluator values.
pub fn writes_to_val(writes: &[(Num, Num)]) -> Vec<(num_bigint::BigInt, num_bigint::BigInt)> {
    writes
        .iter()
        .map(|(k, v)| (k.0.clone(), v.0.clone()))
        .collect()
}
