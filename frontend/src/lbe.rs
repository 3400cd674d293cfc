//! From a CFA to a task: pruning, large-block summarisation, SSA encoding.
//!
//! 1. Rule 0: drop the edges out of `bad`.
//! 2. Prune: keep only edges on a syntactic path `entry ->* bad` (sound for
//!    reachability of `bad`; removes the program exit and dead ends).
//!    Assume edges with the literal condition `false` are dropped first.
//! 3. LBE only: Rule 2 (parallel edges `l1 -a-> l2`, `l1 -b-> l2` become
//!    `l1 -(a || b)-> l2`) is applied whenever an edge is added. A location
//!    `l2` other than `entry`/`bad` is removed by
//!    * Rule 1 (prefix): `l2` has exactly one incoming edge `l1 -a-> l2`,
//!      `l1 != l2`; each `l2 -b-> l3` becomes `l1 -(a; b)-> l3`, or
//!    * Rule 1' (suffix): `l2` is not a loop head (the target of a back edge
//!      of a depth-first search from `entry`) and has exactly one outgoing
//!      edge `l2 -b-> l3`, `l3 != l2`; each `l1 -a-> l2` becomes
//!      `l1 -(a; b)-> l3`.
//!
//!    Both copy the shared block into every other edge. Locations are
//!    removed cheapest copy first (plain sequences cost nothing), and only
//!    while the copy costs at most [`DUP_BUDGET`] operations: copying a whole
//!    prefix into each branch doubles it per branch point, exponentially so
//!    along chains of branches. The total block size thus stays linear in the
//!    CFA. What remains is `entry`, the loop heads (cut points), `bad`, and
//!    the branch points whose removal would copy a large block.
//! 4. Each edge's block becomes a relation by SSA (see [`super::ssa`]). With
//!    LBE, edges into `bad` leave the next state unconstrained: `bad` has no
//!    outgoing edges, so only reaching it counts, and the frame would
//!    otherwise need a join per variable at every branch point towards `bad`.
//!
//! The target of every array havoc stays a location (it is never removed),
//! so no block reads an array after havocking it: edge locals are integers,
//! and the havocked value is only expressible as the unconstrained `a'`.

use super::cfa::{Cfa, Op};
use super::ssa::relation;
use super::{Encoding, Program};
use format::{Edge, EdgeOrigin, Expr, SourceMap, SourceStatement, Task, VarDecl, VarSort};
use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet, BinaryHeap, HashMap, HashSet, VecDeque};

/// Most operations one location's removal may copy (see the module doc).
pub const DUP_BUDGET: usize = 256;

/// Deepest `;`/`||` nesting a rule may create: relations nest about as
/// deep, and task readers reject formulas nested deeper than
/// [`format::expr::MAX_DEPTH`].
const MAX_BLOCK_DEPTH: usize = 1000;

#[derive(Clone, Debug)]
pub(super) enum Block {
    Op(Op, Option<SourceStatement>),
    /// A deque: rules append to and prepend onto sequences.
    Seq(VecDeque<Block>),
    Choice(Vec<Block>),
}

impl Block {
    fn op(op: Op, src: Option<SourceStatement>) -> Block {
        match (op, src) {
            // A skip without a source statement carries nothing.
            (Op::Skip, None) => Block::Seq(VecDeque::new()),
            (op, src) => Block::Op(op, src),
        }
    }
    /// Extends the longer sequence in place, so growing a chain edge by
    /// edge (from either end) stays linear.
    fn seq(a: Block, b: Block) -> Block {
        match (a, b) {
            (Block::Seq(mut v), Block::Seq(mut w)) => {
                if v.len() >= w.len() {
                    v.extend(w);
                    Block::Seq(v)
                } else {
                    while let Some(x) = v.pop_back() {
                        w.push_front(x);
                    }
                    Block::Seq(w)
                }
            }
            (Block::Seq(mut v), b) => {
                v.push_back(b);
                Block::Seq(v)
            }
            (a, Block::Seq(mut w)) => {
                w.push_front(a);
                Block::Seq(w)
            }
            (a, b) => Block::Seq(VecDeque::from([a, b])),
        }
    }
    fn choice(a: Block, b: Block) -> Block {
        let mut v = match a {
            Block::Choice(v) => v,
            a => vec![a],
        };
        match b {
            Block::Choice(w) => v.extend(w),
            b => v.push(b),
        }
        Block::Choice(v)
    }
    fn weight(&self) -> usize {
        match self {
            Block::Op(..) => 1,
            Block::Seq(v) => v.iter().map(Block::weight).sum(),
            Block::Choice(v) => v.iter().map(Block::weight).sum(),
        }
    }
    fn sources(&self, out: &mut Vec<SourceStatement>) {
        match self {
            Block::Op(_, s) => out.extend(s.iter().cloned()),
            Block::Seq(v) => v.iter().for_each(|b| b.sources(out)),
            Block::Choice(v) => v.iter().for_each(|b| b.sources(out)),
        }
    }
}

