//! From a CFA to a task: pruning, large-block summarisation, SSA encoding.
//!
//! 1. Rule 0: drop the edges out of `bad`.
//! 2. Prune: keep only edges on a syntactic path `entry ->* bad` (sound for
//!    reachability of `bad`; removes the program exit and dead ends).
//!    Assume edges with the literal condition `false` are dropped first.
//! 3. LBE only: apply Rule 2 (parallel edges `l1 -a-> l2`, `l1 -b-> l2`
//!    become `l1 -(a || b)-> l2`) and Rule 1 (a location `l2` other than
//!    `entry`/`bad` with exactly one incoming edge `l1 -a-> l2`, `l1 != l2`, is
//!    removed; each `l2 -b-> l3` becomes `l1 -(a; b)-> l3`) to a fixpoint.
//!    Rule 1 prefers locations with a single outgoing edge, which keeps
//!    blocks free of duplicated prefixes where possible. What remains is
//!    `entry`, the loop heads (cut points) and `bad`.
//! 4. Each edge's block becomes a relation by SSA: every assignment defines a
//!    fresh edge local `x@k`, branches of a choice that disagree on `x` are
//!    joined by a fresh `x@k` with an equality in each disjunct, and the
//!    relation ends with `x' == <last value of x>` for every state variable.
//!    Locals defined by a plain equality and used at most once (or equal to
//!    a variable or constant) are substituted away again, so a single
//!    `x = x + 1` gives `x' == x + 1 && y' == y`.

use super::cfa::{Cfa, Op};
use super::{Encoding, Program};
use format::{Edge, EdgeOrigin, Expr, SourceMap, SourceStatement, Task, VarDecl};
use std::collections::{BTreeMap, BTreeSet};

#[derive(Clone, Debug)]
enum Block {
    Op(Op, Option<SourceStatement>),
    Seq(Vec<Block>),
    Choice(Vec<Block>),
}

impl Block {
    fn seq(a: Block, b: Block) -> Block {
        let mut v = Vec::new();
        for x in [a, b] {
            match x {
                Block::Seq(w) => v.extend(w),
                x => v.push(x),
            }
        }
        Block::Seq(v)
    }
    fn choice(a: Block, b: Block) -> Block {
        let mut v = Vec::new();
        for x in [a, b] {
            match x {
                Block::Choice(w) => v.extend(w),
                x => v.push(x),
            }
        }
        Block::Choice(v)
    }
    fn sources(&self, out: &mut Vec<SourceStatement>) {
        match self {
            Block::Op(_, s) => out.extend(s.iter().cloned()),
            Block::Seq(v) | Block::Choice(v) => v.iter().for_each(|b| b.sources(out)),
        }
    }
}

#[derive(Clone, Debug)]
struct WEdge {
    from: usize,
    to: usize,
    block: Block,
}

