//! C expressions as values and edges: clang's implicit conversions applied
//! where clang put them, literals and `sizeof` valued by clang, operators,
//! `?:` (also GNU `x ?: y`), assignments, `++`/`--` (calls: `tr/calls.rs`).

use super::stmt::strip_parens;
use super::*;

impl<'a> Tr<'a> {
    /// Does evaluating `e` emit no edges?
    pub(super) fn pure(&self, e: &Node) -> bool {
        match e.kind {
            Kind::DeclRefExpr => !self
                .lookup(e)
                .is_ok_and(|v| v.mem.is_some() && v.ty.stays_in_range()),
            Kind::IntegerLiteral | Kind::CharacterLiteral | Kind::UnaryExprOrTypeTrait => true,
            Kind::ParenExpr | Kind::CStyleCastExpr | Kind::InitListExpr => {
                e.children.len() <= 2
                    && e.children
                        .iter()
                        .all(|c| c.kind == Kind::TypeRef || self.pure(c))
            }
            Kind::UnexposedExpr => e.children.len() <= 1 && e.children.iter().all(|c| self.pure(c)),
            Kind::UnaryOperator => {
                use clang_ast::UnOp::*;
                match e.unop {
                    Some(PostInc | PostDec | PreInc | PreDec) => false,
                    Some(Deref) => !self.bounded_read(e) && e.children.iter().all(|c| self.pure(c)),
                    _ => e.children.iter().all(|c| self.pure(c)),
                }
            }
            Kind::BinaryOperator => {
                e.binop != Some(BinOp::Assign) && e.children.iter().all(|c| self.pure(c))
            }
            Kind::ArraySubscriptExpr => {
                !self.bounded_read(e) && e.children.iter().all(|c| self.pure(c))
            }
            Kind::ConditionalOperator => e.children.iter().all(|c| self.pure(c)),
            _ => false,
        }
    }

    /// Can evaluating `e` change a program variable (not just a nondet temporary)?
    pub(super) fn modifies(&self, e: &Node) -> bool {
        match e.kind {
            Kind::CallExpr => {
                let callee = e.children.first().map(strip_casts);
                let nondet = callee.is_some_and(|c| {
                    c.kind == Kind::DeclRefExpr
                        && c.name.starts_with("__VERIFIER_nondet_")
                        && !c.decl.is_some_and(|id| self.funcs.contains_key(&id))
                });
                !nondet || e.children.iter().skip(1).any(|a| self.modifies(a))
            }
            Kind::UnaryOperator => {
                use clang_ast::UnOp::*;
                matches!(e.unop, Some(PostInc | PostDec | PreInc | PreDec))
                    || e.children.iter().any(|c| self.modifies(c))
            }
            Kind::BinaryOperator => {
                e.binop == Some(BinOp::Assign) || e.children.iter().any(|c| self.modifies(c))
            }
            Kind::CompoundAssignOperator => true,
            Kind::DeclRefExpr
            | Kind::IntegerLiteral
            | Kind::CharacterLiteral
            | Kind::UnaryExprOrTypeTrait
            | Kind::TypeRef => false,
            Kind::ParenExpr
            | Kind::CStyleCastExpr
            | Kind::UnexposedExpr
            | Kind::ConditionalOperator
            | Kind::ArraySubscriptExpr
            | Kind::InitListExpr => e.children.iter().any(|c| self.modifies(c)),
            _ => true,
        }
    }

    /// Copies a value into a temporary when a later sibling may change the
    /// variables it reads (a callee's return or parameter variables: the
    /// program's own variables cannot conflict, `order.rs` refuses that).
    pub(super) fn snapshot(&mut self, v: V, later: &[&Node], at: &Node, cur: &mut usize) -> V {
        if !later.iter().any(|l| self.modifies(l)) {
            return v;
        }
        let (e, ty) = self.exact(v);
        if konst(&e).is_some() {
            return V::I(e, ty, true);
        }
        let t = self.temp("tmp", at, ty);
        self.emit(cur, Op::Assign(t.clone(), e), at);
        V::I(Expr::var(&t), ty, true)
    }

