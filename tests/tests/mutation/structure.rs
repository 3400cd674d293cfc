//! The oracle's structure rules for certificates (SPEC.md section 5.1),
//! written from the spec, not from the checker's code.

use format::expr::{ExprSort, Scope};
use format::task::{EdgeScope, StateScope};
use format::{Body, Certificate, Expr, Task};
use std::collections::{BTreeMap, BTreeSet};

fn plain_ident(s: &str) -> bool {
    let mut cs = s.chars();
    matches!(cs.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && s.len() <= 255
        && cs.all(|c| c.is_ascii_alphanumeric() || "_.$@#:!".contains(c))
}

fn all_distinct<T: Ord>(items: impl IntoIterator<Item = T>) -> bool {
    let mut seen = BTreeSet::new();
    items.into_iter().all(|x| seen.insert(x))
}

fn is_formula(e: &Expr, scope: &dyn Scope) -> bool {
    e.sort_check(scope) == Ok(ExprSort::Bool)
}

/// SPEC.md 5.1, written from the spec (not from the checker's code).
pub fn structure(cert: &Certificate) -> Result<(), String> {
    let (h, task) = (&cert.header, &cert.task);
    if h.format != format::FORMAT_NAME || h.version != format::FORMAT_VERSION {
        return Err("header format/version".into());
    }
    if h.task_sha256 != format::hash::task_sha256(task) {
        return Err("task hash".into());
    }
    let loc = |l: &str| task.locations.iter().any(|x| x == l);
    let ok = task.vars.iter().all(|v| plain_ident(&v.name))
        && all_distinct(task.vars.iter().map(|v| &v.name))
        && task.locations.iter().all(|l| plain_ident(l))
        && all_distinct(&task.locations)
        && loc(&task.initial_location)
        && loc(&task.bad_location)
        && is_formula(&task.init, &StateScope(task))
        && all_distinct(task.edges.iter().map(|e| e.id));
    if !ok {
        return Err("task: variables, locations or init".into());
    }
    for e in &task.edges {
        let ok = loc(&e.from)
            && loc(&e.to)
            && e.name.len() <= 1000
            && !e.name.chars().any(char::is_control)
            && e.locals.iter().all(|l| {
                plain_ident(&l.name)
                    && l.sort == format::VarSort::Int
                    && !task.is_state_var(&l.name)
            })
            && all_distinct(e.locals.iter().map(|l| &l.name))
            && is_formula(&e.relation, &EdgeScope(task, e));
        if !ok {
            return Err(format!("task: edge {}", e.id));
        }
    }
    let Body::Safe(b) = &cert.body else {
        return Ok(());
    };
    struct Indexed<'a>(&'a Task, &'a [String]);
    impl Scope for Indexed<'_> {
        fn var_sort(&self, n: &str) -> Option<format::VarSort> {
            let index = self.1.iter().any(|x| x == n);
            StateScope(self.0)
                .var_sort(n)
                .or(index.then_some(format::VarSort::Int))
        }
        fn next_sort(&self, _: &str) -> Option<format::VarSort> {
            None
        }
    }
    if !all_distinct(b.predicates.iter().map(|p| p.id))
        || !b
            .predicates
            .iter()
            .all(|p| is_formula(&p.formula, &Indexed(task, &b.index_vars)))
        || b.index_vars
            .iter()
            .any(|x| task.is_state_var(x) || !plain_ident(x))
    {
        return Err("predicates".into());
    }
    if !all_distinct(b.nodes.iter().map(|n| n.id)) {
        return Err("duplicate node id".into());
    }
    let pred_ids: BTreeSet<u32> = b.predicates.iter().map(|p| p.id).collect();
    let node_loc: BTreeMap<u32, &str> = b
        .nodes
        .iter()
        .map(|n| (n.id, n.location.as_str()))
        .collect();
    for n in &b.nodes {
        if !loc(&n.location) || n.location == task.bad_location {
            return Err(format!("node {} location", n.id));
        }
        if n.cube
            .iter()
            .chain(n.forall.iter().flatten())
            .any(|l| !pred_ids.contains(&l.pred))
        {
            return Err(format!("node {}: unknown predicate", n.id));
        }
        let indexed = |id: u32| {
            let p = b.predicates.iter().find(|p| p.id == id).expect("resolved");
            let (mut v, mut nx) = (vec![], vec![]);
            p.formula.collect_vars(&mut v, &mut nx);
            v.iter().any(|x| b.index_vars.contains(x))
        };
        if n.cube.iter().any(|l| indexed(l.pred)) {
            return Err(format!("node {}: indexed predicate in a cube", n.id));
        }
    }
    if !all_distinct(&b.initial) {
        return Err("duplicate initial".into());
    }
    for i in &b.initial {
        if node_loc.get(i) != Some(&task.initial_location.as_str()) {
            return Err(format!(
                "initial node {i} missing or not at the initial location"
            ));
        }
    }
    if !all_distinct(b.successors.iter().map(|s| (s.node, s.edge))) {
        return Err("duplicate successor list".into());
    }
    for s in &b.successors {
        let (Some(from), Some(e)) = (node_loc.get(&s.node), task.edge(s.edge)) else {
            return Err(format!(
                "successor list ({}, {}) unresolved",
                s.node, s.edge
            ));
        };
        if e.from != *from {
            return Err(format!(
                "successor list ({}, {}): edge does not leave the node",
                s.node, s.edge
            ));
        }
        for t in &s.targets {
            if node_loc.get(&t.node) != Some(&e.to.as_str()) {
                return Err(format!(
                    "successor ({}, {}) -> {}: missing or wrong location",
                    s.node, s.edge, t.node
                ));
            }
        }
    }
    Ok(())
}