/// Encodes the CFA as a task (with its source map).
pub fn encode(file: &str, vars: &[String], cfa: Cfa, encoding: Encoding) -> Program {
    let n = cfa.locations.len();
    let mut edges: Vec<Option<WEdge>> = cfa
        .edges
        .into_iter()
        .filter(|e| e.from != cfa.bad) // Rule 0
        .filter(|e| e.op != Op::Assume(Expr::Bool(false)))
        .map(|e| {
            Some(WEdge {
                from: e.from,
                to: e.to,
                block: Block::Op(e.op, e.src),
            })
        })
        .collect();
    prune(&mut edges, n, cfa.entry, cfa.bad);
    if encoding == Encoding::Lbe {
        summarise(&mut edges, n, cfa.entry, cfa.bad);
        prune(&mut edges, n, cfa.entry, cfa.bad);
    }
    let mut live: Vec<(usize, WEdge)> = edges
        .into_iter()
        .enumerate()
        .filter_map(|(i, e)| e.map(|e| (i, e)))
        .collect();
    // Output order: by source location (program order), then target, then creation.
    let rank = |l: usize| if l == cfa.bad { usize::MAX } else { l };
    live.sort_by_key(|(i, e)| (rank(e.from), rank(e.to), *i));

    let mut used: BTreeSet<usize> = BTreeSet::new();
    used.insert(cfa.entry);
    used.insert(cfa.bad);
    for (_, e) in &live {
        used.insert(e.from);
        used.insert(e.to);
    }
    let mut locations: Vec<usize> = used.into_iter().filter(|&l| l != cfa.bad).collect();
    locations.push(cfa.bad);

    let name = |l: usize| cfa.locations[l].clone();
    let mut names_seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut task_edges = Vec::new();
    let mut origins = Vec::new();
    for (id, (_, e)) in live.iter().enumerate() {
        let base = format!("{}->{}", name(e.from), name(e.to));
        let count = names_seen.entry(base.clone()).or_insert(0);
        *count += 1;
        let edge_name = if *count == 1 {
            base
        } else {
            format!("{base}#{count}")
        };
        let (locals, relation) = relation(vars, &e.block);
        let mut stmts = Vec::new();
        e.block.sources(&mut stmts);
        stmts.sort_by_key(|s| (s.line, s.col));
        stmts.dedup();
        origins.push(EdgeOrigin {
            edge: id as u32,
            statements: stmts,
        });
        task_edges.push(Edge {
            id: id as u32,
            name: edge_name,
            from: name(e.from),
            to: name(e.to),
            locals: locals.iter().map(|l| VarDecl::int(l)).collect(),
            relation,
        });
    }
    let task = Task {
        vars: vars.iter().map(|v| VarDecl::int(v)).collect(),
        locations: locations.iter().map(|&l| name(l)).collect(),
        initial_location: name(cfa.entry),
        bad_location: name(cfa.bad),
        init: Expr::Bool(true),
        edges: task_edges,
    };
    Program {
        task,
        source_map: SourceMap {
            file: file.to_string(),
            edges: origins,
        },
    }
}

/// Keeps only edges `u -> v` with `u` reachable from `entry` and `bad` reachable from `v`.
fn prune(edges: &mut [Option<WEdge>], n: usize, entry: usize, bad: usize) {
    let reach = |forward: bool, start: usize| -> Vec<bool> {
        let mut seen = vec![false; n];
        seen[start] = true;
        let mut stack = vec![start];
        while let Some(l) = stack.pop() {
            for e in edges.iter().flatten() {
                let (a, b) = if forward {
                    (e.from, e.to)
                } else {
                    (e.to, e.from)
                };
                if a == l && !seen[b] {
                    seen[b] = true;
                    stack.push(b);
                }
            }
        }
        seen
    };
    let fwd = reach(true, entry);
    let bwd = reach(false, bad);
    for slot in edges.iter_mut() {
        if let Some(e) = slot {
            if !fwd[e.from] || !bwd[e.to] {
                *slot = None;
            }
        }
    }
}

fn summarise(edges: &mut Vec<Option<WEdge>>, n: usize, entry: usize, bad: usize) {
    loop {
        if rule2(edges) {
            continue;
        }
        if rule1(edges, n, entry, bad, true) {
            continue;
        }
        if rule1(edges, n, entry, bad, false) {
            continue;
        }
        break;
    }
}

/// Merges the first pair of parallel edges found; returns whether it did.
fn rule2(edges: &mut [Option<WEdge>]) -> bool {
    let mut first: BTreeMap<(usize, usize), usize> = BTreeMap::new();
    for j in 0..edges.len() {
        let Some(e) = &edges[j] else { continue };
        let key = (e.from, e.to);
        if let Some(&i) = first.get(&key) {
            let b = edges[j].take().unwrap().block;
            let a = edges[i].as_mut().unwrap();
            let old = std::mem::replace(&mut a.block, Block::Seq(Vec::new()));
            a.block = Block::choice(old, b);
            return true;
        }
        first.insert(key, j);
    }
    false
}

fn rule1(
    edges: &mut Vec<Option<WEdge>>,
    n: usize,
    entry: usize,
    bad: usize,
    single_out: bool,
) -> bool {
    let mut inc = vec![Vec::new(); n];
    let mut out = vec![Vec::new(); n];
    for (i, e) in edges.iter().enumerate() {
        if let Some(e) = e {
            inc[e.to].push(i);
            out[e.from].push(i);
        }
    }
    for l2 in 0..n {
        if l2 == entry || l2 == bad || inc[l2].len() != 1 || out[l2].is_empty() {
            continue;
        }
        if single_out && out[l2].len() != 1 {
            continue;
        }
        let i1 = inc[l2][0];
        let e1 = edges[i1].as_ref().unwrap();
        if e1.from == l2 {
            continue;
        }
        let (l1, b1) = (e1.from, e1.block.clone());
        edges[i1] = None;
        for &k in &out[l2] {
            let ek = edges[k].as_mut().unwrap();
            let bk = std::mem::replace(&mut ek.block, Block::Seq(Vec::new()));
            ek.block = Block::seq(b1.clone(), bk);
            ek.from = l1;
        }
        return true;
    }
    false
}