    /// Evaluates for side effects only.
    pub(super) fn effect(&mut self, e: &'a Node, cur: &mut usize) -> R<()> {
        use clang_ast::UnOp::*;
        match (e.kind, e.unop, e.binop) {
            (Kind::UnaryOperator, Some(op @ (PostInc | PostDec)), _) => {
                let pre = if op == PostInc { PreInc } else { PreDec };
                self.incdec(e, pre, cur).map(|_| ())
            }
            (Kind::BinaryOperator, _, Some(BinOp::Comma)) => {
                for x in &e.children {
                    self.effect(x, cur)?;
                }
                Ok(())
            }
            (Kind::ParenExpr, ..) if e.children.len() == 1 => self.effect(&e.children[0], cur),
            // An operand converted to void (`c ? 0 : f()` with `f` void).
            (Kind::UnexposedExpr, ..) if e.ty.kind == TypeKind::Void && e.children.len() == 1 => {
                self.effect(&e.children[0], cur)
            }
            (Kind::CStyleCastExpr, ..) if e.ty.kind == TypeKind::Void => match last(e) {
                Some(x) => self.effect(x, cur),
                None => Ok(()),
            },
            _ => self.rv(e, cur).map(|_| ()),
        }
    }

    pub(super) fn incdec(&mut self, e: &'a Node, op: clang_ast::UnOp, cur: &mut usize) -> R<V> {
        use clang_ast::UnOp::*;
        let Some(operand) = e.children.first() else {
            return Err(self.unsup(e, "this `++`/`--`"));
        };
        let p = self.place(operand, cur)?;
        let ty = p.ty();
        let inc = matches!(op, PreInc | PostInc);
        let post = matches!(op, PostInc | PostDec);
        let old = self.load(&p, e, cur);
        // The old value, for x++ used as a value.
        let saved = if post {
            if ty.boolean || (ty.signed && ty.bits < 32) {
                let t = self.temp("tmp", e, ty);
                self.emit(cur, Op::Assign(t.clone(), self.current(&p)), e);
                Some(t)
            } else {
                None // (x -+ 1) is the old value, exactly or modulo 2^w
            }
        } else {
            None
        };
        let one = V::I(Expr::int(1), INT, true);
        if ty.pointer {
            let x = self.current(&p);
            let new = self.pointer_offset(old, one, !inc, &operand.ty, e)?;
            let res = self.store_place(&p, new, e, cur);
            if !post {
                return Ok(res);
            }
            let size = self.pointee_size(&operand.ty, e)?;
            let back = if inc {
                sub(x, Expr::int(size))
            } else {
                add(x, Expr::int(size))
            };
            return Ok(V::I(fold(back), ty, true));
        }
        let bop = if inc { BinOp::Add } else { BinOp::Sub };
        // `x++` is `x += 1`: computed in the common type of x's and int's.
        let ct = compound_type(ty, INT, false);
        let newv = self.arith(bop, old, one, ct, e)?;
        self.flush_checks(cur);
        let res = self.store_place(&p, newv, e, cur);
        if !post {
            return Ok(res);
        }
        Ok(match saved {
            Some(t) => V::I(Expr::var(&t), ty, true),
            None => {
                let x = self.current(&p);
                let v = if inc {
                    sub(x, Expr::int(1))
                } else {
                    add(x, Expr::int(1))
                };
                V::I(v, ty, ty.signed)
            }
        })
    }

