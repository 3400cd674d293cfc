//! Id indexes over a task and a SAFE body, so that no obligation searches a list.
#![forbid(unsafe_code)]

use format::eval::Env;
use format::{Edge, Expr, Node, Predicate, SafeBody, SuccessorList, Task};
use std::collections::HashMap;

/// Why a witness at a node with quantified clauses is left inconclusive.
pub const QUANTIFIED_WITNESS: &str =
    "membership in a quantified region is not decided by concrete evaluation";

/// The Skolem constant of index variable `x` for node `m`.
pub fn skolem(x: &str, m: u32) -> String {
    format!("{x}@{m}")
}

/// The Skolem constants of node `m` in `body` (see [`Index::skolems`]).
pub fn skolems_of(body: &SafeBody, m: &Node) -> Vec<String> {
    if m.forall.is_empty() {
        return vec![];
    }
    body.index_vars.iter().map(|x| skolem(x, m.id)).collect()
}

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

    /// The conjunction of the node's cube literals (its region without
    /// the quantified clauses).
    pub fn region(&self, n: &Node) -> Expr {
        SafeBody::region_with(n, |id| self.predicate(id))
    }

    /// Hints of the closure obligation (n, e).
    pub fn hints(&self, n: u32, e: u32) -> &'a [Vec<Expr>] {
        self.successors
            .get(&(n, e))
            .map_or(&[], |s| s.hints.as_slice())
    }

    /// The Skolem constants `x@m` that stand for a counterexample index of
    /// node `m`'s quantified clauses; none when it has no clauses.
    pub fn skolems(&self, m: &Node) -> Vec<String> {
        skolems_of(self.body, m)
    }

    /// The node's quantified clauses at one instance: index variable `i`
    /// becomes `terms[i]`, and state variables are primed if `primed`.
    pub fn instance(&self, n: &Node, terms: &[Expr], primed: bool) -> Expr {
        let index = &self.body.index_vars;
        let subst = |e: &Expr| {
            e.rewrite(&|x| match x {
                Expr::Var(v) => match index.iter().position(|i| i == v) {
                    Some(i) => terms.get(i).cloned(),
                    None if primed => Some(Expr::Next(v.clone())),
                    None => None,
                },
                _ => None,
            })
        };
        let clauses = n.forall.iter().map(|clause| {
            let lits = clause.iter().filter_map(|l| {
                let f = subst(&self.predicate(l.pred)?.formula);
                Some(if l.positive { f } else { Expr::not(f) })
            });
            Expr::Or(lits.collect())
        });
        Expr::And(clauses.collect())
    }

    /// What a query may assume of a state in `region(n)`: the cube, and
    /// the quantified clauses at each hinted instance (instantiating a
    /// universal statement only weakens it).
    pub fn hypothesis(&self, n: &Node, hints: &[Vec<Expr>]) -> Vec<Expr> {
        let mut out = vec![self.region(n)];
        if !n.forall.is_empty() {
            out.extend(hints.iter().map(|h| self.instance(n, h, false)));
        }
        out
    }

    /// `not region(m)` (of the next state if `primed`), with the quantifier
    /// negated into the Skolem constants of [`Index::skolems`].
    pub fn outside(&self, m: &Node, primed: bool) -> Expr {
        let cube = self.region(m);
        let cube = if primed { prime(&cube) } else { cube };
        let sk: Vec<Expr> = self.skolems(m).iter().map(|k| Expr::var(k)).collect();
        let clauses = if m.forall.is_empty() {
            Expr::Bool(true)
        } else {
            self.instance(m, &sk, primed)
        };
        Expr::not(Expr::And(vec![cube, clauses]))
    }

    /// Whether `env` (state variables as current values) lies in `region(n)`,
    /// evaluated literal by literal without building the region. `Err`
    /// names the first literal that fails or cannot be evaluated.
    pub fn region_holds(&self, n: &Node, env: &Env) -> Result<(), String> {
        if !n.forall.is_empty() {
            return Err(QUANTIFIED_WITNESS.into());
        }
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

/// `region(n)(s')`: the region with every `Var(x)` replaced by `Next(x)`.
/// Regions mention state variables only (checked by the structure obligation).
pub fn prime(e: &Expr) -> Expr {
    e.rewrite(&|x| match x {
        Expr::Var(n) => Some(Expr::Next(n.clone())),
        _ => None,
    })
}