#[derive(Clone, Debug)]
struct WEdge {
    from: usize,
    to: usize,
    block: Block,
    /// `block.weight()`, kept up to date.
    weight: usize,
    /// The block's `;`/`||` nesting depth, kept up to date.
    depth: usize,
}

impl WEdge {
    /// The depth of `a; b` (sequences are flattened).
    fn seq_depth(a: &WEdge, b: &WEdge) -> usize {
        let lift = |e: &WEdge| e.depth + usize::from(!matches!(e.block, Block::Seq(_)));
        lift(a).max(lift(b))
    }
    /// The depth of `a || b` (choices are flattened).
    fn choice_depth(a: &WEdge, b: &WEdge) -> usize {
        let lift = |e: &WEdge| e.depth + usize::from(!matches!(e.block, Block::Choice(_)));
        lift(a).max(lift(b))
    }
}

/// Encodes the CFA as a task (with its source map).
/// `invariant` holds in every reachable state (C: each bounded variable in
/// its type's range); it is assumed of the source state of every edge not
/// leaving `entry`, so that no abstraction has to rediscover it.
pub fn encode(
    file: &str,
    vars: &[VarDecl],
    cfa: Cfa,
    encoding: Encoding,
    invariant: &Expr,
    keep_at_bad: &[String],
) -> Program {
    let n = cfa.locations.len();
    let arrays: HashSet<&str> = vars
        .iter()
        .filter(|v| v.sort == VarSort::IntArray)
        .map(|v| v.name.as_str())
        .collect();
    let mut pinned = vec![false; n];
    for e in &cfa.edges {
        if matches!(&e.op, Op::Havoc(x) if arrays.contains(x.as_str())) {
            pinned[e.to] = true;
        }
    }
    let edges: Vec<WEdge> = cfa
        .edges
        .into_iter()
        .filter(|e| e.from != cfa.bad) // Rule 0
        .filter(|e| e.op != Op::Assume(Expr::Bool(false)))
        .map(|e| {
            let block = Block::op(e.op, e.src);
            WEdge {
                from: e.from,
                to: e.to,
                weight: block.weight(),
                depth: usize::from(matches!(block, Block::Seq(_))),
                block,
            }
        })
        .collect();
    let mut live = prune(edges, n, cfa.entry, cfa.bad);
    if encoding == Encoding::Lbe {
        live = prune(
            summarise(live, n, cfa.entry, cfa.bad, pinned),
            n,
            cfa.entry,
            cfa.bad,
        );
    }
    // Output order: by source location (program order), then target, then creation.
    let rank = |l: usize| if l == cfa.bad { usize::MAX } else { l };
    let mut live: Vec<(usize, WEdge)> = live.into_iter().enumerate().collect();
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
        // The state at `bad` is never observed: LBE leaves it unconstrained
        // (SBE keeps its one-statement relations as they are).
        let frame = e.to != cfa.bad || encoding == Encoding::Sbe;
        let (locals, mut relation) = relation(vars, &e.block, frame, keep_at_bad);
        if e.from != cfa.entry && *invariant != Expr::Bool(true) {
            relation = match relation {
                Expr::And(mut xs) => {
                    xs.insert(0, invariant.clone());
                    Expr::And(xs)
                }
                r => Expr::And(vec![invariant.clone(), r]),
            };
        }
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
        vars: vars.to_vec(),
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
        checks: None,
    }
}

