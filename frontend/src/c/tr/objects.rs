//! Objects in memory: copies, initialisers, indeterminate and zeroed
//! contents, and the heap's allocations (the model is described in
//! `tr/memory.rs`).

use super::expr::strip_casts;
use super::memory::{BLOCK_SIZE, HEAP_NEXT, MAX_HAVOC_SLOTS, MAX_SLOTS};
use super::stmt::strip_parens;
use super::*;

impl<'a> Tr<'a> {
    // ------------------------------------------------------------ objects

    /// Copies the object `src` designates onto `dst` (struct assignment),
    /// reading every slot before writing any.
    pub(super) fn copy_object(
        &mut self,
        dst: Expr,
        src: Expr,
        t: &Type,
        at: &Node,
        cur: &mut usize,
    ) -> R<()> {
        let slots = self.slots(t, 0, at)?;
        let mut vals = Vec::new();
        for (k, (off, key, ty)) in slots.iter().enumerate() {
            let r = self.region(key, *ty);
            let x = Expr::select(Expr::var(&r.name), fold(add(src.clone(), Expr::int(*off))));
            let tmp = self.slot_temp(at, k, *ty);
            self.emit(cur, Op::Assign(tmp.clone(), x), at);
            vals.push(Expr::var(&tmp));
        }
        for ((off, key, ty), v) in slots.iter().zip(vals) {
            let r = self.region(key, *ty);
            let a = fold(add(dst.clone(), Expr::int(*off)));
            self.emit(
                cur,
                Op::Assign(r.name.clone(), Expr::store(Expr::var(&r.name), a, v)),
                at,
            );
        }
        Ok(())
    }

    /// A temporary for slot `k` of the object handled at `at`.
    fn slot_temp(&mut self, at: &Node, k: usize, ty: Ty) -> String {
        let key = (at.at.offset, k);
        if let Some(t) = self.memory.slot_temps.get(&key) {
            if self.var_ty.get(t) == Some(&ty) {
                return t.clone();
            }
        }
        let name = self.fresh_var(&format!("slot@{}_{}_{k}", at.at.line, at.at.col), ty);
        self.memory.slot_temps.insert(key, name.clone());
        name
    }

    /// `value` into the slot of region `key` at address `a`.
    fn store_slot(&mut self, key: &str, ty: Ty, a: Expr, value: Expr, at: &Node, cur: &mut usize) {
        let r = self.region(key, ty);
        let stored = Expr::store(Expr::var(&r.name), a, value);
        self.emit(cur, Op::Assign(r.name.clone(), stored), at);
    }

    /// Gives every slot of the object at `addr` an indeterminate value of
    /// its type (an uninitialised local, a `malloc`ed block).
    pub(super) fn havoc_object(
        &mut self,
        addr: Expr,
        t: &Type,
        count: i64,
        at: &Node,
        cur: &mut usize,
    ) -> R<()> {
        let slots = self.slots(t, 0, at)?;
        if count < 0 {
            return Err(self.unsup(at, "an object of unknown size"));
        }
        if slots.len() as i64 * count > MAX_HAVOC_SLOTS as i64 {
            return self.havoc_block(addr, t, Expr::int(count), at, cur);
        }
        let mut k = 0;
        for c in 0..count {
            for (off, key, ty) in &slots {
                let tmp = self.slot_temp(at, k, *ty);
                k += 1;
                self.emit(cur, Op::Havoc(tmp.clone()), at);
                let a = fold(add(addr.clone(), Expr::int(off + c * t.size)));
                self.store_slot(key, *ty, a, Expr::var(&tmp), at, cur);
            }
        }
        Ok(())
    }

    /// Gives every slot of the `count` objects of type `t` from `addr` on an
    /// indeterminate value, in a loop (a block too large to list, or of a
    /// size known only when the program runs). Exact: the other objects in
    /// the same regions keep their values.
    pub(super) fn havoc_block(
        &mut self,
        addr: Expr,
        t: &Type,
        count: Expr,
        at: &Node,
        cur: &mut usize,
    ) -> R<()> {
        let slots = self.slots(t, 0, at)?;
        self.each_object(at, t, count, &addr, cur, &mut |tr, obj, b| {
            for (k, (off, key, ty)) in slots.iter().enumerate() {
                let tmp = tr.slot_temp(at, k, *ty);
                tr.emit(b, Op::Havoc(tmp.clone()), at);
                let a = fold(add(obj.clone(), Expr::int(*off)));
                tr.store_slot(key, *ty, a, Expr::var(&tmp), at, b);
            }
        })
    }

