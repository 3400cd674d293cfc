//! Obligation 1 (structure): ids resolve, names are plain, sorts are right, the header matches the task.
#![forbid(unsafe_code)]

use crate::error::CheckError;
use format::expr::{ExprSort, Scope};
use format::print::expr_to_string;
use format::task::{EdgeScope, StateScope};
use format::{Body, Certificate, Expr, Node, SafeBody, Task, VarSort};
use std::collections::{BTreeMap, BTreeSet};

/// The identifier rule for variable and location names (see SPEC.md):
/// `[A-Za-z_][A-Za-z0-9_.$@#:!]*`, 1 to 255 bytes. It excludes `'`
/// (reserved for next-state copies), `|` and `\`, so `|name|` and
/// `|name'|` are always well-formed SMT-LIB symbols.
pub fn is_ident(s: &str) -> bool {
    let mut chars = s.chars();
    let first_ok = matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_');
    first_ok && s.len() <= 255 && chars.all(|c| c.is_ascii_alphanumeric() || "_.$@#:!".contains(c))
}

fn ident(what: &str, name: &str) -> Result<(), CheckError> {
    if is_ident(name) {
        Ok(())
    } else {
        Err(CheckError::BadName {
            what: what.into(),
            name: name.into(),
        })
    }
}

fn unique<T: Ord + ToString>(
    what: &str,
    items: impl IntoIterator<Item = T>,
) -> Result<(), CheckError> {
    let mut seen = BTreeSet::new();
    for it in items {
        let id = it.to_string();
        if !seen.insert(id.clone()) {
            return Err(CheckError::Duplicate {
                what: what.into(),
                id,
            });
        }
    }
    Ok(())
}

/// Size limits (SPEC.md section 5): a certificate beyond them is INVALID.
/// They bound the work of checking, whose obligations grow with these counts.
pub const MAX_VARS: usize = 10_000;
pub const MAX_LOCATIONS: usize = 100_000;
pub const MAX_EDGES: usize = 100_000;
pub const MAX_PREDICATES: usize = 100_000;
pub const MAX_NODES: usize = 100_000;
/// Successor targets summed over all lists; also caps cube literals in total.
pub const MAX_ENTRIES: usize = 1_000_000;
pub const MAX_STEPS: usize = 1_000_000;

pub(crate) fn at_most(what: &'static str, count: usize, limit: usize) -> Result<(), CheckError> {
    match count <= limit {
        true => Ok(()),
        false => Err(CheckError::TooMany { what, count, limit }),
    }
}

fn location(locs: &BTreeSet<&str>, what: &str, loc: &str) -> Result<(), CheckError> {
    if locs.contains(loc) {
        Ok(())
    } else {
        Err(CheckError::UnknownLocation {
            what: what.into(),
            location: loc.into(),
        })
    }
}

/// `e` must have sort `want` in `scope` (this also bounds its depth).
fn sorted(what: &str, e: &Expr, scope: &dyn Scope, want: ExprSort) -> Result<(), CheckError> {
    let bad = |reason: String| CheckError::IllSorted {
        what: what.into(),
        formula: crate::explain::elide(expr_to_string(e)),
        reason,
    };
    match e.sort_check(scope) {
        Ok(got) if got == want => Ok(()),
        Ok(got) => Err(bad(format!(
            "it has sort {got:?}, where {want:?} is expected"
        ))),
        // Printing a too-deep formula could itself overflow; do not print it.
        Err(format::expr::SortError::TooDeep) => Err(CheckError::IllSorted {
            what: what.into(),
            formula: "…".into(),
            reason: format::expr::SortError::TooDeep.to_string(),
        }),
        Err(err) => Err(bad(err.to_string())),
    }
}

/// `e` must be a Boolean formula in `scope`.
fn boolean(what: &str, e: &Expr, scope: &dyn Scope) -> Result<(), CheckError> {
    sorted(what, e, scope, ExprSort::Bool)
}

