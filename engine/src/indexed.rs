//! Indexed predicate abstraction (seed 002) for tasks with arrays: quantified clauses over index predicates, one merged state per location.
//!
//! Predicates may mention the index variable `k!`. An abstract state at a
//! location is a conjunction of facts: literals of scalar predicates, and
//! clauses `forall k!. l1 || l2 || ..` over indexed predicates (a Boolean
//! combination `psi*` in the seed's terms, restricted to a clause language
//! such as `!(0 <= k!) || !(k! < i) || a[k!] == 42`). The abstract post
//! keeps the candidate facts implied by the source state and the edge
//! (Cartesian abstraction); states are joined per location (intersection),
//! so the fixpoint is the strongest inductive conjunction of candidates.
//!
//! Quantifier instantiation (seed 002, section "quantifier instantiation"):
//! the source's clauses are assumed at the post-state's Skolem index and at
//! the index terms of the edge (`a[t]`, `store(a, t, v)`), so every Z3
//! query is quantifier-free. This is sound but incomplete: a fact it
//! cannot prove is dropped, which at worst leaves the answer unknown. The
//! same terms are the certificate's instantiation hints, so the checker
//! decides exactly the queries proved here.
//!
//! Refinement is counterexample-guided candidate discovery: when bad stays
//! reachable, the abstract path to it names the loops (strongly connected
//! parts) to learn from, and their edges' atoms are generalised over the
//! index (`a[x] == 42` to `a[k!] == 42`, `a' == store(a, i, b[i])` to
//! `a[k!] == b[k!]` with range `k! < i`).

use super::smt::{self, Budget, View};
use super::Unknown;
use format::{Edge, Expr, Literal, Node, Predicate, SafeBody, Successor, SuccessorList, Task};
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use z3::Solver;

/// The index variable of all indexed predicates (not a task identifier: `!` ends it).
pub const INDEX: &str = "k!";

fn k() -> Expr {
    Expr::var(INDEX)
}

fn mentions(e: &Expr, name: &str) -> bool {
    let (mut v, mut n) = (vec![], vec![]);
    e.collect_vars(&mut v, &mut n);
    v.iter().any(|x| x == name)
}

fn has_next_or(e: &Expr, locals: &[format::VarDecl]) -> bool {
    let (mut v, mut n) = (vec![], vec![]);
    e.collect_vars(&mut v, &mut n);
    !n.is_empty() || v.iter().any(|x| locals.iter().any(|l| &l.name == x))
}

/// `e` with every occurrence of `t` replaced by `by`.
fn replace(e: &Expr, t: &Expr, by: &Expr) -> Expr {
    e.rewrite(&|x| (x == t).then(|| by.clone()))
}

/// Index terms of array reads and writes in `e`.
fn index_terms(e: &Expr, out: &mut Vec<Expr>) {
    let mut stack = vec![e];
    while let Some(x) = stack.pop() {
        match x {
            Expr::Select(_, i) | Expr::Store(_, i, _) => {
                if !out.contains(i) {
                    out.push((**i).clone());
                }
            }
            _ => {}
        }
        stack.extend(x.children());
    }
}

/// Comparison atoms of a formula (without polarity).
fn atoms(e: &Expr, out: &mut Vec<Expr>) {
    match e {
        Expr::And(v) | Expr::Or(v) => v.iter().for_each(|x| atoms(x, out)),
        Expr::Not(a) => atoms(a, out),
        Expr::Implies(a, b) => {
            atoms(a, out);
            atoms(b, out)
        }
        Expr::Ite(c, a, b) if !smt::is_array(a) => {
            atoms(c, out);
            if matches!(
                **a,
                Expr::Bool(_) | Expr::And(_) | Expr::Or(_) | Expr::Not(_)
            ) {
                atoms(a, out);
                atoms(b, out);
            }
        }
        Expr::Eq(..) | Expr::Lt(..) | Expr::Le(..) | Expr::Gt(..) | Expr::Ge(..) => {
            if !out.contains(e) {
                out.push(e.clone())
            }
        }
        _ => {}
    }
}