    /// Stores zero in every slot of the object at `addr`.
    pub(super) fn zero_object(
        &mut self,
        addr: Expr,
        t: &Type,
        count: i64,
        at: &Node,
        cur: &mut usize,
    ) -> R<()> {
        let slots = self.slots(t, 0, at)?;
        if slots.len() as i64 * count > MAX_SLOTS as i64 {
            return Err(self.unsup(at, &format!("zeroing more than {MAX_SLOTS} scalars")));
        }
        for c in 0..count {
            for (off, key, ty) in &slots {
                let a = fold(add(addr.clone(), Expr::int(off + c * t.size)));
                self.store_slot(key, *ty, a, Expr::int(0), at, cur);
            }
        }
        Ok(())
    }

    /// Initialises the object at `addr` of type `t` from `init` (an
    /// initialiser list, or an expression of the same struct type); slots
    /// the list does not give are zero.
    pub(super) fn init_object(
        &mut self,
        addr: Expr,
        t: &Type,
        init: &'a Node,
        cur: &mut usize,
    ) -> R<()> {
        let lit = strip_parens(init);
        if lit.kind != Kind::InitListExpr {
            if t.kind == TypeKind::Record {
                let src = self.address(strip_casts(lit), cur)?;
                return self.copy_object(addr, src, t, init, cur);
            }
            if t.kind == TypeKind::ConstantArray && lit.kind == Kind::StringLiteral {
                return Err(self.unsup(lit, "string literals in arrays in memory"));
            }
            let ty = self.int_type(t, lit)?;
            let val = self.rv(lit, cur)?;
            let r = self.region(&ty.name(), ty);
            let x = self.store_value(val, ty);
            self.emit(
                cur,
                Op::Assign(r.name.clone(), Expr::store(Expr::var(&r.name), addr, x)),
                init,
            );
            return Ok(());
        }
        self.zero_object(addr.clone(), t, 1, init, cur)?;
        self.init_list(addr, t, None, lit, cur)
    }

    /// Stores an initialiser list's elements (the object is already zero).
    fn init_list(
        &mut self,
        addr: Expr,
        t: &Type,
        field: Option<DeclId>,
        lit: &'a Node,
        cur: &mut usize,
    ) -> R<()> {
        match t.kind {
            TypeKind::Record => {
                let Some(info) = t.record.and_then(|r| self.memory.records.get(&r)).cloned() else {
                    return Err(self.unsup(lit, "an initializer of an incomplete type"));
                };
                if info.union {
                    return Err(self.unsup(lit, "unions"));
                }
                if lit
                    .children
                    .iter()
                    .any(|c| c.kind == Kind::UnexposedExpr && c.ty.kind == TypeKind::Void)
                {
                    return Err(self.unsup(lit, "designated initializers of structs"));
                }
                if lit.children.len() > info.fields.len() {
                    return Err(self.invalid(lit, "excess elements in struct initializer"));
                }
                for (f, item) in info.fields.iter().zip(&lit.children) {
                    let fi = self.memory.fields[f].clone();
                    let a = fold(add(addr.clone(), Expr::int(fi.offset)));
                    self.init_item(a, &fi.ty, Some(*f), item, cur)?;
                }
                Ok(())
            }
            TypeKind::ConstantArray => {
                let elem = t.elem.as_deref().expect("arrays have elements").clone();
                let n = t.len.unwrap_or(0);
                if lit
                    .children
                    .iter()
                    .any(|c| c.kind == Kind::UnexposedExpr && c.ty.kind == TypeKind::Void)
                {
                    return Err(self.unsup(lit, "designated initializers in memory"));
                }
                if lit.children.len() as i64 > n {
                    return Err(self.invalid(lit, "excess elements in array initializer"));
                }
                for (k, item) in lit.children.iter().enumerate() {
                    let a = fold(add(addr.clone(), Expr::int(k as i64 * elem.size)));
                    self.init_item(a, &elem, None, item, cur)?;
                }
                Ok(())
            }
            _ => match lit.children.as_slice() {
                [one] => self.init_item(addr, t, field, one, cur),
                _ => Err(self.invalid(lit, "a scalar initializer with several elements")),
            },
        }
    }

