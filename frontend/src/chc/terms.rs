//! SMT-LIB terms of a clause as certa expressions: sorts, bound variables, `let`,
//! predicate applications and the LIA and array operators.

use super::{ArgSort, Translator, R};
use crate::{FrontendError, Pos};
use format::{Expr, Num};
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use smt2parser::concrete::{Constant, QualIdentifier, Sort, Symbol, Term};
use smt2parser::visitors::Identifier;

/// A translated term: an integer term or a formula. Clause variables are
/// `Var("~v<k>")` placeholders (integer view; a Bool variable's truth is
/// `~v<k> = 1`) and predicate applications `Var("~p<k>")` placeholders.
#[derive(Clone, Debug)]
pub(super) enum Val {
    Int(Expr),
    Bool(Expr),
    Array(Expr),
}

pub(super) enum Binding {
    Var(usize),
    Let(Val),
}

pub(super) struct PredApp {
    pub(super) pred: usize,
    pub(super) args: Vec<Expr>,
}

pub(super) struct ClauseCx<'a> {
    pub(super) tr: &'a Translator,
    pub(super) pos: Pos,
    pub(super) vars: Vec<(String, ArgSort)>,
    pub(super) env: Vec<(String, Binding)>,
    pub(super) apps: Vec<PredApp>,
}

pub(super) fn pvar(k: usize) -> String {
    format!("~v{k}")
}
fn ppred(k: usize) -> String {
    format!("~p{k}")
}
pub(super) fn pred_index(e: &Expr) -> Option<usize> {
    match e {
        Expr::Var(n) => n.strip_prefix("~p").and_then(|k| k.parse().ok()),
        _ => None,
    }
}
pub(super) fn mentions_pred(e: &Expr) -> Option<usize> {
    let (mut vars, mut nexts) = (Vec::new(), Vec::new());
    e.collect_vars(&mut vars, &mut nexts);
    vars.iter()
        .find_map(|n| n.strip_prefix("~p").and_then(|k| k.parse().ok()))
}

pub(super) fn sort_name(s: &Sort) -> String {
    s.to_string()
}

pub(super) fn arg_sort(s: &Sort) -> Option<ArgSort> {
    let simple = |s: &Sort, name: &str| matches!(s, Sort::Simple { identifier: Identifier::Simple { symbol } } if symbol.0 == name);
    match s {
        Sort::Simple {
            identifier: Identifier::Simple { symbol },
        } => match symbol.0.as_str() {
            "Int" => Some(ArgSort::Int),
            "Bool" => Some(ArgSort::Bool),
            _ => None,
        },
        Sort::Parameterized {
            identifier: Identifier::Simple { symbol },
            parameters,
        } if symbol.0 == "Array"
            && parameters.len() == 2
            && parameters.iter().all(|p| simple(p, "Int")) =>
        {
            Some(ArgSort::Array)
        }
        _ => None,
    }
}

/// Folds a constant integer term.
fn constant(e: &Expr) -> Option<BigInt> {
    match e {
        Expr::Int(n) => Some(n.0.clone()),
        Expr::Neg(a) => constant(a).map(|v| -v),
        Expr::Mul(k, a) => constant(a).map(|v| &k.0 * v),
        Expr::Add(v) => v.iter().map(constant).sum(),
        Expr::Sub(a, b) => Some(constant(a)? - constant(b)?),
        _ => None,
    }
}

pub(super) fn and(items: Vec<Expr>) -> Expr {
    let mut out = Vec::new();
    let mut stack: Vec<Expr> = items.into_iter().rev().collect();
    while let Some(e) = stack.pop() {
        match e {
            Expr::And(v) => stack.extend(v.into_iter().rev()),
            Expr::Bool(true) => {}
            e => out.push(e),
        }
    }
    if out.len() == 1 {
        out.pop().unwrap()
    } else {
        Expr::And(out)
    }
}

fn iff(a: Expr, b: Expr) -> Expr {
    Expr::Or(vec![
        Expr::And(vec![a.clone(), b.clone()]),
        Expr::And(vec![Expr::not(a), Expr::not(b)]),
    ])
}

