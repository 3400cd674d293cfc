//! Calls: a function the program defines is inlined (its body runs,
//! whatever its name); an undefined one gets its library meaning
//! (`reach_error`, `abort`, `__VERIFIER_*`, allocation); a call through a
//! function pointer dispatches over the functions whose address is taken
//! and whose type matches, each guarded by the pointer's value.

use super::expr::{is_string, strip_casts};
use super::memory;
use super::pointers::compatible_functions;
use super::*;

/// A value of a call argument: a value, the array an array parameter
/// aliases, or the address of a struct passed by value.
enum Arg {
    Val(V),
    Array(VarInfo),
    Object(Expr),
}

impl<'a> Tr<'a> {
    pub(super) fn call(&mut self, e: &'a Node, cur: &mut usize) -> R<V> {
        let Some((callee, args)) = e.children.split_first() else {
            return Err(self.unsup(e, "this call"));
        };
        let f = strip_casts(callee);
        // A builtin's name has a placeholder type, not a function type.
        let function = matches!(
            f.ty.kind,
            TypeKind::FunctionProto | TypeKind::FunctionNoProto
        ) || f.name.starts_with("__builtin_");
        let parameter = f
            .decl
            .is_some_and(|d| self.memory.function_params.contains(&d));
        if f.kind != Kind::DeclRefExpr || !function || parameter {
            return self.call_through_pointer(e, callee, args, cur);
        }
        let name = f.name.as_str();
        let void = V::I(Expr::int(0), INT, true);
        // SV-COMP's property is the call of reach_error, whatever its body.
        if matches!(name, "reach_error" | "__VERIFIER_error") {
            for a in args {
                self.effect(a, cur)?;
            }
            // Without the unreach-call property, the call ends the run
            // (SV-COMP defines it as an abort).
            let bad = if self.props.unreach_call {
                self.cfa.bad
            } else {
                self.cfa.exit
            };
            let src = self.src(e, None);
            self.edge(*cur, bad, Op::Skip, src);
            *cur = self.dead_after(e);
            return Ok(void);
        }
        // A function the program defines runs its body, whatever its name.
        if let Some(def) = f.decl.and_then(|id| self.funcs.get(&id)).copied() {
            return self.inline(def, args, e, cur);
        }
        match name {
            "abort" | "exit" | "_exit" | "__assert_fail" | "__builtin_abort" => {
                for a in args {
                    if a.kind != Kind::StringLiteral && !is_string(a) {
                        self.effect(a, cur)?;
                    }
                }
                let exit = self.cfa.exit;
                let src = self.src(e, None);
                self.edge(*cur, exit, Op::Skip, src);
                *cur = self.dead_after(e);
                return Ok(void);
            }
            _ => {}
        }
        if name == "__builtin_expect" {
            // GCC's branch-prediction hint (glibc's `assert` uses it): the
            // value of its first argument, in clang's result type.
            let [x, hint] = args else {
                return Err(self.invalid(e, "`__builtin_expect` takes two arguments"));
            };
            let t = self.int_type(&e.ty, e)?;
            let v = self.rv(x, cur)?;
            let v = self.snapshot(v, &[hint], x, cur);
            self.effect(hint, cur)?;
            let (y, ex) = self.convert(v, t);
            return Ok(V::I(y, t, ex || t.signed));
        }
        if name.starts_with("__VERIFIER_nondet_") {
            // The declared (or implicitly declared) return type, from clang.
            let ty = self.int_type(&e.ty, e)?;
            for a in args {
                self.effect(a, cur)?;
            }
            let t = self.temp("nondet", e, ty);
            self.emit(cur, Op::Havoc(t.clone()), e);
            self.emit(cur, Op::Assume(in_range(Expr::var(&t), &ty)), e);
            return Ok(V::I(Expr::var(&t), ty, true));
        }
        if let Some(r) = self.string_function(name, e, args, cur) {
            return r;
        }
        match name {
            "__VERIFIER_assert" | "__VERIFIER_assume" | "assume_abort_if_not" | "assume" => {
                let [arg] = args else {
                    return Err(self.invalid(e, &format!("`{name}` takes one argument")));
                };
                let v = self.rv(arg, cur)?;
                let k = self.truth(v);
                let src = self.src(e, None);
                let next = self.loc_end(e);
                if name == "__VERIFIER_assert" {
                    let bad = if self.props.unreach_call {
                        self.cfa.bad
                    } else {
                        self.cfa.exit
                    };
                    self.edge(*cur, bad, Op::Assume(not(k.clone())), src.clone());
                }
                self.edge(*cur, next, Op::Assume(k), src);
                *cur = next;
                Ok(void)
            }
            _ if memory::is_allocation(name) => self.allocate(e, None, cur),
            "printf" | "puts" | "putchar" => {
                // Output only: the arguments are evaluated, the result
                // (characters written, or negative on an error) is any
                // value of its type. `%n` would write memory: refused.
                if name == "printf" {
                    let format = args.first().map(|f| self.snippet(f)).unwrap_or_default();
                    if !format.starts_with('"') {
                        return Err(self.unsup(e, "`printf` with a format that is not a literal"));
                    }
                    if format.contains("%n") {
                        return Err(self.unsup(e, "`printf` with `%n`"));
                    }
                }
                for a in args {
                    if a.kind != Kind::StringLiteral && !is_string(a) {
                        self.effect(a, cur)?;
                    }
                }
                let ty = self.int_type(&e.ty, e)?;
                let t = self.temp("output", e, ty);
                self.emit(cur, Op::Havoc(t.clone()), e);
                self.emit(cur, Op::Assume(in_range(Expr::var(&t), &ty)), e);
                Ok(V::I(Expr::var(&t), ty, true))
            }
            "free" => {
                // Nothing is freed: addresses are never reused, and memory
                // safety is assumed.
                for a in args {
                    self.effect(a, cur)?;
                }
                Ok(void)
            }
            _ => Err(self.unsup(e, &format!("call to undefined function `{name}`"))),
        }
    }

