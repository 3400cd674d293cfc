//! C statements as CFA fragments: blocks, `if`, loops, `switch` with its
//! labels, `goto`, `break`/`continue`, `return`, and conditions as branches
//! (short-circuiting `&&`/`||` whose right operand has side effects).

use super::*;

impl<'a> Tr<'a> {
    pub(super) fn dead(&mut self, n: &Node) -> usize {
        self.loc_end(n)
    }

    pub(super) fn stmt(&mut self, s: &'a Node, cur: usize) -> R<usize> {
        match s.kind {
            Kind::CompoundStmt => {
                self.frames.last_mut().unwrap().scopes.push(HashMap::new());
                let mut c = cur;
                for it in &s.children {
                    c = self.stmt(it, c)?;
                }
                self.frames.last_mut().unwrap().scopes.pop();
                Ok(c)
            }
            Kind::DeclStmt => {
                let mut c = cur;
                for d in &s.children {
                    self.local_decl(d, &mut c)?;
                }
                Ok(c)
            }
            Kind::NullStmt => Ok(cur),
            Kind::IfStmt => {
                let (cond, then, els) = match s.children.as_slice() {
                    [c, t] => (c, t, None),
                    [c, t, e] => (c, t, Some(e)),
                    _ => return Err(self.unsup(s, "this `if` statement")),
                };
                let t = self.loc(then);
                let f = match els {
                    Some(e) => self.loc(e),
                    None => self.loc_end(s),
                };
                self.branch(cond, cur, t, f)?;
                let te = self.stmt(then, t)?;
                match els {
                    None => {
                        self.edge(te, f, Op::Skip, None);
                        Ok(f)
                    }
                    Some(e) => {
                        let fe = self.stmt(e, f)?;
                        let join = self.loc_end(s);
                        self.edge(te, join, Op::Skip, None);
                        self.edge(fe, join, Op::Skip, None);
                        Ok(join)
                    }
                }
            }
            Kind::WhileStmt => {
                let [cond, body] = s.children.as_slice() else {
                    return Err(self.unsup(s, "this `while` statement"));
                };
                let head = self.loc(s);
                self.record_loop(head, s, "while");
                self.edge(cur, head, Op::Skip, None);
                let b = self.loc(body);
                let exit = self.loc_end(s);
                self.branch(cond, head, b, exit)?;
                self.frames.last_mut().unwrap().loops.push((exit, head));
                let be = self.stmt(body, b)?;
                self.frames.last_mut().unwrap().loops.pop();
                self.edge(be, head, Op::Skip, None);
                Ok(exit)
            }
            Kind::DoStmt => {
                let [body, cond] = s.children.as_slice() else {
                    return Err(self.unsup(s, "this `do` statement"));
                };
                let head = self.loc(s);
                self.record_loop(head, s, "do");
                self.edge(cur, head, Op::Skip, None);
                let cont = self.loc(cond);
                let exit = self.loc_end(s);
                self.frames.last_mut().unwrap().loops.push((exit, cont));
                let be = self.stmt(body, head)?;
                self.frames.last_mut().unwrap().loops.pop();
                self.edge(be, cont, Op::Skip, None);
                self.branch(cond, cont, head, exit)?;
                Ok(exit)
            }
            Kind::ForStmt => self.for_stmt(s, cur),
            Kind::GotoStmt => {
                let Some(target) = s.children.first().map(|l| l.name.clone()) else {
                    return Err(self.unsup(s, "this `goto`"));
                };
                let l = self.label(&target);
                let src = self.src(s, None);
                self.edge(cur, l, Op::Skip, src);
                Ok(self.dead(s))
            }
            Kind::IndirectGotoStmt => Err(self.unsup(s, "computed `goto`")),
            Kind::LabelStmt => {
                let loc = self.label(&s.name);
                self.frames
                    .last_mut()
                    .unwrap()
                    .defined_labels
                    .insert(s.name.clone());
                self.edge(cur, loc, Op::Skip, None);
                match s.children.first() {
                    Some(inner) => self.stmt(inner, loc),
                    None => Ok(loc),
                }
            }
            Kind::CaseStmt | Kind::DefaultStmt => self.case_label(s, cur),
            Kind::ContinueStmt | Kind::BreakStmt => {
                let Some(&(brk, cont)) = self.frames.last().unwrap().loops.last() else {
                    return Err(self.invalid(s, "`break`/`continue` outside a loop or switch"));
                };
                let to = if s.kind == Kind::BreakStmt {
                    brk
                } else if cont == NO_LOOP {
                    return Err(self.invalid(s, "`continue` outside a loop"));
                } else {
                    cont
                };
                let src = self.src(s, None);
                self.edge(cur, to, Op::Skip, src);
                Ok(self.dead(s))
            }
            Kind::ReturnStmt => {
                let mut c = cur;
                let ret = self.frames.last().unwrap().ret.clone();
                let ret_loc = self.frames.last().unwrap().ret_loc;
                let ret_object = self.frames.last().unwrap().ret_object.clone();
                match (s.children.first(), ret) {
                    (Some(e), None) if ret_object.is_some() => {
                        // A struct: copied to the function's result object.
                        self.check_order(e)?;
                        let (at, t) = ret_object.expect("checked");
                        let src = self.address(super::expr::strip_casts(e), &mut c)?;
                        self.copy_object(Expr::int(at), src, &t, s, &mut c)?;
                    }
                    (Some(e), Some(rv)) => {
                        self.check_order(e)?;
                        let v = self.rv(e, &mut c)?;
                        let stored = self.store_value(v, rv.ty);
                        self.emit(&mut c, Op::Assign(rv.name.clone(), stored), s);
                    }
                    (Some(e), None) => {
                        self.check_order(e)?;
                        self.effect(e, &mut c)?;
                    }
                    (None, _) => {}
                }
                let src = self.src(s, None);
                self.edge(c, ret_loc, Op::Skip, src);
                Ok(self.dead(s))
            }
            Kind::SwitchStmt => self.switch(s, cur),
            Kind::AsmStmt => Err(self.unsup(s, "inline assembly")),
            Kind::StaticAssert => Ok(cur),
            _ if is_expression(s) => {
                let mut c = cur;
                self.check_order(s)?;
                self.effect(s, &mut c)?;
                Ok(c)
            }
            _ => Err(self.unsup(s, &format!("the statement {}", kind_name(s)))),
        }
    }

