//! Turns a closed abstract reachability graph into a SAFE certificate body.

use super::arg::Graph;
use super::Analysis;
use format::{Node, SafeBody, Successor, SuccessorList, Task};
use std::collections::BTreeSet;

/// Nodes keep their graph ids; only predicates used by some cube are listed.
pub fn safe_body<A: Analysis>(task: &Task, analysis: &A, graph: &Graph<A::State>) -> SafeBody {
    let nodes: Vec<Node> = graph
        .nodes
        .iter()
        .enumerate()
        .map(|(id, n)| Node {
            id: id as u32,
            location: n.location.clone(),
            cube: analysis.cube(&n.state),
            forall: vec![],
        })
        .collect();
    let used: BTreeSet<u32> = nodes
        .iter()
        .flat_map(|n| n.cube.iter().map(|l| l.pred))
        .collect();
    let predicates = analysis
        .predicates()
        .into_iter()
        .filter(|p| used.contains(&p.id))
        .collect();
    // Witnesses list integer states only: with arrays (whose model values
    // are not read back) the successors go without them, which the
    // checker accepts, since a witness is never needed for soundness.
    let witnesses = !task.has_arrays();
    let mut successors = Vec::new();
    for (id, n) in graph.nodes.iter().enumerate() {
        for edge in task.edges_from(&n.location) {
            let targets = graph
                .successors
                .get(&(id, edge.id))
                .map(|ts| {
                    ts.iter()
                        .map(|(t, w)| Successor {
                            node: *t as u32,
                            witness: witnesses.then(|| w.clone()),
                        })
                        .collect()
                })
                .unwrap_or_default();
            successors.push(SuccessorList {
                node: id as u32,
                edge: edge.id,
                targets,
                hints: vec![],
            });
        }
    }
    SafeBody {
        index_vars: vec![],
        predicates,
        nodes,
        initial: graph.initial.iter().map(|&i| i as u32).collect(),
        successors,
    }
}