    pub(super) fn dead_after(&mut self, e: &Node) -> usize {
        self.loc_end(e)
    }

    pub(super) fn inline(
        &mut self,
        f: &'a Node,
        args: &'a [Node],
        call: &'a Node,
        cur: &mut usize,
    ) -> R<V> {
        let name = f.name.clone();
        if self.frames.iter().any(|fr| fr.func == name) {
            return Err(self.unsup(call, &format!("recursion (`{name}`)")));
        }
        // (libclang calls a function without a prototype variadic too.)
        if f.ty.variadic && f.ty.kind == TypeKind::FunctionProto {
            return Err(self.unsup(call, "variadic functions"));
        }
        let params: Vec<&'a Node> = f
            .children
            .iter()
            .filter(|c| c.kind == Kind::ParmDecl)
            .collect();
        if params.len() != args.len() {
            return Err(self.invalid(call, &format!("`{name}` takes {} arguments", params.len())));
        }
        let record = f.ty.elem.as_deref().filter(|t| t.kind == TypeKind::Record);
        let ret_object = match record {
            Some(t) if t.size > 0 => {
                let fid = f.decl.expect("functions have ids");
                let at = match self.memory.ret_objects.get(&fid) {
                    Some(a) => *a,
                    None => {
                        let a = self.memory.place_static(t.size);
                        self.memory.ret_objects.insert(fid, a);
                        a
                    }
                };
                Some((at, t.clone()))
            }
            Some(_) => return Err(self.unsup(call, "a result of incomplete type")),
            None => None,
        };
        let ret_ty = match f.ty.elem.as_deref() {
            Some(_) if ret_object.is_some() => None,
            Some(t) => self.scalar_type(t, f)?,
            None => None,
        };
        // Arguments, left to right; an array parameter names its argument array.
        let mut vals = Vec::new();
        for (i, a) in args.iter().enumerate() {
            let pid = params[i].decl.expect("parameters have ids");
            let array_param = matches!(
                params[i].ty.kind,
                TypeKind::Pointer | TypeKind::IncompleteArray | TypeKind::ConstantArray
            );
            // An array argument of a parameter used only as an array: the
            // parameter names the array (no memory needed).
            if array_param
                && self.memory.array_like.contains(&pid)
                && !self.memory.in_memory.contains(&pid)
                && self.array_of(a).is_some_and(|v| v.mem.is_none())
            {
                vals.push(Arg::Array(self.array_argument(a, params[i])?));
                continue;
            }
            if params[i].ty.kind == TypeKind::Record {
                let src = self.address(strip_casts(a), cur)?;
                vals.push(Arg::Object(src));
                continue;
            }
            let v = self.rv(a, cur)?;
            let rest: Vec<&Node> = args[i + 1..].iter().collect();
            let v = self.snapshot(v, &rest, a, cur);
            vals.push(Arg::Val(v));
        }
        let body = self.body(f)?;
        let mut scope = HashMap::new();
        let mut aliases = HashMap::new();
        let mut known_functions = HashMap::new();
        for (p, v) in params.iter().zip(vals) {
            let v = match v {
                Arg::Val(v) => v,
                Arg::Array(array) => {
                    aliases.insert(p.decl.expect("parameters have ids"), array.clone());
                    scope.insert(p.name.clone(), array);
                    continue;
                }
                Arg::Object(src) => {
                    let var = self.memory_var(p)?;
                    let at = num(var.mem.clone().expect("structs live in memory"));
                    self.copy_object(at, src, &p.ty, call, cur)?;
                    scope.insert(p.name.clone(), var);
                    continue;
                }
            };
            if p.decl.is_some_and(|id| self.memory.in_memory.contains(&id)) {
                // A parameter whose address is taken: its value in memory.
                let var = self.memory_var(p)?;
                let place = self.memory_place_of(&var, &p.ty, p)?;
                self.store_place(&place, v, call, cur);
                scope.insert(p.name.clone(), var);
                continue;
            }
            let Some(pty) = self.scalar_type(&p.ty, p)? else {
                return Err(self.invalid(p, "parameter of type void"));
            };
            let var = self.decl_var(&name, p, pty);
            if let Some(a) = self.known_function(&v, p, body) {
                known_functions.insert(p.decl.expect("parameters have ids"), a);
            }
            let stored = self.store_value(v, pty);
            self.emit(cur, Op::Assign(var.name.clone(), stored), call);
            scope.insert(p.name.clone(), var);
        }
        let fid = f.decl.expect("functions have ids");
        let ret = match ret_ty {
            Some(t) => {
                let n = match self.ret_vars.get(&fid) {
                    Some(n) => n.clone(),
                    None => {
                        let n = self.fresh_var(&format!("{name}@ret"), t);
                        self.ret_vars.insert(fid, n.clone());
                        n
                    }
                };
                Some(VarInfo::scalar(n, t))
            }
            None => None,
        };
        let ret_loc = self.loc_end(call);
        let start = self.loc(body);
        // Before the callee's frame: the call site belongs to the caller.
        let src = self.src(call, None);
        self.edge(*cur, start, Op::Skip, src);
        self.frames.push(Frame {
            func: name.clone(),
            scopes: vec![scope],
            loops: vec![],
            labels: HashMap::new(),
            defined_labels: HashSet::new(),
            ret: ret.clone(),
            ret_loc,
            aliases,
            known_functions,
            ret_object: ret_object.clone(),
        });
        let end = self.stmt(body, start)?;
        self.edge(end, ret_loc, Op::Skip, None);
        self.check_labels(f)?;
        self.frames.pop();
        *cur = ret_loc;
        if let Some((at, _)) = ret_object {
            return Ok(V::I(Expr::int(at), Ty::pointer(self.pointer_bits()), true));
        }
        Ok(match ret {
            Some(r) => V::I(Expr::var(&r.name), r.ty, true),
            None => V::I(Expr::int(0), INT, true),
        })
    }