// ---------------------------------------------------------------------------
// SSA encoding of blocks.

struct Ssa {
    counters: BTreeMap<String, u32>,
    locals: Vec<String>,
}

impl Ssa {
    fn fresh(&mut self, x: &str) -> String {
        let c = self.counters.entry(x.to_string()).or_insert(0);
        *c += 1;
        let name = format!("{x}@{c}");
        self.locals.push(name.clone());
        name
    }
}

type Env = BTreeMap<String, Expr>;

fn subst_env(e: &Expr, env: &Env) -> Expr {
    map_vars(e, &|n| env.get(n).cloned())
}

/// Replaces `Var(n)` by `f(n)` where that is `Some`.
fn map_vars(e: &Expr, f: &dyn Fn(&str) -> Option<Expr>) -> Expr {
    e.map_vars(f)
}

fn atomic(e: &Expr) -> bool {
    matches!(e, Expr::Var(_) | Expr::Int(_))
}

fn enc(b: &Block, env: Env, ssa: &mut Ssa, vars: &[String]) -> (Vec<Expr>, Env) {
    let mut env = env;
    match b {
        Block::Op(Op::Skip, _) => (vec![], env),
        Block::Op(Op::Assume(c), _) => (vec![subst_env(c, &env)], env),
        Block::Op(Op::Assign(x, e), _) => {
            let v = subst_env(e, &env);
            if atomic(&v) {
                env.insert(x.clone(), v);
                (vec![], env)
            } else {
                let l = ssa.fresh(x);
                env.insert(x.clone(), Expr::Var(l.clone()));
                (vec![Expr::eq(Expr::Var(l), v)], env)
            }
        }
        Block::Op(Op::Havoc(x), _) => {
            let l = ssa.fresh(x);
            env.insert(x.clone(), Expr::Var(l));
            (vec![], env)
        }
        Block::Seq(v) => {
            let mut out = Vec::new();
            for x in v {
                let (c, e2) = enc(x, env, ssa, vars);
                out.extend(c);
                env = e2;
            }
            (out, env)
        }
        Block::Choice(v) => {
            let mut branches: Vec<(Vec<Expr>, Env)> =
                v.iter().map(|x| enc(x, env.clone(), ssa, vars)).collect();
            let mut joined = env.clone();
            for x in vars {
                let first = &branches[0].1[x];
                if branches.iter().all(|(_, e)| &e[x] == first) {
                    joined.insert(x.clone(), first.clone());
                    continue;
                }
                let l = ssa.fresh(x);
                for (c, e) in branches.iter_mut() {
                    c.push(Expr::eq(Expr::Var(l.clone()), e[x].clone()));
                }
                joined.insert(x.clone(), Expr::Var(l));
            }
            let disj = Expr::Or(branches.into_iter().map(|(c, _)| Expr::And(c)).collect());
            (vec![disj], joined)
        }
    }
}

/// The relation of a block and its edge locals (in creation order).
/// Most locals substituted away per relation (keeps encoding near-linear).
const MAX_ELIMINATIONS: usize = 256;

fn relation(vars: &[String], b: &Block) -> (Vec<String>, Expr) {
    let mut ssa = Ssa {
        counters: BTreeMap::new(),
        locals: Vec::new(),
    };
    let env: Env = vars
        .iter()
        .map(|v| (v.clone(), Expr::Var(v.clone())))
        .collect();
    let (mut conj, env) = enc(b, env, &mut ssa, vars);
    for x in vars {
        conj.push(Expr::eq(Expr::Next(x.clone()), env[x].clone()));
    }
    let locals: BTreeSet<String> = ssa.locals.iter().cloned().collect();
    let mut rel = simplify(Expr::And(conj));
    // Each elimination rescans the relation, so bound their number: on long
    // blocks the remaining locals are simply kept (they are existential anyway).
    for _ in 0..MAX_ELIMINATIONS {
        let Some(r) = eliminate_one(&rel, &locals) else {
            break;
        };
        rel = simplify(r);
    }
    let mut vs = Vec::new();
    rel.collect_vars(&mut vs, &mut Vec::new());
    let used: BTreeSet<String> = vs.into_iter().collect();
    let kept = ssa
        .locals
        .into_iter()
        .filter(|l| used.contains(l))
        .collect();
    (kept, rel)
}

