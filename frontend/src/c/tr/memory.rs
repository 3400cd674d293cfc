//! C's memory as `int -> int` arrays (the Burstall–Bornat model): what
//! lives in memory, where, and how pointers, `&`, `*`, `->`, struct copies
//! and the heap read and write it.
//!
//! * Addresses are integers; `NULL` is 0. A variable lives in memory when
//!   its address is taken (`&x`), when it is a struct, or when it is an
//!   array used as a pointer value (other than by subscripts, `*a` and
//!   array parameters that are only subscripted: those keep their own
//!   array variable, `tr/arrays.rs`). Every other variable stays a scalar,
//!   so programs without pointers keep their tasks. Functions are not
//!   recursive, so each variable has one activation: its address is a
//!   constant (from 16 up, in declaration order, at clang's size).
//! * Memory is split into regions that C's typing keeps apart, one array
//!   state variable each: a scalar field of a struct that is never
//!   addressed (`mem.node.next`), else one region per scalar type
//!   (`mem.int32`, `mem.uint8`, `mem.ptr` for every object pointer). An
//!   access reads the region its lvalue's form and clang's type select, at
//!   its byte address (clang's field offsets and sizes for the target).
//!   Casts between object pointers of different pointee types, integers
//!   turned into pointers and unions are refused, so no byte is read
//!   through two regions.
//! * Regions start as `const(0)` (static storage is zero; string literals
//!   are static objects written then, `tr/strings.rs`). A heap block
//!   gets the next free address (`mem.next`, never reused: `free` frees
//!   nothing), and its contents are havocked slot by slot, in a loop over
//!   its objects when there are many or their count is known only at run
//!   time; other objects keep their values. `calloc` stores zeros slot by slot. `malloc`,
//!   `calloc` may return `NULL` (SV-COMP's convention); `alloca` never.
//! * A function whose address is taken gets a static one-byte object's
//!   address, so function pointers are integers like the others; a call
//!   through one dispatches over the candidates (`tr/calls.rs`).
//! * Memory safety is assumed, as SV-COMP's unreach-call does: an access
//!   through a pointer assumes the pointer is not `NULL` (a path that
//!   dereferences `NULL` ends there, as the program would), and no bounds
//!   are checked.

use super::expr::strip_casts;
use super::stmt::strip_parens;
use super::*;
use std::collections::{BTreeMap, BTreeSet};

/// The pseudo-declaration "memory" of the evaluation-order check: every
/// access through memory reads or writes it.
pub(super) const MEMORY: DeclId = DeclId(u32::MAX);
/// The state variable holding the next free heap address.
pub(super) const HEAP_NEXT: &str = "mem.next";
/// The region of heap blocks' sizes in bytes, by start address (only in
/// programs that call `realloc`, which copies what the old block held).
pub(super) const BLOCK_SIZE: &str = "block_size";
/// First static address; 0 is `NULL`.
const FIRST_ADDRESS: i64 = 16;
/// Most scalar slots an object may have where each slot gets its own
/// store (copies, initialisers, havoc of a declaration).
pub(super) const MAX_SLOTS: usize = 256;
/// Most slots a heap block's contents are havocked one by one; a larger
/// block is havocked in a loop over its objects.
pub(super) const MAX_HAVOC_SLOTS: usize = 64;

/// A field of a record, with clang's offset.
#[derive(Clone, Debug)]
pub(super) struct Field {
    pub(super) name: String,
    pub(super) offset: i64,
    pub(super) ty: Type,
    pub(super) bitfield: bool,
    /// Its record's name (for region names).
    pub(super) record: String,
}

/// A struct or union definition.
#[derive(Clone, Debug)]
pub(super) struct RecordInfo {
    pub(super) union: bool,
    pub(super) fields: Vec<DeclId>,
}

