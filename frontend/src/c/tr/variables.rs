//! State variables of C variables and temporaries, the variable a name denotes, and the
//! integer type certa models for a clang type.

use super::*;

impl Tr<'_> {
    // ---------------------------------------------------------------- variables

    pub(super) fn fresh_var(&mut self, base: &str, ty: Ty) -> String {
        let name = self.fresh_name(base);
        self.var_ty.insert(name.clone(), ty);
        name
    }
    /// A new state variable named after `base`.
    pub(super) fn fresh_name(&mut self, base: &str) -> String {
        let mut name = base.to_string();
        let mut k = 1;
        while self.used_names.contains(&name) {
            k += 1;
            name = format!("{base}.{k}");
        }
        self.used_names.insert(name.clone());
        self.vars.push(name.clone());
        name
    }
    /// The state variable of the scalar C variable declared by `d`
    /// (shared by all inlined copies).
    pub(super) fn decl_var(&mut self, func: &str, d: &Node, ty: Ty) -> VarInfo {
        let id = d.decl.expect("declarations have ids");
        if let Some(v) = self.decls.get(&id) {
            return v.clone();
        }
        let base = if func == "main" || func.is_empty() {
            d.name.clone()
        } else {
            format!("{func}.{}", d.name)
        };
        let name = self.fresh_var(&base, ty);
        let v = VarInfo::scalar(name, ty);
        self.decls.insert(id, v.clone());
        self.record_var(func, &d.name, &v);
        v
    }
    /// A temporary per (source offset, kind), shared by inlined copies.
    pub(super) fn temp(&mut self, kind: &'static str, n: &Node, ty: Ty) -> String {
        let key = (n.at.offset, kind);
        if let Some(t) = self.temp_vars.get(&key) {
            if self.var_ty[t] == ty {
                return t.clone();
            }
        }
        let mut k = 1;
        let mut name = format!("{kind}@{}_{}_{k}", n.at.line, n.at.col);
        while self.used_names.contains(&name) {
            k += 1;
            name = format!("{kind}@{}_{}_{k}", n.at.line, n.at.col);
        }
        let name = self.fresh_var(&name, ty);
        self.temp_vars.insert(key, name.clone());
        name
    }
    /// The variable a name (`DeclRefExpr`) denotes, as clang resolved it.
    pub(super) fn lookup(&self, n: &Node) -> R<VarInfo> {
        let Some(id) = n.decl else {
            return Err(self.invalid(n, &format!("`{}` names no declaration", n.name)));
        };
        if let Some(v) = self.frames.last().and_then(|f| f.aliases.get(&id)) {
            return Ok(v.clone());
        }
        if let Some(v) = self.decls.get(&id) {
            return Ok(v.clone());
        }
        if self.funcs.contains_key(&id)
            || matches!(
                n.ty.kind,
                TypeKind::FunctionProto | TypeKind::FunctionNoProto
            )
        {
            return Err(self.unsup(n, "function pointers"));
        }
        if self.memory.incomplete_externs.contains(&id) {
            let what = format!(
                "the object `{}` of incomplete type {}",
                n.name,
                type_name(&n.ty)
            );
            return Err(self.unsup(n, &what));
        }
        Err(self.invalid(
            n,
            &format!("`{}` is used before certa saw its declaration", n.name),
        ))
    }

    // ---------------------------------------------------------------- types

    /// The integer type certa models for a clang type (`None` = void);
    /// anything else is refused naming it.
    pub(super) fn scalar_type(&self, t: &Type, at: &Node) -> R<Option<Ty>> {
        if t.kind == TypeKind::Void {
            return Ok(None);
        }
        if t.kind == TypeKind::Bool {
            return Ok(Some(BOOL));
        }
        // A parameter declared as an array or as a function is a pointer
        // (C17 6.7.6.3p7-8); libclang reports its declared type, also where
        // it is used.
        let param_in = |set: &HashSet<DeclId>| {
            at.kind == Kind::ParmDecl || {
                let r = expr::strip_casts(at);
                r.kind == Kind::DeclRefExpr && r.decl.is_some_and(|d| set.contains(&d))
            }
        };
        let array = matches!(t.kind, TypeKind::ConstantArray | TypeKind::IncompleteArray);
        if (array && param_in(&self.memory.array_params))
            || (memory::is_function(t) && param_in(&self.memory.function_params))
        {
            return Ok(Some(Ty::pointer(self.pointer_bits())));
        }
        if t.kind == TypeKind::Pointer && t.size > 0 {
            if t.is_volatile {
                return Err(self.unsup(at, "volatile variables"));
            }
            return Ok(Some(Ty::pointer(t.size as u32 * 8)));
        }
        if t.kind.is_integer() && t.kind != TypeKind::Enum && t.size > 0 && t.size <= 8 {
            if t.is_volatile {
                return Err(self.unsup(at, "volatile variables"));
            }
            return Ok(Some(Ty::new(!t.kind.is_unsigned(), t.size as u32 * 8)));
        }
        Err(self.unsup(at, &type_name(t)))
    }

    /// The width of a data pointer on the unit's target (the target triple
    /// clang parsed for: i386 for ILP32, x86-64 for LP64).
    pub(super) fn pointer_bits(&self) -> u32 {
        match self._dm {
            DataModel::Ilp32 => 32,
            DataModel::Lp64 => 64,
        }
    }

    pub(super) fn int_type(&self, t: &Type, at: &Node) -> R<Ty> {
        match self.scalar_type(t, at)? {
            Some(t) => Ok(t),
            None => Err(self.invalid(at, "a void value is used")),
        }
    }
}
