//! The CHC frontend: SMT-LIB constrained Horn clauses (`(set-logic HORN)`,
//! CHC-COMP's linear integer fragment) as a [`format::Task`].
//!
//! Parsing is done by `smt2parser` (its concrete syntax tree); this module
//! only translates.
//!
//! * State variables are integer *slots* `a0 .. a{k-1}`, `k` the largest
//!   predicate arity. A predicate of arity `n` uses the first `n` slots; the
//!   others are havocked on every edge into it. `Bool` arguments are stored
//!   as `0`/`1` (truth is `slot = 1`), with range constraints where a value is
//!   chosen freely. An `(Array Int Int)` argument at position `i` lives in
//!   the array slot `m{i}` instead (CHC-COMP's LIA-arrays track: `select`,
//!   `store`, `((as const (Array Int Int)) v)`, `=` and `ite` on arrays).
//! * Locations: `init` (the initial location, condition `true`), one per
//!   declared predicate (its name made a plain identifier, see
//!   [`sanitize`]), and `bad`.
//! * Each clause is an edge: a fact `phi -> Q(t)` leaves `init`; a clause
//!   `P(s) /\ phi -> Q(t)` goes `P -> Q`; a query `P(s) /\ phi -> false` goes
//!   `P -> bad`. A clause variable that is passed unchanged as a body argument
//!   becomes that slot (`a_i`), one passed unchanged as a head argument the
//!   next-state slot (`a_j'`); other arguments are equated with the slots;
//!   the remaining clause variables are edge locals. Edge locals are
//!   integers, so an array clause variable that is neither a predicate
//!   argument nor defined by a top-level equality `(= x t)` is rejected; a
//!   defined one is replaced by its definition.
//! * Verdicts: SAFE means `sat` (the clauses have a model), UNSAFE `unsat`.
//!
//! Rejected with a message naming the construct: clauses with two or more
//! uninterpreted predicates in the body (non-linear), predicates under
//! `or`/`not`/`ite` (non-Horn), sorts other than `Int`/`Bool`/`(Array Int Int)`,
//! non-linear arithmetic, `div`/`mod` by a non-constant, reals, bit-vectors
//! and other theories' symbols.

use super::{FrontendError, Pos, Program};
use format::{Edge, EdgeOrigin, Expr, Num, SourceMap, SourceStatement, Task, VarDecl, VarSort};
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use smt2parser::concrete::{self, Command, Constant, QualIdentifier, Sort, Symbol, Term};
use smt2parser::visitors::Identifier;
use std::collections::{BTreeMap, BTreeSet};

/// The sort of a predicate argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgSort {
    Int,
    Bool,
    /// `(Array Int Int)`.
    Array,
}

/// One declared predicate: its original SMT-LIB name, its location, its signature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChcPredicate {
    pub name: String,
    pub location: String,
    pub sorts: Vec<ArgSort>,
}

impl ChcPredicate {
    /// The state variable argument `i` lives in: `slots[i]` (`a{i}`), or
    /// [`array_slot`]`(i)` (`m{i}`) for an array argument.
    pub fn slot(&self, i: usize) -> String {
        slot(i, self.sorts.get(i).copied().unwrap_or(ArgSort::Int))
    }
}

/// A translated CHC problem: the program and the predicate table that maps
/// locations back to the original predicates (for models in source terms).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChcProblem {
    pub program: Program,
    pub predicates: Vec<ChcPredicate>,
    /// The integer state variables, in slot order: an `Int` or `Bool`
    /// argument `i` lives in `slots[i]` (an array argument in [`array_slot`]`(i)`).
    pub slots: Vec<String>,
}

/// The state variable of an `(Array Int Int)` argument at position `i`.
pub fn array_slot(i: usize) -> String {
    format!("m{i}")
}

/// The state variable of argument `i` of sort `s`.
fn slot(i: usize, s: ArgSort) -> String {
    match s {
        ArgSort::Array => array_slot(i),
        _ => format!("a{i}"),
    }
}

/// The name of the initial location.
pub const INIT: &str = "init";
/// The name of the bad location.
pub const BAD: &str = "bad";

