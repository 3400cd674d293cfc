//! The SBE region of one LBE step: the SBE locations between its two LBE
//! locations, as a DAG in topological order.

use super::solve::Encoded;
use format::Task;
use std::collections::{HashMap, HashSet};

/// The SBE region of one LBE edge: node 0 is `A`, node 1 is `B`, the others
/// are interior SBE locations, in topological order.
pub(super) struct Dag {
    /// (SBE edge index, from node, to node).
    pub(super) edges: Vec<(usize, usize, usize)>,
    pub(super) out: Vec<Vec<usize>>,
    pub(super) nodes: usize,
    /// Built on the first step that needs Z3.
    pub(super) solver: Option<Encoded>,
}

pub(super) const START: usize = 0;
pub(super) const END: usize = 1;

pub(super) fn build_dag(
    sbe: &Task,
    adj: &HashMap<&str, Vec<usize>>,
    lbe_locs: &HashSet<&str>,
    a: &str,
    b: &str,
) -> Result<Dag, String> {
    let interior = |l: &str| !lbe_locs.contains(l);
    let succs = |l: &str| -> Vec<&str> {
        adj.get(l)
            .into_iter()
            .flatten()
            .map(|&k| sbe.edges[k].to.as_str())
            .collect()
    };
    // Forward from A through interior locations.
    let mut fwd: Vec<&str> = Vec::new();
    let mut seen: HashSet<&str> = HashSet::new();
    let mut stack: Vec<&str> = succs(a);
    while let Some(l) = stack.pop() {
        if l == b || !interior(l) || !seen.insert(l) {
            continue;
        }
        fwd.push(l);
        stack.extend(succs(l));
    }
    // Backward from B: interior locations that reach B through interior ones.
    let mut reaches: HashSet<&str> = HashSet::new();
    loop {
        let mut grew = false;
        for &l in &fwd {
            if !reaches.contains(l) && succs(l).iter().any(|t| *t == b || reaches.contains(t)) {
                reaches.insert(l);
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    let kept: Vec<&str> = fwd.into_iter().filter(|l| reaches.contains(l)).collect();
    // Topological order of the interior (Kahn).
    let kept_set: HashSet<&str> = kept.iter().copied().collect();
    let mut indeg: HashMap<&str, usize> = kept.iter().map(|&l| (l, 0)).collect();
    for &l in &kept {
        for t in succs(l) {
            if kept_set.contains(t) {
                *indeg.get_mut(t).expect("kept") += 1;
            }
        }
    }
    let mut ready: Vec<&str> = kept.iter().copied().filter(|l| indeg[l] == 0).collect();
    let mut order = Vec::new();
    while let Some(l) = ready.pop() {
        order.push(l);
        for t in succs(l) {
            if let Some(d) = indeg.get_mut(t) {
                *d -= 1;
                if *d == 0 {
                    ready.push(t);
                }
            }
        }
    }
    if order.len() != kept.len() {
        return Err(format!(
            "the SBE locations between `{a}` and `{b}` form a loop outside the LBE locations"
        ));
    }
    let index: HashMap<&str, usize> = order.iter().enumerate().map(|(i, &l)| (l, i + 2)).collect();
    let node_of_target = |t: &str| -> Option<usize> {
        if t == b {
            Some(END)
        } else {
            index.get(t).copied()
        }
    };
    let mut edges = Vec::new();
    let sources = std::iter::once((a, START)).chain(order.iter().map(|&l| (l, index[l])));
    for (l, from) in sources {
        for &k in adj.get(l).map(Vec::as_slice).unwrap_or(&[]) {
            if let Some(to) = node_of_target(&sbe.edges[k].to) {
                edges.push((k, from, to));
            }
        }
    }
    let nodes = order.len() + 2;
    let mut out = vec![Vec::new(); nodes];
    for (i, &(_, from, _)) in edges.iter().enumerate() {
        out[from].push(i);
    }
    Ok(Dag {
        edges,
        out,
        nodes,
        solver: None,
    })
}
