//! C values as task expressions: conversions between integer types
//! (wrap-around encodings kept small by interval bounds), the arithmetic,
//! comparison, shift and bitwise operators certa encodes exactly, and the
//! truth value of a value.

use super::checks::CheckKind;
use super::*;

impl<'a> Tr<'a> {
    /// The reduced integer value and its type.
    pub(super) fn exact(&self, v: V) -> (Expr, Ty) {
        match v {
            V::B(b) => (
                match &b {
                    Expr::Bool(x) => Expr::int(*x as i64),
                    _ => ite(b, Expr::int(1), Expr::int(0)),
                },
                INT,
            ),
            V::I(e, ty, true) => (e, ty),
            V::I(e, ty, false) => (self.wrap_unsigned(e, ty.bits), ty),
        }
    }

    pub(super) fn truth(&self, v: V) -> Expr {
        match v {
            V::B(b) => b,
            v => {
                let (e, _) = self.exact(v);
                if let Some(c) = strip_bool(&e) {
                    return c;
                }
                fold(not(Expr::eq(e, Expr::int(0))))
            }
        }
    }

    /// `e mod 2^w`, as a case split when `e`'s bounds allow.
    pub(super) fn wrap_unsigned(&self, e: Expr, w: u32) -> Expr {
        let m = BigInt::one() << w;
        if let Some(k) = konst(&e) {
            use num_integer::Integer;
            return num(k.mod_floor(&m));
        }
        let i = interval(&e, &self.var_ty);
        let zero = BigInt::zero();
        if i.within(&zero, &(&m - 1)) {
            return e;
        }
        let lt0 = || Expr::Lt(Box::new(e.clone()), Box::new(Expr::int(0)));
        let gem = || Expr::Ge(Box::new(e.clone()), Box::new(num(m.clone())));
        if i.within(&zero, &(&m * 2 - 1)) {
            return ite(gem(), sub(e.clone(), num(m.clone())), e);
        }
        if i.within(&-&m, &(&m - 1)) {
            return ite(lt0(), add(e.clone(), num(m.clone())), e);
        }
        if i.within(&-&m, &(&m * 2 - 1)) {
            return ite(
                lt0(),
                add(e.clone(), num(m.clone())),
                ite(gem(), sub(e.clone(), num(m.clone())), e),
            );
        }
        Expr::Mod(Box::new(e), Num(m))
    }

    /// Two's-complement wrap of `e` into the signed `w`-bit range.
    pub(super) fn wrap_signed(&self, e: Expr, w: u32) -> Expr {
        let h = BigInt::one() << (w - 1);
        let i = interval(&e, &self.var_ty);
        if i.within(&-&h, &(&h - 1)) {
            return e;
        }
        let u = self.wrap_unsigned(add(e, num(h.clone())), w);
        sub(u, num(h))
    }

    /// Converts a value to type `to`; the result is reduced unless `to` is
    /// unsigned (then it may be congruent only).
    pub(super) fn convert(&self, v: V, to: Ty) -> (Expr, bool) {
        let (e, from, ex) = match v {
            V::B(b) => {
                let (e, t) = self.exact(V::B(b));
                (e, t, true)
            }
            V::I(e, t, x) => (e, t, x),
        };
        if to.pointer || from.pointer && !to.boolean {
            // Addresses are exact; only pointer-to-pointer (and `NULL`)
            // conversions reach here (`tr/pointers.rs`).
            return (e, true);
        }
        if to.boolean {
            let (e, _) = self.exact(V::I(e, from, ex));
            if interval(&e, &self.var_ty).within(&BigInt::zero(), &BigInt::one()) {
                return (e, true);
            }
            let c = fold(not(Expr::eq(e, Expr::int(0))));
            return (ite(c, Expr::int(1), Expr::int(0)), true);
        }
        // An unreduced narrower unsigned value is not congruent modulo a
        // larger power of two: reduce it first.
        let e = if !ex && (to.signed || from.bits < to.bits) {
            self.wrap_unsigned(e, from.bits)
        } else {
            e
        };
        if !to.signed {
            let exact = interval(&e, &self.var_ty).within(&BigInt::zero(), &to.max());
            return (e, exact);
        }
        let fits = if from.signed {
            from.bits <= to.bits
        } else {
            from.bits < to.bits
        };
        if fits {
            (e, true)
        } else {
            (self.wrap_signed(e, to.bits), true)
        }
    }

    /// The value to store in a variable of type `ty` (always reduced).
    pub(super) fn store_value(&self, v: V, ty: Ty) -> Expr {
        let (e, ex) = self.convert(v, ty);
        if ex {
            e
        } else {
            self.wrap_unsigned(e, ty.bits)
        }
    }

