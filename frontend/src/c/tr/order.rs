//! Unspecified evaluation order: C leaves the order of most operands open
//! (`a + b`, `f(x, y)`, `a[i] = e`). certa evaluates left to right, which is
//! exact only when no operand writes a variable another one reads or
//! writes. This pass finds the expressions where the order could matter
//! (directly, or through the globals a called function reads and writes)
//! and refuses them, naming the place; an unsequenced write of the
//! assigned variable itself (`i = i++`) is undefined behaviour and refused
//! as such. Nothing is silently chosen.

use super::memory::{is_allocation, MEMORY};

/// The first pseudo-declaration of a memory region by scalar type: an
/// access of one type never touches an object of another, since the memory
/// model refuses what would read a byte through two types (`memory.rs`).
/// `MEMORY` itself stands for an access of any type (a whole struct).
const MEMORY_TYPED: u32 = u32::MAX - 1024;
/// The heap's next free address, which only allocations read and write
/// (the fresh block they give out is nobody else's yet).
const HEAP: DeclId = DeclId(u32::MAX - 1);

fn is_memory(d: DeclId) -> bool {
    d.0 >= MEMORY_TYPED
}

/// May accesses to `a` and `b` touch the same object?
fn same_place(a: DeclId, b: DeclId) -> bool {
    a == b
        || (a != HEAP && b != HEAP && is_memory(a) && is_memory(b) && (a == MEMORY || b == MEMORY))
}
use super::stmt::strip_parens;
use super::*;
use std::collections::BTreeSet;

/// The variables an expression (or a function) may read and write.
#[derive(Clone, Default, Debug)]
pub(super) struct Effects {
    reads: BTreeSet<DeclId>,
    writes: BTreeSet<DeclId>,
    /// Writes not inside a called function (unsequenced side effects).
    direct_writes: BTreeSet<DeclId>,
}

impl Effects {
    pub(super) fn union(&mut self, o: &Effects) {
        self.reads.extend(o.reads.iter().copied());
        self.writes.extend(o.writes.iter().copied());
        self.direct_writes.extend(o.direct_writes.iter().copied());
    }
    /// May the code write variable `v`?
    pub(super) fn writes_to(&self, v: DeclId) -> bool {
        self.writes.contains(&v)
    }
    /// Can the order of `self` and `o` change the result?
    pub(super) fn conflicts(&self, o: &Effects) -> bool {
        let touches = |set: &BTreeSet<DeclId>, w: DeclId| set.iter().any(|&x| same_place(w, x));
        self.writes
            .iter()
            .any(|&w| touches(&o.reads, w) || touches(&o.writes, w))
            || o.writes.iter().any(|&w| touches(&self.reads, w))
    }
}

impl<'a> Tr<'a> {
    /// Summarises every defined function: the variables its body (and the
    /// functions it calls) may read and write.
    pub(super) fn summarise_functions(&mut self) -> R<()> {
        let ids: Vec<DeclId> = self.funcs.keys().copied().collect();
        let mut busy = HashSet::new();
        for id in ids {
            self.summary(id, &mut busy);
        }
        Ok(())
    }

    pub(super) fn summary(&mut self, id: DeclId, busy: &mut HashSet<DeclId>) -> Effects {
        if let Some(e) = self.effects.get(&id) {
            return e.clone();
        }
        if !busy.insert(id) {
            // Recursion: refused when inlined; its effects are those seen so far.
            return Effects::default();
        }
        let f = self.funcs[&id];
        let mut e = Effects::default();
        self.collect(f, &mut e, busy);
        // A callee's writes are sequenced with respect to the caller's
        // operands, and only variables of static storage are shared.
        e.direct_writes.clear();
        e.reads
            .retain(|v| self.static_vars.contains(v) || is_memory(*v));
        e.writes
            .retain(|v| self.static_vars.contains(v) || is_memory(*v));
        busy.remove(&id);
        self.effects.insert(id, e.clone());
        e
    }