    /// `(*p)(args)` or `p(args)`: one branch per function the pointer may
    /// hold (address taken, compatible type), guarded by `p == &f`, each
    /// inlining `f`; the branches join with the result in a temporary. A
    /// pointer that holds no such function is undefined behaviour (memory
    /// safety is assumed, as SV-COMP's unreach-call does): no branch, the
    /// path ends there.
    fn call_through_pointer(
        &mut self,
        e: &'a Node,
        callee: &'a Node,
        args: &'a [Node],
        cur: &mut usize,
    ) -> R<V> {
        let fty = match callee.ty.kind {
            TypeKind::FunctionProto | TypeKind::FunctionNoProto => Some(&callee.ty),
            TypeKind::Pointer => callee.ty.elem.as_deref(),
            _ => None,
        };
        let Some(fty) =
            fty.filter(|t| matches!(t.kind, TypeKind::FunctionProto | TypeKind::FunctionNoProto))
        else {
            return Err(self.unsup(e, "this call"));
        };
        let p = if callee.ty.kind == TypeKind::Pointer {
            let v = self.rv(callee, cur)?;
            let later: Vec<&Node> = args.iter().collect();
            let v = self.snapshot(v, &later, callee, cur);
            self.exact(v).0
        } else {
            self.function_address(callee, cur)?
        };
        let known = konst(&p);
        let candidates: Vec<(DeclId, i64)> = self
            .memory
            .functions
            .iter()
            .copied()
            .filter(|(id, a)| {
                let def = self.funcs[id];
                let arity = def
                    .children
                    .iter()
                    .filter(|c| c.kind == Kind::ParmDecl)
                    .count();
                arity == args.len()
                    && compatible_functions(&def.ty, fty)
                    && known.as_ref().is_none_or(|k| *k == BigInt::from(*a))
            })
            .collect();
        let result_ty = self.scalar_type(&e.ty, e)?;
        let result = result_ty.map(|t| self.temp("call", e, t));
        let src = self.src(e, None);
        let join = self.loc_end(e);
        for (id, a) in candidates {
            let def = self.funcs[&id];
            let mut at = self.loc(e);
            let guard = if known.is_some() {
                Op::Skip
            } else {
                Op::Assume(Expr::eq(p.clone(), Expr::int(a)))
            };
            self.edge(*cur, at, guard, src.clone());
            let v = self.inline(def, args, e, &mut at)?;
            let op = match (&result, result_ty) {
                (Some(r), Some(t)) => Op::Assign(r.clone(), self.convert(v, t).0),
                _ => Op::Skip,
            };
            self.edge(at, join, op, None);
        }
        *cur = join;
        Ok(match (result, result_ty) {
            (Some(r), Some(t)) => V::I(Expr::var(&r), t, true),
            _ => V::I(Expr::int(0), INT, true),
        })
    }