    /// Evaluates an expression, emitting its side effects at `*cur`.
    pub(super) fn rv(&mut self, e: &'a Node, cur: &mut usize) -> R<V> {
        match e.kind {
            Kind::ParenExpr => match e.children.as_slice() {
                [x] => self.rv(x, cur),
                _ => Err(self.unsup(e, "this parenthesised expression")),
            },
            Kind::IntegerLiteral | Kind::CharacterLiteral => {
                let Some(v) = e.value else {
                    return Err(self.unsup(e, "a constant clang does not evaluate"));
                };
                let ty = self.int_type(&e.ty, e)?;
                Ok(V::I(num(BigInt::from(v)), ty, true))
            }
            Kind::UnaryExprOrTypeTrait => {
                let Some(v) = e.value else {
                    return Err(self.unsup(e, "`sizeof` of a variable-length array"));
                };
                let ty = self.int_type(&e.ty, e)?;
                Ok(V::I(num(BigInt::from(v)), ty, true))
            }
            Kind::DeclRefExpr => {
                if let Some(v) = e.value {
                    // An enumeration constant: clang gave its value.
                    let ty = self.int_type(&e.ty, e)?;
                    return Ok(V::I(num(BigInt::from(v)), ty, true));
                }
                if let Some(&a) = e
                    .decl
                    .and_then(|id| self.frames.last()?.known_functions.get(&id))
                {
                    // A function-pointer parameter the body never changes.
                    let ty = self.int_type(&e.ty, e)?;
                    return Ok(V::I(Expr::int(a), ty, true));
                }
                let v = self.lookup(e)?;
                if v.mem.is_some() {
                    if self.scalar_type(&e.ty, e).is_ok_and(|t| t.is_some()) {
                        let p = self.memory_place(e, cur)?;
                        return Ok(self.load(&p, e, cur));
                    }
                    let what = format!("`{}` of type {} used as a value", e.name, type_name(&e.ty));
                    return Err(self.unsup(e, &what));
                }
                if v.dims.is_some() {
                    let kind = if v.alias {
                        "pointer parameter"
                    } else {
                        "array"
                    };
                    let what = format!("{kind} `{}` used as a pointer value", e.name);
                    return Err(self.unsup(e, &what));
                }
                Ok(V::I(Expr::var(&v.name), v.ty, true))
            }
            Kind::UnexposedExpr => self.unexposed(e, cur),
            Kind::CStyleCastExpr => {
                let Some(x) = last(e) else {
                    return Err(self.unsup(e, "this cast"));
                };
                if e.ty.kind == TypeKind::Void {
                    self.effect(x, cur)?;
                    return Ok(V::I(Expr::int(0), INT, true));
                }
                if let Some(v) = self.pointer_conversion(e, x, cur)? {
                    return Ok(v);
                }
                let t = self.int_type(&e.ty, e)?;
                let v = self.rv(x, cur)?;
                let (y, ex) = self.convert(v, t);
                Ok(V::I(y, t, ex || t.signed))
            }
            Kind::InitListExpr => match e.children.as_slice() {
                [x] => self.rv(x, cur),
                _ => Err(self.unsup(e, "an initializer list here")),
            },
            Kind::ArraySubscriptExpr => self.read_element(e, cur),
            Kind::CallExpr => self.call(e, cur),
            Kind::UnaryOperator => self.unary(e, cur),
            Kind::BinaryOperator => self.binary(e, cur),
            Kind::CompoundAssignOperator => self.compound_assign(e, cur),
            Kind::ConditionalOperator => {
                let [c, a, b] = e.children.as_slice() else {
                    return Err(self.unsup(e, "this `?:`"));
                };
                self.conditional(e, c, None, a, b, cur)
            }
            Kind::StringLiteral => Err(self.unsup(e, "string literals as values (pointers)")),
            Kind::MemberRefExpr => {
                if !self.scalar_type(&e.ty, e).is_ok_and(|t| t.is_some()) {
                    let what = format!("a field of type {} used as a value", type_name(&e.ty));
                    return Err(self.unsup(e, &what));
                }
                let p = self.memory_place(e, cur)?;
                Ok(self.load(&p, e, cur))
            }
            Kind::FloatingLiteral => Err(self.unsup(e, "floating-point constants")),
            Kind::StmtExpr => Err(self.unsup(e, "statement expressions")),
            Kind::CompoundLiteralExpr => Err(self.unsup(e, "compound literals")),
            Kind::GenericSelectionExpr => Err(self.unsup(e, "_Generic")),
            _ => Err(self.unsup(e, &format!("the expression {}", kind_name(e)))),
        }
    }