/// What the memory model knows of a unit, and what it has allocated.
#[derive(Default)]
pub(super) struct Memory {
    pub(super) records: HashMap<DeclId, RecordInfo>,
    pub(super) fields: HashMap<DeclId, Field>,
    /// Variables that live in memory.
    pub(super) in_memory: HashSet<DeclId>,
    /// Fields whose address is taken: their values are in their type's region.
    pub(super) addressed_fields: HashSet<DeclId>,
    /// Pointer parameters used only as arrays (subscripts, `*p`, passed on
    /// to such parameters): an array argument binds them by alias.
    pub(super) array_like: HashSet<DeclId>,
    /// Parameters declared with an array type: pointers (C17 6.7.6.3p7),
    /// though libclang reports the declared type at their uses too.
    pub(super) array_params: HashSet<DeclId>,
    next_static: i64,
    /// Region variables and their element types.
    pub(super) regions: BTreeMap<String, Ty>,
    /// Did the program allocate or take an address (so `mem.next` exists)?
    pub(super) used: bool,
    /// Temporaries of havocked slots, by (call offset, slot).
    pub(super) slot_temps: HashMap<(u32, usize), String>,
    /// Defined functions whose address is taken, with their addresses
    /// (static one-byte objects: distinct from every object and `NULL`).
    pub(super) functions: Vec<(DeclId, i64)>,
    /// Parameters declared with a function type: function pointers (C17
    /// 6.7.6.3p8), though libclang reports the declared type at their uses.
    pub(super) function_params: HashSet<DeclId>,
    /// `extern` objects of incomplete type, declared and not defined.
    pub(super) incomplete_externs: HashSet<DeclId>,
    /// The object each struct-returning function's `return` writes, by function.
    pub(super) ret_objects: HashMap<DeclId, i64>,
    /// The copy of a struct result each call site reads, by the call's offset
    /// (so two calls of one function among one call's arguments stay apart).
    pub(super) result_objects: HashMap<u32, i64>,
    /// String literals placed in memory, by offset in the unit.
    pub(super) literals: HashMap<u32, i64>,
    /// Their bytes and NULs: (region, address, value), written at the start.
    pub(super) literal_bytes: Vec<(String, Expr, Expr)>,
    /// Does the program call `realloc` (so blocks record their sizes)?
    pub(super) track_sizes: bool,
}

/// A scalar slot of an object: byte offset, region key, type.
pub(super) type Slot = (i64, String, Ty);

/// Names of the allocation functions certa models.
pub(super) fn is_allocation(name: &str) -> bool {
    matches!(
        name,
        "malloc" | "calloc" | "realloc" | "alloca" | "__builtin_alloca"
    )
}

impl Memory {
    /// The constant address of a new object of `size` bytes.
    pub(super) fn place_static(&mut self, size: i64) -> i64 {
        if self.next_static == 0 {
            self.next_static = FIRST_ADDRESS;
        }
        let at = self.next_static;
        // 16-byte aligned, at least one byte: distinct objects never overlap.
        self.next_static += (size.max(1) + 15) / 16 * 16;
        at
    }
    /// The address of the defined function `f`, if its address is taken.
    pub(super) fn function_address(&self, f: DeclId) -> Option<i64> {
        self.functions
            .iter()
            .find(|(id, _)| *id == f)
            .map(|(_, a)| *a)
    }
    /// The first heap address (past every static object).
    pub(super) fn heap_start(&self) -> i64 {
        self.next_static.max(FIRST_ADDRESS)
    }
}

impl<'a> Tr<'a> {
    // ------------------------------------------------------------ the pre-pass

    /// Finds the records of the unit, and which variables must live in
    /// memory; run before any translation.
    pub(super) fn plan_memory(&mut self, unit: &'a [Node]) {
        for d in unit {
            self.collect_records(d);
        }
        let mut uses = Uses::default();
        for d in unit {
            self.scan(d, &mut uses);
        }
        // Array-like parameters: the greatest set closed under "passed on
        // only to array-like parameters".
        let mut like: HashSet<DeclId> = uses
            .params
            .iter()
            .copied()
            .filter(|p| !uses.escapes.contains(p))
            .collect();
        loop {
            let before = like.len();
            for (arg, callee, i) in &uses.passed {
                let ok = self
                    .param_at(*callee, *i)
                    .is_some_and(|p| like.contains(&p));
                if !ok {
                    like.remove(arg);
                }
            }
            if like.len() == before {
                break;
            }
        }
        for (arg, callee, i) in &uses.passed {
            let ok = self
                .param_at(*callee, *i)
                .is_some_and(|p| like.contains(&p));
            if !ok && uses.arrays.contains(arg) {
                self.memory.in_memory.insert(*arg);
            }
        }
        for a in &uses.escapes {
            if uses.arrays.contains(a) {
                self.memory.in_memory.insert(*a);
            }
        }
        for a in &uses.addressed {
            if self.memory.fields.contains_key(a) {
                self.memory.addressed_fields.insert(*a);
            } else {
                self.memory.in_memory.insert(*a);
            }
        }
        self.memory.in_memory.extend(uses.records.iter().copied());
        // Functions used as values get addresses first, in declaration order.
        for f in &uses.functions {
            let at = self.memory.place_static(1);
            self.memory.functions.push((*f, at));
        }
        self.memory.array_like = like;
        self.memory.array_params = uses.array_params;
        self.memory.function_params = uses.function_params;
        self.memory.track_sizes = uses.realloc;
    }