/// Edge locals defined by an equality conjunct, substituted away (large
/// blocks name intermediate values), so atoms speak of state variables.
fn inline_locals(e: &Expr, locals: &[format::VarDecl]) -> Expr {
    let mut defs: Vec<(Expr, Expr)> = Vec::new();
    let mut parts = vec![e];
    while let Some(p) = parts.pop() {
        match p {
            Expr::And(v) => parts.extend(v.iter()),
            Expr::Eq(a, b) => {
                for (x, y) in [(a, b), (b, a)] {
                    if let Expr::Var(n) = &**x {
                        if locals.iter().any(|l| &l.name == n) && !mentions(y, n) {
                            defs.push(((**x).clone(), (**y).clone()));
                            break;
                        }
                    }
                }
            }
            _ => {}
        }
    }
    let mut out = e.clone();
    let mut size = out.size();
    for _ in 0..4 {
        for (x, y) in &defs {
            // Substitution copies `y` at every use: a large block of
            // copies (struct results) would grow without bound.
            let uses = occurrences(&out, x);
            if uses == 0 {
                continue;
            }
            let grown = size - uses + uses * y.size();
            if grown > MAX_INLINED_SIZE {
                continue;
            }
            out = replace(&out, x, y);
            size = grown;
        }
    }
    out
}

/// Most sub-expressions a relation may grow to by [`inline_locals`].
const MAX_INLINED_SIZE: usize = 50_000;

/// How often `t` occurs in `e`.
fn occurrences(e: &Expr, t: &Expr) -> usize {
    let mut n = 0;
    let mut stack = vec![e];
    while let Some(x) = stack.pop() {
        if x == t {
            n += 1;
        } else {
            stack.extend(x.children());
        }
    }
    n
}

/// Candidate facts discovered from some edges.
#[derive(Default)]
pub struct Language {
    /// Scalar atoms (no index variable).
    pub scalar: Vec<Expr>,
    /// Indexed value atoms such as `a[k!] == 42`.
    pub values: Vec<Expr>,
    /// Upper bounds `u` of ranges `0 <= k! && k! < u`.
    pub uppers: Vec<Expr>,
    /// Lower bounds `l` of ranges `l <= k! && k! < u` (index variables: the
    /// part of an array a loop has not reached yet).
    pub lowers: Vec<Expr>,
    /// Scalar atoms that may guard a quantified clause (`rv == 0 || ...`).
    pub guards: Vec<Expr>,
}

fn push(v: &mut Vec<Expr>, e: Expr) -> bool {
    if v.contains(&e) {
        false
    } else {
        v.push(e);
        true
    }
}