    pub(super) fn for_stmt(&mut self, s: &'a Node, cur: usize) -> R<usize> {
        let Some((body, header)) = s.children.split_last() else {
            return Err(self.unsup(s, "this `for` statement"));
        };
        if s.for_slots.len() != header.len() {
            return Err(self.unsup(s, "a `for` header certa cannot read (written by a macro?)"));
        }
        let part = |k: u8| {
            header
                .iter()
                .zip(&s.for_slots)
                .find(|(_, &slot)| slot == k)
                .map(|(n, _)| n)
        };
        let (init, cond, step) = (part(0), part(1), part(2));
        self.frames.last_mut().unwrap().scopes.push(HashMap::new());
        let mut c = cur;
        if let Some(i) = init {
            if i.kind == Kind::DeclStmt {
                for d in &i.children {
                    self.local_decl(d, &mut c)?;
                }
            } else {
                self.check_order(i)?;
                self.effect(i, &mut c)?;
            }
        }
        let head = self.loc(s);
        self.record_loop(head, s, "for");
        self.edge(c, head, Op::Skip, None);
        let b = self.loc(body);
        let stepl = match step {
            Some(e) => self.loc(e),
            None => self.loc_end(body),
        };
        let exit = self.loc_end(s);
        match cond {
            Some(cond) => self.branch(cond, head, b, exit)?,
            None => self.edge(head, b, Op::Skip, None),
        }
        self.frames.last_mut().unwrap().loops.push((exit, stepl));
        let be = self.stmt(body, b)?;
        self.frames.last_mut().unwrap().loops.pop();
        self.edge(be, stepl, Op::Skip, None);
        let mut sc = stepl;
        if let Some(e) = step {
            self.check_order(e)?;
            self.effect(e, &mut sc)?;
        }
        self.edge(sc, head, Op::Skip, None);
        self.frames.last_mut().unwrap().scopes.pop();
        Ok(exit)
    }

