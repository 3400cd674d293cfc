//! SSA encoding of an LBE block as an edge relation, in time near-linear in the block.
//!
//! Every assignment defines a fresh edge local `x@k`, branches of a choice
//! that disagree on `x` are joined by a fresh `x@k` with an equality in each
//! disjunct, and the relation ends with the frame `x' == <last value of x>`
//! for every state variable. Without the frame (edges into `bad`, whose
//! state is never observed), the next state is left unconstrained; a
//! choice then joins only the variables some later operation reads, so a
//! block that reaches `bad` from many branch points (`a1; (e1 || a2; (e2 ||
//! ...))`) needs no joins at all instead of one per variable and level.
//! Locals defined by a plain equality and used at most once (or equal to a
//! variable or constant) are then substituted away, so a single `x = x + 1`
//! gives `x' == x + 1 && y' == y`.
//!
//! Array variables never get locals (edge locals are integers): a write is
//! substituted as a `store` term, so `a[i] = x; a[j] = y` gives
//! `a' == store(store(a, i, x), j, y)`. A havocked array, and an array whose
//! branches disagree but which no later operation of the block mentions, has
//! the value `a'` itself: the frame `a' == v` then goes into each branch (or
//! nowhere, leaving `a'` free). An array still used after such a choice is
//! joined through integer locals: each branch's writes on the common base
//! become the same number of `store(.., a#i@k, a#v@k)` slots (shorter
//! branches repeat their first write, which is idempotent; an index or value
//! all branches agree on is used as it is), so the join stays linear in
//! size. [`super::lbe`] ends a block after every array havoc, so a havocked
//! array is never read in the same block.

use super::cfa::Op;
use super::lbe::Block;
use format::{Expr, VarDecl, VarSort};
use std::collections::{HashMap, HashSet};

/// Substituted terms nest at most this deep; deeper definitions keep their
/// local (a chain of `x = x + 1` would otherwise nest as deep as it is long).
const MAX_SUBST_DEPTH: usize = 64;

/// The relation of a block and its edge locals (in creation order); with
/// `frame`, it determines every next-state variable; without, only those
/// read later and those in `keep` (the error state's `violation` mark).
pub(super) fn relation(
    decls: &[VarDecl],
    b: &Block,
    frame: bool,
    keep: &[String],
) -> (Vec<String>, Expr) {
    let vars: Vec<String> = decls.iter().map(|v| v.name.clone()).collect();
    let arrays: HashSet<String> = decls
        .iter()
        .filter(|v| v.sort == VarSort::IntArray)
        .map(|v| v.name.clone())
        .collect();
    let order: HashMap<&str, usize> = vars
        .iter()
        .enumerate()
        .map(|(i, v)| (v.as_str(), i))
        .collect();
    let mut last_read = HashMap::new();
    if !frame {
        last_reads(b, &mut 0, &mut last_read);
        for k in keep {
            last_read.insert(k.clone(), usize::MAX);
        }
    }
    let mut s = Ssa {
        order,
        last_read: (!frame).then_some(last_read),
        pos: 0,
        counters: HashMap::new(),
        locals: Vec::new(),
        env: HashMap::new(),
        log: Vec::new(),
        arrays,
        frame,
    };
    let mut conj = Vec::new();
    s.enc(b, &mut conj, &HashSet::new());
    if !frame {
        for x in keep.iter().filter(|k| vars.contains(k)) {
            conj.push(Expr::eq(Expr::Next(x.clone()), s.get(x)));
        }
    }
    if frame {
        for x in &vars {
            let v = s.get(x);
            // `x'` itself: havocked, or already framed in each branch.
            if v != Expr::Next(x.clone()) {
                conj.push(Expr::eq(Expr::Next(x.clone()), v));
            }
        }
    }
    let rel = simplify(eliminate(simplify(Expr::And(conj)), &s.locals));
    let mut vs = Vec::new();
    rel.collect_vars(&mut vs, &mut Vec::new());
    let used: HashSet<String> = vs.into_iter().collect();
    let kept = s.locals.into_iter().filter(|l| used.contains(l)).collect();
    (kept, rel)
}