/// Is `s` a plain identifier (`[A-Za-z_][A-Za-z0-9_.$@#:!]*`, at most 255 bytes)?
pub fn is_ident(s: &str) -> bool {
    let mut chars = s.chars();
    let first_ok = matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_');
    first_ok && s.len() <= 255 && chars.all(|c| c.is_ascii_alphanumeric() || "_.$@#:!".contains(c))
}

/// Makes `s` a plain identifier: every other character becomes `_`, a name
/// that does not start with a letter or `_` gets a leading `_`, long names
/// are cut to 200 bytes. Deterministic; uniqueness is the caller's job.
pub fn sanitize(s: &str) -> String {
    let mut out: String = s
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "_.$@#:!".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    if !out.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
        out.insert(0, '_');
    }
    out.truncate(200);
    out
}

/// Picks `base`, or `base!1`, `base!2`, ... so that the name is not in `taken`; records it.
fn fresh(base: &str, taken: &mut BTreeSet<String>) -> String {
    let mut name = base.to_string();
    let mut k = 1;
    while taken.contains(&name) {
        name = format!("{base}!{k}");
        k += 1;
    }
    taken.insert(name.clone());
    name
}

/// 1-based positions of the top-level commands (`(` at depth 0), skipping
/// comments, string literals and quoted symbols.
fn command_positions(text: &str) -> Vec<Pos> {
    let mut out = Vec::new();
    let (mut line, mut col, mut depth) = (1u32, 0u32, 0usize);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        col += 1;
        match c {
            '\n' => {
                line += 1;
                col = 0;
            }
            ';' => {
                for d in chars.by_ref() {
                    if d == '\n' {
                        line += 1;
                        col = 0;
                        break;
                    }
                }
            }
            '"' | '|' => {
                while let Some(d) = chars.next() {
                    col += 1;
                    if d == '\n' {
                        line += 1;
                        col = 0;
                    }
                    if d == c {
                        if c == '"' && chars.peek() == Some(&'"') {
                            chars.next();
                            col += 1;
                            continue;
                        }
                        break;
                    }
                }
            }
            '(' => {
                if depth == 0 {
                    out.push(Pos { line, col });
                }
                depth += 1;
            }
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    out
}

/// A translated term: an integer term or a formula. Clause variables are
/// `Var("~v<k>")` placeholders (integer view; a Bool variable's truth is
/// `~v<k> = 1`) and predicate applications `Var("~p<k>")` placeholders.
#[derive(Clone, Debug)]
enum Val {
    Int(Expr),
    Bool(Expr),
    Array(Expr),
}

enum Binding {
    Var(usize),
    Let(Val),
}

struct PredApp {
    pred: usize,
    args: Vec<Expr>,
}

struct ClauseCx<'a> {
    tr: &'a Translator,
    pos: Pos,
    vars: Vec<(String, ArgSort)>,
    env: Vec<(String, Binding)>,
    apps: Vec<PredApp>,
}

struct Translator {
    file: String,
    preds: Vec<ChcPredicate>,
    by_name: BTreeMap<String, usize>,
}

type R<T> = Result<T, FrontendError>;

fn pvar(k: usize) -> String {
    format!("~v{k}")
}
fn ppred(k: usize) -> String {
    format!("~p{k}")
}
fn pred_index(e: &Expr) -> Option<usize> {
    match e {
        Expr::Var(n) => n.strip_prefix("~p").and_then(|k| k.parse().ok()),
        _ => None,
    }
}
fn mentions_pred(e: &Expr) -> Option<usize> {
    let (mut vars, mut nexts) = (Vec::new(), Vec::new());
    e.collect_vars(&mut vars, &mut nexts);
    vars.iter()
        .find_map(|n| n.strip_prefix("~p").and_then(|k| k.parse().ok()))
}

fn sort_name(s: &Sort) -> String {
    s.to_string()
}

