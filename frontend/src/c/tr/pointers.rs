//! Pointer values: conversions (array decay, `NULL`, `void *`), pointer
//! arithmetic in units of the pointee (clang's size), differences and
//! comparisons of addresses. Which conversions are refused, and why, is in
//! `tr/memory.rs`: no byte may be read through two regions.

use super::expr::strip_casts;
use super::memory::is_allocation;
use super::stmt::strip_parens;
use super::*;

impl<'a> Tr<'a> {
    /// The value of the conversion `e` of `x` when a pointer is involved
    /// (`None`: an integer conversion, for the caller).
    pub(super) fn pointer_conversion(
        &mut self,
        e: &'a Node,
        x: &'a Node,
        cur: &mut usize,
    ) -> R<Option<V>> {
        let from_fn = matches!(
            x.ty.kind,
            TypeKind::FunctionProto | TypeKind::FunctionNoProto
        );
        if e.ty.kind != TypeKind::Pointer {
            if x.ty.kind == TypeKind::Pointer && e.ty.kind != TypeKind::Bool {
                return Err(self.unsup(e, "a pointer converted to an integer"));
            }
            return Ok(None);
        }
        let t = self.int_type(&e.ty, e)?;
        if from_fn {
            let a = self.function_address(x, cur)?;
            return Ok(Some(V::I(a, t, true)));
        }
        if matches!(
            x.ty.kind,
            TypeKind::ConstantArray | TypeKind::IncompleteArray | TypeKind::VariableArray
        ) {
            let b = strip_parens(x);
            if b.kind == Kind::StringLiteral {
                return Ok(Some(V::I(self.string_literal(b)?, t, true)));
            }
            if b.kind == Kind::DeclRefExpr && self.lookup(b)?.mem.is_none() {
                let what = format!("array `{}` used as a pointer value", self.snippet(x));
                return Err(self.unsup(e, &what));
            }
            let a = self.address(x, cur)?;
            return Ok(Some(V::I(a, t, true)));
        }
        if x.ty.kind == TypeKind::Pointer {
            let inner = strip_casts(x);
            if inner.kind == Kind::CallExpr {
                let callee = inner.children.first().map(strip_casts);
                let undefined = callee.is_some_and(|c| {
                    is_allocation(&c.name) && !c.decl.is_some_and(|id| self.funcs.contains_key(&id))
                });
                if undefined {
                    let elem = e.ty.elem.as_deref().cloned();
                    let v = self.allocate(inner, elem.as_ref(), cur)?;
                    return Ok(Some(v));
                }
                let wrapper = callee
                    .and_then(|c| c.decl)
                    .and_then(|id| self.funcs.get(&id).copied())
                    .filter(|f| self.allocating_wrapper(f))
                    .filter(|_| {
                        // No other call may take the hint.
                        let mut found = Vec::new();
                        inner
                            .children
                            .iter()
                            .skip(1)
                            .for_each(|a| calls_in(a, &mut found));
                        found.is_empty()
                    });
                let object = e.ty.elem.as_deref().filter(|t| {
                    t.kind != TypeKind::Void
                        && (t.size > 0 || (t.kind == TypeKind::Record && t.size == 0))
                });
                if let (Some(_), Some(t)) = (wrapper, object) {
                    // Its one allocation makes the object the caller sees.
                    self.alloc_hint = Some(t.clone());
                    let v = self.rv(x, cur);
                    self.alloc_hint = None;
                    let (y, _) = self.exact(v?);
                    return Ok(Some(V::I(y, self.int_type(&e.ty, e)?, true)));
                }
            }
            let (to, from) = (e.ty.elem.as_deref(), x.ty.elem.as_deref());
            let compatible = match (to, from) {
                (Some(a), Some(b)) => {
                    a.kind == TypeKind::Void || b.kind == TypeKind::Void || same_type(a, b)
                }
                _ => false,
            };
            if !compatible {
                let what = format!(
                    "a cast between pointers to different types ({} to {})",
                    x.ty.spelling, e.ty.spelling
                );
                return Err(self.unsup(e, &what));
            }
            let v = self.rv(x, cur)?;
            let (y, _) = self.exact(v);
            return Ok(Some(V::I(y, t, true)));
        }
        if self.int_constant(x).is_some_and(|k| k.is_zero()) {
            return Ok(Some(V::I(Expr::int(0), t, true)));
        }
        Err(self.unsup(e, "an integer converted to a pointer"))
    }

    /// The address of the function `x` designates: a function the program
    /// defines and whose address is taken, or `*p` of a function pointer.
    pub(super) fn function_address(&mut self, x: &'a Node, cur: &mut usize) -> R<Expr> {
        let b = strip_casts(x);
        match b.kind {
            Kind::DeclRefExpr
                if b.decl
                    .is_some_and(|d| self.memory.function_params.contains(&d)) =>
            {
                let v = self.rv(b, cur)?;
                Ok(self.exact(v).0)
            }
            Kind::DeclRefExpr => match b.decl.and_then(|f| self.memory.function_address(f)) {
                Some(a) => Ok(Expr::int(a)),
                None => Err(self.unsup(
                    b,
                    &format!(
                        "the address of `{}`, a function the program does not define",
                        b.name
                    ),
                )),
            },
            Kind::UnaryOperator
                if b.unop == Some(clang_ast::UnOp::Deref) && b.children.len() == 1 =>
            {
                let v = self.rv(&b.children[0], cur)?;
                Ok(self.exact(v).0)
            }
            _ => Err(self.unsup(x, "this function designator")),
        }
    }