/// Flattens `&&`/`||`, drops neutral elements, folds constant `!`.
fn simplify(e: Expr) -> Expr {
    match e {
        Expr::And(v) => junction(v, true),
        Expr::Or(v) => junction(v, false),
        Expr::Not(a) => match simplify(*a) {
            Expr::Bool(b) => Expr::Bool(!b),
            a => Expr::Not(Box::new(a)),
        },
        other => other,
    }
}

fn junction(v: Vec<Expr>, is_and: bool) -> Expr {
    let mut out = Vec::new();
    for x in v {
        match simplify(x) {
            Expr::Bool(b) if b == is_and => {}
            Expr::Bool(b) => return Expr::Bool(b),
            Expr::And(w) if is_and => out.extend(w),
            Expr::Or(w) if !is_and => out.extend(w),
            x => out.push(x),
        }
    }
    match out.len() {
        0 => Expr::Bool(is_and),
        1 => out.pop().unwrap(),
        _ if is_and => Expr::And(out),
        _ => Expr::Or(out),
    }
}

fn var_counts(e: &Expr) -> BTreeMap<String, usize> {
    let mut vs = Vec::new();
    e.collect_vars(&mut vs, &mut Vec::new());
    let mut m = BTreeMap::new();
    for v in vs {
        *m.entry(v).or_insert(0) += 1;
    }
    m
}

fn has_next(e: &Expr) -> bool {
    let mut ns = Vec::new();
    e.collect_vars(&mut Vec::new(), &mut ns);
    !ns.is_empty()
}

/// Finds one conjunction (reached from the root through `&&`/`||` only, so
/// in positive position) containing a conjunct `l == t` for an edge local
/// `l` all of whose occurrences lie in that conjunction, with `t` free of
/// `l` and of primed variables, and either `t` a variable or constant or `l`
/// used at most once more. Then `exists l. (l == t && phi)` is `phi[t/l]`.
fn eliminate_one(rel: &Expr, locals: &BTreeSet<String>) -> Option<Expr> {
    let totals = var_counts(rel);
    elim(rel, locals, &totals)
}

fn elim(e: &Expr, locals: &BTreeSet<String>, totals: &BTreeMap<String, usize>) -> Option<Expr> {
    match e {
        Expr::And(v) => {
            let here = var_counts(e);
            for (i, c) in v.iter().enumerate() {
                let Expr::Eq(a, b) = c else { continue };
                let cand = match (&**a, &**b) {
                    (Expr::Var(l), t) if locals.contains(l) => Some((l, t)),
                    (t, Expr::Var(l)) if locals.contains(l) => Some((l, t)),
                    _ => None,
                };
                let Some((l, t)) = cand else { continue };
                let total = totals.get(l).copied().unwrap_or(0);
                if here.get(l).copied().unwrap_or(0) != total
                    || has_next(t)
                    || var_counts(t).contains_key(l)
                    || !(atomic(t) || total <= 2)
                {
                    continue;
                }
                let rest: Vec<Expr> = v
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| *j != i)
                    .map(|(_, x)| map_vars(x, &|n| (n == l.as_str()).then(|| t.clone())))
                    .collect();
                return Some(Expr::And(rest));
            }
            elim_children(v, locals, totals).map(Expr::And)
        }
        Expr::Or(v) => elim_children(v, locals, totals).map(Expr::Or),
        _ => None,
    }
}

fn elim_children(
    v: &[Expr],
    locals: &BTreeSet<String>,
    totals: &BTreeMap<String, usize>,
) -> Option<Vec<Expr>> {
    for (i, c) in v.iter().enumerate() {
        if let Some(c2) = elim(c, locals, totals) {
            let mut w = v.to_vec();
            w[i] = c2;
            return Some(w);
        }
    }
    None
}
