//! C arrays: fixed-size arrays of an integer type as `int -> int` state variables.
//!
//! * Each array (global or local, any number of dimensions) is one
//!   `int[]` state variable indexed by the row-major flattened index
//!   (`a[i][j]` of `int a[N][M]` reads `a[i * M + j]`); distinct arrays never
//!   alias. Dimensions and element types are clang's. No bounds checks are
//!   made (see `c/mod.rs`: memory safety is assumed).
//! * A write `a[i] = e` assigns `store(a, i, e')`, `e'` the value converted to
//!   the element type as for a scalar of that type.
//! * Initial contents: arrays of static storage are zero (`a = const(0)`
//!   where they are declared); an initialiser list stores its elements over
//!   `const(0)` (so `{1, 2}` zero-fills the rest), a string literal its
//!   bytes as clang decoded them; a local array without initialiser is
//!   havocked at its declaration.
//! * Element range: a read of an element of a bounded type (unsigned,
//!   `_Bool`, `char`, `short`) assumes the value lies in the type's range, as
//!   the range invariant does for scalars of those types; stored values are
//!   always reduced, and initial contents can be chosen in range.
//! * An array parameter (`int b[]`, `int *b`, a pointer to the element type
//!   after clang's adjustment) of an inlined function names its argument
//!   array; `*b` is `b[0]`. Any other use of an array or pointer as a value
//!   is refused.

use super::expr::strip_casts;
use super::stmt::strip_parens;
use super::*;
use std::collections::BTreeMap;

/// Most non-zero elements an initialiser list may give (each nests one `store`).
const MAX_INIT_ELEMENTS: usize = 4096;

impl<'a> Tr<'a> {
    /// The element type and dimensions (outermost first) of an array type.
    pub(super) fn array_shape(&self, t: &Type, at: &Node) -> R<(Ty, Vec<BigInt>)> {
        let mut dims = Vec::new();
        let mut cur = t;
        loop {
            match cur.kind {
                TypeKind::ConstantArray => {
                    let n = cur.len.unwrap_or(0);
                    if n <= 0 {
                        return Err(self.unsup(at, "arrays of size zero"));
                    }
                    dims.push(BigInt::from(n));
                    cur = cur.elem.as_deref().expect("arrays have elements");
                }
                // The outermost length of a variable-length array is only
                // needed by `sizeof` (refused for them): the array is an
                // unbounded map like the others; 0 marks the length unknown.
                TypeKind::VariableArray if dims.is_empty() => {
                    dims.push(BigInt::zero());
                    cur = cur.elem.as_deref().expect("arrays have elements");
                }
                TypeKind::VariableArray => {
                    return Err(self.unsup(at, "variable-length arrays of arrays"))
                }
                TypeKind::IncompleteArray => return Err(self.unsup(at, "arrays of unknown size")),
                _ => break,
            }
        }
        let ty = self.int_type(cur, at)?;
        Ok((ty, dims))
    }

    /// The array variable of a declaration (shared by inlined copies).
    pub(super) fn decl_array(
        &mut self,
        func: &str,
        d: &Node,
        ty: Ty,
        dims: Vec<BigInt>,
    ) -> VarInfo {
        let id = d.decl.expect("declarations have ids");
        if let Some(v) = self.decls.get(&id) {
            return v.clone();
        }
        let base = if func == "main" || func.is_empty() {
            d.name.clone()
        } else {
            format!("{func}.{}", d.name)
        };
        let name = self.fresh_name(&base);
        self.arrays.insert(name.clone());
        let v = VarInfo {
            name,
            ty,
            dims: Some(dims),
            alias: false,
            mem: None,
        };
        self.decls.insert(id, v.clone());
        self.record_var(func, &d.name, &v);
        v
    }