/// Records for each variable the last operation (numbered in the order
/// [`Ssa::enc`] visits them) that reads it.
fn last_reads(b: &Block, pos: &mut usize, out: &mut HashMap<String, usize>) {
    let read = match b {
        Block::Op(Op::Assume(e), _) | Block::Op(Op::Assign(_, e), _) => Some(e),
        Block::Op(..) => None,
        Block::Seq(v) => return v.iter().for_each(|x| last_reads(x, pos, out)),
        Block::Choice(v) => return v.iter().for_each(|x| last_reads(x, pos, out)),
    };
    if let Some(e) = read {
        let mut vs = Vec::new();
        e.collect_vars(&mut vs, &mut Vec::new());
        for v in vs {
            out.insert(v, *pos);
        }
    }
    *pos += 1;
}

struct Ssa<'a> {
    /// Position of each state variable (joins are made in this order).
    order: HashMap<&'a str, usize>,
    /// Without a frame: the last operation reading each variable. A choice
    /// joins only variables read after it; this counts reads in other
    /// branches of enclosing choices too, which only keeps a few joins more.
    last_read: Option<HashMap<String, usize>>,
    /// Operations visited so far.
    pos: usize,
    counters: HashMap<String, u32>,
    locals: Vec<String>,
    /// Current value of each variable that differs from itself.
    env: HashMap<String, Expr>,
    /// Undo log of `env` (variable, previous value), so a choice encodes
    /// each branch from the same environment without copying it.
    log: Vec<(String, Option<Expr>)>,
    /// The array state variables.
    arrays: HashSet<String>,
    /// Whether the relation ends with the frame.
    frame: bool,
}

fn atomic(e: &Expr) -> bool {
    matches!(e, Expr::Var(_) | Expr::Int(_))
}