    /// Does `f` return `void *` and make exactly one allocation, calling no
    /// other function the program defines? Then the block its result
    /// points to is the one that allocation made (or `NULL`).
    fn allocating_wrapper(&self, f: &Node) -> bool {
        let returns_void_pointer = f.ty.elem.as_deref().is_some_and(|r| {
            r.kind == TypeKind::Pointer
                && r.elem.as_deref().is_some_and(|p| p.kind == TypeKind::Void)
        });
        if !returns_void_pointer {
            return false;
        }
        let mut found = Vec::new();
        calls_in(f, &mut found);
        // (An initialiser may be both a child and `init`.)
        found.sort_by_key(|c| (c.at.offset, c.end.offset));
        found.dedup_by_key(|c| (c.at.offset, c.end.offset));
        let mut allocations = 0;
        for c in found {
            let callee = c.children.first().map(strip_casts);
            let defined = callee
                .and_then(|c| c.decl)
                .is_some_and(|id| self.funcs.contains_key(&id));
            if defined {
                return false;
            }
            if callee.is_some_and(|c| is_allocation(&c.name)) {
                allocations += 1;
            }
        }
        allocations == 1
    }

    /// `lhs op rhs` where an operand or the result is a pointer.
    pub(super) fn pointer_binary(
        &mut self,
        e: &'a Node,
        op: BinOp,
        lhs: &'a Node,
        rhs: &'a Node,
        compare: bool,
        cur: &mut usize,
    ) -> R<V> {
        let pointer = |t: &Type| t.kind == TypeKind::Pointer;
        let va = self.rv(lhs, cur)?;
        let va = self.snapshot(va, &[rhs], lhs, cur);
        let vb = self.rv(rhs, cur)?;
        if compare {
            if !(pointer(&lhs.ty) && pointer(&rhs.ty)) {
                return Err(self.unsup(e, "a comparison of a pointer with an integer"));
            }
            let (a, _) = self.exact(va);
            let (b, _) = self.exact(vb);
            return Ok(V::B(cmp(op, a, b)));
        }
        match (op, pointer(&lhs.ty), pointer(&rhs.ty)) {
            (BinOp::Add, true, false) => self.pointer_offset(va, vb, false, &lhs.ty, e),
            (BinOp::Add, false, true) => self.pointer_offset(vb, va, false, &rhs.ty, e),
            (BinOp::Sub, true, false) => self.pointer_offset(va, vb, true, &lhs.ty, e),
            (BinOp::Sub, true, true) => {
                // Inside one object the difference is a multiple of the size.
                let size = self.pointee_size(&lhs.ty, e)?;
                let t = self.int_type(&e.ty, e)?;
                let (a, _) = self.exact(va);
                let (b, _) = self.exact(vb);
                let d = sub(a, b);
                let d = if size == 1 {
                    d
                } else {
                    Expr::Div(Box::new(d), Num(BigInt::from(size)))
                };
                Ok(V::I(fold(d), t, true))
            }
            _ => Err(self.unsup(e, "this operator on pointers")),
        }
    }

    /// `p + i` (or `p - i`) for a pointer of C type `pty`.
    pub(super) fn pointer_offset(
        &mut self,
        p: V,
        i: V,
        minus: bool,
        pty: &Type,
        at: &Node,
    ) -> R<V> {
        let size = self.pointee_size(pty, at)?;
        let t = self.int_type(pty, at)?;
        let (p, _) = self.exact(p);
        let (i, _) = self.exact(i);
        let step = fold(Expr::Mul(Num(BigInt::from(size)), Box::new(i)));
        let r = if minus { sub(p, step) } else { add(p, step) };
        Ok(V::I(fold(r), t, true))
    }

    /// The size of what a pointer of C type `pty` points to.
    pub(super) fn pointee_size(&self, pty: &Type, at: &Node) -> R<i64> {
        match pty.elem.as_deref() {
            Some(t) if t.size > 0 => Ok(t.size),
            // GNU C (gcc and clang): `void *` steps by one byte.
            Some(t) if t.kind == TypeKind::Void => Ok(1),
            _ => Err(self.unsup(at, "arithmetic on pointers to incomplete types")),
        }
    }
}

/// Are two clang types the same (qualifiers aside)?
pub(super) fn same_type(a: &Type, b: &Type) -> bool {
    if a.kind != b.kind || a.size != b.size {
        return false;
    }
    match a.kind {
        TypeKind::Record => a.record == b.record,
        TypeKind::Pointer | TypeKind::ConstantArray | TypeKind::IncompleteArray => {
            a.len == b.len
                && match (a.elem.as_deref(), b.elem.as_deref()) {
                    (Some(x), Some(y)) => same_type(x, y),
                    _ => false,
                }
        }
        TypeKind::FunctionProto | TypeKind::FunctionNoProto => compatible_functions(a, b),
        _ => true,
    }
}

/// May a function of type `a` be called through a pointer to `b` (C17
/// 6.7.6.3p15, without the default argument promotions of unprototyped
/// functions): the same result type and, when both have prototypes, the
/// same parameter types.
pub(super) fn compatible_functions(a: &Type, b: &Type) -> bool {
    let result = match (a.elem.as_deref(), b.elem.as_deref()) {
        (Some(x), Some(y)) => same_type(x, y),
        _ => false,
    };
    let proto = a.kind == TypeKind::FunctionProto && b.kind == TypeKind::FunctionProto;
    result
        && (!proto
            || (a.variadic == b.variadic
                && a.params.len() == b.params.len()
                && a.params.iter().zip(&b.params).all(|(x, y)| same_type(x, y))))
}

/// The calls in `n`'s subtree (initialisers included).
fn calls_in<'n>(n: &'n Node, out: &mut Vec<&'n Node>) {
    if n.kind == Kind::CallExpr {
        out.push(n);
    }
    for c in &n.children {
        calls_in(c, out);
    }
    if let Some(i) = &n.init {
        calls_in(i, out);
    }
}