    /// libclang's unexposed expressions: an implicit conversion (one child,
    /// converted to this node's type), GNU `x ?: y` (four children: the
    /// common operand, its test, its value, the alternative), an implicit
    /// zero (no child, in initializer lists).
    pub(super) fn unexposed(&mut self, e: &'a Node, cur: &mut usize) -> R<V> {
        match e.children.as_slice() {
            [] => {
                let t = self.int_type(&e.ty, e)?;
                Ok(V::I(Expr::int(0), t, true))
            }
            [x] => {
                if let Some(v) = self.pointer_conversion(e, x, cur)? {
                    return Ok(v);
                }
                let t = self.int_type(&e.ty, e)?;
                let v = self.rv(x, cur)?;
                let (y, ex) = self.convert(v, t);
                Ok(V::I(y, t, ex || t.signed))
            }
            [common, _test, _value, alt] => self.conditional(e, common, Some(()), common, alt, cur),
            _ => Err(self.unsup(e, "an expression libclang does not expose")),
        }
    }

    /// `c ? a : b` in clang's result type (the operands were converted to
    /// it by clang); with `gnu`, `c ?: b`, where `c` is evaluated once and is
    /// also the value.
    pub(super) fn conditional(
        &mut self,
        e: &'a Node,
        c: &'a Node,
        gnu: Option<()>,
        a: &'a Node,
        b: &'a Node,
        cur: &mut usize,
    ) -> R<V> {
        if e.ty.kind == TypeKind::Void {
            let (t, f) = (self.loc(a), self.loc(b));
            self.branch(c, *cur, t, f)?;
            let (mut ct, mut cf) = (t, f);
            self.effect(a, &mut ct)?;
            self.effect(b, &mut cf)?;
            let join = self.loc_end(e);
            self.edge(ct, join, Op::Skip, None);
            self.edge(cf, join, Op::Skip, None);
            *cur = join;
            return Ok(V::I(Expr::int(0), INT, true));
        }
        let rt = self.int_type(&e.ty, e)?;
        if gnu.is_some() {
            // The common operand, once.
            let ct = self.int_type(&c.ty, c)?;
            let v = self.rv(c, cur)?;
            let mut x = self.store_value(v, ct);
            if !matches!(x, Expr::Var(_) | Expr::Int(_)) || self.modifies(b) {
                let t = self.temp("cond", c, ct);
                self.emit(cur, Op::Assign(t.clone(), x), c);
                x = Expr::var(&t);
            }
            let k = self.truth(V::I(x.clone(), ct, true));
            let xa = self.store_value(V::I(x, ct, true), rt);
            if self.pure(b) {
                let mut dummy = *cur;
                let vb = self.guarded(not(k.clone()), |t| t.rv(b, &mut dummy))?;
                self.flush_checks(cur);
                let xb = self.store_value(vb, rt);
                return Ok(V::I(ite(k, xa, xb), rt, true));
            }
            let tmp = self.temp("cond", e, rt);
            let (t, f) = (self.loc(e), self.loc(b));
            let text = self.snippet(c);
            self.edge(
                *cur,
                t,
                Op::Assume(k.clone()),
                self.src(c, Some(format!("[{text}]"))),
            );
            self.edge(
                *cur,
                f,
                Op::Assume(not(k)),
                self.src(c, Some(format!("[!({text})]"))),
            );
            let (mut ct_, mut cf_) = (t, f);
            self.emit(&mut ct_, Op::Assign(tmp.clone(), xa), e);
            let vb = self.rv(b, &mut cf_)?;
            let xb = self.store_value(vb, rt);
            self.emit(&mut cf_, Op::Assign(tmp.clone(), xb), b);
            let join = self.loc_end(e);
            self.edge(ct_, join, Op::Skip, None);
            self.edge(cf_, join, Op::Skip, None);
            *cur = join;
            return Ok(V::I(Expr::var(&tmp), rt, true));
        }
        if self.pure(a) && self.pure(b) {
            let cv = self.rv(c, cur)?;
            let k = self.truth(cv);
            let mut dummy = *cur;
            let va = self.guarded(k.clone(), |t| t.rv(a, &mut dummy))?;
            let vb = self.guarded(not(k.clone()), |t| t.rv(b, &mut dummy))?;
            self.flush_checks(cur);
            let xa = self.store_value(va, rt);
            let xb = self.store_value(vb, rt);
            return Ok(V::I(ite(k, xa, xb), rt, true));
        }
        let (t, f) = (self.loc(a), self.loc(b));
        self.branch(c, *cur, t, f)?;
        let (mut ct_, mut cf_) = (t, f);
        let va = self.rv(a, &mut ct_)?;
        let vb = self.rv(b, &mut cf_)?;
        let tmp = self.temp("cond", e, rt);
        let xa = self.store_value(va, rt);
        let xb = self.store_value(vb, rt);
        self.emit(&mut ct_, Op::Assign(tmp.clone(), xa), a);
        self.emit(&mut cf_, Op::Assign(tmp.clone(), xb), b);
        let join = self.loc_end(e);
        self.edge(ct_, join, Op::Skip, None);
        self.edge(cf_, join, Op::Skip, None);
        *cur = join;
        Ok(V::I(Expr::var(&tmp), rt, true))
    }

