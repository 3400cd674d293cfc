//! Id indexes over a task and a SAFE body, so that no obligation searches a list.
#![forbid(unsafe_code)]

use format::eval::Env;
use format::{Edge, Expr, Node, Predicate, SafeBody, SuccessorList, Task};
use std::collections::HashMap;

pub struct Index<'a> {
    pub task: &'a Task,
    pub body: &'a SafeBody,
    edges: HashMap<u32, &'a Edge>,
    edges_from: HashMap<&'a str, Vec<&'a Edge>>,
    nodes: HashMap<u32, &'a Node>,
    predicates: HashMap<u32, &'a Predicate>,
    successors: HashMap<(u32, u32), &'a SuccessorList>,
}

impl<'a> Index<'a> {
    pub fn new(task: &'a Task, body: &'a SafeBody) -> Index<'a> {
        let mut edges_from: HashMap<&str, Vec<&Edge>> = HashMap::new();
        for e in &task.edges {
            edges_from.entry(e.from.as_str()).or_default().push(e);
        }
        Index {
            task,
            body,
            edges: task.edges.iter().map(|e| (e.id, e)).collect(),
            edges_from,
            nodes: body.nodes.iter().map(|n| (n.id, n)).collect(),
            predicates: body.predicates.iter().map(|p| (p.id, p)).collect(),
            successors: body
                .successors
                .iter()
                .map(|s| ((s.node, s.edge), s))
                .collect(),
        }
    }

    /// Edges leaving `location`, in task order.
    pub fn edges_from(&self, location: &str) -> &[&'a Edge] {
        self.edges_from.get(location).map_or(&[], |v| v.as_slice())
    }

    pub fn edge(&self, id: u32) -> Option<&'a Edge> {
        self.edges.get(&id).copied()
    }

    pub fn node(&self, id: u32) -> Option<&'a Node> {
        self.nodes.get(&id).copied()
    }

    pub fn predicate(&self, id: u32) -> Option<&'a Predicate> {
        self.predicates.get(&id).copied()
    }

    /// `succ(n, e)` as node ids; a missing list is the empty list.
    pub fn targets(&self, n: u32, e: u32) -> Vec<u32> {
        self.successors
            .get(&(n, e))
            .map(|s| s.targets.iter().map(|t| t.node).collect())
            .unwrap_or_default()
    }

    /// Every (node, edge leaving the node's location), lazily, in node then edge order.
    pub fn steps(&self) -> impl Iterator<Item = (&'a Node, &'a Edge)> + '_ {
        self.body
            .nodes
            .iter()
            .flat_map(move |n| self.edges_from(&n.location).iter().map(move |e| (n, *e)))
    }

    /// `region(n)`: the conjunction of the node's cube literals.
    pub fn region(&self, n: &Node) -> Expr {
        SafeBody::region_with(n, |id| self.predicate(id))
    }

    /// Whether `env` (state variables as current values) lies in `region(n)`,
    /// evaluated literal by literal without building the region. `Err`
    /// names the first literal that fails or cannot be evaluated.
    pub fn region_holds(&self, n: &Node, env: &Env) -> Result<(), String> {
        for l in &n.cube {
            let Some(p) = self.predicate(l.pred) else {
                return Err(format!("predicate {} does not exist", l.pred));
            };
            match env.holds(&p.formula) {
                Ok(v) if v == l.positive => {}
                Ok(_) => {
                    let sign = if l.positive { "" } else { "!" };
                    return Err(format!("literal {sign}p{} is false", p.id));
                }
                Err(e) => return Err(format!("predicate p{} cannot be evaluated: {e}", p.id)),
            }
        }
        Ok(())
    }
}