    /// An array of static storage duration: zero, then its initializer.
    pub(super) fn static_array(&mut self, func: &str, d: &'a Node, cur: &mut usize) -> R<()> {
        let id = d.decl.expect("declarations have ids");
        let known = self.decls.contains_key(&id);
        if d.ty.kind == TypeKind::IncompleteArray && d.init.is_none() {
            // `extern int a[];` before its definition: nothing to make yet.
            return Ok(());
        }
        let (ty, dims) = self.array_shape(&d.ty, d)?;
        let v = self.decl_array(func, d, ty, dims);
        if !known {
            let zero = Expr::ConstArray(Box::new(Expr::int(0)));
            self.emit(cur, Op::Assign(v.name.clone(), zero), d);
        }
        if let Some(init) = &d.init {
            let val = self.array_init(&v, init, cur)?;
            self.emit(cur, Op::Assign(v.name.clone(), val), d);
        }
        Ok(())
    }

    /// A local array declaration.
    pub(super) fn local_array(&mut self, func: &str, d: &'a Node, cur: &mut usize) -> R<VarInfo> {
        let (ty, dims) = self.array_shape(&d.ty, d)?;
        if d.ty.kind == TypeKind::VariableArray {
            // The length is evaluated when the declaration runs; without
            // bounds checks its value is not needed, its effects would be.
            // (C allows no initialiser here: all children are lengths.)
            if let Some(e) = d.children.iter().find(|c| !self.pure(c)) {
                return Err(self.unsup(e, "a variable-length array whose length has side effects"));
            }
        }
        let v = self.decl_array(func, d, ty, dims);
        match &d.init {
            Some(init) => {
                let val = self.array_init(&v, init, cur)?;
                self.emit(cur, Op::Assign(v.name.clone(), val), d);
            }
            None => {
                // Indeterminate contents; where the declaration runs only
                // once (in `main`, outside loops, `main` without labels) the
                // variable's initial value is already unconstrained.
                let frame = self.frames.last().unwrap();
                let once = self.frames.len() == 1 && frame.loops.is_empty() && !self.main_labels;
                if !once {
                    self.emit(cur, Op::Havoc(v.name.clone()), d);
                }
            }
        }
        Ok(v)
    }

    /// The value of an integer constant expression (no side effects).
    pub(super) fn int_constant(&mut self, e: &'a Node) -> Option<BigInt> {
        if !self.pure(e) {
            return None;
        }
        let mut scratch = self.loc_end(e);
        let v = self.rv(e, &mut scratch).ok()?;
        konst(&fold(self.exact(v).0))
    }