/// Predicates see the state variables and the (integer) index variables.
struct PredicateScope<'a>(&'a Task, &'a [String]);

impl Scope for PredicateScope<'_> {
    fn var_sort(&self, name: &str) -> Option<VarSort> {
        self.0
            .var_sort(name)
            .or_else(|| self.1.iter().any(|x| x == name).then_some(VarSort::Int))
    }
    fn next_sort(&self, _: &str) -> Option<VarSort> {
        None
    }
}

/// Hints of (n, e) see the edge's scope and the Skolem constants of its targets.
struct HintScope<'a>(EdgeScope<'a>, &'a BTreeSet<String>);

impl Scope for HintScope<'_> {
    fn var_sort(&self, name: &str) -> Option<VarSort> {
        self.0
            .var_sort(name)
            .or_else(|| self.1.contains(name).then_some(VarSort::Int))
    }
    fn next_sort(&self, name: &str) -> Option<VarSort> {
        self.0.next_sort(name)
    }
}

/// The task's size limits, checked before anything walks or hashes it.
fn task_counts(task: &Task) -> Result<(), CheckError> {
    at_most("state variables", task.vars.len(), MAX_VARS)?;
    at_most("locations", task.locations.len(), MAX_LOCATIONS)?;
    at_most("edges", task.edges.len(), MAX_EDGES)?;
    let locals = task.edges.iter().map(|e| e.locals.len()).max();
    at_most("locals of one edge", locals.unwrap_or(0), MAX_VARS)
}

/// Checks the task alone: names, sorts, locations, edges, formulas.
pub fn check_task(task: &Task) -> Result<(), CheckError> {
    task_counts(task)?;
    for v in &task.vars {
        ident("state variable", &v.name)?;
    }
    unique("state variable", task.vars.iter().map(|v| &v.name))?;
    for l in &task.locations {
        ident("location", l)?;
    }
    unique("location", &task.locations)?;
    let locs: BTreeSet<&str> = task.locations.iter().map(|l| l.as_str()).collect();
    location(&locs, "initial_location", &task.initial_location)?;
    location(&locs, "bad_location", &task.bad_location)?;
    boolean("init", &task.init, &StateScope(task))?;
    unique("edge id", task.edges.iter().map(|e| e.id))?;
    for e in &task.edges {
        let what = format!("edge {}", e.id);
        if e.name.len() > 1000 || e.name.chars().any(char::is_control) {
            return Err(CheckError::BadEdgeName {
                what,
                name: e.name.clone(),
            });
        }
        location(&locs, &format!("{what} `{}` (from)", e.name), &e.from)?;
        location(&locs, &format!("{what} `{}` (to)", e.name), &e.to)?;
        for l in &e.locals {
            ident(&format!("{what} local"), &l.name)?;
            if l.sort != VarSort::Int {
                return Err(CheckError::UnsupportedSort {
                    var: l.name.clone(),
                    sort: format!("{:?}", l.sort),
                });
            }
            if task.is_state_var(&l.name) {
                return Err(CheckError::LocalClash {
                    edge: e.id,
                    name: e.name.clone(),
                    local: l.name.clone(),
                });
            }
        }
        unique(
            &format!("local of {what}"),
            e.locals.iter().map(|l| &l.name),
        )?;
        boolean(
            &format!("relation of {what} `{}`", e.name),
            &e.relation,
            &EdgeScope(task, e),
        )?;
    }
    Ok(())
}