    pub(super) fn unary(&mut self, e: &'a Node, cur: &mut usize) -> R<V> {
        use clang_ast::UnOp::*;
        let Some(x) = e.children.first() else {
            return Err(self.unsup(e, "this unary operator"));
        };
        match e.unop {
            Some(op @ (PostInc | PostDec | PreInc | PreDec)) => self.incdec(e, op, cur),
            Some(Deref) => self.read_element(e, cur),
            Some(AddrOf) => {
                let t = self.int_type(&e.ty, e)?;
                if matches!(
                    x.ty.kind,
                    TypeKind::FunctionProto | TypeKind::FunctionNoProto
                ) {
                    let a = self.function_address(x, cur)?;
                    return Ok(V::I(a, t, true));
                }
                let a = self.address(x, cur)?;
                Ok(V::I(a, t, true))
            }
            Some(Extension) => self.rv(x, cur),
            Some(op @ (Plus | Minus | Not)) => {
                // clang's type of the operation is the promoted operand type.
                let t = self.int_type(&e.ty, e)?;
                let v = self.rv(x, cur)?;
                let (y, ex) = self.convert(v, t);
                if op == Minus && t.signed {
                    // -INT_MIN is out of range.
                    self.check_range(&neg(y.clone()), t, e);
                    self.flush_checks(cur);
                }
                Ok(match op {
                    Plus => V::I(y, t, ex || t.signed),
                    Minus => V::I(neg(y), t, t.signed),
                    // ~x == -x - 1 (two's complement), modulo 2^w when unsigned.
                    _ => V::I(sub(neg(y), Expr::int(1)), t, t.signed),
                })
            }
            Some(LNot) => {
                let v = self.rv(x, cur)?;
                Ok(V::B(not(self.truth(v))))
            }
            _ => Err(self.unsup(e, "this unary operator (complex numbers?)")),
        }
    }