impl Ssa<'_> {
    fn fresh(&mut self, x: &str) -> String {
        let c = self.counters.entry(x.to_string()).or_insert(0);
        *c += 1;
        let name = format!("{x}@{c}");
        self.locals.push(name.clone());
        name
    }
    fn get(&self, x: &str) -> Expr {
        self.env
            .get(x)
            .cloned()
            .unwrap_or_else(|| Expr::Var(x.to_string()))
    }
    fn set(&mut self, x: &str, v: Expr) {
        let old = self.env.insert(x.to_string(), v);
        self.log.push((x.to_string(), old));
    }
    fn undo(&mut self, mark: usize) {
        while self.log.len() > mark {
            let Some((x, old)) = self.log.pop() else {
                break;
            };
            match old {
                Some(v) => self.env.insert(x, v),
                None => self.env.remove(&x),
            };
        }
    }
    fn subst(&self, e: &Expr) -> Expr {
        if self.env.is_empty() {
            return e.clone();
        }
        e.map_vars(&|n| self.env.get(n).cloned())
    }

    /// Encodes `b`; `after` holds the arrays some later operation of the
    /// block (on a path through `b`) mentions.
    fn enc(&mut self, b: &Block, out: &mut Vec<Expr>, after: &HashSet<String>) {
        if let Block::Op(..) = b {
            self.pos += 1;
        }
        match b {
            Block::Op(Op::Skip, _) => {}
            Block::Op(Op::Assume(c), _) => out.push(self.subst(c)),
            Block::Op(Op::Assign(x, e), _) => {
                let v = self.subst(e);
                if atomic(&v) || self.arrays.contains(x) {
                    self.set(x, v);
                } else {
                    let l = self.fresh(x);
                    self.set(x, Expr::Var(l.clone()));
                    out.push(Expr::eq(Expr::Var(l), v));
                }
            }
            Block::Op(Op::Havoc(x), _) if self.arrays.contains(x) => {
                self.set(x, Expr::Next(x.clone()));
            }
            Block::Op(Op::Havoc(x), _) => {
                let l = self.fresh(x);
                self.set(x, Expr::Var(l));
            }
            Block::Seq(v) if self.arrays.is_empty() => {
                v.iter().for_each(|x| self.enc(x, out, after))
            }
            Block::Seq(v) => {
                let mut afters = Vec::with_capacity(v.len());
                let mut later = after.clone();
                for x in v.iter().rev() {
                    afters.push(later.clone());
                    self.mentions(x, &mut later);
                }
                for (x, a) in v.iter().zip(afters.iter().rev()) {
                    self.enc(x, out, a);
                }
            }
            Block::Choice(v) => self.choice(v, out, after),
        }
    }

    /// Adds the arrays `b` reads or writes.
    fn mentions(&self, b: &Block, out: &mut HashSet<String>) {
        match b {
            Block::Op(op, _) => {
                let (target, read) = match op {
                    Op::Assign(x, e) => (Some(x), Some(e)),
                    Op::Havoc(x) => (Some(x), None),
                    Op::Assume(e) => (None, Some(e)),
                    Op::Skip => (None, None),
                };
                if let Some(x) = target.filter(|x| self.arrays.contains(*x)) {
                    out.insert(x.clone());
                }
                if let Some(e) = read {
                    let mut vs = Vec::new();
                    e.collect_vars(&mut vs, &mut Vec::new());
                    out.extend(vs.into_iter().filter(|v| self.arrays.contains(v)));
                }
            }
            Block::Seq(v) => v.iter().for_each(|x| self.mentions(x, out)),
            Block::Choice(v) => v.iter().for_each(|x| self.mentions(x, out)),
        }
    }

    /// The value of array `x` after a choice whose branches give it
    /// different values (see the module doc).
    fn join_array(
        &mut self,
        x: &str,
        base: &Expr,
        branches: &mut [(Vec<Expr>, HashMap<String, Expr>)],
        after: &HashSet<String>,
    ) -> Expr {
        let vals: Vec<Expr> = branches
            .iter()
            .map(|(_, ch)| ch.get(x).cloned().unwrap_or_else(|| base.clone()))
            .collect();
        let next = Expr::Next(x.to_string());
        if !after.contains(x) {
            if self.frame {
                for ((c, _), v) in branches.iter_mut().zip(&vals) {
                    if *v != next {
                        c.push(Expr::eq(next.clone(), v.clone()));
                    }
                }
            }
            return next;
        }
        debug_assert!(
            !vals.contains(&next),
            "a havocked array is read in its block"
        );
        let writes: Option<Vec<Vec<(Expr, Expr)>>> = vals.iter().map(|v| peel(v, base)).collect();
        let Some(writes) = writes else {
            // Some branch replaced the whole array: select its value by a selector local.
            let s = self.fresh(&format!("{x}#s"));
            for (k, (c, _)) in branches.iter_mut().enumerate() {
                c.push(Expr::eq(Expr::var(&s), Expr::int(k as i64)));
            }
            let mut acc = vals[vals.len() - 1].clone();
            for k in (0..vals.len() - 1).rev() {
                let is_k = Expr::eq(Expr::var(&s), Expr::int(k as i64));
                acc = Expr::Ite(Box::new(is_k), Box::new(vals[k].clone()), Box::new(acc));
            }
            return acc;
        };
        let m = writes.iter().map(Vec::len).max().unwrap_or(0);
        // Each branch's writes, padded to `m` slots: a repeated first write
        // changes nothing, nor does `store(b, k, b[k])` for any `k` (a
        // branch without writes takes the index of the longest branch).
        let longest = writes
            .iter()
            .find(|w| w.len() == m)
            .cloned()
            .unwrap_or_default();
        let padded: Vec<Vec<(Expr, Expr)>> = writes
            .into_iter()
            .map(|w| match w.first() {
                None => longest
                    .iter()
                    .map(|(k, _)| (k.clone(), Expr::select(base.clone(), k.clone())))
                    .collect(),
                Some(first) => {
                    let mut p = vec![first.clone(); m - w.len()];
                    p.extend(w);
                    p
                }
            })
            .collect();
        let mut joined = base.clone();
        for j in 0..m {
            // An index or value all branches agree on needs no local.
            let mut part = |k: usize, tag: &str| -> Expr {
                let pick = |w: &(Expr, Expr)| if k == 0 { w.0.clone() } else { w.1.clone() };
                let first = pick(&padded[0][j]);
                if padded.iter().all(|w| pick(&w[j]) == first) {
                    return first;
                }
                let l = self.fresh(&format!("{x}#{tag}"));
                for ((c, _), w) in branches.iter_mut().zip(&padded) {
                    c.push(Expr::eq(Expr::var(&l), pick(&w[j])));
                }
                Expr::var(&l)
            };
            let i = part(0, "i");
            let v = part(1, "v");
            joined = Expr::store(joined, i, v);
        }
        joined
    }

    /// Encodes each branch from the current environment and joins the
    /// variables some branch changed.
    fn choice(&mut self, v: &[Block], out: &mut Vec<Expr>, after: &HashSet<String>) {
        let mark = self.log.len();
        let mut branches: Vec<(Vec<Expr>, HashMap<String, Expr>)> = Vec::new();
        for x in v {
            let mut c = Vec::new();
            self.enc(x, &mut c, after);
            let changed: HashMap<String, Expr> = self.log[mark..]
                .iter()
                .map(|(n, _)| (n.clone(), self.get(n)))
                .collect();
            self.undo(mark);
            branches.push((c, changed));
        }
        let mut names: Vec<String> = branches
            .iter()
            .flat_map(|(_, ch)| ch.keys().cloned())
            .collect::<HashSet<_>>()
            .into_iter()
            .collect();
        names.sort_by(|a, b| {
            let key = |n: &String| self.order.get(n.as_str()).copied().unwrap_or(usize::MAX);
            key(a).cmp(&key(b)).then_with(|| a.cmp(b))
        });
        let end = self.pos;
        let live = |x: &str| match &self.last_read {
            None => true,
            Some(m) => m.get(x).is_some_and(|&p| p >= end),
        };
        let names: Vec<String> = names
            .into_iter()
            .filter(|x| self.arrays.contains(x) || live(x))
            .collect();
        for x in names {
            let base = self.get(&x);
            let value = |ch: &HashMap<String, Expr>| ch.get(&x).cloned().unwrap_or(base.clone());
            let first = value(&branches[0].1);
            if branches.iter().all(|(_, ch)| value(ch) == first) {
                self.set(&x, first);
                continue;
            }
            if self.arrays.contains(&x) {
                let joined = self.join_array(&x, &base, &mut branches, after);
                self.set(&x, joined);
                continue;
            }
            let l = self.fresh(&x);
            for (c, ch) in branches.iter_mut() {
                c.push(Expr::eq(Expr::Var(l.clone()), value(ch)));
            }
            self.set(&x, Expr::Var(l));
        }
        out.push(Expr::Or(
            branches.into_iter().map(|(c, _)| Expr::And(c)).collect(),
        ));
    }
}

