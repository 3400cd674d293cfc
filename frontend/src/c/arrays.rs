//! C arrays: fixed-size arrays of an integer type as `int -> int` state variables.
//!
//! * Each array (global or local, any number of dimensions) is one
//!   `int[]` state variable indexed by the row-major flattened index
//!   (`a[i][j]` of `int a[N][M]` reads `a[i * M + j]`); distinct arrays never
//!   alias. No bounds checks are made (see `c/mod.rs`: memory safety is assumed).
//! * A write `a[i] = e` assigns `store(a, i, e')`, `e'` the value converted to
//!   the element type as for a scalar of that type.
//! * Initial contents: globals are zero (`a = const(0)` where they are
//!   declared); an initialiser list stores its elements over `const(0)`
//!   (so `{1, 2}` zero-fills the rest); a local array without initialiser
//!   is havocked at its declaration, unless that is the first and only time
//!   the declaration runs (in `main`, outside loops, `main` without labels),
//!   where the variable's initial value is already unconstrained.
//! * Element range: nothing bounds the contents of an unconstrained array,
//!   so a read of an element of a bounded type (unsigned, `_Bool`, `char`,
//!   `short`) assumes the value lies in the type's range, as the range
//!   invariant does for scalars of those types. This is sound: stored values
//!   are always reduced, and initial contents can be chosen in range.
//!   `int` and wider signed elements are mathematical integers, like
//!   scalars of those types.
//! * An array parameter (`int b[]`, `int b[N]`, `int *b`) of an inlined
//!   function names its argument array (which must be an array of the same
//!   element type, or another such parameter); `*b` is `b[0]`. Any other use
//!   of an array or pointer as a value is rejected.
//! * `sizeof` of arrays, elements, rows, variables and types, with the data
//!   model's widths; an array parameter has the size of a pointer.

use super::*;
use std::collections::BTreeMap;

/// Most non-zero elements an initialiser list may give (each nests one `store`).
const MAX_INIT_ELEMENTS: usize = 4096;

/// Does `s` contain a label (so `goto` may re-run code before it)?
pub(super) fn has_labels(s: &Node<Statement>) -> bool {
    match &s.node {
        Statement::Labeled(l) => {
            matches!(l.node.label.node, Label::Identifier(_)) || has_labels(&l.node.statement)
        }
        Statement::Compound(items) => items.iter().any(|it| match &it.node {
            BlockItem::Statement(st) => has_labels(st),
            _ => false,
        }),
        Statement::If(i) => {
            has_labels(&i.node.then_statement)
                || i.node
                    .else_statement
                    .as_ref()
                    .is_some_and(|e| has_labels(e))
        }
        Statement::Switch(w) => has_labels(&w.node.statement),
        Statement::While(w) => has_labels(&w.node.statement),
        Statement::DoWhile(w) => has_labels(&w.node.statement),
        Statement::For(f) => has_labels(&f.node.statement),
        _ => false,
    }
}

/// Is `d` an array declarator (`x[..]..[..]`, nothing else derived)?
pub(super) fn is_array_declarator(d: &Declarator) -> bool {
    !d.derived.is_empty()
        && d.derived
            .iter()
            .all(|x| matches!(x.node, DerivedDeclarator::Array(_)))
        && matches!(d.kind.node, DeclaratorKind::Identifier(_))
}

fn is_index(e: &Node<Expression>) -> bool {
    matches!(&e.node, Expression::BinaryOperator(b) if matches!(b.node.operator.node, BinaryOperator::Index))
}

fn ty_bytes(t: Ty) -> u32 {
    if t.boolean {
        1
    } else {
        t.bits / 8
    }
}