/// Checks the abstraction: predicates, nodes, initial nodes, successor lists.
pub fn check_safe(task: &Task, body: &SafeBody) -> Result<(), CheckError> {
    at_most("predicates", body.predicates.len(), MAX_PREDICATES)?;
    at_most("nodes", body.nodes.len(), MAX_NODES)?;
    at_most("initial nodes", body.initial.len(), MAX_NODES)?;
    at_most("successor lists", body.successors.len(), MAX_ENTRIES)?;
    let targets = body.successors.iter().map(|s| s.targets.len()).sum();
    at_most("successor targets", targets, MAX_ENTRIES)?;
    let literals = body.nodes.iter().map(|n| n.cube.len()).sum();
    at_most("cube literals", literals, MAX_ENTRIES)?;
    let clause_literals: usize = body
        .nodes
        .iter()
        .flat_map(|n| n.forall.iter().map(|c| c.len().max(1)))
        .sum();
    at_most(
        "literals of quantified clauses",
        clause_literals,
        MAX_ENTRIES,
    )?;
    let hint_terms: usize = body
        .successors
        .iter()
        .flat_map(|s| s.hints.iter().map(|h| h.len().max(1)))
        .sum();
    at_most("instantiation hint terms", hint_terms, MAX_ENTRIES)?;
    at_most("index variables", body.index_vars.len(), MAX_VARS)?;
    for x in &body.index_vars {
        ident("index variable", x)?;
        if task.is_state_var(x) {
            return Err(CheckError::IndexVarClash { name: x.clone() });
        }
    }
    unique("index variable", &body.index_vars)?;
    // Ids are resolved through these indexes, not by linear search.
    let preds: BTreeMap<u32, ()> = body.predicates.iter().map(|p| (p.id, ())).collect();
    let nodes: BTreeMap<u32, &Node> = body.nodes.iter().map(|n| (n.id, n)).collect();
    let edges: BTreeMap<u32, &format::Edge> = task.edges.iter().map(|e| (e.id, e)).collect();
    let locs: BTreeSet<&str> = task.locations.iter().map(|l| l.as_str()).collect();
    unique("predicate id", body.predicates.iter().map(|p| p.id))?;
    let mut indexed = BTreeSet::new();
    for p in &body.predicates {
        boolean(
            &format!("predicate p{}", p.id),
            &p.formula,
            &PredicateScope(task, &body.index_vars),
        )?;
        let (mut vars, mut nexts) = (vec![], vec![]);
        p.formula.collect_vars(&mut vars, &mut nexts);
        if vars.iter().any(|v| body.index_vars.contains(v)) {
            indexed.insert(p.id);
        }
    }
    unique("node id", body.nodes.iter().map(|n| n.id))?;
    for n in &body.nodes {
        location(&locs, &format!("node {}", n.id), &n.location)?;
        if n.location == task.bad_location {
            return Err(CheckError::NodeAtBad {
                node: n.id,
                location: n.location.clone(),
            });
        }
        for l in n.cube.iter().chain(n.forall.iter().flatten()) {
            if !preds.contains_key(&l.pred) {
                let what = format!("cube of node {}", n.id);
                return Err(CheckError::UnknownId {
                    what,
                    kind: "predicate".into(),
                    id: l.pred,
                });
            }
        }
        // An index variable in a cube would be free: its meaning undefined.
        if let Some(l) = n.cube.iter().find(|l| indexed.contains(&l.pred)) {
            let p = body.predicates.iter().find(|p| p.id == l.pred);
            return Err(CheckError::IndexedInCube {
                node: n.id,
                pred: l.pred,
                formula: p
                    .map(|p| crate::explain::elide(expr_to_string(&p.formula)))
                    .unwrap_or_default(),
            });
        }
    }
    for &i in &body.initial {
        let n = *nodes.get(&i).ok_or(CheckError::UnknownId {
            what: "initial".into(),
            kind: "node".into(),
            id: i,
        })?;
        for k in &crate::index::skolems_of(body, n) {
            if task.is_state_var(k) {
                let place = format!("initial node {i}");
                return Err(CheckError::SkolemClash {
                    place,
                    name: k.clone(),
                });
            }
        }
        if n.location != task.initial_location {
            let (location, initial) = (n.location.clone(), task.initial_location.clone());
            return Err(CheckError::InitialElsewhere {
                node: i,
                location,
                initial,
            });
        }
    }
    unique("initial node", &body.initial)?;
    unique(
        "successor list for (node, edge)",
        body.successors
            .iter()
            .map(|s| (s.node, s.edge))
            .map(|(n, e)| format!("({n}, {e})")),
    )?;
    for s in &body.successors {
        let what = format!("successor list ({}, {})", s.node, s.edge);
        let unknown = |kind: &str, id| CheckError::UnknownId {
            what: what.clone(),
            kind: kind.into(),
            id,
        };
        let n = *nodes.get(&s.node).ok_or_else(|| unknown("node", s.node))?;
        let e = *edges.get(&s.edge).ok_or_else(|| unknown("edge", s.edge))?;
        if e.from != n.location {
            let (location, name, from) = (n.location.clone(), e.name.clone(), e.from.clone());
            return Err(CheckError::EdgeNotFromNode {
                node: n.id,
                location,
                edge: e.id,
                name,
                from,
            });
        }
        let mut skolems = BTreeSet::new();
        for t in &s.targets {
            if let Some(m) = nodes.get(&t.node) {
                skolems.extend(crate::index::skolems_of(body, m));
            }
        }
        for k in &skolems {
            if task.is_state_var(k) || e.locals.iter().any(|l| &l.name == k) {
                return Err(CheckError::SkolemClash {
                    place: what.clone(),
                    name: k.clone(),
                });
            }
        }
        for (i, h) in s.hints.iter().enumerate() {
            if h.len() != body.index_vars.len() {
                return Err(CheckError::HintArity {
                    node: n.id,
                    edge: e.id,
                    hint: i,
                    given: h.len(),
                    want: body.index_vars.len(),
                });
            }
            for t in h {
                sorted(
                    &format!("{what} hint {i}"),
                    t,
                    &HintScope(EdgeScope(task, e), &skolems),
                    ExprSort::Int,
                )?;
            }
        }
        for t in &s.targets {
            let m = *nodes
                .get(&t.node)
                .ok_or_else(|| unknown("target node", t.node))?;
            if m.location != e.to {
                let (name, location, to) = (e.name.clone(), m.location.clone(), e.to.clone());
                return Err(CheckError::TargetWrongLocation {
                    node: n.id,
                    edge: e.id,
                    name,
                    target: m.id,
                    location,
                    to,
                });
            }
        }
    }
    Ok(())
}