impl Language {
    /// Adds what `edge` suggests; true if anything was new.
    pub fn learn(&mut self, edge: &Edge) -> bool {
        let rel = inline_locals(&edge.relation, &edge.locals);
        let mut grew = false;
        // Writes: `a' == store(..store(a, t, v)..)` gives `a[k] == v[t := k]`.
        let mut stack = vec![&rel];
        while let Some(x) = stack.pop() {
            if let Expr::Store(_, t, v) = x {
                let mut base = x;
                while let Expr::Store(b, _, _) = base {
                    base = b;
                }
                if let Expr::Var(a) = base {
                    if !has_next_or(t, &edge.locals) {
                        grew |= push(&mut self.uppers, (**t).clone());
                        if matches!(**t, Expr::Var(_)) {
                            grew |= push(&mut self.lowers, (**t).clone());
                        }
                        grew |= push(
                            &mut self.uppers,
                            Expr::Add(vec![(**t).clone(), Expr::int(1)]),
                        );
                        if !has_next_or(v, &edge.locals) {
                            let value = replace(v, t, &k());
                            let atom = Expr::eq(Expr::select(Expr::var(a), k()), value);
                            grew |= push(&mut self.values, atom);
                        }
                    }
                }
            }
            stack.extend(x.children());
        }
        // Guards: scalar atoms, and reads generalised over their index.
        let mut found = Vec::new();
        atoms(&rel, &mut found);
        for atom in found {
            let (mut vars, mut nexts) = (vec![], vec![]);
            atom.collect_vars(&mut vars, &mut nexts);
            // Constant atoms (`0 == 0` after folding) say nothing.
            if vars.is_empty() || !nexts.is_empty() {
                continue;
            }
            // `i < 100000` bounds the ranges of the arrays `i` indexes
            // (also when `i` is a local: a query's universally quantified index).
            if let Expr::Lt(_, c) | Expr::Le(_, c) | Expr::Gt(c, _) | Expr::Ge(c, _) = &atom {
                let state_var = matches!(**c, Expr::Var(_)) && !has_next_or(c, &edge.locals);
                if matches!(**c, Expr::Int(_)) || state_var {
                    grew |= push(&mut self.uppers, (**c).clone());
                }
            }
            let mut idx = Vec::new();
            index_terms(&atom, &mut idx);
            // A read at a local index (`a[j]` for an input `j`) generalises too.
            if idx.len() == 1
                && matches!(&idx[0], Expr::Var(_))
                && has_next_or(&idx[0], &edge.locals)
            {
                let general = replace(&atom, &idx[0], &k());
                if !has_next_or(&general, &edge.locals) {
                    grew |= push(&mut self.values, general);
                }
                continue;
            }
            if has_next_or(&atom, &edge.locals) {
                continue;
            }
            if idx.is_empty() {
                grew |= push(&mut self.scalar, atom.clone());
                if let Expr::Eq(..) = atom {
                    grew |= push(&mut self.guards, atom.clone());
                }
                continue;
            }
            for t in idx {
                if has_next_or(&t, &edge.locals) || mentions(&t, INDEX) {
                    continue;
                }
                grew |= push(&mut self.uppers, t.clone());
                if matches!(t, Expr::Var(_)) {
                    grew |= push(&mut self.lowers, t.clone());
                }
                // Indices are non-negative where the program is memory safe.
                let lower = Expr::Le(Box::new(Expr::int(0)), Box::new(t.clone()));
                grew |= push(&mut self.scalar, lower);
                let general = replace(&atom, &t, &k());
                if !has_next_or(&general, &edge.locals) {
                    grew |= push(&mut self.values, general);
                }
            }
        }
        grew
    }
}

/// A fact of an abstract state: a scalar literal or a quantified clause.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Fact {
    Literal(Literal),
    Clause(Vec<Literal>),
}

/// One run of the analysis over a fixed language.
pub struct Analysis<'t> {
    task: &'t Task,
    budget: &'t Budget,
    predicates: Vec<Expr>,
    candidates: Vec<Fact>,
    /// Facts per reached location.
    states: BTreeMap<String, BTreeSet<Fact>>,
    /// How each location was first reached (for counterexample paths).
    parent: BTreeMap<String, (String, u32)>,
    /// Edges whose source state does not exclude them (infeasible ones are absent).
    enabled: BTreeSet<u32>,
}

/// What a run found.
pub enum Reach {
    Safe(SafeBody),
    /// Bad stays reachable along these edges (abstractly).
    Bad(Vec<u32>),
}

impl<'t> Analysis<'t> {
    pub fn new(task: &'t Task, budget: &'t Budget, lang: &Language, invariants: &[Expr]) -> Self {
        let mut predicates: Vec<Expr> = Vec::new();
        let id = |e: &Expr, preds: &mut Vec<Expr>| -> u32 {
            match preds.iter().position(|p| p == e) {
                Some(i) => i as u32,
                None => {
                    preds.push(e.clone());
                    (preds.len() - 1) as u32
                }
            }
        };
        let mut candidates = Vec::new();
        for s in invariants.iter().chain(&lang.scalar) {
            let p = id(s, &mut predicates);
            for positive in [true, false] {
                candidates.push(Fact::Literal(Literal { pred: p, positive }));
            }
        }
        let lower = Expr::Le(Box::new(Expr::int(0)), Box::new(k()));
        let neg = |pred| Literal {
            pred,
            positive: false,
        };
        let pos = |pred| Literal {
            pred,
            positive: true,
        };
        for v in &lang.values {
            let pv = id(v, &mut predicates);
            candidates.push(Fact::Clause(vec![pos(pv)]));
            for u in &lang.uppers {
                let pl = id(&lower, &mut predicates);
                let pu = id(
                    &Expr::Lt(Box::new(k()), Box::new(u.clone())),
                    &mut predicates,
                );
                candidates.push(Fact::Clause(vec![neg(pl), neg(pu), pos(pv)]));
                for l in lang.lowers.iter().filter(|l| *l != u) {
                    let pl = id(
                        &Expr::Le(Box::new(l.clone()), Box::new(k())),
                        &mut predicates,
                    );
                    candidates.push(Fact::Clause(vec![neg(pl), neg(pu), pos(pv)]));
                }
                for g in &lang.guards {
                    let pg = id(g, &mut predicates);
                    for gl in [pos(pg), neg(pg)] {
                        candidates.push(Fact::Clause(vec![neg(pl), neg(pu), gl, pos(pv)]));
                    }
                }
            }
        }
        candidates.sort();
        candidates.dedup();
        Analysis {
            task,
            budget,
            predicates,
            candidates,
            states: BTreeMap::new(),
            parent: BTreeMap::new(),
            enabled: BTreeSet::new(),
        }
    }