    /// The declaration of parameter `i` of the defined function `f`.
    fn param_at(&self, f: DeclId, i: usize) -> Option<DeclId> {
        let f = self.funcs.get(&f)?;
        f.children
            .iter()
            .filter(|c| c.kind == Kind::ParmDecl)
            .nth(i)
            .and_then(|p| p.decl)
    }

    fn collect_records(&mut self, n: &Node) {
        if matches!(n.kind, Kind::StructDecl | Kind::UnionDecl) && n.definition {
            if let Some(id) = n.decl {
                let record = record_name(n);
                let mut fields = Vec::new();
                for f in n.children.iter().filter(|c| c.kind == Kind::FieldDecl) {
                    if let Some(fid) = f.decl {
                        fields.push(fid);
                        self.memory.fields.insert(
                            fid,
                            Field {
                                name: f.name.clone(),
                                offset: f.field_offset.unwrap_or(-8) / 8,
                                ty: f.ty.clone(),
                                bitfield: f.bitfield,
                                record: record.clone(),
                            },
                        );
                    }
                }
                let union = n.kind == Kind::UnionDecl;
                self.memory.records.insert(id, RecordInfo { union, fields });
            }
        }
        for c in &n.children {
            self.collect_records(c);
        }
    }

    /// Records how `n`'s subtree uses variables (see [`Uses`]).
    fn scan(&self, n: &Node, u: &mut Uses) {
        match n.kind {
            Kind::VarDecl | Kind::ParmDecl => {
                if let Some(id) = n.decl {
                    if holds_record(&n.ty) {
                        u.records.insert(id);
                    }
                    // A parameter declared as an array is a pointer (C17 6.7.6.3p7).
                    let param = n.kind == Kind::ParmDecl;
                    if is_array(&n.ty) && !param {
                        u.arrays.insert(id);
                    }
                    if param && is_array(&n.ty) {
                        u.array_params.insert(id);
                    }
                    if param && is_function(&n.ty) {
                        u.function_params.insert(id);
                    }
                    if param && (n.ty.kind == TypeKind::Pointer || is_array(&n.ty)) {
                        u.params.insert(id);
                    }
                }
                if let Some(i) = &n.init {
                    self.scan(i, u);
                }
            }
            Kind::UnaryExprOrTypeTrait => return, // `sizeof x` reads nothing
            Kind::ArraySubscriptExpr if n.children.len() == 2 => {
                let (base, index) = subscript_parts(n);
                self.scan_array_use(base, u);
                self.scan(index, u);
                return;
            }
            Kind::UnaryOperator if n.unop == Some(clang_ast::UnOp::Deref) => {
                if let Some(x) = n.children.first() {
                    self.scan_array_use(x, u);
                }
                return;
            }
            Kind::UnaryOperator if n.unop == Some(clang_ast::UnOp::AddrOf) => {
                if let Some(x) = n.children.first() {
                    self.scan_address(x, u);
                }
                return;
            }
            Kind::CallExpr => {
                if n.children.first().map(strip_casts).is_some_and(|c| {
                    c.name == "realloc" && c.decl.is_none_or(|d| !self.funcs.contains_key(&d))
                }) {
                    u.realloc = true;
                }
                let callee = n.children.first().map(strip_casts).and_then(|c| c.decl);
                if let Some(f) = callee.filter(|f| self.funcs.contains_key(f)) {
                    for (i, a) in n.children.iter().skip(1).enumerate() {
                        let b = strip_casts(a);
                        let named = b.kind == Kind::DeclRefExpr
                            && (is_array(&b.ty) || b.ty.kind == TypeKind::Pointer);
                        match b.decl {
                            Some(id) if named => u.passed.push((id, f, i)),
                            _ => self.scan(a, u),
                        }
                    }
                    return;
                }
            }
            Kind::DeclRefExpr => {
                if let Some(id) = n.decl {
                    u.escapes.insert(id);
                    if self.funcs.contains_key(&id) {
                        u.functions.insert(id);
                    }
                }
                return;
            }
            _ => {}
        }
        for c in &n.children {
            self.scan(c, u);
        }
    }

    /// `e` is subscripted or dereferenced: a name there is an array use.
    fn scan_array_use(&self, e: &Node, u: &mut Uses) {
        let b = strip_casts(e);
        if b.kind == Kind::DeclRefExpr {
            return;
        }
        self.scan(e, u);
    }