    /// Adds the reads and writes of `n` (all of its subtree) to `e`.
    pub(super) fn collect(&mut self, n: &Node, e: &mut Effects, busy: &mut HashSet<DeclId>) {
        match n.kind {
            Kind::DeclRefExpr => {
                if let Some(id) = n.decl {
                    if n.value.is_none() {
                        // A variable in memory is read through the memory regions.
                        e.reads.insert(if self.memory.in_memory.contains(&id) {
                            self.region_of(n)
                        } else {
                            id
                        });
                    }
                }
                return;
            }
            Kind::MemberRefExpr => {
                e.reads.insert(self.region_of(n));
            }
            Kind::ArraySubscriptExpr => {
                if let Some(t) = self.lvalue_target(n).filter(|t| is_memory(*t)) {
                    e.reads.insert(t);
                }
            }
            Kind::UnaryOperator if n.unop == Some(clang_ast::UnOp::Deref) => {
                if let Some(t) = self.lvalue_target(n).filter(|t| is_memory(*t)) {
                    e.reads.insert(t);
                }
            }
            Kind::CallExpr => {
                if let Some(c) = n.children.first().map(super::expr::strip_casts) {
                    let direct = c.kind == Kind::DeclRefExpr
                        && matches!(
                            c.ty.kind,
                            clang_ast::TypeKind::FunctionProto
                                | clang_ast::TypeKind::FunctionNoProto
                        );
                    if !direct {
                        // Through a pointer: any function whose address is taken.
                        let targets: Vec<DeclId> =
                            self.memory.functions.iter().map(|(f, _)| *f).collect();
                        for f in targets {
                            let s = self.summary(f, busy);
                            e.union(&s);
                        }
                    }
                    if let Some(id) = c.decl {
                        if self.funcs.contains_key(&id) {
                            let s = self.summary(id, busy);
                            e.union(&s);
                        }
                    }
                    // An allocation advances the heap's next free address.
                    if c.decl.is_none_or(|d| !self.funcs.contains_key(&d)) && is_allocation(&c.name)
                    {
                        e.reads.insert(HEAP);
                        e.writes.insert(HEAP);
                        e.direct_writes.insert(HEAP);
                        if c.name == "realloc" {
                            // It reads the old block (any type).
                            e.reads.insert(MEMORY);
                        }
                    }
                }
            }
            Kind::BinaryOperator if n.binop == Some(BinOp::Assign) => {
                if let Some(t) = n.children.first().and_then(|l| self.lvalue_target(l)) {
                    e.writes.insert(t);
                    e.direct_writes.insert(t);
                }
            }
            Kind::CompoundAssignOperator => {
                if let Some(t) = n.children.first().and_then(|l| self.lvalue_target(l)) {
                    e.writes.insert(t);
                    e.direct_writes.insert(t);
                }
            }
            Kind::UnaryOperator => {
                use clang_ast::UnOp::*;
                if matches!(n.unop, Some(PostInc | PostDec | PreInc | PreDec)) {
                    if let Some(t) = n.children.first().and_then(|l| self.lvalue_target(l)) {
                        e.writes.insert(t);
                        e.direct_writes.insert(t);
                    }
                }
            }
            Kind::VarDecl if n.init.is_some() => {
                if let Some(id) = n.decl {
                    e.writes.insert(id);
                }
                if let Some(i) = &n.init {
                    self.collect(i, e, busy);
                }
            }
            _ => {}
        }
        for c in &n.children {
            self.collect(c, e, busy);
        }
    }

    pub(super) fn effects_of(&mut self, n: &Node) -> Effects {
        let mut e = Effects::default();
        let mut busy = HashSet::new();
        self.collect(n, &mut e, &mut busy);
        e
    }

    /// Refuses a full expression whose value or effect depends on an
    /// evaluation order C leaves unspecified, or that modifies a variable
    /// twice without a sequence point.
    pub(super) fn check_order(&mut self, n: &Node) -> R<()> {
        let operands: Vec<&Node> = match n.kind {
            Kind::BinaryOperator => match n.binop {
                Some(BinOp::LAnd | BinOp::LOr | BinOp::Comma) | None => Vec::new(),
                Some(BinOp::Assign) => {
                    self.check_assignment(n)?;
                    Vec::new()
                }
                Some(_) => n.children.iter().collect(),
            },
            Kind::CompoundAssignOperator => {
                self.check_assignment(n)?;
                Vec::new()
            }
            Kind::CallExpr | Kind::ArraySubscriptExpr => n.children.iter().collect(),
            _ => Vec::new(),
        };
        if operands.len() >= 2 {
            let effects: Vec<Effects> = operands.iter().map(|o| self.effects_of(o)).collect();
            for i in 0..effects.len() {
                for j in i + 1..effects.len() {
                    if effects[i].conflicts(&effects[j]) {
                        let what = format!(
                            "an evaluation order C leaves unspecified (`{}` and `{}`: one writes what the other reads or writes)",
                            self.snippet(operands[i]),
                            self.snippet(operands[j])
                        );
                        return Err(self.unsup(n, &what));
                    }
                }
            }
        }
        if n.kind == Kind::VarDecl {
            if let Some(i) = &n.init {
                return self.check_order(i);
            }
        }
        for c in &n.children {
            self.check_order(c)?;
        }
        Ok(())
    }