impl Tr<'_> {
    /// `e` is `base[i]..[j]`: the base and the subscripts, outermost first.
    /// `i[a]` is read as `a[i]`.
    fn index_chain<'e>(
        &self,
        e: &'e Node<Expression>,
    ) -> (&'e Node<Expression>, Vec<&'e Node<Expression>>) {
        let mut idx = Vec::new();
        let mut cur = e;
        while let Expression::BinaryOperator(b) = &cur.node {
            if !matches!(b.node.operator.node, BinaryOperator::Index) {
                break;
            }
            let (lhs, rhs) = (&*b.node.lhs, &*b.node.rhs);
            let swapped =
                !is_index(lhs) && self.array_name(lhs).is_none() && self.array_name(rhs).is_some();
            let (base, i) = if swapped { (rhs, lhs) } else { (lhs, rhs) };
            idx.push(i);
            cur = base;
        }
        idx.reverse();
        (cur, idx)
    }

    /// Whether a parameter declarator is an array parameter (`b[]`, `b[N]`,
    /// `*b`); other derived declarators are rejected.
    pub(super) fn param_alias(&self, d: &Node<Declarator>) -> R<bool> {
        let plain = matches!(d.node.kind.node, DeclaratorKind::Identifier(_));
        match d.node.derived.as_slice() {
            [x] if plain
                && matches!(
                    x.node,
                    DerivedDeclarator::Array(_) | DerivedDeclarator::Pointer(_)
                ) =>
            {
                Ok(true)
            }
            [_, y, ..] if plain && matches!(y.node, DerivedDeclarator::Array(_)) => {
                Err(self.unsup(d.span, "multi-dimensional array parameters"))
            }
            _ => self.check_derived(&d.node, d.span).map(|_| false),
        }
    }

    /// The value of an integer constant expression (no side effects, no variables).
    fn int_constant(&mut self, e: &Node<Expression>) -> Option<BigInt> {
        if !self.pure(e) {
            return None;
        }
        // A pure expression emits no edges; the location stays unused.
        let mut scratch = self.dead(e.span);
        let v = self.rv(e, &mut scratch).ok()?;
        konst(&fold(self.exact(v).0))
    }

    /// The dimensions of an array declarator; `[]` takes its size from the
    /// initialiser list.
    pub(super) fn array_dims(
        &mut self,
        d: &Node<Declarator>,
        init: Option<&Node<Initializer>>,
    ) -> R<Vec<BigInt>> {
        let mut dims = Vec::new();
        let mut unknown_first = false;
        for (k, x) in d.node.derived.iter().enumerate() {
            let DerivedDeclarator::Array(a) = &x.node else {
                return Err(self.unsup(x.span, "pointers"));
            };
            match &a.node.size {
                ArraySize::VariableExpression(e) | ArraySize::StaticExpression(e) => {
                    let Some(n) = self.int_constant(e) else {
                        return Err(self.unsup(e.span, "variable-length arrays"));
                    };
                    if !n.is_positive() {
                        return Err(self.invalid(e.span, "array size must be positive"));
                    }
                    dims.push(n);
                }
                ArraySize::Unknown if k == 0 && init.is_some() => {
                    unknown_first = true;
                    dims.push(BigInt::one());
                }
                ArraySize::Unknown => return Err(self.unsup(x.span, "arrays of unknown size")),
                ArraySize::VariableUnknown => {
                    return Err(self.unsup(x.span, "variable-length arrays"))
                }
            }
        }
        if unknown_first {
            let Some(Initializer::List(items)) = init.map(|i| &i.node) else {
                let sp = init.map_or(d.span, |i| i.span);
                return Err(self.unsup(sp, "array initialised from an expression"));
            };
            let mut out = Vec::new();
            let end = self.init_positions(items, &dims, true, 0, BigInt::zero(), &mut out)?;
            let stride: BigInt = dims[1..].iter().product();
            use num_integer::Integer;
            dims[0] = end.div_ceil(&stride);
            if dims[0].is_zero() {
                return Err(self.invalid(d.span, "array of size zero"));
            }
        }
        Ok(dims)
    }

    /// Flat positions of the elements an initialiser list gives (at
    /// `level` of `dims`, from `start`); returns the end of the last one.
    fn init_positions<'e>(
        &mut self,
        items: &'e [Node<InitializerListItem>],
        dims: &[BigInt],
        unknown_first: bool,
        level: usize,
        start: BigInt,
        out: &mut Vec<(BigInt, &'e Node<Expression>)>,
    ) -> R<BigInt> {
        let stride: BigInt = dims[level + 1..].iter().product();
        let bound = (!(unknown_first && level == 0)).then(|| &start + &dims[level] * &stride);
        let mut pos = start.clone();
        let mut end = start.clone();
        for it in items {
            match it.node.designation.as_slice() {
                [] => {}
                [d] => match &d.node {
                    Designator::Index(e) => {
                        let Some(k) = self.int_constant(e).filter(|k| !k.is_negative()) else {
                            return Err(self.invalid(
                                e.span,
                                "array designator is not a non-negative integer constant",
                            ));
                        };
                        pos = &start + k * &stride;
                    }
                    _ => return Err(self.unsup(d.span, "designators other than `[k]`")),
                },
                [_, d, ..] => return Err(self.unsup(d.span, "nested designators")),
            }
            let element = match &it.node.initializer.node {
                Initializer::List(sub) if level + 1 < dims.len() => {
                    // A braced sub-list fills the next whole row.
                    use num_integer::Integer;
                    let row = (&pos - &start).div_ceil(&stride);
                    let row_start = &start + row * &stride;
                    if bound.as_ref().is_some_and(|b| &row_start >= b) {
                        return Err(self.invalid(it.span, "excess elements in array initializer"));
                    }
                    self.init_positions(sub, dims, false, level + 1, row_start.clone(), out)?;
                    pos = row_start + &stride;
                    None
                }
                Initializer::List(sub) => match sub.as_slice() {
                    // Braces around a scalar: `{ {5} }`.
                    [one] if one.node.designation.is_empty() => match &one.node.initializer.node {
                        Initializer::Expression(e) => Some(&**e),
                        Initializer::List(_) => {
                            return Err(self.unsup(one.span, "nested braces around a scalar"))
                        }
                    },
                    _ => return Err(self.unsup(it.span, "initializer lists for scalars")),
                },
                Initializer::Expression(e) => Some(&**e),
            };
            if let Some(e) = element {
                if bound.as_ref().is_some_and(|b| &pos >= b) {
                    return Err(self.invalid(e.span, "excess elements in array initializer"));
                }
                out.push((pos.clone(), e));
                pos += 1;
            }
            if pos > end {
                end = pos.clone();
            }
        }
        Ok(end)
    }

    /// The initial value an initialiser list gives array `v`, its elements
    /// evaluated (left to right) at `*cur`.
    fn array_init(&mut self, v: &VarInfo, init: &Node<Initializer>, cur: &mut usize) -> R<Expr> {
        let Initializer::List(items) = &init.node else {
            return Err(self.unsup(init.span, "array initialised from an expression"));
        };
        let dims = v.dims.clone().unwrap_or_default();
        let mut elems = Vec::new();
        self.init_positions(items, &dims, false, 0, BigInt::zero(), &mut elems)?;
        // Elements with side effects: copy the others so each sees its own time.
        let any_mod = elems.iter().any(|(_, e)| self.modifies(e));
        let mut vals: BTreeMap<BigInt, Expr> = BTreeMap::new();
        for (pos, e) in elems {
            let val = self.rv(e, cur)?;
            let mut x = self.store_value(val, v.ty);
            if any_mod && konst(&x).is_none() {
                let t = self.temp("elem", e.span, v.ty);
                self.emit(cur, Op::Assign(t.clone(), x), e.span);
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
                init.span,
                &format!("initializer lists of more than {MAX_INIT_ELEMENTS} non-zero elements"),
            ));
        }
        let zero = Expr::ConstArray(Box::new(Expr::int(0)));
        Ok(nonzero
            .into_iter()
            .fold(zero, |acc, (k, x)| Expr::store(acc, num(k), x)))
    }

    /// The array variable of a declaration (shared by inlined copies).
    fn decl_array(
        &mut self,
        func: &str,
        cname: &str,
        offset: usize,
        ty: Ty,
        dims: Vec<BigInt>,
    ) -> VarInfo {
        let key = (offset, cname.to_string());
        let name = match self.decl_vars.get(&key) {
            Some(n) => n.clone(),
            None => {
                let base = if func == "main" || func.is_empty() {
                    cname.to_string()
                } else {
                    format!("{func}.{cname}")
                };
                let n = self.fresh_name(&base);
                self.arrays.insert(n.clone());
                self.decl_vars.insert(key, n.clone());
                n
            }
        };
        VarInfo {
            name,
            ty,
            dims: Some(dims),
            alias: false,
        }
    }

    /// A global array declaration; like scalars, an unsupported one without
    /// initialiser is only an error where it is used.
    pub(super) fn global_array(
        &mut self,
        d: &Node<Declaration>,
        id: &Node<InitDeclarator>,
        base: &Result<Option<Ty>, String>,
        cur: &mut usize,
    ) -> R<()> {
        let (name, nspan) = self.declarator_name(&id.node.declarator)?;
        let init = id.node.initializer.as_ref();
        let ty = match base {
            Ok(Some(t)) => Ok(*t),
            Ok(None) => Err((d.span, "arrays of void".to_string())),
            Err(w) => Err((d.span, w.clone())),
        };
        let shape = match ty {
            Ok(t) => match self.array_dims(&id.node.declarator, init) {
                Ok(dims) => Ok((t, dims)),
                Err(FrontendError::UnsupportedC { construct, .. }) if init.is_none() => {
                    Err((id.span, construct))
                }
                Err(e) => return Err(e),
            },
            Err(e) => Err(e),
        };
        let (ty, dims) = match shape {
            Ok(s) => s,
            Err((sp, w)) if init.is_some() => return Err(self.unsup(sp, &w)),
            Err(lazy) => {
                self.globals.insert(name, Err(lazy));
                return Ok(());
            }
        };
        let v = match self.globals.get(&name) {
            Some(Ok(v)) if v.dims.is_some() => v.clone(),
            _ => {
                let v = self.decl_array("", &name, 0, ty, dims);
                // Zero-initialised (static storage duration).
                let zero = Expr::ConstArray(Box::new(Expr::int(0)));
                self.emit(cur, Op::Assign(v.name.clone(), zero), nspan);
                v
            }
        };
        self.globals.insert(name, Ok(v.clone()));
        if let Some(init) = init {
            let val = self.array_init(&v, init, cur)?;
            self.emit(cur, Op::Assign(v.name.clone(), val), id.span);
        }
        Ok(())
    }

    /// A local array declaration.
    pub(super) fn local_array(
        &mut self,
        d: &Node<Declaration>,
        id: &Node<InitDeclarator>,
        base: &Result<Option<Ty>, String>,
        cur: &mut usize,
    ) -> R<()> {
        let (name, nspan) = self.declarator_name(&id.node.declarator)?;
        let ty = match base {
            Ok(Some(t)) => *t,
            Ok(None) => return Err(self.invalid(d.span, "array of void")),
            Err(w) => return Err(self.unsup(d.span, w)),
        };
        let init = id.node.initializer.as_ref();
        let dims = self.array_dims(&id.node.declarator, init)?;
        let func = self.frames.last().unwrap().func.clone();
        let v = self.decl_array(&func, &name, nspan.start, ty, dims);
        match init {
            Some(init) => {
                let val = self.array_init(&v, init, cur)?;
                self.emit(cur, Op::Assign(v.name.clone(), val), id.span);
            }
            None => {
                let frame = self.frames.last().unwrap();
                let once = self.frames.len() == 1 && frame.loops.is_empty() && !self.main_labels;
                if !once {
                    // Indeterminate contents.
                    self.emit(cur, Op::Havoc(v.name.clone()), id.span);
                }
            }
        }
        let frame = self.frames.last_mut().unwrap();
        frame.scopes.last_mut().unwrap().insert(name, v);
        Ok(())
    }

    /// The array `e` names, if it is an identifier of an array.
    pub(super) fn array_name(&self, e: &Node<Expression>) -> Option<VarInfo> {
        match &e.node {
            Expression::Identifier(id) => self
                .lookup(&id.node.name, e.span)
                .ok()
                .filter(|v| v.dims.is_some()),
            _ => None,
        }
    }

    /// The array an array parameter of element type `ty` is bound to by argument `a`.
    pub(super) fn array_argument(&self, a: &Node<Expression>, ty: Ty) -> R<VarInfo> {
        let Expression::Identifier(id) = &a.node else {
            return Err(self.unsup(a.span, "pointer arguments other than array names"));
        };
        let v = self.lookup(&id.node.name, a.span)?;
        match &v.dims {
            None => Err(self.unsup(a.span, "pointer arguments other than array names")),
            Some(d) if d.len() != 1 => Err(self.unsup(a.span, "multi-dimensional array arguments")),
            Some(_) if v.ty != ty => Err(self.unsup(
                a.span,
                &format!(
                    "array argument of element type {} for a parameter of element type {}",
                    v.ty.name(),
                    ty.name()
                ),
            )),
            Some(_) => Ok(VarInfo { alias: true, ..v }),
        }
    }

    /// The array and flattened index `e` (`a[i]..[j]` or `*a`) designates;
    /// the subscripts are evaluated at `*cur`.
    fn element(&mut self, e: &Node<Expression>, cur: &mut usize) -> R<(VarInfo, Expr)> {
        if let Expression::UnaryOperator(u) = &e.node {
            let Some(v) = self.array_name(&u.node.operand) else {
                return Err(match &u.node.operand.node {
                    Expression::BinaryOperator(b)
                        if self.array_name(&b.node.lhs).is_some()
                            || self.array_name(&b.node.rhs).is_some() =>
                    {
                        self.pointer_use(&b.node.operator.node, e.span)
                    }
                    _ => self.unsup(e.span, "pointers"),
                });
            };
            if v.dims.as_ref().is_some_and(|d| d.len() != 1) {
                return Err(self.unsup(e.span, "array rows used as values"));
            }
            return Ok((v, Expr::int(0)));
        }
        let (base, idx) = self.index_chain(e);
        let v = match &base.node {
            Expression::Identifier(id) => self.lookup(&id.node.name, base.span)?,
            Expression::Member(_) => return Err(self.unsup(base.span, "structs")),
            _ => return Err(self.unsup(base.span, "pointers")),
        };
        let Some(dims) = v.dims.clone() else {
            return Err(self.invalid(
                e.span,
                &format!("subscripted value `{}` is not an array", v.name),
            ));
        };
        if idx.len() < dims.len() {
            return Err(self.unsup(e.span, "array rows used as values"));
        }
        if idx.len() > dims.len() {
            return Err(self.invalid(e.span, "too many subscripts for the array"));
        }
        let mut flat: Option<Expr> = None;
        for (k, i) in idx.iter().enumerate() {
            let val = self.rv(i, cur)?;
            let (mut x, _) = self.exact(val);
            if idx[k + 1..].iter().any(|later| self.modifies(later)) && konst(&x).is_none() {
                x = self.copy_index(x, i.span, cur);
            }
            flat = Some(match flat {
                None => x,
                Some(acc) => add(fold(Expr::Mul(Num(dims[k].clone()), Box::new(acc))), x),
            });
        }
        Ok((v, flat.unwrap_or_else(|| Expr::int(0))))
    }

    /// Where an assignment to `e` stores (subscripts evaluated at `*cur`).
    pub(super) fn place(&mut self, e: &Node<Expression>, cur: &mut usize) -> R<Place> {
        match &e.node {
            Expression::Identifier(id) => {
                let v = self.lookup(&id.node.name, e.span)?;
                if v.alias {
                    return Err(self.unsup(e.span, "assignment to a pointer parameter"));
                }
                if v.dims.is_some() {
                    return Err(self.unsup(e.span, "assignment to a whole array"));
                }
                Ok(Place::Var(v))
            }
            Expression::BinaryOperator(_) if is_index(e) => {
                let (a, i) = self.element(e, cur)?;
                Ok(Place::Elem(a, i))
            }
            Expression::UnaryOperator(u)
                if matches!(u.node.operator.node, UnaryOperator::Indirection) =>
            {
                let (a, i) = self.element(e, cur)?;
                Ok(Place::Elem(a, i))
            }
            Expression::Member(_) => Err(self.unsup(e.span, "structs")),
            _ => Err(self.invalid(e.span, "not an assignable variable")),
        }
    }

    /// `p` with its index copied into a temporary if evaluating `later`
    /// may change what the index reads.
    pub(super) fn pin_index(
        &mut self,
        p: Place,
        later: &Node<Expression>,
        cur: &mut usize,
    ) -> Place {
        match p {
            Place::Elem(a, i) if konst(&i).is_none() && self.modifies(later) => {
                let x = self.copy_index(i, later.span, cur);
                Place::Elem(a, x)
            }
            p => p,
        }
    }

    /// A copy of index `i` in a temporary (its own kind, so no snapshot
    /// made while evaluating the same expression shares it).
    fn copy_index(&mut self, i: Expr, span: Span, cur: &mut usize) -> Expr {
        let t = self.temp("idx", span, INT);
        self.emit(cur, Op::Assign(t.clone(), i), span);
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
    pub(super) fn load(&mut self, p: &Place, span: Span, cur: &mut usize) -> V {
        let x = self.current(p);
        if let Place::Elem(a, _) = p {
            if a.ty.stays_in_range() {
                self.emit(cur, Op::Assume(in_range(x.clone(), &a.ty)), span);
            }
        }
        V::I(x, p.ty(), true)
    }

    /// Stores `val` (converted to the type of `p`); the value of the assignment.
    pub(super) fn store_place(&mut self, p: &Place, val: V, span: Span, cur: &mut usize) -> V {
        let stored = self.store_value(val, p.ty());
        let (x, value) = match p {
            Place::Var(v) => (v.name.clone(), stored),
            Place::Elem(a, i) => (
                a.name.clone(),
                Expr::store(Expr::var(&a.name), i.clone(), stored),
            ),
        };
        self.emit(cur, Op::Assign(x, value), span);
        V::I(self.current(p), p.ty(), true)
    }

    /// Reads the element `e` (`a[i]..` or `*a`) designates.
    pub(super) fn read_element(&mut self, e: &Node<Expression>, cur: &mut usize) -> R<V> {
        let (a, i) = self.element(e, cur)?;
        Ok(self.load(&Place::Elem(a, i), e.span, cur))
    }

    /// Does reading `e` (an element access) emit a range assumption?
    pub(super) fn bounded_read(&self, e: &Node<Expression>) -> bool {
        let base = match &e.node {
            Expression::UnaryOperator(u) => &*u.node.operand,
            _ => self.index_chain(e).0,
        };
        self.array_name(base).is_some_and(|v| v.ty.stays_in_range())
    }

    /// The rejection of an array used as a pointer value in operator `op`.
    pub(super) fn pointer_use(&self, op: &BinaryOperator, sp: Span) -> FrontendError {
        use BinaryOperator::*;
        let what = match op {
            Plus | Minus => "pointer arithmetic",
            Less | Greater | LessOrEqual | GreaterOrEqual | Equals | NotEquals => {
                "pointer comparison"
            }
            _ => "arrays used as pointer values",
        };
        self.unsup(sp, what)
    }

    fn size_t(&self) -> Ty {
        Ty::new(false, types::long_bits(self.dm))
    }

    fn sized(&self, bytes: BigInt) -> V {
        V::I(num(bytes), self.size_t(), true)
    }

    /// `sizeof(type)`.
    pub(super) fn sizeof_ty(&self, tn: &Node<TypeName>) -> R<V> {
        match self.type_name(tn)? {
            Some(t) => Ok(self.sized(BigInt::from(ty_bytes(t)))),
            None => Err(self.invalid(tn.span, "sizeof of void")),
        }
    }

    /// `sizeof e` (`e` is not evaluated).
    pub(super) fn sizeof_val(&mut self, e: &Node<Expression>) -> R<V> {
        let array_bytes = |v: &VarInfo, used: usize| -> BigInt {
            let dims = v.dims.as_deref().unwrap_or(&[]);
            let rest: BigInt = dims[used.min(dims.len())..].iter().product();
            rest * ty_bytes(v.ty)
        };
        let deref = matches!(&e.node, Expression::UnaryOperator(u) if matches!(u.node.operator.node, UnaryOperator::Indirection));
        let bytes = match &e.node {
            Expression::Identifier(id) => {
                let v = self.lookup(&id.node.name, e.span)?;
                if v.alias {
                    // An array parameter is a pointer.
                    BigInt::from(types::long_bits(self.dm) / 8)
                } else {
                    array_bytes(&v, 0)
                }
            }
            Expression::BinaryOperator(_) if is_index(e) => {
                let (base, idx) = self.index_chain(e);
                let Some(v) = self.array_name(base) else {
                    // Not an array: the error an access would give.
                    let mut scratch = self.dead(e.span);
                    return Err(match self.element(e, &mut scratch) {
                        Err(err) => err,
                        Ok(_) => self.invalid(e.span, "subscripted value is not an array"),
                    });
                };
                if idx.len() > v.dims.as_ref().map_or(0, Vec::len) {
                    return Err(self.invalid(e.span, "too many subscripts for the array"));
                }
                array_bytes(&v, idx.len())
            }
            Expression::UnaryOperator(u) if deref => match self.array_name(&u.node.operand) {
                Some(v) => array_bytes(&v, 1),
                None => return Err(self.unsup(e.span, "pointers")),
            },
            _ => {
                if !self.pure(e) {
                    return Err(self.unsup(e.span, "sizeof of an expression with side effects"));
                }
                let mut scratch = self.dead(e.span);
                let t = match self.rv(e, &mut scratch)? {
                    V::B(_) => INT,
                    V::I(_, t, _) => t,
                };
                BigInt::from(ty_bytes(t))
            }
        };
        Ok(self.sized(bytes))
    }
}
