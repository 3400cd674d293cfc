//! What one SBE edge does, read off its relation: the variable it havocks,
//! what it assigns, reads and keeps, what it does to each array, and the
//! source statement (and nondet call) it comes from.

use engine::simulate::conjuncts;
use format::{Edge, Expr, Task};
use std::collections::HashSet;

/// What a SBE edge does to an array.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ArrayFate {
    Kept,
    /// `a' == store(..(a)..)`.
    Written,
    /// `a' ==` a value of its own (an initialiser).
    Set,
    /// Not constrained: indeterminate contents.
    Havoc,
}

/// What a SBE edge does, read off its relation's top-level conjuncts.
pub(super) struct EdgeFacts {
    /// `v' == l` with `l` an edge local: `v` is havocked.
    pub(super) havoc: Option<String>,
    /// `x' == v` with `v` another state variable.
    pub(super) copy: Option<(String, String)>,
    /// Some `x' == e` with `e` not `x`.
    pub(super) assigns: bool,
    /// `nondet@L_C_k` position of the statement, and its nondet function.
    pub(super) statement: Option<(u32, u32)>,
    pub(super) function: Option<String>,
    pub(super) call_text: Option<String>,
    /// State variables read and written (frame conjuncts and the shared range invariant aside).
    pub(super) uses: HashSet<String>,
    /// State variables kept by a conjunct `x' == x`.
    pub(super) frames: HashSet<String>,
    /// `a[i]` reads of current arrays: (array, index).
    pub(super) array_reads: Vec<(String, Expr)>,
    pub(super) array_fates: Vec<(String, ArrayFate)>,
    pub(super) defs: HashSet<String>,
}

/// The range invariant the frontend puts first in every edge not leaving
/// `entry`: the first conjunct, when it is the same conjunction everywhere.
pub(super) fn shared_invariant(task: &Task) -> Option<&Expr> {
    let mut firsts = task
        .edges
        .iter()
        .filter(|e| e.from != task.initial_location)
        .map(|e| match &e.relation {
            Expr::And(xs) => xs.first().filter(|x| matches!(x, Expr::And(_))),
            _ => None,
        });
    let first = firsts.next()??;
    firsts.all(|x| x == Some(first)).then_some(first)
}

fn state_vars_of(e: &Expr, task: &Task, out: &mut HashSet<String>) {
    let mut stack = vec![e];
    while let Some(x) = stack.pop() {
        match x {
            Expr::Var(n) if task.is_state_var(n) => {
                out.insert(n.clone());
            }
            _ => stack.extend(x.children()),
        }
    }
}

pub(super) fn edge_facts(
    task: &Task,
    invariant: Option<&Expr>,
    edge: &Edge,
    map: Option<&format::EdgeOrigin>,
) -> EdgeFacts {
    let mut parts = Vec::new();
    match (&edge.relation, invariant) {
        (Expr::And(xs), Some(inv)) if xs.first() == Some(inv) => {
            xs[1..].iter().for_each(|x| conjuncts(x, &mut parts))
        }
        (r, _) => conjuncts(r, &mut parts),
    }
    let is_local = |n: &str| edge.locals.iter().any(|l| l.name == n);
    let mut facts = EdgeFacts {
        havoc: None,
        copy: None,
        assigns: false,
        statement: None,
        function: None,
        call_text: None,
        uses: HashSet::new(),
        defs: HashSet::new(),
        frames: HashSet::new(),
        array_reads: Vec::new(),
        array_fates: Vec::new(),
    };
    let mut stack = vec![&edge.relation];
    while let Some(x) = stack.pop() {
        if let Expr::Select(a, i) = x {
            if let Expr::Var(a) = &**a {
                facts.array_reads.push((a.clone(), (**i).clone()));
            }
        }
        stack.extend(x.children());
    }
    for a in task.array_var_names() {
        let mut fate = ArrayFate::Havoc;
        let mut all = Vec::new();
        conjuncts(&edge.relation, &mut all);
        for p in all {
            let Expr::Eq(l, r) = p else { continue };
            let rhs = match (&**l, &**r) {
                (Expr::Next(x), r) | (r, Expr::Next(x)) if *x == a => r,
                _ => continue,
            };
            let mut base = rhs;
            while let Expr::Store(b, _, _) = base {
                base = b;
            }
            fate = match (rhs, base) {
                (Expr::Var(x), _) if *x == a => ArrayFate::Kept,
                (_, Expr::Var(x)) if *x == a => ArrayFate::Written,
                _ => ArrayFate::Set,
            };
        }
        facts.array_fates.push((a, fate));
    }
    let mut all = Vec::new();
    conjuncts(&edge.relation, &mut all);
    for p in all {
        if let Expr::Eq(a, b) = p {
            if let (Expr::Next(x), Expr::Var(y)) | (Expr::Var(y), Expr::Next(x)) = (&**a, &**b) {
                if x == y {
                    facts.frames.insert(x.clone());
                }
            }
        }
    }
    for p in parts {
        let assignment = match p {
            Expr::Eq(a, b) => match (&**a, &**b) {
                (Expr::Next(x), r) | (r, Expr::Next(x)) => Some((x, r)),
                _ => None,
            },
            _ => None,
        };
        let Some((x, rhs)) = assignment else {
            state_vars_of(p, task, &mut facts.uses);
            continue;
        };
        match rhs {
            Expr::Var(v) if v == x => continue,
            Expr::Var(l) if is_local(l) => facts.havoc = Some(x.clone()),
            Expr::Var(v) => {
                facts.assigns = true;
                facts.copy = Some((x.clone(), v.clone()));
            }
            _ => facts.assigns = true,
        }
        facts.defs.insert(x.clone());
        state_vars_of(rhs, task, &mut facts.uses);
    }
    if let Some(origin) = map {
        for s in &origin.statements {
            facts.statement.get_or_insert((s.line, s.col));
            if let Some(i) = s.text.find("__VERIFIER_nondet_") {
                let name: String = s.text[i..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                facts.function.get_or_insert(name);
                facts.call_text.get_or_insert(s.text.clone());
            }
        }
    }
    facts
}

/// `nondet@12_7_1` -> (12, 7).
pub(super) fn nondet_position(var: &str) -> Option<(u32, u32)> {
    let rest = var.strip_prefix("nondet@")?;
    let mut it = rest.split(['_', '.', '@']);
    Some((it.next()?.parse().ok()?, it.next()?.parse().ok()?))
}