/// The integer view of a value (Bool as 0/1; an array as itself).
fn int_view(v: Val) -> Expr {
    match v {
        Val::Int(e) | Val::Array(e) => e,
        Val::Bool(Expr::Eq(a, b))
            if matches!(&*a, Expr::Var(n) if n.starts_with("~v")) && *b == Expr::int(1) =>
        {
            *a
        }
        Val::Bool(b) => Expr::Ite(Box::new(b), Box::new(Expr::int(1)), Box::new(Expr::int(0))),
    }
}

/// Replaces every `Var(name)` for which `f` gives a term.
pub fn subst(e: &Expr, f: &dyn Fn(&str) -> Option<Expr>) -> Expr {
    e.map_vars(f)
}

impl ClauseCx<'_> {
    pub(super) fn unsupported(&self, msg: String) -> FrontendError {
        FrontendError::unsupported(&self.tr.file, self.pos, &msg)
    }
    pub(super) fn nonlinear(&self, msg: String) -> FrontendError {
        FrontendError::nonlinear(&self.tr.file, self.pos, &msg)
    }
    fn type_error(&self, msg: String) -> FrontendError {
        FrontendError::type_error(&self.tr.file, self.pos, &msg)
    }

    pub(super) fn bind_vars(&mut self, vars: &[(Symbol, Sort)], what: &str) -> R<()> {
        for (s, sort) in vars {
            let Some(a) = arg_sort(sort) else {
                return Err(self.unsupported(format!(
                    "sort `{}` of {what} variable `{}` (only Int, Bool and (Array Int Int) are supported)",
                    sort_name(sort),
                    s.0
                )));
            };
            self.vars.push((s.0.clone(), a));
            let k = self.vars.len() - 1;
            self.env.push((s.0.clone(), Binding::Var(k)));
        }
        Ok(())
    }

    fn lookup(&self, name: &str) -> Option<Val> {
        self.env
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, b)| match b {
                Binding::Let(v) => v.clone(),
                Binding::Var(k) => match self.vars[*k].1 {
                    ArgSort::Int => Val::Int(Expr::var(&pvar(*k))),
                    ArgSort::Array => Val::Array(Expr::var(&pvar(*k))),
                    ArgSort::Bool => Val::Bool(Expr::eq(Expr::var(&pvar(*k)), Expr::int(1))),
                },
            })
    }

    pub(super) fn boolean(&mut self, t: &Term, op: &str) -> R<Expr> {
        match self.term(t)? {
            Val::Bool(e) => Ok(e),
            _ => Err(self.type_error(format!("`{op}` expects a Bool operand, got `{t}`"))),
        }
    }
    fn integer(&mut self, t: &Term, op: &str) -> R<Expr> {
        match self.term(t)? {
            Val::Int(e) => Ok(e),
            _ => Err(self.type_error(format!("`{op}` expects an Int operand, got `{t}`"))),
        }
    }
    fn array(&mut self, t: &Term, op: &str) -> R<Expr> {
        match self.term(t)? {
            Val::Array(e) => Ok(e),
            _ => Err(self.type_error(format!(
                "`{op}` expects an (Array Int Int) operand, got `{t}`"
            ))),
        }
    }

    fn pred_app(&mut self, p: usize, args: &[Term]) -> R<Val> {
        let pred = &self.tr.preds[p];
        let (name, sorts) = (pred.name.clone(), pred.sorts.clone());
        if args.len() != sorts.len() {
            return Err(self.type_error(format!(
                "predicate `{name}` takes {} arguments, applied to {}",
                sorts.len(),
                args.len()
            )));
        }
        let mut out = Vec::new();
        for (a, s) in args.iter().zip(&sorts) {
            let v = self.term(a)?;
            match (s, &v) {
                (ArgSort::Int, Val::Int(_))
                | (ArgSort::Bool, Val::Bool(_))
                | (ArgSort::Array, Val::Array(_)) => out.push(int_view(v)),
                _ => {
                    return Err(self.type_error(format!(
                        "argument `{a}` of `{name}` has the wrong sort (expected {s:?})"
                    )))
                }
            }
        }
        self.apps.push(PredApp { pred: p, args: out });
        Ok(Val::Bool(Expr::var(&ppred(self.apps.len() - 1))))
    }

    fn symbol(&mut self, name: &str) -> R<Val> {
        if let Some(v) = self.lookup(name) {
            return Ok(v);
        }
        if let Some(&p) = self.tr.by_name.get(name) {
            return self.pred_app(p, &[]);
        }
        match name {
            "true" => Ok(Val::Bool(Expr::Bool(true))),
            "false" => Ok(Val::Bool(Expr::Bool(false))),
            _ => Err(self.unsupported(format!("unknown symbol `{name}`"))),
        }
    }

    fn term(&mut self, t: &Term) -> R<Val> {
        match t {
            Term::Constant(Constant::Numeral(n)) => {
                let num = format::expr::parse_num(&n.to_string())
                    .map_err(|e| self.unsupported(format!("numeral: {e}")))?;
                Ok(Val::Int(Expr::Int(num)))
            }
            Term::Constant(Constant::Decimal(_)) => Err(self.unsupported(format!(
                "decimal `{t}` (reals are not supported, only Int and Bool)"
            ))),
            Term::Constant(Constant::Hexadecimal(_)) | Term::Constant(Constant::Binary(_)) => {
                Err(self.unsupported(format!(
                    "bit-vector literal `{t}` (bit-vectors are not supported)"
                )))
            }
            Term::Constant(Constant::String(_)) => {
                Err(self.unsupported(format!("string literal `{t}` (strings are not supported)")))
            }
            Term::QualIdentifier(q) => {
                let name = self.qual_name(q)?;
                self.symbol(&name)
            }
            Term::Application {
                qual_identifier: QualIdentifier::Sorted { identifier, sort },
                arguments,
            } if matches!(identifier, Identifier::Simple { symbol } if symbol.0 == "const")
                && arg_sort(sort) == Some(ArgSort::Array) =>
            {
                // `((as const (Array Int Int)) v)`: `v` must fold to a constant.
                if arguments.len() != 1 {
                    return Err(self.type_error("a constant array takes one operand".into()));
                }
                let v = self.integer(&arguments[0], "const")?;
                match constant(&v) {
                    Some(k) => Ok(Val::Array(Expr::ConstArray(Box::new(Expr::Int(Num(k)))))),
                    None => Err(self.unsupported(format!(
                        "constant array of the non-constant value `{}`",
                        short(&arguments[0].to_string())
                    ))),
                }
            }
            Term::Application {
                qual_identifier,
                arguments,
            } => {
                let name = self.qual_name(qual_identifier)?;
                self.apply(&name, arguments, t)
            }
            Term::Let { var_bindings, term } => {
                let mut vals = Vec::new();
                for (s, v) in var_bindings {
                    vals.push((s.0.clone(), self.term(v)?));
                }
                let n = self.env.len();
                for (s, v) in vals {
                    self.env.push((s, Binding::Let(v)));
                }
                let r = self.term(term);
                self.env.truncate(n);
                r
            }
            Term::Forall { .. } | Term::Exists { .. } => Err(self.unsupported(format!(
                "nested quantifier in `{}` (only an outermost `forall` per clause is supported)",
                short(&t.to_string())
            ))),
            Term::Match { .. } => {
                Err(self.unsupported("`match` (datatypes are not supported)".into()))
            }
            Term::Attributes { term, .. } => self.term(term),
        }
    }

    fn qual_name(&self, q: &QualIdentifier) -> R<String> {
        let id = match q {
            QualIdentifier::Simple { identifier } => identifier,
            QualIdentifier::Sorted { identifier, sort } => {
                return Err(
                    self.unsupported(format!("qualified identifier `(as {identifier} {sort})`"))
                )
            }
        };
        match id {
            Identifier::Simple { symbol } => Ok(symbol.0.clone()),
            Identifier::Indexed { .. } => Err(self.unsupported(format!(
                "indexed identifier `{id}` (bit-vectors and other indexed theories are not supported)"
            ))),
        }
    }

    fn apply(&mut self, name: &str, args: &[Term], whole: &Term) -> R<Val> {
        if self.lookup(name).is_none() {
            if let Some(&p) = self.tr.by_name.get(name) {
                return self.pred_app(p, args);
            }
        }
        let need = |cx: &Self, n: usize| -> R<()> {
            if args.len() < n {
                Err(cx.type_error(format!(
                    "`{name}` needs at least {n} operand(s) in `{}`",
                    short(&whole.to_string())
                )))
            } else {
                Ok(())
            }
        };
        match name {
            "and" | "or" => {
                let v = args
                    .iter()
                    .map(|a| self.boolean(a, name))
                    .collect::<R<Vec<_>>>()?;
                Ok(Val::Bool(if name == "and" {
                    Expr::And(v)
                } else {
                    Expr::Or(v)
                }))
            }
            "not" => {
                if args.len() != 1 {
                    return Err(self.type_error("`not` takes one operand".into()));
                }
                Ok(Val::Bool(Expr::not(self.boolean(&args[0], name)?)))
            }
            "=>" => {
                need(self, 2)?;
                let mut v = args
                    .iter()
                    .map(|a| self.boolean(a, name))
                    .collect::<R<Vec<_>>>()?;
                let mut acc = v.pop().unwrap();
                while let Some(a) = v.pop() {
                    acc = Expr::Implies(Box::new(a), Box::new(acc));
                }
                Ok(Val::Bool(acc))
            }
            "xor" => {
                need(self, 2)?;
                let v = args
                    .iter()
                    .map(|a| self.boolean(a, name))
                    .collect::<R<Vec<_>>>()?;
                let mut it = v.into_iter();
                let mut acc = it.next().unwrap();
                for b in it {
                    acc = Expr::not(iff(acc, b));
                }
                Ok(Val::Bool(acc))
            }
            "=" | "distinct" => {
                need(self, 2)?;
                let vals = args.iter().map(|a| self.term(a)).collect::<R<Vec<_>>>()?;
                let all_int = vals.iter().all(|v| matches!(v, Val::Int(_)));
                let all_bool = vals.iter().all(|v| matches!(v, Val::Bool(_)));
                let all_array = vals.iter().all(|v| matches!(v, Val::Array(_)));
                if !all_int && !all_bool && !all_array {
                    return Err(self.type_error(format!("`{name}` on operands of different sorts")));
                }
                let eq = |a: &Val, b: &Val| match (a, b) {
                    (Val::Int(x), Val::Int(y)) | (Val::Array(x), Val::Array(y)) => {
                        Expr::eq(x.clone(), y.clone())
                    }
                    (Val::Bool(x), Val::Bool(y)) => iff(x.clone(), y.clone()),
                    _ => unreachable!(),
                };
                let mut parts = Vec::new();
                if name == "=" {
                    for w in vals.windows(2) {
                        parts.push(eq(&w[0], &w[1]));
                    }
                } else {
                    for i in 0..vals.len() {
                        for j in i + 1..vals.len() {
                            parts.push(Expr::not(eq(&vals[i], &vals[j])));
                        }
                    }
                }
                Ok(Val::Bool(and(parts)))
            }
            "ite" => {
                if args.len() != 3 {
                    return Err(self.type_error("`ite` takes three operands".into()));
                }
                let c = self.boolean(&args[0], name)?;
                match (self.term(&args[1])?, self.term(&args[2])?) {
                    (Val::Int(a), Val::Int(b)) => {
                        Ok(Val::Int(Expr::Ite(Box::new(c), Box::new(a), Box::new(b))))
                    }
                    (Val::Bool(a), Val::Bool(b)) => {
                        Ok(Val::Bool(Expr::Ite(Box::new(c), Box::new(a), Box::new(b))))
                    }
                    (Val::Array(a), Val::Array(b)) => {
                        Ok(Val::Array(Expr::Ite(Box::new(c), Box::new(a), Box::new(b))))
                    }
                    _ => Err(self.type_error("`ite` branches have different sorts".into())),
                }
            }
            "<" | "<=" | ">" | ">=" => {
                need(self, 2)?;
                let v = args
                    .iter()
                    .map(|a| self.integer(a, name))
                    .collect::<R<Vec<_>>>()?;
                let mk = |a: &Expr, b: &Expr| {
                    let (a, b) = (Box::new(a.clone()), Box::new(b.clone()));
                    match name {
                        "<" => Expr::Lt(a, b),
                        "<=" => Expr::Le(a, b),
                        ">" => Expr::Gt(a, b),
                        _ => Expr::Ge(a, b),
                    }
                };
                Ok(Val::Bool(and(v
                    .windows(2)
                    .map(|w| mk(&w[0], &w[1]))
                    .collect())))
            }
            "+" => {
                need(self, 1)?;
                let v = args
                    .iter()
                    .map(|a| self.integer(a, name))
                    .collect::<R<Vec<_>>>()?;
                Ok(Val::Int(Expr::Add(v)))
            }
            "-" => {
                need(self, 1)?;
                let v = args
                    .iter()
                    .map(|a| self.integer(a, name))
                    .collect::<R<Vec<_>>>()?;
                let mut it = v.into_iter();
                let first = it.next().unwrap();
                let rest: Vec<Expr> = it.collect();
                if rest.is_empty() {
                    return Ok(Val::Int(Expr::Neg(Box::new(first))));
                }
                Ok(Val::Int(rest.into_iter().fold(first, |acc, b| {
                    Expr::Sub(Box::new(acc), Box::new(b))
                })))
            }
            "*" => {
                need(self, 1)?;
                let v = args
                    .iter()
                    .map(|a| self.integer(a, name))
                    .collect::<R<Vec<_>>>()?;
                let mut k = BigInt::one();
                let mut var: Option<Expr> = None;
                for e in v {
                    match constant(&e) {
                        Some(c) => k *= c,
                        None if var.is_none() => var = Some(e),
                        None => {
                            return Err(self.nonlinear(format!(
                                "multiplication of two non-constant terms in `{}`",
                                short(&whole.to_string())
                            )))
                        }
                    }
                }
                Ok(Val::Int(match var {
                    None => Expr::Int(Num(k)),
                    Some(e) => Expr::Mul(Num(k), Box::new(e)),
                }))
            }
            "div" | "mod" => {
                if args.len() != 2 {
                    return Err(self.type_error(format!("`{name}` takes two operands")));
                }
                let a = self.integer(&args[0], name)?;
                let d = self.integer(&args[1], name)?;
                let Some(d) = constant(&d) else {
                    return Err(self.nonlinear(format!(
                        "`{name}` by a non-constant in `{}`",
                        short(&whole.to_string())
                    )));
                };
                if d.is_zero() {
                    return Err(self.unsupported(format!(
                        "`{name}` by zero in `{}`",
                        short(&whole.to_string())
                    )));
                }
                // SMT-LIB: a div (-d) = -(a div d) and a mod (-d) = a mod d.
                let (neg, d) = (d.is_negative(), Num(d.abs()));
                Ok(Val::Int(match (name, neg) {
                    ("div", false) => Expr::Div(Box::new(a), d),
                    ("div", true) => Expr::Neg(Box::new(Expr::Div(Box::new(a), d))),
                    _ => Expr::Mod(Box::new(a), d),
                }))
            }
            "abs" => {
                if args.len() != 1 {
                    return Err(self.type_error("`abs` takes one operand".into()));
                }
                let a = self.integer(&args[0], name)?;
                Ok(Val::Int(Expr::Ite(
                    Box::new(Expr::Ge(Box::new(a.clone()), Box::new(Expr::int(0)))),
                    Box::new(a.clone()),
                    Box::new(Expr::Neg(Box::new(a))),
                )))
            }
            "/" | "to_real" | "to_int" | "is_int" => Err(self.unsupported(format!(
                "`{name}` (reals are not supported, only Int and Bool)"
            ))),
            "select" => {
                if args.len() != 2 {
                    return Err(self.type_error("`select` takes two operands".into()));
                }
                let a = self.array(&args[0], name)?;
                let i = self.integer(&args[1], name)?;
                Ok(Val::Int(Expr::select(a, i)))
            }
            "store" => {
                if args.len() != 3 {
                    return Err(self.type_error("`store` takes three operands".into()));
                }
                let a = self.array(&args[0], name)?;
                let i = self.integer(&args[1], name)?;
                let v = self.integer(&args[2], name)?;
                Ok(Val::Array(Expr::store(a, i, v)))
            }
            _ if name.starts_with("bv") => {
                Err(self.unsupported(format!("`{name}` (bit-vectors are not supported)")))
            }
            _ => Err(self.unsupported(format!(
                "function `{name}` in `{}` (not a declared predicate or a supported LIA operator)",
                short(&whole.to_string())
            ))),
        }
    }
}

pub(super) fn short(s: &str) -> String {
    let one: String = s.split_whitespace().collect::<Vec<_>>().join(" ");
    if one.chars().count() > 120 {
        let cut: String = one.chars().take(117).collect();
        format!("{cut}...")
    } else {
        one
    }
}