    /// `switch (e) body`: `e` is evaluated once at the dispatch location; the
    /// body is lowered from an unreachable location (code before the first
    /// label never runs), each label recording its location, and afterwards
    /// one edge per case (`e == c`) and one default edge (no case matches) leave
    /// the dispatch. `break` leaves the switch, `continue` the enclosing loop.
    pub(super) fn switch(&mut self, s: &'a Node, cur: usize) -> R<usize> {
        let [ctrl, body] = s.children.as_slice() else {
            return Err(self.unsup(s, "this `switch` statement"));
        };
        let mut c = cur;
        self.check_order(ctrl)?;
        // clang has promoted the controlling expression: its type is the one
        // case values convert to.
        let ty = self.int_type(&ctrl.ty, ctrl)?;
        let v = self.rv(ctrl, &mut c)?;
        let mut val = self.store_value(v, ty);
        if !matches!(val, Expr::Var(_) | Expr::Int(_)) {
            // One copy, so case tests do not repeat (or split on) the expression.
            let t = self.temp("switch", ctrl, ty);
            self.emit(&mut c, Op::Assign(t.clone(), val), ctrl);
            val = Expr::var(&t);
        }
        let exit = self.loc_end(s);
        let b = self.loc(body);
        let cont = match self.frames.last().unwrap().loops.last() {
            Some(&(_, k)) => k,
            None => NO_LOOP,
        };
        self.frames.last_mut().unwrap().loops.push((exit, cont));
        self.switches.push(Switch {
            depth: self.frames.len(),
            cases: Vec::new(),
            default: None,
            ty,
        });
        let end = self.stmt(body, b);
        let sw = self.switches.pop().unwrap();
        self.frames.last_mut().unwrap().loops.pop();
        let end = end?;
        self.edge(end, exit, Op::Skip, None);
        let mut none = Expr::Bool(true);
        for (lo, hi, loc, src) in sw.cases {
            let hit = if lo == hi {
                Expr::eq(val.clone(), num(lo))
            } else {
                and(
                    Expr::Ge(Box::new(val.clone()), Box::new(num(lo))),
                    Expr::Le(Box::new(val.clone()), Box::new(num(hi))),
                )
            };
            none = and(none, not(hit.clone()));
            self.edge(c, loc, Op::Assume(fold(hit)), src);
        }
        let text = self.snippet(ctrl);
        let (to, src) = match sw.default {
            Some((loc, src)) => (loc, src),
            None => (
                exit,
                self.src(s, Some(format!("[switch ({text}): no case]"))),
            ),
        };
        self.edge(c, to, Op::Assume(fold(none)), src);
        Ok(exit)
    }

    /// A `case`/`default` label of the innermost switch: falls through from
    /// `cur`, and records its location for the switch's dispatch.
    pub(super) fn case_label(&mut self, s: &'a Node, cur: usize) -> R<usize> {
        let depth = self.frames.len();
        let Some(ty) = self
            .switches
            .last()
            .filter(|w| w.depth == depth)
            .map(|w| w.ty)
        else {
            return Err(self.invalid(s, "`case`/`default` label outside a switch"));
        };
        let Some((inner, values)) = s.children.split_last() else {
            return Err(self.unsup(s, "this label"));
        };
        let label_text = match values.last() {
            Some(v) if s.kind == Kind::CaseStmt => {
                let t = self.snippet(v);
                let first = self.snippet(&values[0]);
                if values.len() == 2 {
                    format!("case {first} ... {t}")
                } else {
                    format!("case {t}")
                }
            }
            _ => "default".to_string(),
        };
        let src = self.src(s, Some(format!("[{label_text}]")));
        let loc = self.loc(s);
        if s.kind == Kind::DefaultStmt {
            let sw = self.switches.last_mut().unwrap();
            if sw.default.is_some() {
                return Err(self.invalid(s, "duplicate `default` label"));
            }
            sw.default = Some((loc, src));
        } else {
            let (lo, hi) = match values {
                [v] => {
                    let k = self.case_value(v, ty)?;
                    (k.clone(), k)
                }
                [a, b] => (self.case_value(a, ty)?, self.case_value(b, ty)?),
                _ => return Err(self.unsup(s, "this `case` label")),
            };
            self.add_case(lo, hi, loc, src, s)?;
        }
        self.edge(cur, loc, Op::Skip, None);
        self.stmt(inner, loc)
    }

    pub(super) fn add_case(
        &mut self,
        lo: BigInt,
        hi: BigInt,
        loc: usize,
        src: Option<SourceStatement>,
        s: &Node,
    ) -> R<()> {
        let sw = self.switches.last().unwrap();
        if lo <= hi
            && sw
                .cases
                .iter()
                .any(|(l, h, ..)| l <= h && *l <= hi && lo <= *h)
        {
            return Err(self.invalid(s, "duplicate `case` value"));
        }
        self.switches
            .last_mut()
            .unwrap()
            .cases
            .push((lo, hi, loc, src));
        Ok(())
    }

