//! Systematic mutants of certificates, for mutation testing of the checker.
//!
//! Every mutant is a complete certificate. Task mutants are re-hashed
//! (`header.task_sha256` is recomputed), so the hash check alone cannot
//! reject them. Whether a mutant is still correct is not decided here: the
//! mutation test decides it with its own oracle.

use format::{Body, Certificate, Expr, Num, SafeBody, Trace, Valuation};

/// What a mutant changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// Remove a node together with every reference to it.
    DropNode,
    /// Remove a node, leaving references to it dangling.
    DropNodeDangling,
    DropInitial,
    DropSuccessor,
    /// Point a successor at another node at the same location.
    RedirectSuccessor,
    /// Point a successor at a node at another location (structurally wrong).
    RedirectSuccessorElsewhere,
    /// Add a second node with an existing id and an empty (true) cube.
    DuplicateNodeId,
    FlipLiteral,
    DropLiteral,
    /// Remove a predicate and every literal over it.
    DeletePredicate,
    /// Remove a predicate, leaving literals over it dangling.
    DeletePredicateDangling,
    WeakenPredicate,
    StrengthenPredicate,
    /// An integer constant (or multiplier/divisor) in `init` or a relation, re-hashed.
    TaskConstant,
    /// A comparison operator in a relation, re-hashed.
    TaskGuard,
    /// An edge's target location, re-hashed.
    TaskEdgeTarget,
    /// The initial condition, re-hashed.
    TaskInit,
    TraceValue,
    TraceDropStep,
    TraceSwapSteps,
    /// A witness value changed.
    WitnessValue,
    /// A witness variable removed or a bogus one added.
    WitnessDomain,
    /// An instantiation hint removed (quantified regions).
    DropHint,
    /// An instantiation hint's term `t` made `t + 1`.
    AlterHint,
    /// A quantified clause removed (the region weakened).
    DropClause,
    /// A literal of a quantified clause negated.
    FlipClauseLiteral,
    /// An array value of a trace changed (initial default or entry, a write's value or index).
    TraceArray,
    /// The index `t` of a `store` in a relation made `t + 1`, re-hashed.
    TaskStoreIndex,
}

impl Kind {
    pub const ALL: [Kind; 28] = [
        Kind::DropNode,
        Kind::DropNodeDangling,
        Kind::DropInitial,
        Kind::DropSuccessor,
        Kind::RedirectSuccessor,
        Kind::RedirectSuccessorElsewhere,
        Kind::DuplicateNodeId,
        Kind::FlipLiteral,
        Kind::DropLiteral,
        Kind::DeletePredicate,
        Kind::DeletePredicateDangling,
        Kind::WeakenPredicate,
        Kind::StrengthenPredicate,
        Kind::TaskConstant,
        Kind::TaskGuard,
        Kind::TaskEdgeTarget,
        Kind::TaskInit,
        Kind::TraceValue,
        Kind::TraceDropStep,
        Kind::TraceSwapSteps,
        Kind::WitnessValue,
        Kind::WitnessDomain,
        Kind::DropHint,
        Kind::AlterHint,
        Kind::DropClause,
        Kind::FlipClauseLiteral,
        Kind::TraceArray,
        Kind::TaskStoreIndex,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Kind::DropNode => "drop_node",
            Kind::DropNodeDangling => "drop_node_dangling",
            Kind::DropInitial => "drop_initial",
            Kind::DropSuccessor => "drop_successor",
            Kind::RedirectSuccessor => "redirect_successor",
            Kind::RedirectSuccessorElsewhere => "redirect_succ_elsewhere",
            Kind::DuplicateNodeId => "duplicate_node_id",
            Kind::FlipLiteral => "flip_literal",
            Kind::DropLiteral => "drop_literal",
            Kind::DeletePredicate => "delete_predicate",
            Kind::DeletePredicateDangling => "delete_predicate_dangl",
            Kind::WeakenPredicate => "weaken_predicate",
            Kind::StrengthenPredicate => "strengthen_predicate",
            Kind::TaskConstant => "task_constant",
            Kind::TaskGuard => "task_guard",
            Kind::TaskEdgeTarget => "task_edge_target",
            Kind::TaskInit => "task_init",
            Kind::TraceValue => "trace_value",
            Kind::TraceDropStep => "trace_drop_step",
            Kind::TraceSwapSteps => "trace_swap_steps",
            Kind::WitnessValue => "witness_value",
            Kind::WitnessDomain => "witness_domain",
            Kind::DropHint => "drop_hint",
            Kind::AlterHint => "alter_hint",
            Kind::DropClause => "drop_clause",
            Kind::FlipClauseLiteral => "flip_clause_literal",
            Kind::TraceArray => "trace_array",
            Kind::TaskStoreIndex => "task_store_index",
        }
    }
}