    /// `&e`: the variable at the root of `e` lives in memory, and a field
    /// `e` names is addressed.
    fn scan_address(&self, e: &Node, u: &mut Uses) {
        let e = strip_parens(e);
        match e.kind {
            Kind::DeclRefExpr => {
                if let Some(id) = e.decl {
                    if self.funcs.contains_key(&id) {
                        u.functions.insert(id);
                        return;
                    }
                    u.addressed.insert(id);
                    u.escapes.insert(id);
                }
            }
            Kind::MemberRefExpr => {
                if let Some(f) = e.decl {
                    u.addressed.insert(f);
                }
                if let Some(b) = e.children.first() {
                    if b.ty.kind == TypeKind::Pointer {
                        self.scan(b, u);
                    } else {
                        self.scan_address(b, u);
                    }
                }
            }
            Kind::ArraySubscriptExpr if e.children.len() == 2 => {
                let (base, index) = subscript_parts(e);
                let b = strip_casts(base);
                if is_array(&b.ty) {
                    self.scan_address(b, u);
                } else {
                    self.scan(base, u);
                }
                self.scan(index, u);
            }
            _ => self.scan(e, u),
        }
    }

    // ------------------------------------------------------------ layout

    /// The static address of a variable that lives in memory (the first
    /// time: placed after the others).
    pub(super) fn memory_var(&mut self, d: &Node) -> R<VarInfo> {
        let id = d.decl.expect("declarations have ids");
        if let Some(v) = self.decls.get(&id) {
            return Ok(v.clone());
        }
        if d.ty.size <= 0 {
            return Err(self.unsup(
                d,
                &format!("an object of type {} in memory", type_name(&d.ty)),
            ));
        }
        self.slots(&d.ty, 0, d)?; // refuse what the model does not cover, here
        let at = self.memory.place_static(d.ty.size);
        self.memory.used = true;
        let ty = match self.scalar_type(&d.ty, d) {
            Ok(Some(t)) => t,
            _ => INT,
        };
        let v = VarInfo {
            name: format!("&{}", d.name),
            ty,
            dims: None,
            alias: false,
            mem: Some(BigInt::from(at)),
        };
        self.decls.insert(id, v.clone());
        Ok(v)
    }

    /// The scalar slots of an object of type `t` at `base`, in layout order.
    pub(super) fn slots(&self, t: &Type, base: i64, at: &Node) -> R<Vec<Slot>> {
        let mut out = Vec::new();
        self.slots_into(t, base, None, at, &mut out)?;
        Ok(out)
    }

    fn slots_into(
        &self,
        t: &Type,
        base: i64,
        field: Option<DeclId>,
        at: &Node,
        out: &mut Vec<Slot>,
    ) -> R<()> {
        if out.len() > MAX_SLOTS {
            return Err(self.unsup(
                at,
                &format!("objects of more than {MAX_SLOTS} scalars in memory"),
            ));
        }
        match t.kind {
            TypeKind::Record => {
                let info = t.record.and_then(|r| self.memory.records.get(&r));
                let Some(info) = info else {
                    return Err(self.unsup(at, &format!("the incomplete type {}", type_name(t))));
                };
                if info.union {
                    return Err(self.unsup(at, "unions"));
                }
                for f in &info.fields {
                    let fi = &self.memory.fields[f];
                    if fi.bitfield {
                        return Err(self.unsup(at, "bit-fields"));
                    }
                    if fi.offset < 0 {
                        return Err(self.unsup(at, "a field without a layout"));
                    }
                    self.slots_into(&fi.ty, base + fi.offset, Some(*f), at, out)?;
                }
                Ok(())
            }
            TypeKind::ConstantArray => {
                let elem = t.elem.as_deref().expect("arrays have elements");
                let n = t.len.unwrap_or(0);
                if n < 0 || n as usize > MAX_SLOTS || elem.size <= 0 {
                    return Err(self.unsup(
                        at,
                        &format!("objects of more than {MAX_SLOTS} scalars in memory"),
                    ));
                }
                for k in 0..n {
                    self.slots_into(elem, base + k * elem.size, None, at, out)?;
                }
                Ok(())
            }
            _ => {
                let ty = self.int_type(t, at)?;
                out.push((base, self.region_key(field, ty), ty));
                Ok(())
            }
        }
    }