    /// The value of a `case` constant (clang checked it is one), converted
    /// to the controlling type.
    pub(super) fn case_value(&mut self, e: &'a Node, ty: Ty) -> R<BigInt> {
        const WHAT: &str = "`case` label is not an integer constant";
        if !self.pure(e) {
            return Err(self.invalid(e, WHAT));
        }
        // A pure expression emits no edges; the location stays unused.
        let mut scratch = self.dead(e);
        let v = self.rv(e, &mut scratch)?;
        konst(&fold(self.store_value(v, ty))).ok_or_else(|| self.invalid(e, WHAT))
    }

    pub(super) fn label(&mut self, name: &str) -> usize {
        if let Some(&l) = self.frames.last().unwrap().labels.get(name) {
            return l;
        }
        let l = self.named_loc(&format!("label_{name}"));
        self.frames
            .last_mut()
            .unwrap()
            .labels
            .insert(name.to_string(), l);
        l
    }

    pub(super) fn check_labels(&self, f: &Node) -> R<()> {
        let fr = self.frames.last().unwrap();
        for name in fr.labels.keys() {
            if !fr.defined_labels.contains(name) {
                return Err(self.invalid(
                    f,
                    &format!("`goto {name}` without a label `{name}` in `{}`", fr.func),
                ));
            }
        }
        Ok(())
    }

    /// Branches on a condition: to `t` where it holds, to `f` where not,
    /// short-circuiting `&&`/`||` whose right operand has side effects.
    pub(super) fn branch(&mut self, e: &'a Node, from: usize, t: usize, f: usize) -> R<()> {
        let inner = strip_parens(e);
        if !self.pure(inner) {
            match (inner.kind, inner.binop, inner.unop) {
                (Kind::BinaryOperator, Some(BinOp::LAnd), _) => {
                    let [l, r] = inner.children.as_slice() else {
                        return Err(self.unsup(e, "this `&&`"));
                    };
                    let mid = self.loc(r);
                    self.branch(l, from, mid, f)?;
                    return self.branch(r, mid, t, f);
                }
                (Kind::BinaryOperator, Some(BinOp::LOr), _) => {
                    let [l, r] = inner.children.as_slice() else {
                        return Err(self.unsup(e, "this `||`"));
                    };
                    let mid = self.loc(r);
                    self.branch(l, from, t, mid)?;
                    return self.branch(r, mid, t, f);
                }
                (Kind::UnaryOperator, _, Some(clang_ast::UnOp::LNot)) => {
                    let Some(x) = inner.children.first() else {
                        return Err(self.unsup(e, "this `!`"));
                    };
                    return self.branch(x, from, f, t);
                }
                _ => {}
            }
        }
        self.check_order(e)?;
        let mut cur = from;
        let v = self.rv(e, &mut cur)?;
        let c = self.truth(v);
        let text = self.snippet(e);
        let st = self.src(e, Some(format!("[{text}]")));
        let sf = self.src(e, Some(format!("[!({text})]")));
        self.edge(cur, t, Op::Assume(c.clone()), st);
        self.edge(cur, f, Op::Assume(not(c)), sf);
        Ok(())
    }
}

/// Is a statement node an expression (an expression statement)?
pub(super) fn is_expression(n: &Node) -> bool {
    matches!(
        n.kind,
        Kind::UnexposedExpr
            | Kind::DeclRefExpr
            | Kind::MemberRefExpr
            | Kind::CallExpr
            | Kind::IntegerLiteral
            | Kind::FloatingLiteral
            | Kind::StringLiteral
            | Kind::CharacterLiteral
            | Kind::ParenExpr
            | Kind::UnaryOperator
            | Kind::ArraySubscriptExpr
            | Kind::BinaryOperator
            | Kind::CompoundAssignOperator
            | Kind::ConditionalOperator
            | Kind::CStyleCastExpr
            | Kind::CompoundLiteralExpr
            | Kind::InitListExpr
            | Kind::StmtExpr
            | Kind::GenericSelectionExpr
            | Kind::UnaryExprOrTypeTrait
    )
}

/// An expression without its parentheses.
pub(super) fn strip_parens(mut e: &Node) -> &Node {
    while e.kind == Kind::ParenExpr && e.children.len() == 1 {
        e = &e.children[0];
    }
    e
}