    /// Flat positions of the elements an initialiser list gives (at
    /// `level` of `dims`, from `start`).
    pub(super) fn init_positions(
        &mut self,
        list: &'a Node,
        dims: &[BigInt],
        level: usize,
        start: BigInt,
        out: &mut Vec<(BigInt, &'a Node)>,
    ) -> R<()> {
        let stride: BigInt = dims[level + 1..].iter().product();
        let bound = &start + &dims[level] * &stride;
        let mut pos = start.clone();
        for it in &list.children {
            let mut item = it;
            // `[k] = v`: libclang shows a designated initializer as an
            // unexposed `void` expression of the index and the value.
            if it.kind == Kind::UnexposedExpr && it.ty.kind == TypeKind::Void {
                let [k, v] = it.children.as_slice() else {
                    return Err(self.unsup(it, "designators other than `[k]`"));
                };
                let Some(k) = self.int_constant(k).filter(|k| !k.is_negative()) else {
                    return Err(
                        self.invalid(k, "array designator is not a non-negative integer constant")
                    );
                };
                pos = &start + k * &stride;
                item = v;
            }
            if level + 1 < dims.len() {
                match item.kind {
                    Kind::InitListExpr => {
                        use num_integer::Integer;
                        let row = (&pos - &start).div_ceil(&stride);
                        let row_start = &start + row * &stride;
                        if row_start >= bound {
                            return Err(self.invalid(item, "excess elements in array initializer"));
                        }
                        self.init_positions(item, dims, level + 1, row_start.clone(), out)?;
                        pos = row_start + &stride;
                        continue;
                    }
                    _ => return Err(self.unsup(item, "an initializer without braces for a row")),
                }
            }
            let mut e = item;
            while e.kind == Kind::InitListExpr {
                match e.children.as_slice() {
                    [one] => e = one,
                    _ => return Err(self.unsup(e, "initializer lists for scalars")),
                }
            }
            if pos >= bound {
                return Err(self.invalid(e, "excess elements in array initializer"));
            }
            out.push((pos.clone(), e));
            pos += 1;
        }
        Ok(())
    }

    /// The initial value an initializer gives array `v`, its elements
    /// evaluated (left to right) at `*cur`.
    pub(super) fn array_init(&mut self, v: &VarInfo, init: &'a Node, cur: &mut usize) -> R<Expr> {
        let dims = v.dims.clone().unwrap_or_default();
        let lit = strip_parens(init);
        if lit.kind == Kind::StringLiteral {
            let Some(bytes) = &lit.bytes else {
                return Err(self.unsup(
                    lit,
                    "a string literal clang does not evaluate (wide or with a NUL inside)",
                ));
            };
            if dims.len() != 1 || BigInt::from(bytes.len()) > dims[0] {
                return Err(self.invalid(lit, "a string longer than its array"));
            }
            let mut acc = Expr::ConstArray(Box::new(Expr::int(0)));
            for (k, b) in bytes.iter().enumerate() {
                // The byte as a value of the element type (plain char's
                // signedness is the target's).
                let x = self.store_value(V::I(Expr::int(*b as i64), Ty::new(false, 8), true), v.ty);
                acc = Expr::store(acc, Expr::int(k as i64), x);
            }
            return Ok(acc);
        }
        if lit.kind != Kind::InitListExpr {
            return Err(self.unsup(init, "an array initialised from an expression"));
        }
        let mut elems = Vec::new();
        self.init_positions(lit, &dims, 0, BigInt::zero(), &mut elems)?;
        for (_, e) in &elems {
            self.check_order(e)?;
        }
        let exprs: Vec<&Node> = elems.iter().map(|(_, e)| *e).collect();
        let any_mod = exprs.iter().any(|e| self.modifies(e));
        let mut vals: BTreeMap<BigInt, Expr> = BTreeMap::new();
        for (pos, e) in elems {
            let val = self.rv(e, cur)?;
            let mut x = self.store_value(val, v.ty);
            if any_mod && konst(&x).is_none() {
                let t = self.temp("elem", e, v.ty);
                self.emit(cur, Op::Assign(t.clone(), x), e);
                x = Expr::var(&t);
            }
            vals.insert(pos, x);
        }
        let nonzero: Vec<(BigInt, Expr)> = vals
            .into_iter()
            .filter(|(_, x)| konst(x).is_none_or(|k| !k.is_zero()))
            .collect();
        if nonzero.len() > MAX_INIT_ELEMENTS {
            return Err(self.unsup(
                init,
                &format!("initializer lists of more than {MAX_INIT_ELEMENTS} non-zero elements"),
            ));
        }
        let zero = Expr::ConstArray(Box::new(Expr::int(0)));
        Ok(nonzero
            .into_iter()
            .fold(zero, |acc, (k, x)| Expr::store(acc, num(k), x)))
    }

    /// The array variable `e` names (through decay and parentheses), if any.
    pub(super) fn array_of(&self, e: &Node) -> Option<VarInfo> {
        let b = strip_casts(e);
        if b.kind != Kind::DeclRefExpr {
            return None;
        }
        self.lookup(b).ok().filter(|v| v.dims.is_some())
    }

    /// The array an array parameter `p` is bound to by argument `a`.
    pub(super) fn array_argument(&self, a: &Node, p: &Node) -> R<VarInfo> {
        let elem = p.ty.elem.as_deref().expect("pointers have pointees");
        let ty = self.int_type(elem, p)?;
        let Some(v) = self.array_of(a) else {
            return Err(self.unsup(a, "pointer arguments other than array names"));
        };
        match &v.dims {
            Some(d) if d.len() != 1 => Err(self.unsup(a, "multi-dimensional array arguments")),
            Some(_) if v.ty != ty => Err(self.unsup(
                a,
                &format!(
                    "array argument of element type {} for a parameter of element type {}",
                    v.ty.name(),
                    ty.name()
                ),
            )),
            _ => Ok(VarInfo { alias: true, ..v }),
        }
    }

    /// `e` is `base[i]..[j]`: the base and the subscripts, outermost first
    /// (`i[a]` is read as `a[i]`, as clang's base tells).
    pub(super) fn index_chain(&self, e: &'a Node) -> (&'a Node, Vec<&'a Node>) {
        let mut idx = Vec::new();
        let mut cur = e;
        while cur.kind == Kind::ArraySubscriptExpr && cur.children.len() == 2 {
            let (x, y) = (&cur.children[0], &cur.children[1]);
            // The base is the operand of pointer (decayed array) type.
            let (base, i) = if y.ty.kind == TypeKind::Pointer && x.ty.kind != TypeKind::Pointer {
                (y, x)
            } else {
                (x, y)
            };
            idx.push(i);
            cur = strip_casts(base);
        }
        idx.reverse();
        (cur, idx)
    }

    /// The array and flattened index `e` (`a[i]..[j]` or `*a`) designates;
    /// the subscripts are evaluated at `*cur`.
    pub(super) fn element(&mut self, e: &'a Node, cur: &mut usize) -> R<(VarInfo, Expr)> {
        if e.kind == Kind::UnaryOperator {
            let Some(operand) = e.children.first() else {
                return Err(self.unsup(e, "pointers"));
            };
            let Some(v) = self.array_of(operand) else {
                let inner = strip_casts(operand);
                return Err(match inner.binop {
                    Some(BinOp::Add | BinOp::Sub) => self.unsup(e, "pointer arithmetic"),
                    _ => self.unsup(e, "pointers"),
                });
            };
            if v.dims.as_ref().is_some_and(|d| d.len() != 1) {
                return Err(self.unsup(e, "array rows used as values"));
            }
            return Ok((v, Expr::int(0)));
        }
        let (base, idx) = self.index_chain(e);
        let v = match base.kind {
            Kind::DeclRefExpr => self.lookup(base)?,
            Kind::MemberRefExpr => return Err(self.unsup(base, "structs or unions")),
            _ => return Err(self.unsup(base, "pointers")),
        };
        let Some(dims) = v.dims.clone() else {
            return Err(self.unsup(e, &format!("pointer `{}` subscripted", base.name)));
        };
        if idx.len() < dims.len() {
            return Err(self.unsup(e, "array rows used as values"));
        }
        if idx.len() > dims.len() {
            return Err(self.invalid(e, "too many subscripts for the array"));
        }
        let mut flat: Option<Expr> = None;
        for (k, i) in idx.iter().enumerate() {
            let val = self.rv(i, cur)?;
            let (mut x, _) = self.exact(val);
            if idx[k + 1..].iter().any(|later| self.modifies(later)) && konst(&x).is_none() {
                x = self.copy_index(x, i, cur);
            }
            flat = Some(match flat {
                None => x,
                Some(acc) => add(fold(Expr::Mul(Num(dims[k].clone()), Box::new(acc))), x),
            });
        }
        Ok((v, flat.unwrap_or_else(|| Expr::int(0))))
    }

    /// Where an assignment to `e` stores (subscripts evaluated at `*cur`).
    pub(super) fn place(&mut self, e: &'a Node, cur: &mut usize) -> R<Place> {
        let e = strip_parens(e);
        if e.kind != Kind::DeclRefExpr && self.in_memory(e) {
            return self.memory_place(e, cur);
        }
        match e.kind {
            Kind::DeclRefExpr => {
                let v = self.lookup(e)?;
                if v.mem.is_some() {
                    return self.memory_place(e, cur);
                }
                if v.alias {
                    return Err(self.unsup(e, "assignment to a pointer parameter"));
                }
                if v.dims.is_some() {
                    return Err(self.unsup(e, "assignment to a whole array"));
                }
                Ok(Place::Var(v))
            }
            Kind::ArraySubscriptExpr => {
                let (a, i) = self.element(e, cur)?;
                Ok(Place::Elem(a, i))
            }
            Kind::UnaryOperator if e.unop == Some(clang_ast::UnOp::Deref) => {
                let (a, i) = self.element(e, cur)?;
                Ok(Place::Elem(a, i))
            }
            _ => Err(self.unsup(e, "assignment to this expression")),
        }
    }

    /// `p` with its index copied into a temporary if evaluating `later`
    /// may change what the index reads.
    pub(super) fn pin_index(&mut self, p: Place, later: &'a Node, cur: &mut usize) -> Place {
        match p {
            Place::Elem(a, i) if konst(&i).is_none() && self.modifies(later) => {
                let x = self.copy_index(i, later, cur);
                Place::Elem(a, x)
            }
            p => p,
        }
    }

    /// A copy of index `i` in a temporary.
    pub(super) fn copy_index(&mut self, i: Expr, at: &Node, cur: &mut usize) -> Expr {
        let t = self.temp("idx", at, INT);
        self.emit(cur, Op::Assign(t.clone(), i), at);
        Expr::var(&t)
    }

    /// The current value at `p`, as a term.
    pub(super) fn current(&self, p: &Place) -> Expr {
        match p {
            Place::Var(v) => Expr::var(&v.name),
            Place::Elem(a, i) => Expr::select(Expr::var(&a.name), i.clone()),
        }
    }

    /// Reads `p`; an element of a bounded type is assumed in its range.
    pub(super) fn load(&mut self, p: &Place, at: &Node, cur: &mut usize) -> V {
        let x = self.current(p);
        if let Place::Elem(a, _) = p {
            if a.ty.stays_in_range() {
                self.emit(cur, Op::Assume(in_range(x.clone(), &a.ty)), at);
            }
        }
        V::I(x, p.ty(), true)
    }

    /// Stores `val` (converted to the type of `p`); the value of the assignment.
    pub(super) fn store_place(&mut self, p: &Place, val: V, at: &Node, cur: &mut usize) -> V {
        let stored = self.store_value(val, p.ty());
        let (x, value) = match p {
            Place::Var(v) => (v.name.clone(), stored),
            Place::Elem(a, i) => (
                a.name.clone(),
                Expr::store(Expr::var(&a.name), i.clone(), stored),
            ),
        };
        self.emit(cur, Op::Assign(x, value), at);
        V::I(self.current(p), p.ty(), true)
    }

    /// Reads the element `e` (`a[i]..` or `*a`) designates.
    pub(super) fn read_element(&mut self, e: &'a Node, cur: &mut usize) -> R<V> {
        if self.in_memory(e) {
            if !self.scalar_type(&e.ty, e).is_ok_and(|t| t.is_some()) {
                let what = format!("an object of type {} used as a value", type_name(&e.ty));
                return Err(self.unsup(e, &what));
            }
            let p = self.memory_place(e, cur)?;
            return Ok(self.load(&p, e, cur));
        }
        let (a, i) = self.element(e, cur)?;
        Ok(self.load(&Place::Elem(a, i), e, cur))
    }

    /// Does reading `e` (an element access) emit a range assumption?
    pub(super) fn bounded_read(&self, e: &Node) -> bool {
        if self.in_memory(e) {
            return true; // through a pointer: assumes it is not NULL
        }
        let base = if e.kind == Kind::UnaryOperator {
            match e.children.first() {
                Some(b) => b,
                None => return false,
            }
        } else {
            let mut cur = e;
            while cur.kind == Kind::ArraySubscriptExpr && cur.children.len() == 2 {
                cur = strip_casts(&cur.children[0]);
            }
            cur
        };
        self.array_of(base).is_some_and(|v| v.ty.stays_in_range())
    }
}