    /// `lhs = rhs` / `lhs op= rhs`: the store is sequenced after both
    /// operands, but the operands are unsequenced with each other, and a
    /// side effect of `rhs` on the assigned variable is undefined behaviour.
    pub(super) fn check_assignment(&mut self, n: &Node) -> R<()> {
        let [lhs, rhs] = n.children.as_slice() else {
            return Ok(());
        };
        let r = self.effects_of(rhs);
        let t = self.lvalue_target(lhs);
        if let Some(t) = t.filter(|t| !is_memory(*t)) {
            if r.direct_writes.contains(&t) {
                let what = format!(
                    "undefined behaviour: `{}` is modified twice without a sequence point",
                    self.snippet(lhs)
                );
                return Err(self.unsup(n, &what));
            }
        }
        // What evaluating the left operand reads besides its target (an
        // index), or writes; for `op=` the target is read too.
        let mut l = Effects::default();
        let inner = strip_parens(lhs);
        let sub: Vec<&Node> = match inner.kind {
            Kind::DeclRefExpr => Vec::new(),
            _ => inner.children.iter().skip(1).collect(),
        };
        for s in sub {
            let e = self.effects_of(s);
            l.union(&e);
        }
        if n.kind == Kind::CompoundAssignOperator {
            if let Some(t) = t {
                l.reads.insert(t);
            }
        }
        if l.conflicts(&r) {
            let what = format!(
                "an evaluation order C leaves unspecified (`{}` and `{}`: one writes what the other reads or writes)",
                self.snippet(lhs),
                self.snippet(rhs)
            );
            return Err(self.unsup(n, &what));
        }
        Ok(())
    }
}

impl Tr<'_> {
    /// The variable an lvalue denotes (an array for an element), or
    /// `MEMORY` for an object in memory (a variable whose address is
    /// taken, a field, anything reached through a pointer).
    fn lvalue_target(&self, lhs: &Node) -> Option<DeclId> {
        let e = super::expr::strip_casts(lhs);
        match e.kind {
            Kind::DeclRefExpr => e.decl.map(|d| {
                if self.memory.in_memory.contains(&d) {
                    self.region_of(e)
                } else {
                    d
                }
            }),
            Kind::MemberRefExpr => Some(self.region_of(e)),
            Kind::ArraySubscriptExpr | Kind::UnaryOperator => {
                // An element of an array variable that is not in memory is
                // that variable; through any pointer it is memory.
                let base = super::expr::strip_casts(e.children.first()?);
                match base.kind {
                    Kind::DeclRefExpr if is_array_type(&base.ty) => self.lvalue_target(base),
                    Kind::DeclRefExpr
                        if base
                            .decl
                            .is_some_and(|d| self.memory.array_like.contains(&d)) =>
                    {
                        base.decl
                    }
                    Kind::ArraySubscriptExpr => match self.lvalue_target(base) {
                        Some(t) if is_memory(t) => Some(self.region_of(e)),
                        other => other,
                    },
                    _ => Some(self.region_of(e)),
                }
            }
            _ => None,
        }
    }
}

impl Tr<'_> {
    /// The region pseudo-declaration of an access to the object `n`
    /// designates: by its scalar type, or `MEMORY` for any other object.
    fn region_of(&self, n: &Node) -> DeclId {
        match self.scalar_type(&n.ty, n) {
            Ok(Some(t)) => {
                let code = t.bits * 8
                    + 4 * u32::from(t.signed)
                    + 2 * u32::from(t.pointer)
                    + u32::from(t.boolean);
                DeclId(MEMORY_TYPED + code.min(1000))
            }
            _ => MEMORY,
        }
    }
}

fn is_array_type(t: &clang_ast::Type) -> bool {
    matches!(
        t.kind,
        clang_ast::TypeKind::ConstantArray
            | clang_ast::TypeKind::IncompleteArray
            | clang_ast::TypeKind::VariableArray
    )
}