/// Keeps only edges `u -> v` with `u` reachable from `entry` and `bad`
/// reachable from `v` (in their order).
fn prune(edges: Vec<WEdge>, n: usize, entry: usize, bad: usize) -> Vec<WEdge> {
    let (mut succ, mut pred) = (vec![Vec::new(); n], vec![Vec::new(); n]);
    for e in &edges {
        succ[e.from].push(e.to);
        pred[e.to].push(e.from);
    }
    let reach = |adj: &[Vec<usize>], start: usize| -> Vec<bool> {
        let mut seen = vec![false; n];
        seen[start] = true;
        let mut stack = vec![start];
        while let Some(l) = stack.pop() {
            for &m in &adj[l] {
                if !seen[m] {
                    seen[m] = true;
                    stack.push(m);
                }
            }
        }
        seen
    };
    let fwd = reach(&succ, entry);
    let bwd = reach(&pred, bad);
    edges
        .into_iter()
        .filter(|e| fwd[e.from] && bwd[e.to])
        .collect()
}

/// The working graph of LBE: edges never change their endpoints (a rule
/// takes edges out and adds new ones), so adjacency lists only go stale by
/// removal and are cleaned lazily.
struct Graph {
    edges: Vec<Option<WEdge>>,
    inc: Vec<Vec<usize>>,
    out: Vec<Vec<usize>>,
    /// The live edge of each (from, to), so parallel edges merge on insertion (Rule 2).
    between: HashMap<(usize, usize), usize>,
    /// Loop heads, which Rule 1' leaves alone so they stay the cut points.
    head: Vec<bool>,
    /// Locations never removed (targets of array havocs).
    pinned: Vec<bool>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Rule {
    Prefix,
    Suffix,
}

impl Graph {
    fn add(&mut self, e: WEdge) {
        if let Some(&j) = self.between.get(&(e.from, e.to)) {
            if let Some(old) = self.edges[j].as_mut() {
                old.depth = WEdge::choice_depth(old, &e);
                let a = std::mem::replace(&mut old.block, Block::Seq(VecDeque::new()));
                old.block = Block::choice(a, e.block);
                old.weight += e.weight;
                return;
            }
        }
        let k = self.edges.len();
        self.inc[e.to].push(k);
        self.out[e.from].push(k);
        self.between.insert((e.from, e.to), k);
        self.edges.push(Some(e));
    }
    fn take(&mut self, k: usize) -> Option<WEdge> {
        let e = self.edges[k].take()?;
        if self.between.get(&(e.from, e.to)) == Some(&k) {
            self.between.remove(&(e.from, e.to));
        }
        Some(e)
    }
    fn live(&self, k: usize) -> Option<&WEdge> {
        self.edges.get(k).and_then(|e| e.as_ref())
    }
    /// Live incoming and outgoing edge ids of `l`, in creation order.
    fn adjacent(&mut self, l: usize) -> (Vec<usize>, Vec<usize>) {
        let edges = &self.edges;
        self.inc[l].retain(|&k| edges[k].is_some());
        self.out[l].retain(|&k| edges[k].is_some());
        (self.inc[l].clone(), self.out[l].clone())
    }
    /// The cheaper rule that removes `l`, with its cost (operations copied).
    fn plan(&mut self, l: usize, entry: usize, bad: usize) -> Option<(usize, Rule)> {
        if l == entry || l == bad || self.pinned[l] {
            return None;
        }
        let (ins, outs) = self.adjacent(l);
        // Whether every `a; b` the rule would make stays shallow enough.
        let shallow = |a: &[usize], b: &[usize]| {
            a.iter().all(|&i| {
                b.iter().all(|&j| match (self.live(i), self.live(j)) {
                    (Some(x), Some(y)) => WEdge::seq_depth(x, y) <= MAX_BLOCK_DEPTH,
                    _ => false,
                })
            })
        };
        let mut best = None;
        if let ([i], false) = (ins.as_slice(), outs.is_empty()) {
            let e = self.live(*i)?;
            if e.from != l && shallow(&ins, &outs) {
                best = Some((e.weight * (outs.len() - 1), Rule::Prefix));
            }
        }
        if let ([o], false, false) = (outs.as_slice(), ins.is_empty(), self.head[l]) {
            let e = self.live(*o)?;
            let cost = e.weight * (ins.len() - 1);
            if e.to != l && best.is_none_or(|(b, _)| cost < b) && shallow(&ins, &outs) {
                best = Some((cost, Rule::Suffix));
            }
        }
        best.filter(|&(c, _)| c <= DUP_BUDGET)
    }
    /// Removes `l` by `rule`; returns the locations whose edges changed.
    fn apply(&mut self, l: usize, rule: Rule) -> Vec<usize> {
        let (ins, outs) = self.adjacent(l);
        let (shared, others) = match rule {
            Rule::Prefix => (ins[0], outs),
            Rule::Suffix => (outs[0], ins),
        };
        let Some(s) = self.take(shared) else {
            return Vec::new();
        };
        let mut touched = vec![if rule == Rule::Prefix { s.from } else { s.to }];
        for k in others {
            let Some(e) = self.take(k) else { continue };
            let weight = s.weight + e.weight;
            let depth = WEdge::seq_depth(&s, &e);
            let merged = match rule {
                Rule::Prefix => WEdge {
                    from: s.from,
                    to: e.to,
                    block: Block::seq(s.block.clone(), e.block),
                    weight,
                    depth,
                },
                Rule::Suffix => WEdge {
                    from: e.from,
                    to: s.to,
                    block: Block::seq(e.block, s.block.clone()),
                    weight,
                    depth,
                },
            };
            touched.push(if rule == Rule::Prefix { e.to } else { e.from });
            self.add(merged);
        }
        touched
    }
}

/// Removes locations by Rules 1/1'/2, cheapest first, within the budget.
/// Returns the remaining edges in creation order.
fn summarise(
    edges: Vec<WEdge>,
    n: usize,
    entry: usize,
    bad: usize,
    pinned: Vec<bool>,
) -> Vec<WEdge> {
    let mut g = Graph {
        edges: Vec::with_capacity(edges.len() * 2),
        inc: vec![Vec::new(); n],
        out: vec![Vec::new(); n],
        between: HashMap::new(),
        head: loop_heads(&edges, n, entry),
        pinned,
    };
    for e in edges {
        g.add(e);
    }
    // Lazy priority queue: `queue.cost[l]` is the cost of l's live entry.
    let mut q = Queue {
        cost: vec![None; n],
        heap: BinaryHeap::new(),
    };
    for l in 0..n {
        q.update(&mut g, l, entry, bad);
    }
    while let Some(Reverse((c, key, l))) = q.heap.pop() {
        if q.cost[l] != Some((c, key)) {
            continue; // stale entry
        }
        q.cost[l] = None;
        match g.plan(l, entry, bad) {
            Some((c2, rule)) if (c2, q.key(l, rule)) == (c, key) => {
                for m in g.apply(l, rule) {
                    q.update(&mut g, m, entry, bad);
                }
            }
            _ => q.update(&mut g, l, entry, bad),
        }
    }
    g.edges.into_iter().flatten().collect()
}

/// Targets of the back edges of a depth-first search from `entry`.
fn loop_heads(edges: &[WEdge], n: usize, entry: usize) -> Vec<bool> {
    let mut succ = vec![Vec::new(); n];
    for e in edges {
        succ[e.from].push(e.to);
    }
    // 0 = unvisited, 1 = on the DFS stack, 2 = done.
    let mut state = vec![0u8; n];
    let mut head = vec![false; n];
    let mut stack = vec![(entry, 0usize)];
    state[entry] = 1;
    while let Some((l, i)) = stack.pop() {
        let Some(&m) = succ[l].get(i) else {
            state[l] = 2;
            continue;
        };
        stack.push((l, i + 1));
        match state[m] {
            0 => {
                state[m] = 1;
                stack.push((m, 0));
            }
            1 => head[m] = true,
            _ => {}
        }
    }
    head
}

/// Locations to remove, cheapest first; among equal costs, Rule 1 goes
/// last location first and Rule 1' first location first (locations are
/// numbered in program order). Each copies a block that is then still one
/// original edge rather than an accumulated prefix or suffix: along a chain
/// of branches to `bad`, the prefix rule then copies each branch's own
/// block once (`a1; (e1 || a2; (e2 || ...))`) instead of ever longer prefixes.
struct Queue {
    /// (cost, tie-break key) of each location's live heap entry.
    cost: Vec<Option<(usize, usize)>>,
    heap: BinaryHeap<Reverse<(usize, usize, usize)>>,
}

impl Queue {
    fn key(&self, l: usize, rule: Rule) -> usize {
        match rule {
            Rule::Prefix => self.cost.len() - l,
            Rule::Suffix => l,
        }
    }
    /// Re-plans `l` after its edges changed.
    fn update(&mut self, g: &mut Graph, l: usize, entry: usize, bad: usize) {
        let planned = g
            .plan(l, entry, bad)
            .map(|(c, rule)| (c, self.key(l, rule)));
        if let Some((c, key)) = planned {
            if self.cost[l] != planned {
                self.heap.push(Reverse((c, key, l)));
            }
        }
        self.cost[l] = planned;
    }
}