    pub(super) fn binary(&mut self, e: &'a Node, cur: &mut usize) -> R<V> {
        let [lhs, rhs] = e.children.as_slice() else {
            return Err(self.unsup(e, "this binary operator"));
        };
        let Some(op) = e.binop else {
            return Err(self.unsup(e, "this binary operator"));
        };
        match op {
            BinOp::LAnd | BinOp::LOr => {
                if self.pure(rhs) {
                    let va = self.rv(lhs, cur)?;
                    let a = self.truth(va);
                    // C evaluates the right operand only where the left
                    // one did not decide: its checks apply only there.
                    let when = if op == BinOp::LAnd {
                        a.clone()
                    } else {
                        not(a.clone())
                    };
                    let vb = self.guarded(when, |t| t.rv(rhs, cur))?;
                    self.flush_checks(cur);
                    let b = self.truth(vb);
                    return Ok(V::B(if op == BinOp::LAnd {
                        and(a, b)
                    } else {
                        or(a, b)
                    }));
                }
                let (t, f) = (self.loc(e), self.loc(e));
                self.branch(e, *cur, t, f)?;
                let tmp = self.temp("cond", e, BOOL);
                let (mut ct, mut cf) = (t, f);
                self.emit(&mut ct, Op::Assign(tmp.clone(), Expr::int(1)), e);
                self.emit(&mut cf, Op::Assign(tmp.clone(), Expr::int(0)), e);
                let join = self.loc_end(e);
                self.edge(ct, join, Op::Skip, None);
                self.edge(cf, join, Op::Skip, None);
                *cur = join;
                Ok(V::B(not(Expr::eq(Expr::var(&tmp), Expr::int(0)))))
            }
            BinOp::Comma => {
                self.effect(lhs, cur)?;
                self.rv(rhs, cur)
            }
            BinOp::Assign if lhs.ty.kind == TypeKind::Record => {
                self.check_order(e)?;
                let dst = self.address(lhs, cur)?;
                let src = self.address(strip_casts(rhs), cur)?;
                self.copy_object(dst, src, &lhs.ty, e, cur)?;
                Ok(V::I(Expr::int(0), INT, true))
            }
            BinOp::Assign => {
                let p = self.place(lhs, cur)?;
                let p = self.pin_index(p, rhs, cur);
                let val = self.rv(rhs, cur)?;
                Ok(self.store_place(&p, val, e, cur))
            }
            _ => {
                let compare = matches!(
                    op,
                    BinOp::Lt | BinOp::Gt | BinOp::Le | BinOp::Ge | BinOp::Eq | BinOp::Ne
                );
                let pointer = |t: &Type| t.kind == TypeKind::Pointer;
                if pointer(&e.ty) || pointer(&lhs.ty) || pointer(&rhs.ty) {
                    return self.pointer_binary(e, op, lhs, rhs, compare, cur);
                }
                let ct = if compare {
                    // clang converted both operands to their common type.
                    let (a, b) = (self.int_type(&lhs.ty, lhs)?, self.int_type(&rhs.ty, rhs)?);
                    if a != b {
                        return Err(self.unsup(e, "a comparison of operands of different types"));
                    }
                    a
                } else {
                    self.int_type(&e.ty, e)?
                };
                let va = self.rv(lhs, cur)?;
                let va = self.snapshot(va, &[rhs], lhs, cur);
                let vb = self.rv(rhs, cur)?;
                let r = self.arith(op, va, vb, ct, e)?;
                self.flush_checks(cur);
                Ok(r)
            }
        }
    }

    /// `x op= e`: `x = x op e` with `x` evaluated once, computed in the
    /// type C's usual arithmetic conversions give `x` and `e` (libclang does
    /// not expose clang's computation type; see `compound_type`).
    pub(super) fn compound_assign(&mut self, e: &'a Node, cur: &mut usize) -> R<V> {
        let [lhs, rhs] = e.children.as_slice() else {
            return Err(self.unsup(e, "this compound assignment"));
        };
        let Some(bop) = e.binop.and_then(|b| b.compound_base()) else {
            return Err(self.unsup(e, "this compound assignment"));
        };
        let p = self.place(lhs, cur)?;
        let p = self.pin_index(p, rhs, cur);
        if p.ty().pointer {
            // `p += i`, `p -= i`: in units of the pointee.
            let val = self.rv(rhs, cur)?;
            let old = self.load(&p, e, cur);
            let new = self.pointer_offset(old, val, bop == BinOp::Sub, &lhs.ty, e)?;
            return Ok(self.store_place(&p, new, e, cur));
        }
        let rt = self.int_type(&rhs.ty, rhs)?;
        let val = self.rv(rhs, cur)?;
        let old = self.load(&p, e, cur);
        let ct = compound_type(p.ty(), rt, matches!(bop, BinOp::Shl | BinOp::Shr));
        let r = self.arith(bop, old, val, ct, e)?;
        self.flush_checks(cur);
        Ok(self.store_place(&p, r, e, cur))
    }
}

/// An expression without implicit conversions and parentheses.
pub(super) fn strip_casts(mut e: &Node) -> &Node {
    loop {
        e = strip_parens(e);
        if e.kind == Kind::UnexposedExpr && e.children.len() == 1 {
            e = &e.children[0];
        } else {
            return e;
        }
    }
}

pub(super) fn is_string(e: &Node) -> bool {
    strip_casts(e).kind == Kind::StringLiteral
}

/// The type a compound assignment `x op= e` computes in: the usual
/// arithmetic conversions of the promoted types (shifts: `x`'s promoted
/// type). libclang hides clang's `ComputationLHSType`, so this one rule of
/// C is computed here, from clang's types and sizes.
pub(super) fn compound_type(x: Ty, e: Ty, shift: bool) -> Ty {
    if shift {
        x.promote()
    } else {
        super::super::types::common(x, e)
    }
}