    pub fn predicate_count(&self) -> usize {
        self.predicates.len()
    }

    fn literal(&self, l: &Literal) -> Expr {
        let f = self.predicates[l.pred as usize].clone();
        if l.positive {
            f
        } else {
            Expr::not(f)
        }
    }

    /// The fact with the index variable at `at` (scalar literals ignore it).
    fn fact(&self, f: &Fact, at: &Expr) -> Expr {
        match f {
            Fact::Literal(l) => self.literal(l),
            Fact::Clause(c) => Expr::Or(
                c.iter()
                    .map(|l| replace(&self.literal(l), &k(), at))
                    .collect(),
            ),
        }
    }

    /// The state's facts, clauses instantiated at each of `terms`.
    fn assume(&self, facts: &BTreeSet<Fact>, terms: &[Expr]) -> Vec<Expr> {
        let mut out = Vec::new();
        for f in facts {
            match f {
                Fact::Literal(_) => out.push(self.fact(f, &k())),
                Fact::Clause(_) => out.extend(terms.iter().map(|t| self.fact(f, t))),
            }
        }
        out
    }

    /// Instantiation terms of edge `e`'s source clauses: the index terms of
    /// the relation, and `k!` (the Skolem index of the target's goal) if asked.
    fn terms(e: &Edge, skolem: bool) -> Vec<Expr> {
        let mut t = Vec::new();
        if skolem {
            t.push(k());
        }
        index_terms(&e.relation, &mut t);
        t.retain(|x| skolem || !mentions(x, INDEX));
        t
    }

    /// The candidates (or those of `only`) that hold in every state
    /// satisfying what is asserted on the solver.
    fn implied(
        &self,
        s: &Solver,
        view: View,
        prime: bool,
        only: Option<&BTreeSet<Fact>>,
    ) -> Result<BTreeSet<Fact>, Unknown> {
        let mut out = BTreeSet::new();
        let all: Vec<&Fact> = match only {
            Some(o) => o.iter().collect(),
            None => self.candidates.iter().collect(),
        };
        for f in all {
            let goal = self.fact(f, &k());
            let goal = if prime {
                goal.rewrite(&|x| match x {
                    Expr::Var(n) if n != INDEX => Some(Expr::Next(n.clone())),
                    _ => None,
                })
            } else {
                goal
            };
            s.push();
            s.assert(smt::encode_bool(&goal, view).not());
            let sat = self.budget.check(s, &[])?;
            s.pop(1);
            if !sat {
                out.insert(f.clone());
            }
        }
        Ok(out)
    }

    fn initial(&self) -> Result<Option<BTreeSet<Fact>>, Unknown> {
        let s = smt::solver();
        s.assert(smt::encode_bool(&self.task.init, View::state(0)));
        if !self.budget.check(&s, &[])? {
            return Ok(None);
        }
        self.implied(&s, View::state(0), false, None).map(Some)
    }