/// One mutant: its kind, a human description, and the mutated certificate.
#[derive(Clone, Debug)]
pub struct Mutant {
    pub kind: Kind,
    pub desc: String,
    pub cert: Certificate,
}

/// A 64-bit linear congruential generator (Knuth's MMIX constants): a
/// fixed seed gives the same sample on every machine and run.
pub struct Lcg(pub u64);

impl Lcg {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    /// `k` of `items`, chosen without replacement, in their original order.
    pub fn sample<T>(&mut self, items: Vec<T>, k: usize) -> Vec<T> {
        if items.len() <= k {
            return items;
        }
        let mut idx: Vec<usize> = (0..items.len()).collect();
        for i in 0..k {
            let j = i + (self.next_u64() as usize) % (idx.len() - i);
            idx.swap(i, j);
        }
        let mut keep: Vec<usize> = idx[..k].to_vec();
        keep.sort_unstable();
        let mut items: Vec<Option<T>> = items.into_iter().map(Some).collect();
        keep.into_iter()
            .map(|i| items[i].take().expect("distinct"))
            .collect()
    }
}

/// FNV-1a, for per-(certificate, kind) seeds that do not depend on corpus order.
pub fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf29ce484222325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x100000001b3)
    })
}

/// Every mutant of `kind` of `cert`, in a deterministic order.
pub fn mutants(cert: &Certificate, kind: Kind) -> Vec<Mutant> {
    let mut out = Vec::new();
    let mut push = |desc: String, cert: Certificate| out.push(Mutant { kind, desc, cert });
    match kind {
        Kind::TaskConstant
        | Kind::TaskGuard
        | Kind::TaskEdgeTarget
        | Kind::TaskInit
        | Kind::TaskStoreIndex => {
            for (desc, c) in task_mutants(cert, kind) {
                push(desc, c);
            }
        }
        Kind::TraceValue | Kind::TraceDropStep | Kind::TraceSwapSteps | Kind::TraceArray => {
            if let Body::Unsafe(t) = &cert.body {
                for (desc, t2) in trace_mutants(t, kind) {
                    let mut c = cert.clone();
                    c.body = Body::Unsafe(t2);
                    push(desc, c);
                }
            }
        }
        _ => {
            if let Body::Safe(b) = &cert.body {
                for (desc, b2) in safe_mutants(cert, b, kind) {
                    let mut c = cert.clone();
                    c.body = Body::Safe(b2);
                    push(desc, c);
                }
            }
        }
    }
    out
}

fn num(v: i64) -> Expr {
    Expr::int(v)
}

fn bump(n: &Num, d: i64) -> Num {
    Num(n.0.clone() + d)
}