    /// The function a function-pointer parameter is bound to for the whole
    /// call: its argument is one function's address, it stays in a scalar
    /// and the body never assigns it.
    fn known_function(&mut self, v: &V, p: &Node, body: &Node) -> Option<i64> {
        let pointee = match p.ty.kind {
            TypeKind::Pointer => p.ty.elem.as_deref()?,
            _ => &p.ty,
        };
        if !memory::is_function(pointee) {
            return None;
        }
        let id = p.decl?;
        if self.memory.in_memory.contains(&id) || self.effects_of(body).writes_to(id) {
            return None;
        }
        let a: i64 = konst(&self.exact(v.clone()).0)?.try_into().ok()?;
        self.memory
            .functions
            .iter()
            .any(|(_, f)| *f == a)
            .then_some(a)
    }

    /// The address of a copy of the struct call `e` returns: the call's own
    /// object, so that two such calls among one call's arguments do not
    /// overwrite each other's result.
    pub(super) fn struct_result(&mut self, e: &'a Node, cur: &mut usize) -> R<Expr> {
        let v = self.call(e, cur)?;
        let (from, _) = self.exact(v);
        let at = match self.memory.result_objects.get(&e.at.offset) {
            Some(a) => *a,
            None => {
                let a = self.memory.place_static(e.ty.size.max(1));
                self.memory.result_objects.insert(e.at.offset, a);
                a
            }
        };
        self.copy_object(Expr::int(at), from, &e.ty, e, cur)?;
        Ok(Expr::int(at))
    }
}