    /// Arithmetic `a op b` computed in type `ct`: clang's type of the
    /// operation (of its operands, for a comparison), or for a compound
    /// assignment the computation type (see `compound_type`). Shifts compute
    /// in `ct`, the promoted left operand's type.
    pub(super) fn arith(&mut self, op: BinOp, a: V, b: V, ct: Ty, span: &'a Node) -> R<V> {
        if matches!(op, BinOp::Shl | BinOp::Shr) {
            return self.shift(op, a, b, ct, span); // no usual arithmetic conversions
        }
        let (x, xe) = self.convert(a, ct);
        let (y, ye) = self.convert(b, ct);
        match op {
            BinOp::Add | BinOp::Sub | BinOp::Mul => {
                let e = match op {
                    BinOp::Add => add(x, y),
                    BinOp::Sub => sub(x, y),
                    _ => match (konst(&x), konst(&y)) {
                        (Some(k), _) => fold(Expr::Mul(Num(k), Box::new(y))),
                        (_, Some(k)) => fold(Expr::Mul(Num(k), Box::new(x))),
                        // Unsigned operands may be unreduced: a product of
                        // congruent values is congruent.
                        _ => Expr::Times(Box::new(x), Box::new(y)),
                    },
                };
                self.check_range(&e, ct, span);
                Ok(V::I(e, ct, ct.signed))
            }
            BinOp::Div | BinOp::Rem => {
                let x = if xe {
                    x
                } else {
                    self.wrap_unsigned(x, ct.bits)
                };
                let y = if ye {
                    y
                } else {
                    self.wrap_unsigned(y, ct.bits)
                };
                let is_div = matches!(op, BinOp::Div);
                let Some(d) = konst(&y) else {
                    // Reduced operands: C's quotient and remainder exactly.
                    let zero = Expr::eq(y.clone(), Expr::int(0));
                    self.queue_check(zero, CheckKind::DivisionByZero, span);
                    if ct.signed && self.props.checks_overflow() {
                        // MIN / -1 overflows; MIN % -1 is undefined too.
                        let min = and(
                            Expr::eq(x.clone(), num(ct.min())),
                            Expr::eq(y.clone(), Expr::int(-1)),
                        );
                        let kind = if is_div {
                            CheckKind::Overflow
                        } else {
                            CheckKind::RemainderOverflow
                        };
                        self.queue_check(min, kind, span);
                    }
                    let (bx, by) = (Box::new(x), Box::new(y));
                    let e = if is_div {
                        Expr::Quot(bx, by)
                    } else {
                        Expr::Rem(bx, by)
                    };
                    return Ok(V::I(e, ct, true));
                };
                if d.is_zero() {
                    return Err(self.unsup(span, "division by zero"));
                }
                if ct.signed && d == -BigInt::one() && self.props.checks_overflow() {
                    let min = Expr::eq(x.clone(), num(ct.min()));
                    let kind = if is_div {
                        CheckKind::Overflow
                    } else {
                        CheckKind::RemainderOverflow
                    };
                    self.queue_check(min, kind, span);
                }
                let ad = Num(d.abs());
                let nonneg = interval(&x, &self.var_ty)
                    .lo
                    .is_some_and(|l| l >= BigInt::zero());
                let pos_div = |e: Expr| Expr::Div(Box::new(e), ad.clone());
                let pos_mod = |e: Expr| Expr::Mod(Box::new(e), ad.clone());
                // Truncating division: floor for x >= 0, -floor(-x / d) otherwise.
                let e = if is_div {
                    let q = if nonneg {
                        pos_div(x)
                    } else {
                        ite(
                            Expr::Ge(Box::new(x.clone()), Box::new(Expr::int(0))),
                            pos_div(x.clone()),
                            neg(pos_div(neg(x))),
                        )
                    };
                    if d.is_negative() {
                        neg(q)
                    } else {
                        q
                    }
                } else if nonneg {
                    pos_mod(x)
                } else {
                    ite(
                        Expr::Ge(Box::new(x.clone()), Box::new(Expr::int(0))),
                        pos_mod(x.clone()),
                        neg(pos_mod(neg(x))),
                    )
                };
                Ok(V::I(fold(e), ct, true))
            }
            BinOp::Lt | BinOp::Gt | BinOp::Le | BinOp::Ge | BinOp::Eq | BinOp::Ne => {
                let x = if xe {
                    x
                } else {
                    self.wrap_unsigned(x, ct.bits)
                };
                let y = if ye {
                    y
                } else {
                    self.wrap_unsigned(y, ct.bits)
                };
                Ok(V::B(cmp(op, x, y)))
            }
            BinOp::And | BinOp::Or | BinOp::Xor => self.bitwise(op, (x, xe), (y, ye), ct, span),
            _ => Err(self.invalid(span, "unexpected operator")),
        }
    }