fn arg_sort(s: &Sort) -> Option<ArgSort> {
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

fn and(items: Vec<Expr>) -> Expr {
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
    fn unsupported(&self, msg: String) -> FrontendError {
        FrontendError::unsupported(&self.tr.file, self.pos, &msg)
    }
    fn nonlinear(&self, msg: String) -> FrontendError {
        FrontendError::nonlinear(&self.tr.file, self.pos, &msg)
    }
    fn type_error(&self, msg: String) -> FrontendError {
        FrontendError::type_error(&self.tr.file, self.pos, &msg)
    }

    fn bind_vars(&mut self, vars: &[(Symbol, Sort)], what: &str) -> R<()> {
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

    fn boolean(&mut self, t: &Term, op: &str) -> R<Expr> {
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

fn short(s: &str) -> String {
    let one: String = s.split_whitespace().collect::<Vec<_>>().join(" ");
    if one.chars().count() > 120 {
        let cut: String = one.chars().take(117).collect();
        format!("{cut}...")
    } else {
        one
    }
}

fn conjuncts(e: Expr, out: &mut Vec<Expr>) {
    match e {
        Expr::And(v) => v.into_iter().for_each(|x| conjuncts(x, out)),
        Expr::Bool(true) => {}
        e => out.push(e),
    }
}

enum Head {
    Pred(usize),
    False,
}

/// Splits a clause matrix into body conjuncts and a head.
fn split(m: Expr, body: &mut Vec<Expr>) -> Result<Head, String> {
    if let Some(k) = pred_index(&m) {
        return Ok(Head::Pred(k));
    }
    match m {
        Expr::Implies(a, b) => {
            conjuncts(*a, body);
            split(*b, body)
        }
        Expr::Not(a) => {
            conjuncts(*a, body);
            Ok(Head::False)
        }
        Expr::Bool(false) => Ok(Head::False),
        Expr::Or(items) => {
            let mut head = None;
            for it in items {
                if let Some(k) = pred_index(&it) {
                    if head.is_some() {
                        return Err(
                            "two positive predicate applications (not a Horn clause)".into()
                        );
                    }
                    head = Some(k);
                } else if let Expr::Not(x) = it {
                    conjuncts(*x, body);
                } else {
                    if mentions_pred(&it).is_some() {
                        return Err("a predicate application under a connective in the head (not a Horn clause)".into());
                    }
                    body.push(Expr::not(it));
                }
            }
            Ok(head.map_or(Head::False, Head::Pred))
        }
        e => {
            if mentions_pred(&e).is_some() {
                return Err(
                    "a predicate application under a connective in the head (not a Horn clause)"
                        .into(),
                );
            }
            body.push(Expr::not(e));
            Ok(Head::False)
        }
    }
}

/// Parses a CHC problem and translates it.
pub fn parse(file: &str, text: &str) -> Result<ChcProblem, FrontendError> {
    let positions = command_positions(text);
    let stream = smt2parser::CommandStream::new(text.as_bytes(), concrete::SyntaxBuilder, None);
    let mut tr = Translator {
        file: file.to_string(),
        preds: Vec::new(),
        by_name: BTreeMap::new(),
    };
    let mut taken: BTreeSet<String> = [INIT, BAD].iter().map(|s| s.to_string()).collect();
    let mut clauses: Vec<(Pos, Term, String)> = Vec::new();
    for (i, cmd) in stream.enumerate() {
        let pos = positions.get(i).copied().unwrap_or(Pos { line: 1, col: 1 });
        let cmd = cmd.map_err(|e| {
            let (p, msg) = match e {
                concrete::Error::SyntaxError(p, m) | concrete::Error::ParsingError(p, m) => (p, m),
            };
            FrontendError::syntax(
                file,
                Pos {
                    line: p.line as u32 + 1,
                    col: p.column as u32 + 1,
                },
                &msg,
            )
        })?;
        let unsupported = |msg: String| FrontendError::unsupported(file, pos, &msg);
        match cmd {
            Command::SetLogic { symbol } => {
                if symbol.0 != "HORN" {
                    return Err(unsupported(format!(
                        "logic `{}` (only `(set-logic HORN)` problems are accepted)",
                        symbol.0
                    )));
                }
            }
            Command::SetInfo { .. }
            | Command::SetOption { .. }
            | Command::CheckSat
            | Command::Exit
            | Command::GetModel
            | Command::GetInfo { .. }
            | Command::GetProof
            | Command::Echo { .. } => {}
            Command::DeclareFun {
                symbol,
                parameters,
                sort,
            } => {
                if arg_sort(&sort) != Some(ArgSort::Bool) {
                    return Err(unsupported(format!(
                        "`{}` returns `{}`: only predicates (result sort Bool) may be declared",
                        symbol.0,
                        sort_name(&sort)
                    )));
                }
                let mut sorts = Vec::new();
                for p in &parameters {
                    match arg_sort(p) {
                        Some(s) => sorts.push(s),
                        None => {
                            return Err(unsupported(format!(
                                "sort `{}` of an argument of predicate `{}` (only Int and Bool are supported)",
                                sort_name(p),
                                symbol.0
                            )))
                        }
                    }
                }
                if tr.by_name.contains_key(&symbol.0) {
                    return Err(FrontendError::invalid(
                        file,
                        pos,
                        &format!("predicate `{}` declared twice", symbol.0),
                    ));
                }
                let location = fresh(&sanitize(&symbol.0), &mut taken);
                tr.by_name.insert(symbol.0.clone(), tr.preds.len());
                tr.preds.push(ChcPredicate {
                    name: symbol.0,
                    location,
                    sorts,
                });
            }
            Command::Assert { term } => {
                let text = short(&term.to_string());
                clauses.push((pos, term, text));
            }
            other => {
                let name = other.to_string();
                let head = name
                    .trim_start_matches('(')
                    .split_whitespace()
                    .next()
                    .unwrap_or("")
                    .to_string();
                return Err(unsupported(format!(
                    "command `{head}` (a CHC problem has declare-fun, assert and check-sat)"
                )));
            }
        }
    }
    let width = tr.preds.iter().map(|p| p.sorts.len()).max().unwrap_or(0);
    let slots: Vec<String> = (0..width).map(|i| slot(i, ArgSort::Int)).collect();
    let array_slots: Vec<String> = (0..width)
        .filter(|&i| {
            tr.preds
                .iter()
                .any(|p| p.sorts.get(i) == Some(&ArgSort::Array))
        })
        .map(array_slot)
        .collect();
    let mut vars: Vec<VarDecl> = slots.iter().map(|s| VarDecl::int(s)).collect();
    vars.extend(array_slots.iter().map(|s| VarDecl {
        name: s.clone(),
        sort: VarSort::IntArray,
    }));
    let mut edges = Vec::new();
    let mut origins = Vec::new();
    for (pos, term, text) in &clauses {
        let id = edges.len() as u32;
        let edge = clause_edge(&tr, *pos, term, &vars, id)?;
        edges.push(edge);
        origins.push(EdgeOrigin {
            edge: id,
            statements: vec![SourceStatement {
                line: pos.line,
                col: pos.col,
                text: format!("(assert {text})"),
            }],
        });
    }
    let mut locations = vec![INIT.to_string()];
    locations.extend(tr.preds.iter().map(|p| p.location.clone()));
    locations.push(BAD.to_string());
    let task = Task {
        vars,
        locations,
        initial_location: INIT.into(),
        bad_location: BAD.into(),
        init: Expr::Bool(true),
        edges,
    };
    Ok(ChcProblem {
        program: Program {
            task,
            source_map: SourceMap {
                file: file.to_string(),
                edges: origins,
            },
            checks: None,
        },
        predicates: tr.preds,
        slots,
    })
}

fn clause_edge(tr: &Translator, pos: Pos, term: &Term, state: &[VarDecl], id: u32) -> R<Edge> {
    let mut cx = ClauseCx {
        tr,
        pos,
        vars: Vec::new(),
        env: Vec::new(),
        apps: Vec::new(),
    };
    let mut t = term;
    while let Term::Forall { vars, term } = t {
        cx.bind_vars(vars, "quantified")?;
        t = term;
    }
    if let Term::Exists { .. } = t {
        return Err(cx.unsupported("an existentially quantified clause".into()));
    }
    let matrix = cx.boolean(t, "assert")?;
    let mut body = Vec::new();
    let head = split(matrix, &mut body).map_err(|m| cx.unsupported(m))?;
    let mut body_preds = Vec::new();
    let mut constraints = Vec::new();
    for c in body {
        match pred_index(&c) {
            Some(k) => body_preds.push(k),
            None => {
                if let Some(k) = mentions_pred(&c) {
                    let name = &tr.preds[cx.apps[k].pred].name;
                    return Err(cx.unsupported(format!(
                        "predicate `{name}` occurs under `or`/`not`/`ite`/`=` in the body (only conjunctions of predicate applications and constraints are supported)"
                    )));
                }
                constraints.push(c);
            }
        }
    }
    if body_preds.len() > 1 {
        let names: Vec<String> = body_preds
            .iter()
            .map(|k| format!("`{}`", tr.preds[cx.apps[*k].pred].name))
            .collect();
        return Err(cx.nonlinear(format!(
            "clause: its body has {} uninterpreted predicate applications ({}); only linear Horn clauses (at most one) are supported",
            names.len(),
            names.join(", ")
        )));
    }
    // Decide where each clause variable lives.
    let mut map: BTreeMap<usize, Expr> = BTreeMap::new();
    let mut relation = Vec::new();
    let var_index = |e: &Expr| match e {
        Expr::Var(n) => n.strip_prefix("~v").and_then(|k| k.parse::<usize>().ok()),
        _ => None,
    };
    let from = match body_preds.first() {
        None => INIT.to_string(),
        Some(&k) => {
            let app = &cx.apps[k];
            let sorts = &tr.preds[app.pred].sorts;
            for (i, a) in app.args.iter().enumerate() {
                let s = slot(i, sorts[i]);
                match var_index(a) {
                    Some(v) if !map.contains_key(&v) => {
                        map.insert(v, Expr::var(&s));
                    }
                    _ => relation.push(Expr::eq(Expr::var(&s), a.clone())),
                }
            }
            tr.preds[app.pred].location.clone()
        }
    };
    let mut bool_ranges = Vec::new();
    let to = match head {
        Head::False => BAD.to_string(),
        Head::Pred(k) => {
            let app = &cx.apps[k];
            let sorts = &tr.preds[app.pred].sorts;
            for (j, a) in app.args.iter().enumerate() {
                let s = slot(j, sorts[j]);
                match var_index(a) {
                    Some(v) if !map.contains_key(&v) => {
                        map.insert(v, Expr::next(&s));
                        if sorts[j] == ArgSort::Bool {
                            bool_ranges.push(Expr::next(&s));
                        }
                    }
                    _ => relation.push(Expr::eq(Expr::next(&s), a.clone())),
                }
            }
            tr.preds[app.pred].location.clone()
        }
    };
    relation.extend(constraints);
    define_arrays(&cx, &map, &mut relation)?;
    // Remaining clause variables that occur become edge locals.
    let mut used = Vec::new();
    let mut nexts = Vec::new();
    for r in &relation {
        r.collect_vars(&mut used, &mut nexts);
    }
    let used: BTreeSet<usize> = used
        .iter()
        .filter_map(|n| var_index(&Expr::var(n)))
        .collect();
    let mut taken: BTreeSet<String> = state.iter().map(|v| v.name.clone()).collect();
    let mut locals = Vec::new();
    for v in used {
        if map.contains_key(&v) {
            continue;
        }
        let (orig, sort) = &cx.vars[v];
        let name = fresh(&sanitize(orig), &mut taken);
        if *sort == ArgSort::Bool {
            bool_ranges.push(Expr::var(&name));
        }
        map.insert(v, Expr::var(&name));
        locals.push(VarDecl::int(&name));
    }
    for b in bool_ranges {
        relation.push(Expr::Ge(Box::new(b.clone()), Box::new(Expr::int(0))));
        relation.push(Expr::Le(Box::new(b), Box::new(Expr::int(1))));
    }
    let relation = and(relation
        .iter()
        .map(|r| {
            subst(r, &|n| {
                var_index(&Expr::var(n)).and_then(|v| map.get(&v).cloned())
            })
        })
        .collect());
    let relation = lift_ite(&relation);
    Ok(Edge {
        id,
        name: format!(
            "clause {} ({}:{}): {from} -> {to}",
            id + 1,
            pos.line,
            pos.col
        ),
        from,
        to,
        locals,
        relation,
    })
}

/// Replaces each array clause variable that is not a predicate argument
/// (not in `map`) by its definition, a conjunct `x = t` of `relation`
/// (edge locals are integers, so such a variable cannot stay).
fn define_arrays(cx: &ClauseCx, map: &BTreeMap<usize, Expr>, relation: &mut Vec<Expr>) -> R<()> {
    let var_index = |e: &Expr| match e {
        Expr::Var(n) => n.strip_prefix("~v").and_then(|k| k.parse::<usize>().ok()),
        _ => None,
    };
    let is_local_array = |v: usize| cx.vars[v].1 == ArgSort::Array && !map.contains_key(&v);
    loop {
        let mut used = Vec::new();
        for r in relation.iter() {
            r.collect_vars(&mut used, &mut Vec::new());
        }
        let Some(v) = used
            .iter()
            .filter_map(|n| var_index(&Expr::var(n)))
            .find(|&v| is_local_array(v))
        else {
            return Ok(());
        };
        let name = pvar(v);
        let mentions = |e: &Expr| {
            let mut vs = Vec::new();
            e.collect_vars(&mut vs, &mut Vec::new());
            vs.contains(&name)
        };
        let def = relation.iter().position(|c| match c {
            Expr::Eq(a, b) => {
                (**a == Expr::var(&name) && !mentions(b))
                    || (**b == Expr::var(&name) && !mentions(a))
            }
            _ => false,
        });
        let Some(k) = def else {
            return Err(cx.unsupported(format!(
                "array variable `{}`: neither a predicate argument nor defined by an equality `(= {} ...)` in the clause body",
                cx.vars[v].0, cx.vars[v].0
            )));
        };
        let Expr::Eq(a, b) = relation.remove(k) else {
            unreachable!("a definition is an equality")
        };
        let t = if *a == Expr::var(&name) { *b } else { *a };
        for r in relation.iter_mut() {
            *r = subst(r, &|n| (n == name).then(|| t.clone()));
        }
    }
}

/// The first integer `ite` in `e` (outside nested formulas), as (cond, then, else).
fn find_int_ite(e: &Expr) -> Option<(Expr, Expr, Expr)> {
    match e {
        Expr::Ite(c, a, b) => Some((*c.clone(), *a.clone(), *b.clone())),
        Expr::Bool(_) | Expr::Int(_) | Expr::Var(_) | Expr::Next(_) => None,
        _ => e.children().into_iter().find_map(find_int_ite),
    }
}

/// Replaces the integer term `from` by `to` inside the integer term or atom `e`.
fn replace_term(e: &Expr, from: &Expr, to: &Expr) -> Expr {
    if e == from {
        return to.clone();
    }
    let r = |x: &Expr| Box::new(replace_term(x, from, to));
    match e {
        Expr::Add(v) => Expr::Add(v.iter().map(|x| replace_term(x, from, to)).collect()),
        Expr::Sub(a, b) => Expr::Sub(r(a), r(b)),
        Expr::Neg(a) => Expr::Neg(r(a)),
        Expr::Mul(k, a) => Expr::Mul(k.clone(), r(a)),
        Expr::Div(a, d) => Expr::Div(r(a), d.clone()),
        Expr::Mod(a, d) => Expr::Mod(r(a), d.clone()),
        Expr::Eq(a, b) => Expr::Eq(r(a), r(b)),
        Expr::Lt(a, b) => Expr::Lt(r(a), r(b)),
        Expr::Le(a, b) => Expr::Le(r(a), r(b)),
        Expr::Gt(a, b) => Expr::Gt(r(a), r(b)),
        Expr::Ge(a, b) => Expr::Ge(r(a), r(b)),
        Expr::Ite(c, a, b) => Expr::Ite(c.clone(), r(a), r(b)),
        Expr::Select(a, i) => Expr::Select(r(a), r(i)),
        Expr::Store(a, i, v) => Expr::Store(r(a), r(i), r(v)),
        _ => e.clone(),
    }
}

/// Removes `ite` from a formula: an atom `A[ite(c, a, b)]` becomes
/// `(c and A[a]) or (not c and A[b])`, a Boolean `ite(c, p, q)` becomes
/// `(c and p) or (not c and q)`. Equivalent; the engine's interpolation
/// works on `ite`-free relations.
pub(crate) fn lift_ite(e: &Expr) -> Expr {
    match e {
        Expr::And(v) => Expr::And(v.iter().map(lift_ite).collect()),
        Expr::Or(v) => Expr::Or(v.iter().map(lift_ite).collect()),
        Expr::Not(a) => Expr::not(lift_ite(a)),
        Expr::Implies(a, b) => Expr::Implies(Box::new(lift_ite(a)), Box::new(lift_ite(b))),
        Expr::Ite(c, a, b) => {
            let c = lift_ite(c);
            Expr::Or(vec![
                Expr::And(vec![c.clone(), lift_ite(a)]),
                Expr::And(vec![Expr::not(c), lift_ite(b)]),
            ])
        }
        Expr::Eq(..) | Expr::Lt(..) | Expr::Le(..) | Expr::Gt(..) | Expr::Ge(..) => {
            match find_int_ite(e) {
                None => e.clone(),
                Some((c, a, b)) => {
                    let whole = Expr::Ite(
                        Box::new(c.clone()),
                        Box::new(a.clone()),
                        Box::new(b.clone()),
                    );
                    let c = lift_ite(&c);
                    Expr::Or(vec![
                        Expr::And(vec![c.clone(), lift_ite(&replace_term(e, &whole, &a))]),
                        Expr::And(vec![Expr::not(c), lift_ite(&replace_term(e, &whole, &b))]),
                    ])
                }
            }
        }
        _ => e.clone(),
    }
}

/// Reads `define-fun` commands over `Int` parameters (a CHC model, with or
/// without the surrounding parentheses) into `(name, parameters, body)`,
/// the body over `Var(parameter)`. Used to re-read exported models.
pub fn parse_define_funs(text: &str) -> Result<Vec<(String, Vec<String>, Expr)>, String> {
    let t = text.trim();
    let inner = t
        .strip_prefix('(')
        .and_then(|x| x.strip_suffix(')'))
        .filter(|x| x.trim_start().starts_with('('))
        .unwrap_or(t);
    let tr = Translator {
        file: "model".into(),
        preds: Vec::new(),
        by_name: BTreeMap::new(),
    };
    let mut out = Vec::new();
    for cmd in smt2parser::CommandStream::new(inner.as_bytes(), concrete::SyntaxBuilder, None) {
        match cmd.map_err(|e| e.to_string())? {
            Command::DefineFun { sig, term } => {
                let mut cx = ClauseCx {
                    tr: &tr,
                    pos: Pos { line: 1, col: 1 },
                    vars: Vec::new(),
                    env: Vec::new(),
                    apps: Vec::new(),
                };
                cx.bind_vars(&sig.parameters, "parameter")
                    .map_err(|e| e.to_string())?;
                if cx.vars.iter().any(|(_, s)| *s != ArgSort::Int) {
                    return Err(format!("`{}` has a non-Int parameter", sig.name.0));
                }
                let body = cx.boolean(&term, "define-fun").map_err(|e| e.to_string())?;
                let params: Vec<String> = cx.vars.iter().map(|(n, _)| n.clone()).collect();
                let body = subst(&body, &|n| {
                    n.strip_prefix("~v")
                        .and_then(|k| k.parse::<usize>().ok())
                        .map(|k| Expr::var(&params[k]))
                });
                out.push((sig.name.0.clone(), params, body));
            }
            other => return Err(format!("unexpected command `{other}` in a model")),
        }
    }
    Ok(out)
}
