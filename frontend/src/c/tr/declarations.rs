//! Declarations: global, static and local variables become state variables (or objects in
//! memory) and their initialisers become edges; also the body of a function definition.

use super::*;

impl<'a> Tr<'a> {
    // ---------------------------------------------------------------- declarations

    /// The body of a function definition.
    pub(super) fn body(&self, f: &'a Node) -> R<&'a Node> {
        f.children
            .iter()
            .rev()
            .find(|c| c.kind == Kind::CompoundStmt)
            .ok_or_else(|| self.invalid(f, "function definition without a body"))
    }

    pub(super) fn top_level(&mut self, d: &'a Node, cur: &mut usize) -> R<()> {
        match d.kind {
            Kind::VarDecl => self.global_var(d, cur),
            Kind::FunctionDecl
            | Kind::TypedefDecl
            | Kind::EnumDecl
            | Kind::StaticAssert
            | Kind::UnexposedAttr => Ok(()),
            Kind::StructDecl | Kind::UnionDecl => {
                // A declaration of a type alone changes no state; using one is refused.
                Ok(())
            }
            _ => Err(self.unsup(d, &format!("top-level {}", kind_name(d)))),
        }
    }

    /// A global variable (or a static local): zero-initialised once, then
    /// its initializer. Repeated declarations are one variable.
    pub(super) fn global_var(&mut self, d: &'a Node, cur: &mut usize) -> R<()> {
        let id = d.decl.expect("declarations have ids");
        let func = self
            .frames
            .last()
            .map(|f| f.func.clone())
            .unwrap_or_default();
        let known = self.decls.contains_key(&id);
        if d.ty.size <= 0 && d.init.is_none() && d.storage == clang_ast::Storage::Extern {
            // An object defined elsewhere, of a type this unit does not
            // complete (glibc's `_IO_2_1_stdin_`): refused where it is used.
            self.memory.incomplete_externs.insert(id);
            return Ok(());
        }
        if self.memory.in_memory.contains(&id) {
            if d.ty.kind == TypeKind::IncompleteArray && d.init.is_none() {
                return Ok(()); // `extern int a[];` before its definition
            }
            // Static storage: memory starts zero.
            let v = self.memory_var(d)?;
            if let Some(init) = &d.init {
                let at = num(v.mem.clone().expect("in memory"));
                self.init_object(at, &d.ty, init, cur)?;
            }
            return Ok(());
        }
        if d.ty.kind == TypeKind::ConstantArray || d.ty.kind == TypeKind::IncompleteArray {
            if !known || d.init.is_some() {
                self.static_array(&func, d, cur)?;
            }
            if !known {
                self.note_global(d);
            }
            return Ok(());
        }
        let ty = match self.scalar_type(&d.ty, d)? {
            Some(t) => t,
            None => return Err(self.invalid(d, "variable of type void")),
        };
        let v = self.decl_var(&func, d, ty);
        if !known {
            // Zero-initialised (static storage duration).
            self.emit(cur, Op::Assign(v.name.clone(), Expr::int(0)), d);
            self.note_global(d);
        }
        if let Some(init) = &d.init {
            self.init_scalar(&v, init, cur, d)?;
        }
        Ok(())
    }

    pub(super) fn note_global(&mut self, d: &Node) {
        if self.frames.len() <= 1 && self.frames.last().is_none_or(|f| f.func.is_empty()) {
            if let Some(v) = d.decl.and_then(|id| self.decls.get(&id)).cloned() {
                self.globals.push((d.name.clone(), v, d.at.offset));
            }
        }
    }

    /// The static locals of function `f` (any block depth), made and
    /// initialised before `main` runs, as C's static storage duration says.
    pub(super) fn static_locals(&mut self, fname: &str, n: &'a Node, cur: &mut usize) -> R<()> {
        for c in &n.children {
            if c.kind == Kind::VarDecl
                && c.global_storage
                && c.storage != clang_ast::Storage::Extern
            {
                self.frames.last_mut().unwrap().func = fname.to_string();
                let r = self.global_var(c, cur);
                self.frames.last_mut().unwrap().func = String::new();
                r?;
            } else if c.kind != Kind::VarDecl {
                self.static_locals(fname, c, cur)?;
            }
        }
        Ok(())
    }

    pub(super) fn init_scalar(
        &mut self,
        v: &VarInfo,
        init: &'a Node,
        cur: &mut usize,
        d: &Node,
    ) -> R<()> {
        // `int x = {5};`: a braced scalar initializer is its one element.
        let mut e = init;
        while e.kind == Kind::InitListExpr {
            match e.children.as_slice() {
                [one] => e = one,
                _ => return Err(self.invalid(init, "a scalar initializer with several elements")),
            }
        }
        self.check_order(e)?;
        let val = self.rv(e, cur)?;
        let stored = self.store_value(val, v.ty);
        self.emit(cur, Op::Assign(v.name.clone(), stored), d);
        Ok(())
    }

    pub(super) fn local_decl(&mut self, d: &'a Node, cur: &mut usize) -> R<()> {
        match d.kind {
            Kind::VarDecl => {}
            Kind::TypedefDecl | Kind::EnumDecl | Kind::StaticAssert | Kind::FunctionDecl => {
                return Ok(())
            }
            Kind::StructDecl | Kind::UnionDecl => return Ok(()),
            _ => return Err(self.unsup(d, &format!("local {}", kind_name(d)))),
        }
        let func = self.frames.last().unwrap().func.clone();
        if d.global_storage {
            // A static local (made before main) or a local extern declaration.
            if d.storage == clang_ast::Storage::Extern {
                let id = d.decl.expect("declarations have ids");
                if !self.decls.contains_key(&id) {
                    return Err(self.unsup(d, "an extern variable without a definition"));
                }
            }
            if let Some(v) = d.decl.and_then(|id| self.decls.get(&id)).cloned() {
                let frame = self.frames.last_mut().unwrap();
                frame.scopes.last_mut().unwrap().insert(d.name.clone(), v);
            }
            return Ok(());
        }
        if d.decl.is_some_and(|id| self.memory.in_memory.contains(&id)) {
            let v = self.memory_var(d)?;
            let at = num(v.mem.clone().expect("in memory"));
            match &d.init {
                Some(init) => self.init_object(at, &d.ty, init, cur)?,
                None => self.havoc_object(at, &d.ty, 1, d, cur)?,
            }
            let frame = self.frames.last_mut().unwrap();
            frame.scopes.last_mut().unwrap().insert(d.name.clone(), v);
            return Ok(());
        }
        if matches!(
            d.ty.kind,
            TypeKind::ConstantArray | TypeKind::IncompleteArray | TypeKind::VariableArray
        ) {
            let v = self.local_array(&func, d, cur)?;
            let frame = self.frames.last_mut().unwrap();
            frame.scopes.last_mut().unwrap().insert(d.name.clone(), v);
            return Ok(());
        }
        let ty = match self.scalar_type(&d.ty, d)? {
            Some(t) => t,
            None => return Err(self.invalid(d, "variable of type void")),
        };
        let v = self.decl_var(&func, d, ty);
        match &d.init {
            Some(init) => self.init_scalar(&v, init, cur, d)?,
            None => {
                // An indeterminate value of the type (SV-COMP's convention).
                self.emit(cur, Op::Havoc(v.name.clone()), d);
                let c = in_range(Expr::var(&v.name), &ty);
                self.emit(cur, Op::Assume(c), d);
            }
        }
        let frame = self.frames.last_mut().unwrap();
        frame.scopes.last_mut().unwrap().insert(d.name.clone(), v);
        Ok(())
    }
}