    /// `x << k` / `x >> k` for a constant `k` in `0..w`, in `x`'s promoted
    /// type: `x * 2^k` (wrapped into the type: gcc defines signed `<<` as
    /// two's complement) and `floor(x / 2^k)` (gcc's arithmetic shift).
    pub(super) fn shift(&mut self, op: BinOp, a: V, b: V, ty: Ty, span: &'a Node) -> R<V> {
        let (x, xe) = self.convert(a, ty);
        let w = ty.bits;
        let amount = fold(self.exact(b).0);
        let Some(k) = konst(&amount) else {
            return Ok(self.shift_by_variable(op, (x, xe), amount, ty, span));
        };
        let Some(k) = u32::try_from(&k).ok().filter(|k| *k < w) else {
            return Err(self.unsup(span, &format!("shift by {k} (undefined for {w} bits)")));
        };
        let p = Num(BigInt::one() << k);
        if matches!(op, BinOp::Shl) {
            let e = fold(Expr::Mul(p, Box::new(x)));
            if ty.signed && self.props.no_overflow {
                // SV-COMP's NoOverflows counts a signed `<<` whose result
                // does not fit; on from the check the value is in range.
                // (gcc defines signed `<<` as two's complement, so the
                // default reading wraps, below.)
                self.check_range(&e, ty, span);
                return Ok(V::I(e, ty, true));
            }
            return Ok(if ty.signed {
                V::I(self.wrap_signed(e, ty.bits), ty, true)
            } else {
                V::I(e, ty, false)
            });
        }
        let x = if xe {
            x
        } else {
            self.wrap_unsigned(x, ty.bits)
        };
        Ok(V::I(fold(Expr::Div(Box::new(x), p)), ty, true))
    }

    /// `x << n` / `x >> n` for an amount `n` known only at run time: a
    /// check that `0 <= n < w` (C leaves other amounts undefined), then the
    /// value by cases over the `w` amounts, each a constant shift.
    fn shift_by_variable(
        &mut self,
        op: BinOp,
        (x, xe): (Expr, bool),
        n: Expr,
        ty: Ty,
        span: &'a Node,
    ) -> V {
        let w = ty.bits;
        let bad = or(
            Expr::Lt(Box::new(n.clone()), Box::new(Expr::int(0))),
            Expr::Ge(Box::new(n.clone()), Box::new(Expr::int(w as i64))),
        );
        self.queue_check(bad, CheckKind::ShiftAmount, span);
        let x = if xe || matches!(op, BinOp::Shl) {
            x
        } else {
            self.wrap_unsigned(x, w)
        };
        let case = |k: u32| {
            let p = Num(BigInt::one() << k);
            match op {
                BinOp::Shl => fold(Expr::Mul(p, Box::new(x.clone()))),
                _ => fold(Expr::Div(Box::new(x.clone()), p)),
            }
        };
        let mut e = case(w - 1);
        for k in (0..w - 1).rev() {
            e = ite(Expr::eq(n.clone(), Expr::int(k as i64)), case(k), e);
        }
        if matches!(op, BinOp::Shr) {
            return V::I(e, ty, true);
        }
        if ty.signed && self.props.no_overflow {
            // On from the check, the value is in range: no wrap needed.
            self.check_range(&e, ty, span);
            V::I(e, ty, true)
        } else if ty.signed {
            V::I(self.wrap_signed(e, w), ty, true)
        } else {
            V::I(e, ty, false)
        }
    }

