//! The binary layout of format version 2, read into version-3 values (bincode has no optional fields).

use super::v3::Header;
use crate::cert::{self, unique_keys, Literal, Predicate, SourceMap, Valuation};
use crate::task::Task;
use serde::Deserialize;

#[derive(Deserialize)]
pub struct Certificate {
    header: Header,
    task: Task,
    body: Body,
    source_map: Option<SourceMap>,
}

#[derive(Deserialize)]
enum Body {
    Safe(SafeBody),
    Unsafe(Trace),
}

#[derive(Deserialize)]
struct SafeBody {
    predicates: Vec<Predicate>,
    nodes: Vec<Node>,
    initial: Vec<u32>,
    successors: Vec<SuccessorList>,
}

#[derive(Deserialize)]
struct Node {
    id: u32,
    location: String,
    cube: Vec<Literal>,
}

#[derive(Deserialize)]
struct Witness {
    #[serde(deserialize_with = "unique_keys")]
    state: Valuation,
    #[serde(deserialize_with = "unique_keys")]
    inputs: Valuation,
    #[serde(deserialize_with = "unique_keys")]
    next: Valuation,
}

#[derive(Deserialize)]
struct Successor {
    node: u32,
    witness: Option<Witness>,
}

#[derive(Deserialize)]
struct SuccessorList {
    node: u32,
    edge: u32,
    targets: Vec<Successor>,
}

#[derive(Deserialize)]
struct Step {
    edge: u32,
    #[serde(deserialize_with = "unique_keys")]
    inputs: Valuation,
    #[serde(deserialize_with = "unique_keys")]
    next: Valuation,
}

#[derive(Deserialize)]
struct Trace {
    #[serde(deserialize_with = "unique_keys")]
    initial: Valuation,
    steps: Vec<Step>,
}

impl From<Certificate> for cert::Certificate {
    fn from(c: Certificate) -> cert::Certificate {
        let body = match c.body {
            Body::Safe(b) => cert::Body::Safe(cert::SafeBody {
                index_vars: vec![],
                predicates: b.predicates,
                nodes: b
                    .nodes
                    .into_iter()
                    .map(|n| cert::Node {
                        id: n.id,
                        location: n.location,
                        cube: n.cube,
                        forall: vec![],
                    })
                    .collect(),
                initial: b.initial,
                successors: b
                    .successors
                    .into_iter()
                    .map(|s| cert::SuccessorList {
                        node: s.node,
                        edge: s.edge,
                        targets: s
                            .targets
                            .into_iter()
                            .map(|t| cert::Successor {
                                node: t.node,
                                witness: t.witness.map(|w| cert::Witness {
                                    state: w.state,
                                    inputs: w.inputs,
                                    next: w.next,
                                    state_arrays: Default::default(),
                                    next_arrays: Default::default(),
                                }),
                            })
                            .collect(),
                        hints: vec![],
                    })
                    .collect(),
            }),
            Body::Unsafe(t) => cert::Body::Unsafe(cert::Trace {
                initial: t.initial,
                initial_arrays: Default::default(),
                steps: t
                    .steps
                    .into_iter()
                    .map(|s| cert::Step {
                        edge: s.edge,
                        inputs: s.inputs,
                        next: s.next,
                        arrays: Default::default(),
                    })
                    .collect(),
            }),
        };
        cert::Certificate {
            header: c.header.into(),
            task: c.task,
            body,
            source_map: c.source_map,
        }
    }
}