fn safe_mutants(cert: &Certificate, b: &SafeBody, kind: Kind) -> Vec<(String, SafeBody)> {
    let mut out = Vec::new();
    match kind {
        Kind::DropNode | Kind::DropNodeDangling => {
            for (i, n) in b.nodes.iter().enumerate() {
                let mut m = b.clone();
                m.nodes.remove(i);
                if kind == Kind::DropNode {
                    m.initial.retain(|&x| x != n.id);
                    m.successors.retain(|s| s.node != n.id);
                    for s in &mut m.successors {
                        s.targets.retain(|t| t.node != n.id);
                    }
                }
                out.push((format!("node {}", n.id), m));
            }
        }
        Kind::DropInitial => {
            for (i, id) in b.initial.iter().enumerate() {
                let mut m = b.clone();
                m.initial.remove(i);
                out.push((format!("initial node {id}"), m));
            }
        }
        Kind::DropSuccessor => {
            for (i, s) in b.successors.iter().enumerate() {
                for (j, t) in s.targets.iter().enumerate() {
                    let mut m = b.clone();
                    m.successors[i].targets.remove(j);
                    let desc = format!("({}, edge {}) -> {}", s.node, s.edge, t.node);
                    out.push((desc, m));
                }
            }
        }
        Kind::DuplicateNodeId => {
            for n in &b.nodes {
                let mut m = b.clone();
                let mut copy = n.clone();
                copy.cube.clear();
                m.nodes.push(copy);
                out.push((format!("node {} duplicated with cube []", n.id), m));
            }
        }
        Kind::RedirectSuccessor | Kind::RedirectSuccessorElsewhere => {
            let same = kind == Kind::RedirectSuccessor;
            for (i, s) in b.successors.iter().enumerate() {
                for (j, t) in s.targets.iter().enumerate() {
                    let Some(cur) = b.node(t.node) else { continue };
                    for other in &b.nodes {
                        if other.id != cur.id && (other.location == cur.location) == same {
                            let mut m = b.clone();
                            m.successors[i].targets[j].node = other.id;
                            let desc = format!(
                                "({}, edge {}) -> {} redirected to {}",
                                s.node, s.edge, t.node, other.id
                            );
                            out.push((desc, m));
                        }
                    }
                }
            }
        }
        Kind::FlipLiteral | Kind::DropLiteral => {
            for (i, n) in b.nodes.iter().enumerate() {
                for (j, l) in n.cube.iter().enumerate() {
                    let mut m = b.clone();
                    if kind == Kind::FlipLiteral {
                        m.nodes[i].cube[j].positive = !l.positive;
                    } else {
                        m.nodes[i].cube.remove(j);
                    }
                    let sign = if l.positive { "" } else { "!" };
                    out.push((format!("node {} literal {sign}p{}", n.id, l.pred), m));
                }
            }
        }
        Kind::DeletePredicate | Kind::DeletePredicateDangling => {
            for (i, p) in b.predicates.iter().enumerate() {
                let mut m = b.clone();
                m.predicates.remove(i);
                if kind == Kind::DeletePredicate {
                    for n in &mut m.nodes {
                        n.cube.retain(|l| l.pred != p.id);
                    }
                }
                out.push((format!("predicate p{}", p.id), m));
            }
        }
        Kind::WeakenPredicate | Kind::StrengthenPredicate => {
            let weaker = kind == Kind::WeakenPredicate;
            for (i, p) in b.predicates.iter().enumerate() {
                for (desc, f) in reshape(&p.formula, weaker, &cert.task.var_names()) {
                    let mut m = b.clone();
                    m.predicates[i].formula = f;
                    out.push((format!("p{}: {desc}", p.id), m));
                }
            }
        }
        Kind::WitnessValue | Kind::WitnessDomain => {
            for (i, s) in b.successors.iter().enumerate() {
                for (j, t) in s.targets.iter().enumerate() {
                    let Some(w) = &t.witness else { continue };
                    let at = format!("witness of ({}, edge {}) -> {}", s.node, s.edge, t.node);
                    let parts: [(&str, &Valuation); 3] = [
                        ("state", &w.state),
                        ("inputs", &w.inputs),
                        ("next", &w.next),
                    ];
                    for (part, val) in parts {
                        let edit = |f: &dyn Fn(&mut Valuation)| {
                            let mut m = b.clone();
                            let w = m.successors[i].targets[j]
                                .witness
                                .as_mut()
                                .expect("has a witness");
                            f(match part {
                                "state" => &mut w.state,
                                "inputs" => &mut w.inputs,
                                _ => &mut w.next,
                            });
                            m
                        };
                        if kind == Kind::WitnessValue {
                            for (k, v) in val {
                                let m = edit(&|x| {
                                    x.insert(k.clone(), bump(v, 1));
                                });
                                out.push((format!("{at}: {part}.{k} {v} -> {}", bump(v, 1)), m));
                            }
                        } else {
                            for k in val.keys() {
                                let m = edit(&|x| {
                                    x.remove(k);
                                });
                                out.push((format!("{at}: {part}.{k} removed"), m));
                            }
                            let m = edit(&|x| {
                                x.insert("bogus".into(), Num::from_i64(0));
                            });
                            out.push((format!("{at}: {part}.bogus added"), m));
                        }
                    }
                }
            }
        }
        Kind::DropHint | Kind::AlterHint => {
            for (i, s) in b.successors.iter().enumerate() {
                for (j, h) in s.hints.iter().enumerate() {
                    let mut m = b.clone();
                    let show: Vec<String> = h.iter().map(format::print::expr_to_string).collect();
                    if kind == Kind::DropHint {
                        m.successors[i].hints.remove(j);
                    } else {
                        m.successors[i].hints[j] = h
                            .iter()
                            .map(|t| Expr::Add(vec![t.clone(), num(1)]))
                            .collect();
                    }
                    out.push((
                        format!("({}, edge {}) hint ({})", s.node, s.edge, show.join(", ")),
                        m,
                    ));
                }
            }
        }
        Kind::DropClause | Kind::FlipClauseLiteral => {
            for (i, n) in b.nodes.iter().enumerate() {
                for (j, c) in n.forall.iter().enumerate() {
                    if kind == Kind::DropClause {
                        let mut m = b.clone();
                        m.nodes[i].forall.remove(j);
                        out.push((format!("node {} clause {j}", n.id), m));
                        continue;
                    }
                    for (k, l) in c.iter().enumerate() {
                        let mut m = b.clone();
                        m.nodes[i].forall[j][k].positive = !l.positive;
                        out.push((format!("node {} clause {j} literal p{}", n.id, l.pred), m));
                    }
                }
            }
        }
        _ => unreachable!("not a SAFE-body kind"),
    }
    out
}