/// The writes that make `v` from `base` (`v = store(..store(base, i1, v1).., ik, vk)`),
/// innermost first; `None` if `v` is not such a chain.
fn peel(v: &Expr, base: &Expr) -> Option<Vec<(Expr, Expr)>> {
    let mut out = Vec::new();
    let mut cur = v;
    while cur != base {
        let Expr::Store(a, i, x) = cur else {
            return None;
        };
        out.push(((**i).clone(), (**x).clone()));
        cur = a;
    }
    out.reverse();
    Some(out)
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
        1 => out.pop().unwrap_or(Expr::Bool(is_and)),
        _ if is_and => Expr::And(out),
        _ => Expr::Or(out),
    }
}

/// Substitutes defining equalities away: a conjunct `l == t` of a
/// conjunction (reached from the root through `&&`/`||` only, so in
/// positive position) that contains every occurrence of the edge local `l`,
/// with `t` free of primed variables and of locals created after `l` (so
/// definitions cannot be cyclic), where `t` is a variable or constant or `l`
/// is used at most once more. Then `exists l. (l == t && phi)` is `phi[t/l]`.
///
/// One scan finds, for each local, its occurrence count and the innermost
/// junction containing all its occurrences; locals are then decided newest
/// first (a substitution only changes the counts of older locals, which
/// are decided later), and one rewrite applies all substitutions.
fn eliminate(rel: Expr, locals: &[String]) -> Expr {
    if locals.is_empty() {
        return rel;
    }
    let index: HashMap<&str, usize> = locals
        .iter()
        .enumerate()
        .map(|(i, l)| (l.as_str(), i))
        .collect();
    let mut sc = Scan {
        index: &index,
        parent: vec![0],
        depth: vec![0],
        count: vec![0; locals.len()],
        lca: vec![None; locals.len()],
        defs: HashMap::new(),
    };
    sc.scan(&rel, 0);
    // Decide, newest local first.
    let mut cands: Vec<usize> = sc.defs.keys().copied().collect();
    cands.sort_unstable_by(|a, b| b.cmp(a));
    let mut chosen: HashMap<usize, (usize, usize, Expr)> = HashMap::new();
    for l in cands {
        let (node, i, t) = &sc.defs[&l];
        let n = sc.count[l];
        if sc.lca[l] != Some(*node) || !(atomic(t) || n <= 2) {
            continue;
        }
        // The definition goes; the other n - 1 occurrences become `t`.
        for v in sc.locals_in(t) {
            sc.count[v] = (sc.count[v] + n).saturating_sub(2);
        }
        chosen.insert(l, (*node, *i, t.clone()));
    }
    // Resolve oldest first (a definition only uses older locals); a
    // definition whose value would nest too deep keeps its local.
    let mut order: Vec<usize> = chosen.keys().copied().collect();
    order.sort_unstable();
    let mut value: HashMap<&str, Expr> = HashMap::new();
    let mut removed: HashSet<(usize, usize)> = HashSet::new();
    for l in order {
        let (node, i, t) = &chosen[&l];
        let r = t.map_vars(&|n| value.get(n).cloned());
        if sc.count[l] > 1 && r.depth() > MAX_SUBST_DEPTH {
            continue;
        }
        removed.insert((*node, *i));
        value.insert(locals[l].as_str(), r);
    }
    let mut rw = Rewrite {
        next: 0,
        removed: &removed,
        value: &value,
    };
    rw.junction(rel)
}

