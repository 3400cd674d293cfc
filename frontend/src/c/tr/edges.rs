//! The control-flow automaton being built: named locations, and edges whose `ite`
//! operations are split into two paths.

use super::*;

impl Tr<'_> {
    // ---------------------------------------------------------------- CFA

    pub(super) fn named_loc(&mut self, base: &str) -> usize {
        let mut name = base.to_string();
        let mut k = 1;
        while self.loc_names.contains(&name) {
            k += 1;
            name = format!("{base}.{k}");
        }
        self.loc_names.insert(name.clone());
        self.cfa.locations.push(name);
        self.cfa.locations.len() - 1
    }
    pub(super) fn loc(&mut self, n: &Node) -> usize {
        self.named_loc(&format!("l{}_{}", n.at.line, n.at.col))
    }
    pub(super) fn loc_end(&mut self, n: &Node) -> usize {
        self.named_loc(&format!("l{}_{}", n.end.line, n.end.col))
    }
    /// Adds an edge. An `ite` in the operation is split into two paths
    /// (`[c]` then the operation with the then-branch, `[!c]` then with the
    /// else-branch), so relations and hence interpolants stay free of `ite`.
    pub(super) fn edge(&mut self, from: usize, to: usize, op: Op, src: Option<SourceStatement>) {
        self.record_location(from);
        let found = match &op {
            Op::Assign(_, e) | Op::Assume(e) => first_ite(e),
            _ => None,
        };
        let Some(target) = found else {
            self.cfa.edges.push(CfaEdge { from, to, op, src });
            return;
        };
        let Expr::Ite(c, a, b) = &target else {
            unreachable!()
        };
        let base = self.cfa.locations[from].clone();
        for (cond, with) in [((**c).clone(), a), (not((**c).clone()), b)] {
            let mid = self.named_loc(&format!("{base}.split"));
            let op2 = match &op {
                Op::Assign(x, e) => Op::Assign(x.clone(), replace(e, &target, with)),
                Op::Assume(e) => Op::Assume(fold(replace(e, &target, with))),
                _ => unreachable!(),
            };
            self.edge(from, mid, Op::Assume(fold(cond)), src.clone());
            self.edge(mid, to, op2, src.clone());
        }
    }
    /// Appends `op` at `*cur`, moving `*cur` to a fresh location.
    pub(super) fn emit(&mut self, cur: &mut usize, op: Op, n: &Node) {
        let next = self.loc_end(n);
        let src = self.src(n, None);
        self.edge(*cur, next, op, src);
        *cur = next;
    }
}

/// The first (outermost, leftmost) `ite` in `e`.
fn first_ite(e: &Expr) -> Option<Expr> {
    if let Expr::Ite(..) = e {
        return Some(e.clone());
    }
    e.children().into_iter().find_map(first_ite)
}

/// `e` with every occurrence of `target` replaced by `with`.
fn replace(e: &Expr, target: &Expr, with: &Expr) -> Expr {
    e.rewrite(&|x| (x == target).then(|| with.clone()))
}