/// The whole structure obligation; `given_task_sha256` comes from `--task`.
pub fn check(cert: &Certificate, given_task_sha256: Option<&str>) -> Result<(), CheckError> {
    if cert.header.format != format::FORMAT_NAME {
        return Err(CheckError::WrongFormat {
            found: cert.header.format.clone(),
        });
    }
    if !(format::OLDEST_READABLE_VERSION..=format::FORMAT_VERSION).contains(&cert.header.version) {
        return Err(CheckError::WrongVersion {
            found: cert.header.version,
        });
    }
    // Counts first: hashing an oversized task is itself work to bound.
    task_counts(&cert.task)?;
    let computed = format::hash::task_sha256(&cert.task);
    if cert.header.task_sha256 != computed {
        return Err(CheckError::TaskHash {
            header: cert.header.task_sha256.clone(),
            computed,
        });
    }
    if let Some(given) = given_task_sha256 {
        if given != computed {
            return Err(CheckError::TaskMismatch {
                given: given.into(),
                embedded: computed,
            });
        }
    }
    check_task(&cert.task)?;
    match &cert.body {
        Body::Safe(body) => {
            check_safe(&cert.task, body)?;
            crate::work::check_safe(&cert.task, body)
        }
        Body::Unsafe(t) => {
            at_most("trace steps", t.steps.len(), MAX_STEPS)?;
            crate::work::check_trace(&cert.task, t)
        }
    }
}