struct Scan<'a> {
    index: &'a HashMap<&'a str, usize>,
    /// Junction tree: node 0 is a virtual root.
    parent: Vec<usize>,
    depth: Vec<usize>,
    count: Vec<usize>,
    /// Innermost junction containing every occurrence of each local.
    lca: Vec<Option<usize>>,
    /// First candidate definition of each local: (junction, conjunct index, value).
    defs: HashMap<usize, (usize, usize, Expr)>,
}

impl Scan<'_> {
    fn scan(&mut self, e: &Expr, parent: usize) {
        let (Expr::And(v) | Expr::Or(v)) = e else {
            return self.leaf(e, parent);
        };
        let id = self.parent.len();
        self.parent.push(parent);
        self.depth.push(self.depth[parent] + 1);
        for (i, c) in v.iter().enumerate() {
            if matches!(e, Expr::And(_)) {
                if let Some((l, t)) = self.definition(c) {
                    self.defs.entry(l).or_insert((id, i, t.clone()));
                }
            }
            self.scan(c, id);
        }
    }
    fn leaf(&mut self, e: &Expr, node: usize) {
        for l in self.locals_in(e) {
            self.count[l] += 1;
            self.lca[l] = Some(match self.lca[l] {
                None => node,
                Some(m) => self.meet(m, node),
            });
        }
    }
    fn meet(&self, mut a: usize, mut b: usize) -> usize {
        while self.depth[a] > self.depth[b] {
            a = self.parent[a];
        }
        while self.depth[b] > self.depth[a] {
            b = self.parent[b];
        }
        while a != b {
            a = self.parent[a];
            b = self.parent[b];
        }
        a
    }
    /// Occurrences of edge locals in `e` (with repetition).
    fn locals_in(&self, e: &Expr) -> Vec<usize> {
        let mut vs = Vec::new();
        e.collect_vars(&mut vs, &mut Vec::new());
        vs.iter()
            .filter_map(|v| self.index.get(v.as_str()).copied())
            .collect()
    }
    /// `l == t` or `t == l` with `t` free of primes and of locals newer than `l`.
    fn definition<'e>(&self, c: &'e Expr) -> Option<(usize, &'e Expr)> {
        let Expr::Eq(a, b) = c else { return None };
        [(&**a, &**b), (&**b, &**a)].into_iter().find_map(|(x, t)| {
            let Expr::Var(n) = x else { return None };
            let l = *self.index.get(n.as_str())?;
            let (mut vs, mut ns) = (Vec::new(), Vec::new());
            t.collect_vars(&mut vs, &mut ns);
            let older = vs
                .iter()
                .all(|v| self.index.get(v.as_str()).is_none_or(|&k| k < l));
            (ns.is_empty() && older).then_some((l, t))
        })
    }
}

/// The final rewrite: visits junctions in the scan's order to drop the
/// eliminated definitions and substitute their values.
struct Rewrite<'a> {
    next: usize,
    removed: &'a HashSet<(usize, usize)>,
    value: &'a HashMap<&'a str, Expr>,
}

impl Rewrite<'_> {
    fn junction(&mut self, e: Expr) -> Expr {
        let is_and = matches!(e, Expr::And(_));
        let (Expr::And(v) | Expr::Or(v)) = e else {
            if self.value.is_empty() {
                return e;
            }
            return e.map_vars(&|n| self.value.get(n).cloned());
        };
        self.next += 1;
        let id = self.next;
        let kept: Vec<Expr> = v
            .into_iter()
            .enumerate()
            .filter(|(i, _)| !(is_and && self.removed.contains(&(id, *i))))
            .map(|(_, c)| self.junction(c))
            .collect();
        if is_and {
            Expr::And(kept)
        } else {
            Expr::Or(kept)
        }
    }
}