/// Weaker (or stronger) variants of a predicate: a disjunct (conjunct)
/// `x == 7` (`x != 7`) for each state variable, and a relaxed (tightened)
/// bound when the predicate is a comparison.
fn reshape(p: &Expr, weaker: bool, vars: &[String]) -> Vec<(String, Expr)> {
    let b = |e: &Expr| Box::new(e.clone());
    let plus = |e: &Expr, k: i64| Box::new(Expr::Add(vec![e.clone(), num(k)]));
    let mut out = Vec::new();
    let cmp = match (p, weaker) {
        (Expr::Le(x, y), true) => Some(("a <= b  ->  a <= b + 1", Expr::Le(b(x), plus(y, 1)))),
        (Expr::Lt(x, y), true) => Some(("a < b  ->  a <= b", Expr::Le(b(x), b(y)))),
        (Expr::Ge(x, y), true) => Some(("a >= b  ->  a >= b - 1", Expr::Ge(b(x), plus(y, -1)))),
        (Expr::Gt(x, y), true) => Some(("a > b  ->  a >= b", Expr::Ge(b(x), b(y)))),
        (Expr::Eq(x, y), true) => Some(("a == b  ->  a <= b", Expr::Le(b(x), b(y)))),
        (Expr::Le(x, y), false) => Some(("a <= b  ->  a < b", Expr::Lt(b(x), b(y)))),
        (Expr::Lt(x, y), false) => Some(("a < b  ->  a < b - 1", Expr::Lt(b(x), plus(y, -1)))),
        (Expr::Ge(x, y), false) => Some(("a >= b  ->  a > b", Expr::Gt(b(x), b(y)))),
        (Expr::Gt(x, y), false) => Some(("a > b  ->  a > b + 1", Expr::Gt(b(x), plus(y, 1)))),
        (Expr::Eq(x, y), false) => Some((
            "a == b  ->  a == b && a >= 1",
            Expr::And(vec![Expr::Eq(b(x), b(y)), Expr::Ge(b(x), Box::new(num(1)))]),
        )),
        _ => None,
    };
    if let Some((d, e)) = cmp {
        out.push((d.to_string(), e));
    }
    for x in vars {
        let eq7 = Expr::eq(Expr::var(x), num(7));
        if weaker {
            out.push((format!("p || {x} == 7"), Expr::Or(vec![p.clone(), eq7])));
        } else {
            out.push((
                format!("p && {x} != 7"),
                Expr::And(vec![p.clone(), Expr::not(eq7)]),
            ));
        }
    }
    out
}

/// All expressions obtained from `e` by replacing exactly one sub-expression
/// `s` by one of `f(s)`, each with a description `s -> replacement`.
pub fn rewrite_one(e: &Expr, f: &dyn Fn(&Expr) -> Vec<Expr>) -> Vec<(Expr, String)> {
    let show = format::print::expr_to_string;
    let mut out: Vec<(Expr, String)> = f(e)
        .into_iter()
        .map(|m| {
            let d = format!("`{}` -> `{}`", show(e), show(&m));
            (m, d)
        })
        .collect();
    // Rebuild `e` with child `i` replaced, for every mutant of every child.
    let kids: Vec<&Expr> = e.children();
    for (i, c) in kids.iter().enumerate() {
        for (m, d) in rewrite_one(c, f) {
            out.push((with_child(e, i, m), d));
        }
    }
    out
}