    /// The post of `pre` under `e`: `None` if the edge is infeasible from
    /// it. Only the facts of `only` are tried when given: the target's
    /// facts, since a join keeps no others.
    fn post(
        &self,
        pre: &BTreeSet<Fact>,
        e: &Edge,
        only: Option<&BTreeSet<Fact>>,
    ) -> Result<Option<BTreeSet<Fact>>, Unknown> {
        let s = smt::solver();
        let view = View::step(e, 0);
        let terms = Self::terms(e, e.to != self.task.bad_location);
        for a in self.assume(pre, &terms) {
            s.assert(smt::encode_bool(&a, view));
        }
        s.assert(smt::encode_edge(e, 0));
        if !self.budget.check(&s, &[])? {
            return Ok(None);
        }
        if e.to == self.task.bad_location {
            return Ok(Some(BTreeSet::new()));
        }
        self.implied(&s, view, true, only).map(Some)
    }

    /// Runs the fixpoint.
    pub fn run(&mut self) -> Result<Reach, Unknown> {
        let task = self.task;
        let Some(init) = self.initial()? else {
            return Ok(Reach::Safe(self.certificate()));
        };
        self.states.insert(task.initial_location.clone(), init);
        let mut work: VecDeque<String> = VecDeque::from([task.initial_location.clone()]);
        while let Some(loc) = work.pop_front() {
            for e in task.edges_from(&loc) {
                let pre = self.states[&loc].clone();
                let target = self.states.get(&e.to).cloned();
                let Some(post) = self.post(&pre, e, target.as_ref())? else {
                    self.enabled.remove(&e.id);
                    continue;
                };
                self.enabled.insert(e.id);
                if e.to == task.bad_location {
                    self.parent
                        .entry(e.to.clone())
                        .or_insert((loc.clone(), e.id));
                    return Ok(Reach::Bad(self.path(&e.to)));
                }
                let changed = match self.states.get_mut(&e.to) {
                    None => {
                        self.parent.insert(e.to.clone(), (loc.clone(), e.id));
                        self.states.insert(e.to.clone(), post);
                        true
                    }
                    Some(old) => {
                        let joined: BTreeSet<Fact> = old.intersection(&post).cloned().collect();
                        let changed = joined.len() != old.len();
                        *old = joined;
                        changed
                    }
                };
                if changed && !work.contains(&e.to) {
                    work.push_back(e.to.clone());
                }
            }
        }
        Ok(Reach::Safe(self.certificate()))
    }

    /// The facts per location, for progress output.
    pub fn describe(&self) -> String {
        let mut out = String::new();
        for (loc, facts) in &self.states {
            let shown: Vec<String> = facts
                .iter()
                .map(|f| format::print::expr_to_string(&self.fact(f, &k())))
                .collect();
            out += &format!("  {loc}: {}\n", shown.join(" ; "));
        }
        out
    }

    fn path(&self, to: &str) -> Vec<u32> {
        let mut out = Vec::new();
        let mut at = to.to_string();
        while let Some((from, e)) = self.parent.get(&at) {
            if out.len() > self.task.edges.len() {
                break;
            }
            out.push(*e);
            at = from.clone();
        }
        out.reverse();
        out
    }