    /// The region of a scalar: its field's own, unless the field is
    /// addressed; else its type's.
    pub(super) fn region_key(&self, field: Option<DeclId>, ty: Ty) -> String {
        match field {
            Some(f) if !self.memory.addressed_fields.contains(&f) => {
                let fi = &self.memory.fields[&f];
                format!("{}.{}", fi.record, fi.name)
            }
            _ => ty.name(),
        }
    }

    /// The region variable `key` (made the first time).
    pub(super) fn region(&mut self, key: &str, ty: Ty) -> VarInfo {
        let name = format!("mem.{key}");
        if !self.memory.regions.contains_key(&name) {
            self.memory.regions.insert(name.clone(), ty);
            self.used_names.insert(name.clone());
            self.vars.push(name.clone());
            self.arrays.insert(name.clone());
        }
        VarInfo {
            name,
            ty,
            dims: Some(Vec::new()),
            alias: false,
            mem: None,
        }
    }

    /// The heap's next free address, as a state variable.
    pub(super) fn heap_next(&mut self) -> Expr {
        if !self.var_ty.contains_key(HEAP_NEXT) {
            self.used_names.insert(HEAP_NEXT.to_string());
            self.vars.push(HEAP_NEXT.to_string());
            self.var_ty.insert(HEAP_NEXT.to_string(), INT);
        }
        self.memory.used = true;
        Expr::var(HEAP_NEXT)
    }

    // ------------------------------------------------------------ lvalues

    /// Is `e` (an lvalue) in memory rather than a variable of its own?
    pub(super) fn in_memory(&self, e: &Node) -> bool {
        let e = strip_parens(e);
        match e.kind {
            Kind::DeclRefExpr => self.lookup(e).is_ok_and(|v| v.mem.is_some()),
            Kind::MemberRefExpr => true,
            Kind::ArraySubscriptExpr => {
                let (base, _) = self.index_chain(e);
                !(base.kind == Kind::DeclRefExpr
                    && self
                        .lookup(base)
                        .is_ok_and(|v| v.dims.is_some() && v.mem.is_none()))
            }
            Kind::UnaryOperator if e.unop == Some(clang_ast::UnOp::Deref) => e
                .children
                .first()
                .is_some_and(|x| self.array_of(x).is_none()),
            _ => false,
        }
    }

    /// The address of the object lvalue `e` designates (operands evaluated at `*cur`).
    pub(super) fn address(&mut self, e: &'a Node, cur: &mut usize) -> R<Expr> {
        let e = strip_parens(e);
        match e.kind {
            Kind::DeclRefExpr => {
                let v = self.lookup(e)?;
                match v.mem {
                    Some(a) => Ok(num(a)),
                    None => Err(self.unsup(e, &format!("the address of `{}` here", e.name))),
                }
            }
            Kind::MemberRefExpr => {
                let Some(base) = e.children.first() else {
                    return Err(self.unsup(e, "this member access"));
                };
                let Some(fid) = e.decl else {
                    return Err(self.unsup(e, "this member access"));
                };
                let (start, record) = if base.ty.kind == TypeKind::Pointer {
                    let p = self.pointer_value(base, cur)?;
                    (p, base.ty.elem.as_deref().cloned())
                } else {
                    (self.address(base, cur)?, Some(base.ty.clone()))
                };
                let is_union = record
                    .as_ref()
                    .and_then(|r| r.record)
                    .and_then(|r| self.memory.records.get(&r))
                    .is_some_and(|r| r.union);
                if is_union {
                    return Err(self.unsup(e, "unions"));
                }
                let Some(f) = self.memory.fields.get(&fid) else {
                    return Err(self.unsup(e, "a field certa has no layout of"));
                };
                if f.bitfield {
                    return Err(self.unsup(e, "bit-fields"));
                }
                Ok(fold(add(start, Expr::int(f.offset))))
            }
            Kind::ArraySubscriptExpr if e.children.len() == 2 => {
                let (base, index) = subscript_parts(e);
                let p = self.pointer_value(base, cur)?;
                let p = if self.modifies(index) && konst(&p).is_none() {
                    self.copy_index(p, base, cur)
                } else {
                    p
                };
                let i = self.rv(index, cur)?;
                let (i, _) = self.exact(i);
                let size = e.ty.size;
                if size <= 0 {
                    return Err(self.unsup(e, "elements without a size"));
                }
                Ok(fold(add(
                    p,
                    fold(Expr::Mul(Num(BigInt::from(size)), Box::new(i))),
                )))
            }
            Kind::UnaryOperator if e.unop == Some(clang_ast::UnOp::Deref) => {
                let Some(x) = e.children.first() else {
                    return Err(self.unsup(e, "this `*`"));
                };
                self.pointer_value(x, cur)
            }
            Kind::StringLiteral => self.string_literal(e),
            Kind::CompoundLiteralExpr => Err(self.unsup(e, "compound literals")),
            Kind::CallExpr if e.ty.kind == TypeKind::Record => self.struct_result(e, cur),
            Kind::UnexposedExpr if e.children.len() == 1 && e.ty.kind == TypeKind::Record => {
                self.address(&e.children[0], cur)
            }
            _ => Err(self.unsup(e, &format!("the address of {}", kind_name(e)))),
        }
    }