/// `e` with its `i`-th child (in `Expr::children` order) replaced by `c`.
fn with_child(e: &Expr, i: usize, c: Expr) -> Expr {
    let mut e = e.clone();
    let b = Box::new(c.clone());
    match &mut e {
        Expr::Bool(_) | Expr::Int(_) | Expr::Var(_) | Expr::Next(_) => unreachable!("no children"),
        Expr::Add(v) | Expr::And(v) | Expr::Or(v) => v[i] = c,
        Expr::Neg(a)
        | Expr::Not(a)
        | Expr::Mul(_, a)
        | Expr::Div(a, _)
        | Expr::Mod(a, _)
        | Expr::ConstArray(a) => *a = b,
        Expr::Sub(x, y)
        | Expr::Eq(x, y)
        | Expr::Lt(x, y)
        | Expr::Le(x, y)
        | Expr::Gt(x, y)
        | Expr::Ge(x, y)
        | Expr::Implies(x, y)
        | Expr::Select(x, y)
        | Expr::Times(x, y)
        | Expr::Quot(x, y)
        | Expr::Rem(x, y)
        | Expr::BitAnd(x, y)
        | Expr::BitOr(x, y)
        | Expr::BitXor(x, y) => *(if i == 0 { x } else { y }) = b,
        Expr::Ite(x, y, z) | Expr::Store(x, y, z) => {
            *[x, y, z].into_iter().nth(i).expect("3 children") = b
        }
    }
    e
}

/// `n ± 1` for integer constants; `k + 1` for multipliers and divisors.
fn constant_variants(e: &Expr) -> Vec<Expr> {
    match e {
        Expr::Int(n) => vec![Expr::Int(bump(n, 1)), Expr::Int(bump(n, -1))],
        Expr::Mul(k, a) => vec![Expr::Mul(bump(k, 1), a.clone())],
        Expr::Div(a, d) => vec![Expr::Div(a.clone(), bump(d, 1))],
        Expr::Mod(a, d) => vec![Expr::Mod(a.clone(), bump(d, 1))],
        _ => vec![],
    }
}

/// Another comparison operator on the same operands: strictness toggled, or direction reversed.
fn guard_variants(e: &Expr) -> Vec<Expr> {
    match e {
        Expr::Lt(a, b) => vec![
            Expr::Le(a.clone(), b.clone()),
            Expr::Gt(a.clone(), b.clone()),
        ],
        Expr::Le(a, b) => vec![
            Expr::Lt(a.clone(), b.clone()),
            Expr::Ge(a.clone(), b.clone()),
        ],
        Expr::Gt(a, b) => vec![
            Expr::Ge(a.clone(), b.clone()),
            Expr::Lt(a.clone(), b.clone()),
        ],
        Expr::Ge(a, b) => vec![
            Expr::Gt(a.clone(), b.clone()),
            Expr::Le(a.clone(), b.clone()),
        ],
        Expr::Eq(a, b) => vec![
            Expr::Le(a.clone(), b.clone()),
            Expr::Ge(a.clone(), b.clone()),
        ],
        _ => vec![],
    }
}

fn rehashed(cert: &Certificate, f: impl FnOnce(&mut format::Task)) -> Certificate {
    let mut c = cert.clone();
    f(&mut c.task);
    c.header.task_sha256 = format::hash::task_sha256(&c.task);
    c
}

fn task_mutants(cert: &Certificate, kind: Kind) -> Vec<(String, Certificate)> {
    let task = &cert.task;
    let mut out = Vec::new();
    let show = format::print::expr_to_string;
    match kind {
        Kind::TaskConstant | Kind::TaskGuard => {
            let f: &dyn Fn(&Expr) -> Vec<Expr> = if kind == Kind::TaskConstant {
                &constant_variants
            } else {
                &guard_variants
            };
            if kind == Kind::TaskConstant {
                for (m, d) in rewrite_one(&task.init, f) {
                    let desc = format!("init: {d}");
                    out.push((desc, rehashed(cert, |t| t.init = m)));
                }
            }
            for (i, e) in task.edges.iter().enumerate() {
                for (m, d) in rewrite_one(&e.relation, f) {
                    let desc = format!("edge {} `{}`: {d}", e.id, e.name);
                    out.push((desc, rehashed(cert, |t| t.edges[i].relation = m)));
                }
            }
        }
        Kind::TaskEdgeTarget => {
            for (i, e) in task.edges.iter().enumerate() {
                for l in &task.locations {
                    if *l != e.to {
                        let desc = format!("edge {} `{}`: to {} -> {l}", e.id, e.name, e.to);
                        out.push((desc, rehashed(cert, |t| t.edges[i].to = l.clone())));
                    }
                }
            }
        }
        Kind::TaskStoreIndex => {
            for (i, e) in task.edges.iter().enumerate() {
                let f = |x: &Expr| match x {
                    Expr::Store(a, t, v) => vec![Expr::store(
                        (**a).clone(),
                        Expr::Add(vec![(**t).clone(), num(1)]),
                        (**v).clone(),
                    )],
                    _ => vec![],
                };
                for (m, d) in rewrite_one(&e.relation, &f) {
                    let desc = format!("edge {} `{}`: {d}", e.id, e.name);
                    out.push((desc, rehashed(cert, |t| t.edges[i].relation = m)));
                }
            }
        }
        Kind::TaskInit => {
            let init = &task.init;
            let mut alts = vec![
                ("true".to_string(), Expr::Bool(true)),
                ("not init".to_string(), Expr::not(init.clone())),
            ];
            if let Expr::And(v) = init {
                for i in 0..v.len() {
                    let mut v2 = v.clone();
                    let gone = v2.remove(i);
                    alts.push((format!("conjunct `{}` dropped", show(&gone)), Expr::And(v2)));
                }
            }
            for x in task.var_names() {
                let shifted = Expr::And(vec![init.clone(), Expr::eq(Expr::var(&x), num(7))]);
                alts.push((format!("init && {x} == 7"), shifted));
            }
            for (d, e) in alts {
                let desc = format!("init `{}` -> {d}", show(init));
                out.push((desc, rehashed(cert, |t| t.init = e)));
            }
        }
        _ => unreachable!("not a task kind"),
    }
    out
}

