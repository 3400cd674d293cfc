//! Breadth-first abstract reachability: merges equal (location, state) pairs and
//! stops at the first node in the bad location, returning the path to it.

use super::{AbstractPath, Analysis, Unknown};
use format::{Task, Witness};
use std::collections::{BTreeMap, VecDeque};

pub struct Node<S> {
    pub location: String,
    pub state: S,
    /// How this node was first reached: (parent node, edge id).
    pub parent: Option<(usize, u32)>,
}

pub struct Graph<S> {
    /// Nodes outside the bad location.
    pub nodes: Vec<Node<S>>,
    pub initial: Vec<usize>,
    /// (node, edge) -> successor nodes with their witnesses, in discovery order.
    pub successors: BTreeMap<(usize, u32), Vec<(usize, Witness)>>,
    /// Set when the bad location was reached.
    pub error_path: Option<AbstractPath>,
}

pub fn explore<A: Analysis>(
    task: &Task,
    analysis: &mut A,
    max_nodes: usize,
) -> Result<Graph<A::State>, Unknown> {
    let mut graph = Graph {
        nodes: Vec::new(),
        initial: Vec::new(),
        successors: BTreeMap::new(),
        error_path: None,
    };
    let mut index: BTreeMap<(String, A::State), usize> = BTreeMap::new();
    let mut queue = VecDeque::new();
    let mut add = |graph: &mut Graph<A::State>,
                   loc: &str,
                   state: A::State,
                   parent,
                   queue: &mut VecDeque<usize>| {
        let key = (loc.to_string(), state);
        if let Some(&id) = index.get(&key) {
            return id;
        }
        let id = graph.nodes.len();
        graph.nodes.push(Node {
            location: key.0.clone(),
            state: key.1.clone(),
            parent,
        });
        index.insert(key, id);
        queue.push_back(id);
        id
    };
    for s in analysis.initial()? {
        let id = add(&mut graph, &task.initial_location, s, None, &mut queue);
        if !graph.initial.contains(&id) {
            graph.initial.push(id);
        }
    }
    if task.initial_location == task.bad_location && !graph.initial.is_empty() {
        graph.error_path = Some(AbstractPath {
            locations: vec![task.bad_location.clone()],
            edges: vec![],
            facts: vec![],
        });
        return Ok(graph);
    }
    while let Some(id) = queue.pop_front() {
        let loc = graph.nodes[id].location.clone();
        let state = graph.nodes[id].state.clone();
        for edge in task.edges_from(&loc) {
            let succs = analysis.post(&state, edge)?;
            if edge.to == task.bad_location {
                if !succs.is_empty() {
                    graph.error_path =
                        Some(path_to(&graph, analysis, id, edge.id, &task.bad_location));
                    return Ok(graph);
                }
                graph.successors.insert((id, edge.id), Vec::new());
                continue;
            }
            let mut targets = Vec::new();
            for (s, w) in succs {
                let t = add(&mut graph, &edge.to, s, Some((id, edge.id)), &mut queue);
                targets.push((t, w));
            }
            graph.successors.insert((id, edge.id), targets);
            if graph.nodes.len() > max_nodes {
                return Err(Unknown(format!("more than {max_nodes} abstract nodes")));
            }
        }
    }
    Ok(graph)
}

fn path_to<A: Analysis>(
    graph: &Graph<A::State>,
    analysis: &A,
    last: usize,
    edge: u32,
    bad: &str,
) -> AbstractPath {
    let mut locations = vec![bad.to_string()];
    let mut facts = vec![format::Expr::Bool(true)];
    let mut edges = vec![edge];
    let mut cur = last;
    loop {
        locations.push(graph.nodes[cur].location.clone());
        facts.push(analysis.path_fact(&graph.nodes[cur].state));
        match graph.nodes[cur].parent {
            Some((p, e)) => {
                edges.push(e);
                cur = p;
            }
            None => break,
        }
    }
    locations.reverse();
    edges.reverse();
    facts.reverse();
    AbstractPath {
        locations,
        edges,
        facts,
    }
}