    fn init_item(
        &mut self,
        addr: Expr,
        t: &Type,
        field: Option<DeclId>,
        item: &'a Node,
        cur: &mut usize,
    ) -> R<()> {
        let it = strip_parens(item);
        if it.kind == Kind::InitListExpr {
            return self.init_list(addr, t, field, it, cur);
        }
        if matches!(t.kind, TypeKind::Record) {
            let src = self.address(strip_casts(it), cur)?;
            return self.copy_object(addr, src, t, item, cur);
        }
        if t.kind == TypeKind::ConstantArray {
            return Err(self.unsup(it, "this array initializer in memory"));
        }
        let ty = self.int_type(t, it)?;
        self.check_order(it)?;
        let val = self.rv(it, cur)?;
        let x = self.store_value(val, ty);
        let key = self.region_key(field, ty);
        let r = self.region(&key, ty);
        self.emit(
            cur,
            Op::Assign(r.name.clone(), Expr::store(Expr::var(&r.name), addr, x)),
            item,
        );
        Ok(())
    }

    // ------------------------------------------------------------ the heap

    /// `malloc(n)`, `calloc(n, s)`, `alloca(n)`: a fresh block of objects of
    /// type `elem` (the pointer type the result is converted to), or `None`
    /// when the result is not converted at once.
    pub(super) fn allocate(
        &mut self,
        call: &'a Node,
        elem: Option<&Type>,
        cur: &mut usize,
    ) -> R<V> {
        let callee = call.children.first().map(strip_casts);
        let name = callee.map(|c| c.name.clone()).unwrap_or_default();
        let mut args: Vec<&'a Node> = call.children.iter().skip(1).collect();
        let want = if name == "calloc" || name == "realloc" {
            2
        } else {
            1
        };
        if args.len() != want {
            return Err(self.invalid(call, &format!("`{name}` takes {want} arguments")));
        }
        self.check_order(call)?;
        // realloc(p, n): the old block's address, then a block of n bytes.
        let old = if name == "realloc" {
            let v = self.rv(args.remove(0), cur)?;
            let (p, _) = self.exact(v);
            let t = self.temp("realloc_old", call, Ty::pointer(64));
            self.emit(cur, Op::Assign(t.clone(), p), call);
            Some(Expr::var(&t))
        } else {
            None
        };
        // The size in bytes when every argument is a constant.
        let mut size = Some(BigInt::one());
        let mut size_exprs = Vec::new();
        for a in &args {
            let v = self.rv(a, cur)?;
            let (x, _) = self.exact(v);
            size = match (size, konst(&x)) {
                (Some(s), Some(k)) => Some(s * k),
                _ => None,
            };
            size_exprs.push(x);
        }
        // The block's size in bytes when only known at run time (calloc's
        // product needs one constant factor: linear arithmetic).
        if size.is_none() && size_exprs.len() == 2 {
            let product = match (konst(&size_exprs[0]), konst(&size_exprs[1])) {
                (Some(k), _) => Expr::Mul(Num(k), Box::new(size_exprs[1].clone())),
                (_, Some(k)) => Expr::Mul(Num(k), Box::new(size_exprs[0].clone())),
                _ => {
                    return Err(self.unsup(
                        call,
                        "`calloc` of a count and a size both known only at run time",
                    ))
                }
            };
            size_exprs = vec![fold(product)];
        }
        let next = self.heap_next();
        let ptr_bits = (call.ty.size.max(4) * 8) as u32;
        let pty = Ty::pointer(ptr_bits);
        let res = self.temp("alloc", call, pty);
        let fails = name != "alloca" && name != "__builtin_alloca";
        if fails {
            self.emit(cur, Op::Havoc(res.clone()), call);
            let c = or(
                Expr::eq(Expr::var(&res), Expr::int(0)),
                Expr::eq(Expr::var(&res), next.clone()),
            );
            self.emit(cur, Op::Assume(c), call);
        } else {
            self.emit(cur, Op::Assign(res.clone(), next.clone()), call);
        }
        let grow = match &size {
            Some(k) => Expr::int(k.clone().max(BigInt::one()).try_into().unwrap_or(i64::MAX)),
            None => {
                let n = size_exprs[0].clone();
                ite(
                    Expr::Gt(Box::new(n.clone()), Box::new(Expr::int(0))),
                    n,
                    Expr::int(1),
                )
            }
        };
        // The block's contents: at `next` before it moves past the block
        // (also when the call failed, which changes nothing anyone can read).
        let object = |t: &&Type| t.kind != TypeKind::Void && t.size > 0;
        let hint = self.alloc_hint.take();
        // A struct without members (GNU C, size 0) has no contents to give.
        let empty = |t: &&Type| t.kind == TypeKind::Record && t.size == 0;
        if elem.filter(empty).or(hint.as_ref().filter(empty)).is_some() && old.is_none() {
            self.emit(
                cur,
                Op::Assign(HEAP_NEXT.to_string(), fold(add(next, grow))),
                call,
            );
            return Ok(V::I(Expr::var(&res), pty, true));
        }
        let Some(t) = elem.filter(object).or(hint.as_ref().filter(object)) else {
            if name == "calloc" {
                return Err(self.unsup(
                    call,
                    "`calloc` whose result is not converted to an object pointer at once",
                ));
            }
            return Err(self.unsup(
                call,
                &format!("`{name}` whose result is not converted to an object pointer at once"),
            ));
        };
        let count = size.as_ref().and_then(|s| {
            use num_integer::Integer;
            let (q, r) = s.div_rem(&BigInt::from(t.size));
            (r.is_zero()).then(|| i64::try_from(q).unwrap_or(-1))
        });
        if self.memory.track_sizes {
            // The block's size, for a later `realloc` to copy.
            let bytes = size
                .as_ref()
                .map_or_else(|| size_exprs[0].clone(), |k| Expr::Int(Num(k.clone())));
            let r = self.region(BLOCK_SIZE, Ty::new(false, 64));
            let stored = Expr::store(Expr::var(&r.name), next.clone(), bytes);
            self.emit(cur, Op::Assign(r.name, stored), call);
        }
        if name == "calloc" {
            match (&size, count) {
                (Some(_), Some(c)) => self.zero_object(next.clone(), t, c, call, cur)?,
                (None, _) => {
                    let n = Expr::Div(Box::new(size_exprs[0].clone()), Num(BigInt::from(t.size)));
                    let slots = self.slots(t, 0, call)?;
                    self.each_object(call, t, n, &next, cur, &mut |tr, obj, b| {
                        for (off, key, ty) in &slots {
                            let a = fold(add(obj.clone(), Expr::int(*off)));
                            tr.store_slot(key, *ty, a, Expr::int(0), call, b);
                        }
                    })?;
                }
                (Some(_), None) => {
                    return Err(self.unsup(
                        call,
                        "`calloc` of a size that is not a multiple of its type's",
                    ))
                }
            }
        } else {
            match count {
                Some(c) => self.havoc_object(next.clone(), t, c, call, cur)?,
                // As many whole objects as the size holds (C: the bytes
                // past the last whole one cannot be read as a `t`).
                None => {
                    let n = Expr::Div(
                        Box::new(size_exprs[0].clone()),
                        format::Num::from_i64(t.size),
                    );
                    self.havoc_block(next.clone(), t, n, call, cur)?
                }
            }
        }
        if let Some(old) = old {
            // The old block's first min(old size, n) bytes move to the new
            // one (realloc(NULL, n) is malloc(n)); the rest stays fresh.
            let r = self.region(BLOCK_SIZE, Ty::new(false, 64));
            let old_size = Expr::select(Expr::var(&r.name), old.clone());
            let n = size
                .as_ref()
                .map_or_else(|| size_exprs[0].clone(), |k| Expr::Int(Num(k.clone())));
            let less = Expr::Lt(Box::new(old_size.clone()), Box::new(n.clone()));
            let kept = Expr::Div(Box::new(ite(less, old_size, n)), Num(BigInt::from(t.size)));
            let src = self.src(call, None);
            let (copy, join) = (self.loc_end(call), self.loc_end(call));
            let null = Expr::eq(old.clone(), Expr::int(0));
            self.edge(*cur, join, Op::Assume(null.clone()), src.clone());
            self.edge(*cur, copy, Op::Assume(not(null)), src.clone());
            let mut c = copy;
            self.copy_objects(call, t, kept, &next, &old, &mut c)?;
            self.edge(c, join, Op::Skip, src);
            *cur = join;
        }
        self.emit(
            cur,
            Op::Assign(HEAP_NEXT.to_string(), fold(add(next, grow))),
            call,
        );
        Ok(V::I(Expr::var(&res), pty, true))
    }

    /// The assignments that start the program's memory: every region
    /// zero, the heap after the static objects.
    pub(super) fn memory_start(&self) -> Vec<Op> {
        let mut ops: Vec<Op> = self
            .memory
            .regions
            .keys()
            .map(|r| {
                // Zero, then the bytes of the string literals in this region.
                let mut v = Expr::ConstArray(Box::new(Expr::int(0)));
                for (region, a, b) in &self.memory.literal_bytes {
                    if region == r {
                        v = Expr::store(v, a.clone(), b.clone());
                    }
                }
                Op::Assign(r.clone(), v)
            })
            .collect();
        if self.var_ty.contains_key(HEAP_NEXT) {
            ops.push(Op::Assign(
                HEAP_NEXT.to_string(),
                Expr::int(self.memory.heap_start()),
            ));
        }
        ops
    }
}