    /// The value of pointer expression `p`, assumed not `NULL` (it is
    /// dereferenced: memory safety is assumed).
    fn pointer_value(&mut self, p: &'a Node, cur: &mut usize) -> R<Expr> {
        let v = self.rv(p, cur)?;
        let (x, _) = self.exact(v);
        if konst(&x).is_none() {
            self.emit(cur, Op::Assume(not(Expr::eq(x.clone(), Expr::int(0)))), p);
        }
        Ok(x)
    }

    /// The place of a scalar lvalue in memory.
    pub(super) fn memory_place(&mut self, e: &'a Node, cur: &mut usize) -> R<Place> {
        let inner = strip_parens(e);
        let ty = self.int_type(&inner.ty, inner)?;
        let field = (inner.kind == Kind::MemberRefExpr)
            .then_some(inner.decl)
            .flatten();
        let addr = self.address(inner, cur)?;
        let key = self.region_key(field.filter(|f| self.memory.fields.contains_key(f)), ty);
        let region = self.region(&key, ty);
        Ok(Place::Elem(region, addr))
    }

    /// The place of a scalar variable `v` that lives in memory.
    pub(super) fn memory_place_of(&mut self, v: &VarInfo, t: &Type, at: &Node) -> R<Place> {
        let ty = self.int_type(t, at)?;
        let addr = num(v.mem.clone().expect("in memory"));
        let region = self.region(&ty.name(), ty);
        Ok(Place::Elem(region, addr))
    }
}

/// How a unit uses its variables (the pre-pass's findings).
#[derive(Default)]
struct Uses {
    /// Variables whose address is taken, and fields.
    addressed: HashSet<DeclId>,
    /// Variables holding records.
    records: HashSet<DeclId>,
    /// Array variables.
    arrays: HashSet<DeclId>,
    /// Pointer parameters.
    params: HashSet<DeclId>,
    /// Parameters declared as arrays.
    array_params: HashSet<DeclId>,
    /// Names used as values (not subscripted, dereferenced or passed).
    escapes: HashSet<DeclId>,
    /// (argument name, callee, parameter position) of names passed to calls.
    passed: Vec<(DeclId, DeclId, usize)>,
    /// Defined functions used as values (their address is taken).
    functions: BTreeSet<DeclId>,
    /// Parameters declared with a function type.
    function_params: HashSet<DeclId>,
    /// Does the unit call the library's `realloc`?
    realloc: bool,
}

pub(super) fn is_function(t: &Type) -> bool {
    matches!(t.kind, TypeKind::FunctionProto | TypeKind::FunctionNoProto)
}

fn is_array(t: &Type) -> bool {
    matches!(
        t.kind,
        TypeKind::ConstantArray | TypeKind::IncompleteArray | TypeKind::VariableArray
    )
}

/// Does a variable of type `t` hold a struct or union (also inside an array)?
fn holds_record(t: &Type) -> bool {
    match t.kind {
        TypeKind::Record => true,
        _ if is_array(t) => t.elem.as_deref().is_some_and(holds_record),
        _ => false,
    }
}

/// A record's name for region names: its tag, or `anon<line>_<col>`.
fn record_name(n: &Node) -> String {
    let ok = !n.name.is_empty()
        && n.name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_');
    if ok {
        n.name.clone()
    } else {
        format!("anon{}_{}", n.at.line, n.at.col)
    }
}

/// The base and the index of `x[y]` (`i[a]` is `a[i]`: the base is the
/// operand of pointer type); `e` has two children.
pub(super) fn subscript_parts(e: &Node) -> (&Node, &Node) {
    let (x, y) = (&e.children[0], &e.children[1]);
    if y.ty.kind == TypeKind::Pointer && x.ty.kind != TypeKind::Pointer {
        (y, x)
    } else {
        (x, y)
    }
}