fn trace_mutants(t: &Trace, kind: Kind) -> Vec<(String, Trace)> {
    let mut out = Vec::new();
    match kind {
        Kind::TraceValue => {
            for (k, v) in &t.initial {
                for d in [1, -1] {
                    let mut m = t.clone();
                    m.initial.insert(k.clone(), bump(v, d));
                    out.push((format!("initial.{k} {v} -> {}", bump(v, d)), m));
                }
            }
            for (i, s) in t.steps.iter().enumerate() {
                for (part, val) in [("inputs", &s.inputs), ("next", &s.next)] {
                    for (k, v) in val {
                        for d in [1, -1] {
                            let mut m = t.clone();
                            let target = if part == "inputs" {
                                &mut m.steps[i].inputs
                            } else {
                                &mut m.steps[i].next
                            };
                            target.insert(k.clone(), bump(v, d));
                            out.push((format!("step {i} {part}.{k} {v} -> {}", bump(v, d)), m));
                        }
                    }
                }
            }
        }
        Kind::TraceDropStep => {
            for i in 0..t.steps.len() {
                let mut m = t.clone();
                m.steps.remove(i);
                out.push((format!("step {i} (edge {}) dropped", t.steps[i].edge), m));
            }
        }
        Kind::TraceSwapSteps => {
            let n = t.steps.len();
            for i in 0..n {
                for j in i + 1..n {
                    // All pairs of short traces; neighbours and distance 2 in long ones.
                    if n > 12 && j > i + 2 {
                        continue;
                    }
                    let mut m = t.clone();
                    m.steps.swap(i, j);
                    out.push((format!("steps {i} and {j} swapped"), m));
                }
            }
        }
        Kind::TraceArray => {
            for (a, v) in &t.initial_arrays {
                let mut m = t.clone();
                m.initial_arrays.get_mut(a).expect("listed").default = bump(&v.default, 1);
                out.push((format!("initial {a}: default {} -> +1", v.default), m));
                for (j, (k, x)) in v.entries.iter().enumerate().take(3) {
                    let mut m = t.clone();
                    m.initial_arrays.get_mut(a).expect("listed").entries[j].1 = bump(x, 1);
                    out.push((format!("initial {a}[{k}] {x} -> +1"), m));
                }
            }
            let written = t
                .steps
                .iter()
                .enumerate()
                .filter(|(_, s)| s.arrays.values().any(|u| !u.writes.is_empty()));
            for (i, s) in written.take(20) {
                for (a, u) in &s.arrays {
                    for (j, (k, x)) in u.writes.iter().enumerate() {
                        for index in [false, true] {
                            let mut m = t.clone();
                            let w = &mut m.steps[i].arrays.get_mut(a).expect("listed").writes[j];
                            if index {
                                w.0 = bump(k, 1);
                            } else {
                                w.1 = bump(x, 1);
                            }
                            let what = if index { "index" } else { "value" };
                            out.push((format!("step {i} write {a}[{k}] = {x}: {what} +1"), m));
                        }
                    }
                }
            }
        }
        _ => unreachable!("not a trace kind"),
    }
    out
}