    /// `x & y`, `x | y`, `x ^ y` in type `ct` (operands converted, flags =
    /// reduced), only where linear arithmetic expresses it exactly: a constant
    /// operand, or operands that are 0 or 1.
    pub(super) fn bitwise(
        &self,
        op: BinOp,
        (x, xe): (Expr, bool),
        (y, ye): (Expr, bool),
        ct: Ty,
        span: &Node,
    ) -> R<V> {
        let reduce = |e: &Expr, ex: bool| {
            if ex {
                e.clone()
            } else {
                self.wrap_unsigned(e.clone(), ct.bits)
            }
        };
        let (xr, yr) = (reduce(&x, xe), reduce(&y, ye));
        match (konst(&xr), konst(&yr)) {
            (Some(a), Some(b)) => return Ok(V::I(num(const_bitop(op, &a, &b)), ct, true)),
            (Some(c), None) => return Ok(self.bitop_const(op, y, ye, &c, ct)),
            (None, Some(c)) => return Ok(self.bitop_const(op, x, xe, &c, ct)),
            (None, None) => {}
        }
        let bit = |e: &Expr| interval(e, &self.var_ty).within(&BigInt::zero(), &BigInt::one());
        if bit(&xr) && bit(&yr) {
            let (p, q) = (
                self.truth(V::I(xr, ct, true)),
                self.truth(V::I(yr, ct, true)),
            );
            let r = match op {
                BinOp::And => and(p, q),
                BinOp::Or => or(p, q),
                _ => or(and(p.clone(), not(q.clone())), and(not(p), q)),
            };
            return Ok(if ct == INT {
                V::B(r)
            } else {
                V::I(ite(r, Expr::int(1), Expr::int(0)), ct, true)
            });
        }
        // One 0/1 operand: a case split over its two values.
        for (b, (o, oe)) in [(&yr, (&x, xe)), (&xr, (&y, ye))] {
            if bit(b) {
                let is1 = not(Expr::eq(b.clone(), Expr::int(0)));
                let one = self.bitop_const(op, o.clone(), oe, &BigInt::one(), ct);
                let zero = self.bitop_const(op, o.clone(), oe, &BigInt::zero(), ct);
                return Ok(match (one, zero) {
                    (V::I(a, _, ae), V::I(z, _, ze)) => V::I(ite(is1, a, z), ct, ae && ze),
                    _ => unreachable!("bitop_const gives integers"),
                });
            }
        }
        // Reduced operands of one type: the unbounded two's-complement
        // result is the C result and lies in the type's range.
        let (bx, by) = (Box::new(xr), Box::new(yr));
        let _ = span;
        Ok(V::I(
            match op {
                BinOp::And => Expr::BitAnd(bx, by),
                BinOp::Or => Expr::BitOr(bx, by),
                _ => Expr::BitXor(bx, by),
            },
            ct,
            true,
        ))
    }

    /// `e op c` for a reduced constant `c` of type `ct`; `e` may be unreduced
    /// (unsigned): every modulus used divides 2^w, so congruence carries over.
    /// `e | c = e + c - (e & c)` and `e ^ c = e + c - 2 (e & c)`.
    pub(super) fn bitop_const(&self, op: BinOp, e: Expr, ee: bool, c: &BigInt, ct: Ty) -> V {
        let exact = ee || ct.signed;
        let ones = if ct.signed { -BigInt::one() } else { ct.max() };
        let m = if c.is_zero() {
            Expr::int(0)
        } else if *c == ones {
            e.clone()
        } else {
            mask(&e, c)
        };
        match op {
            BinOp::And => {
                if *c == ones {
                    return V::I(e, ct, exact);
                }
                V::I(m, ct, true)
            }
            BinOp::Or => V::I(sub(add(e, num(c.clone())), m), ct, exact),
            _ => {
                let twice = fold(Expr::Mul(Num(BigInt::from(2)), Box::new(m)));
                V::I(sub(add(e, num(c.clone())), twice), ct, exact)
            }
        }
    }
}

/// `a op b` on two's-complement integers of unbounded width.
fn const_bitop(op: BinOp, a: &BigInt, b: &BigInt) -> BigInt {
    match op {
        BinOp::And => a & b,
        BinOp::Or => a | b,
        _ => a ^ b,
    }
}

/// `e & c` (two's complement, unbounded width) as linear arithmetic: each run
/// of one bits `a..b` of `c` keeps `2^a * (floor(e / 2^a) mod 2^(b-a))`; a
/// negative `c` keeps what `!c = -c - 1` clears, `e - (e & !c)`.
fn mask(e: &Expr, c: &BigInt) -> Expr {
    if c.is_negative() {
        return sub(e.clone(), mask(e, &(-c - 1)));
    }
    let pow = |k: u64| BigInt::one() << k;
    let mut terms = Vec::new();
    let (n, mut i) = (c.bits(), 0);
    while i < n {
        if !c.bit(i) {
            i += 1;
            continue;
        }
        let a = i;
        while i < n && c.bit(i) {
            i += 1;
        }
        let low = if a == 0 {
            e.clone()
        } else {
            Expr::Div(Box::new(e.clone()), Num(pow(a)))
        };
        let run = Expr::Mod(Box::new(low), Num(pow(i - a)));
        terms.push(if a == 0 {
            run
        } else {
            Expr::Mul(Num(pow(a)), Box::new(run))
        });
    }
    match terms.len() {
        0 => Expr::int(0),
        1 => fold(terms.pop().unwrap()),
        _ => fold(Expr::Add(terms)),
    }
}