    /// The certificate: one node per reached location, quantified clauses
    /// over `k!`, and the instantiation terms of each edge as hints.
    fn certificate(&self) -> SafeBody {
        let ids: BTreeMap<&String, u32> = self
            .states
            .keys()
            .enumerate()
            .map(|(i, l)| (l, i as u32))
            .collect();
        let mut used = BTreeSet::new();
        let nodes: Vec<Node> = self
            .states
            .iter()
            .map(|(loc, facts)| {
                let mut cube = Vec::new();
                let mut forall = Vec::new();
                for f in facts {
                    match f {
                        Fact::Literal(l) => {
                            used.insert(l.pred);
                            cube.push(*l)
                        }
                        Fact::Clause(c) => {
                            used.extend(c.iter().map(|l| l.pred));
                            forall.push(c.clone())
                        }
                    }
                }
                Node {
                    id: ids[loc],
                    location: loc.clone(),
                    cube,
                    forall,
                }
            })
            .collect();
        let nodes_forall: BTreeSet<u32> = nodes
            .iter()
            .filter(|n| !n.forall.is_empty())
            .map(|n| n.id)
            .collect();
        let mut successors = Vec::new();
        for n in &nodes {
            for e in self.task.edges_from(&n.location) {
                let target = self
                    .enabled
                    .contains(&e.id)
                    .then(|| ids.get(&e.to).copied())
                    .flatten();
                let hints = if n.forall.is_empty() {
                    vec![]
                } else {
                    // The Skolem index of the target's goal is `k!@m`
                    // (only a target with clauses has one).
                    let quantified = |m: &u32| nodes_forall.contains(m);
                    let sk = target
                        .filter(quantified)
                        .map(|m| Expr::var(&format!("{INDEX}@{m}")));
                    Self::terms(e, false)
                        .into_iter()
                        .chain(sk)
                        .map(|t| vec![t])
                        .collect()
                };
                successors.push(SuccessorList {
                    node: n.id,
                    edge: e.id,
                    targets: target
                        .map(|m| Successor {
                            node: m,
                            witness: None,
                        })
                        .into_iter()
                        .collect(),
                    hints,
                });
            }
        }
        let indexed = nodes.iter().any(|n| !n.forall.is_empty());
        SafeBody {
            index_vars: if indexed {
                vec![INDEX.to_string()]
            } else {
                vec![]
            },
            predicates: self
                .predicates
                .iter()
                .enumerate()
                .filter(|(i, _)| used.contains(&(*i as u32)))
                .map(|(i, f)| Predicate {
                    id: i as u32,
                    formula: f.clone(),
                })
                .collect(),
            initial: ids
                .get(&self.task.initial_location)
                .copied()
                .into_iter()
                .collect(),
            nodes,
            successors,
        }
    }
}

/// The task with arrays abstracted away: atoms over arrays become `true`
/// where they constrain and `false` under negation (a weaker relation),
/// and array variables are dropped. Its invariants hold for the task.
pub fn project(task: &Task) -> Task {
    fn weaken(e: &Expr, positive: bool) -> Expr {
        match e {
            Expr::And(v) => Expr::And(v.iter().map(|x| weaken(x, positive)).collect()),
            Expr::Or(v) => Expr::Or(v.iter().map(|x| weaken(x, positive)).collect()),
            Expr::Not(a) => Expr::not(weaken(a, !positive)),
            Expr::Implies(a, b) => Expr::Implies(
                Box::new(weaken(a, !positive)),
                Box::new(weaken(b, positive)),
            ),
            _ if e.has_arrays() || touches_arrays(e) => Expr::Bool(positive),
            _ => e.clone(),
        }
    }
    fn touches_arrays(e: &Expr) -> bool {
        let (mut v, mut n) = (vec![], vec![]);
        e.collect_vars(&mut v, &mut n);
        v.iter().chain(&n).any(|x| smt::is_array(&Expr::var(x)))
    }
    let mut t = task.clone();
    t.vars.retain(|v| v.sort == format::VarSort::Int);
    t.init = weaken(&t.init, true);
    for e in &mut t.edges {
        e.relation = weaken(&e.relation, true);
    }
    t
}

/// Locations on `path` and the edges of the loops through them.
pub fn loop_edges(task: &Task, path: &[u32]) -> Vec<u32> {
    let reach = |from: &str| -> BTreeSet<String> {
        let mut seen = BTreeSet::from([from.to_string()]);
        let mut work = vec![from.to_string()];
        while let Some(l) = work.pop() {
            for e in task.edges_from(&l) {
                if seen.insert(e.to.clone()) {
                    work.push(e.to.clone());
                }
            }
        }
        seen
    };
    let mut locs = BTreeSet::new();
    for id in path {
        if let Some(e) = task.edge(*id) {
            locs.insert(e.from.clone());
        }
    }
    let mut out: Vec<u32> = path.to_vec();
    for l in &locs {
        let fwd = reach(l);
        // Edges inside l's strongly connected part: both ends reach each other.
        for e in &task.edges {
            if fwd.contains(&e.from)
                && fwd.contains(&e.to)
                && reach(&e.to).contains(l)
                && !out.contains(&e.id)
            {
                out.push(e.id);
            }
        }
    }
    out
}
