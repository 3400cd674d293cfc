//! Checked arithmetic: signed overflow, division by zero and out-of-range
//! shift amounts become edges to the error location, placed at the
//! operation, each marking its check site in the error state.
//!
//! An operation queues its check (`queue_check`) where it computes; the
//! caller, which owns the current location, emits it (`flush_checks`)
//! before the value is used. Inside an operand evaluated without branching
//! (the right side of a side-effect-free `&&`, `||` or `?:`), checks are
//! guarded by the condition under which C evaluates that operand
//! (`spec_guards`), so a check never fires on a path C does not take.
//!
//! The error state records which check it reached in a state variable
//! (`violation`): 0 for `reach_error`, `k` for check site `k` (see
//! [`CheckSite`]); it is assigned only on edges into the error location.

use super::*;

/// What a check site guards against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CheckKind {
    /// A signed result out of its type's range (C: undefined).
    Overflow,
    /// Division or remainder by zero (C: undefined).
    DivisionByZero,
    /// A shift by a negative amount or by the width or more (C: undefined).
    ShiftAmount,
    /// `MIN % -1` (C11: undefined, its quotient does not fit; SV-COMP's
    /// NoOverflows lists only + - * / unary - and <<, so not an overflow).
    RemainderOverflow,
}

impl CheckKind {
    pub fn name(self) -> &'static str {
        match self {
            CheckKind::Overflow => "signed overflow",
            CheckKind::DivisionByZero => "division by zero",
            CheckKind::ShiftAmount => "shift amount out of range",
            CheckKind::RemainderOverflow => "remainder of the minimum by -1",
        }
    }
}

/// One checked operation of the program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckSite {
    /// The value of the `violation` variable in the error state (from 1).
    pub id: u32,
    pub kind: CheckKind,
    pub file: String,
    pub line: u32,
    pub col: u32,
    /// The operation's source text.
    pub text: String,
}

/// A queued check: the condition of the violation, its kind, and where.
pub(super) struct Pending<'a> {
    cond: Expr,
    kind: CheckKind,
    at: &'a Node,
}

/// Name of the state variable marking the check the error state reached.
pub const VIOLATION: &str = "violation";

impl<'a> Tr<'a> {
    /// Queues a check that `cond` (the violation) does not hold, under the
    /// guards of the operand being evaluated. A violation that folds to
    /// `false` needs no check.
    pub(super) fn queue_check(&mut self, cond: Expr, kind: CheckKind, at: &'a Node) {
        let cond = fold(
            self.spec_guards
                .iter()
                .cloned()
                .fold(cond, |c, g| and(g, c)),
        );
        if cond == Expr::Bool(false) {
            return;
        }
        self.pending.push(Pending { cond, kind, at });
    }

    /// Queues the overflow check of a signed result `e` of type `ty`
    /// (when the properties check overflow and `e` may leave the range).
    pub(super) fn check_range(&mut self, e: &Expr, ty: Ty, at: &'a Node) {
        if !self.props.checks_overflow() || !ty.signed || ty.pointer || ty.boolean {
            return;
        }
        if interval(e, &self.var_ty).within(&ty.min(), &ty.max()) {
            return;
        }
        let out = not(in_range(e.clone(), &ty));
        self.queue_check(out, CheckKind::Overflow, at);
    }

    /// Emits the queued checks at `*cur` (unless evaluating a guarded
    /// operand: its enclosing expression emits them): an edge to the error
    /// location where the violation holds, and on where it does not.
    pub(super) fn flush_checks(&mut self, cur: &mut usize) {
        if !self.spec_guards.is_empty() {
            return;
        }
        for p in std::mem::take(&mut self.pending) {
            if self.props.block_undefined {
                // Runs with undefined arithmetic end here, unconsidered.
                let src = self.src(p.at, None);
                let next = self.loc_end(p.at);
                self.edge(*cur, next, Op::Assume(fold(not(p.cond))), src);
                *cur = next;
                continue;
            }
            let id = self.sites.len() as u32 + 1;
            let (file, pos) = self.pos(p.at);
            let text = self.snippet(p.at);
            self.sites.push(CheckSite {
                id,
                kind: p.kind,
                file,
                line: pos.line,
                col: pos.col,
                text,
            });
            let src = self.src(p.at, None);
            let bad = self.cfa.bad;
            let first = self.cfa.edges.len();
            self.edge(*cur, bad, Op::Assume(p.cond.clone()), src.clone());
            for i in first..self.cfa.edges.len() {
                if self.cfa.edges[i].to == bad {
                    self.site_edges.insert(i, id);
                }
            }
            let next = self.loc_end(p.at);
            self.edge(*cur, next, Op::Assume(fold(not(p.cond))), src);
            *cur = next;
        }
    }

    /// Evaluates `f` as an operand C evaluates only where `guard` holds.
    pub(super) fn guarded<T>(&mut self, guard: Expr, f: impl FnOnce(&mut Self) -> T) -> T {
        self.spec_guards.push(guard);
        let r = f(self);
        self.spec_guards.pop();
        r
    }

    /// Marks every edge into the error location with the check it reached
    /// (a `violation` assignment just before it), if the program has checks.
    pub(super) fn mark_violations(&mut self) {
        if self.sites.is_empty() {
            return;
        }
        let v = self.fresh_name(VIOLATION);
        let bad = self.cfa.bad;
        for i in 0..self.cfa.edges.len() {
            if self.cfa.edges[i].to != bad {
                continue;
            }
            let id = self.site_edges.get(&i).copied().unwrap_or(0);
            let mid = self.named_loc("violation");
            self.cfa.edges[i].to = mid;
            let src = self.cfa.edges[i].src.clone();
            self.cfa.edges.push(CfaEdge {
                from: mid,
                to: bad,
                op: Op::Assign(v.clone(), Expr::int(id as i64)),
                src,
            });
        }
        self.violation_var = Some(v);
    }
}
