//! From a lang-c translation unit to a control-flow automaton.
//!
//! Every C variable (global, local, parameter, return value) becomes one
//! task state variable: functions are not recursive, so at most one
//! activation of each exists and all inlined copies share them. Temporaries
//! hold nondet values (`nondet@<line>_<col>_<k>`, one per call site, so a
//! trace lists the values in call order), values of short-circuit or `?:`
//! expressions with side effects, and snapshots of operands evaluated before
//! a sibling with side effects (strict left-to-right evaluation).
//!
//! Values: an integer expression with its C type, and for unsigned types
//! possibly "unreduced" (congruent modulo 2^w to the C value); `+`, `-`,
//! unary `-` and products with constants keep congruence, so the reduction
//! is applied only where the value is observed (comparison, division,
//! conversion, store). Stored values are always reduced, so every variable
//! of an unsigned type, `_Bool`, `char` or `short` lies in its type's range
//! in every reachable state (also initially: the first edge assumes it);
//! the reduction uses those bounds to pick a case split over `mod`.
//! Arrays are `int -> int` state variables; see `arrays.rs`.

use super::lines::LineMap;
use super::types::{self, common, interval, Ty, BOOL, INT};
use super::DataModel;
use crate::cfa::{Cfa, CfaEdge, Op};
use crate::{Encoding, FrontendError, Pos, Program};
use format::{Expr, Num, SourceStatement};
use lang_c::ast::*;
use lang_c::span::{Node, Span};
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use std::collections::{HashMap, HashSet};

#[path = "arrays.rs"]
mod arrays;
#[path = "record.rs"]
mod record;
pub(super) use record::{condition, Record};

type R<T> = Result<T, FrontendError>;

/// A translated C value.
#[derive(Clone, Debug)]
enum V {
    /// Integer value, its type, and whether it is reduced (always for signed).
    I(Expr, Ty, bool),
    /// A truth value (result of a comparison or logical operator; type `int`).
    B(Expr),
}

#[derive(Clone, PartialEq, Eq, Hash)]
pub(super) struct VarInfo {
    pub(super) name: String,
    /// The type; of the elements for an array.
    pub(super) ty: Ty,
    /// An array's dimensions (outermost first); `None` for a scalar.
    pub(super) dims: Option<Vec<BigInt>>,
    /// An array parameter (`int b[]`, `int *b`) aliasing its argument.
    pub(super) alias: bool,
}

impl VarInfo {
    fn scalar(name: String, ty: Ty) -> VarInfo {
        VarInfo {
            name,
            ty,
            dims: None,
            alias: false,
        }
    }
}

/// Where an assignment stores: a scalar variable, or an array element
/// (the array and the flattened index).
#[derive(Clone)]
enum Place {
    Var(VarInfo),
    Elem(VarInfo, Expr),
}

impl Place {
    fn ty(&self) -> Ty {
        match self {
            Place::Var(v) | Place::Elem(v, _) => v.ty,
        }
    }
}

/// An evaluated call argument: a value, or the array an array parameter aliases.
enum Arg {
    Val(V),
    Array(VarInfo),
}

struct Frame {
    func: String,
    scopes: Vec<HashMap<String, VarInfo>>,
    /// (break target, continue target)
    loops: Vec<(usize, usize)>,
    labels: HashMap<String, usize>,
    ret: Option<VarInfo>,
    ret_loc: usize,
}

struct Tr<'a> {
    file: String,
    lines: &'a LineMap,
    dm: DataModel,
    typedefs: HashMap<String, Result<Option<Ty>, String>>,
    funcs: HashMap<String, &'a Node<FunctionDefinition>>,
    /// Declared return types of prototypes (`None` = void).
    protos: HashMap<String, Result<Option<Ty>, String>>,
    globals: HashMap<String, Result<VarInfo, (Span, String)>>,
    vars: Vec<String>,
    var_ty: HashMap<String, Ty>,
    /// The array state variables (not in `var_ty`).
    arrays: HashSet<String>,
    /// Does `main` have labels (so a declaration in it may run twice)?
    main_labels: bool,
    used_names: HashSet<String>,
    /// Declarator offset -> state variable (shared by all inlined copies).
    decl_vars: HashMap<(usize, String), String>,
    temp_vars: HashMap<(usize, &'static str), String>,
    cfa: Cfa,
    loc_names: HashSet<String>,
    frames: Vec<Frame>,
    /// The `switch` statements being lowered, innermost last.
    switches: Vec<Switch>,
    /// What witnesses need to know, when asked for (see `witness.rs`).
    record: Option<Record>,
}

/// A `switch` being lowered: the case labels met so far in its body.
struct Switch {
    /// `frames.len()` at the switch: a `case` in an inlined callee is not its own.
    depth: usize,
    /// `(lo, hi, location, source)` per `case lo:` / `case lo ... hi:`.
    cases: Vec<(BigInt, BigInt, usize, Option<SourceStatement>)>,
    default: Option<(usize, Option<SourceStatement>)>,
    /// The promoted type of the controlling expression (case values convert to it).
    ty: Ty,
}

/// Continue target of a `switch` outside any loop (`Frame::loops` entry).
const NO_LOOP: usize = usize::MAX;

fn num(v: BigInt) -> Expr {
    Expr::Int(Num(v))
}

fn konst(e: &Expr) -> Option<BigInt> {
    match e {
        Expr::Int(n) => Some(n.0.clone()),
        _ => None,
    }
}

/// Replaces variable-free subterms by their value.
fn fold(e: Expr) -> Expr {
    let mut vs = Vec::new();
    let mut ns = Vec::new();
    e.collect_vars(&mut vs, &mut ns);
    if vs.is_empty() && ns.is_empty() {
        match format::eval::Env::default().eval(&e) {
            Ok(format::eval::Value::Int(i)) => return num(i),
            Ok(format::eval::Value::Bool(b)) => return Expr::Bool(b),
            Ok(format::eval::Value::Array(_)) | Err(_) => {}
        }
    }
    e
}

fn add(a: Expr, b: Expr) -> Expr {
    if konst(&b).is_some_and(|k| k.is_zero()) {
        return a;
    }
    fold(Expr::Add(vec![a, b]))
}
fn sub(a: Expr, b: Expr) -> Expr {
    if konst(&b).is_some_and(|k| k.is_zero()) {
        return a;
    }
    fold(Expr::Sub(Box::new(a), Box::new(b)))
}
fn neg(a: Expr) -> Expr {
    fold(Expr::Neg(Box::new(a)))
}
fn ite(c: Expr, a: Expr, b: Expr) -> Expr {
    match c {
        Expr::Bool(true) => a,
        Expr::Bool(false) => b,
        c if a == b => {
            let _ = c;
            a
        }
        c => Expr::Ite(Box::new(c), Box::new(a), Box::new(b)),
    }
}
fn not(c: Expr) -> Expr {
    match c {
        Expr::Bool(b) => Expr::Bool(!b),
        Expr::Not(x) => *x,
        c => Expr::Not(Box::new(c)),
    }
}
fn and(a: Expr, b: Expr) -> Expr {
    match (a, b) {
        (Expr::Bool(true), x) | (x, Expr::Bool(true)) => x,
        (Expr::Bool(false), _) | (_, Expr::Bool(false)) => Expr::Bool(false),
        (a, b) => Expr::And(vec![a, b]),
    }
}
fn or(a: Expr, b: Expr) -> Expr {
    match (a, b) {
        (Expr::Bool(false), x) | (x, Expr::Bool(false)) => x,
        (Expr::Bool(true), _) | (_, Expr::Bool(true)) => Expr::Bool(true),
        (a, b) => Expr::Or(vec![a, b]),
    }
}
fn cmp(op: &BinaryOperator, a: Expr, b: Expr) -> Expr {
    let (a, b) = (Box::new(a), Box::new(b));
    fold(match op {
        BinaryOperator::Less => Expr::Lt(a, b),
        BinaryOperator::Greater => Expr::Gt(a, b),
        BinaryOperator::LessOrEqual => Expr::Le(a, b),
        BinaryOperator::GreaterOrEqual => Expr::Ge(a, b),
        BinaryOperator::Equals => Expr::Eq(a, b),
        _ => Expr::Not(Box::new(Expr::Eq(a, b))),
    })
}

/// `lo <= e && e <= hi`.
fn in_range(e: Expr, ty: &Ty) -> Expr {
    and(
        Expr::Ge(Box::new(e.clone()), Box::new(num(ty.min()))),
        Expr::Le(Box::new(e), Box::new(num(ty.max()))),
    )
}

fn strip_bool(e: &Expr) -> Option<Expr> {
    // ite(c, 1, 0) -> c
    if let Expr::Ite(c, a, b) = e {
        if konst(a) == Some(BigInt::one()) && konst(b) == Some(BigInt::zero()) {
            return Some((**c).clone());
        }
    }
    None
}

impl<'a> Tr<'a> {
    fn new(file: &str, lines: &'a LineMap, dm: DataModel) -> Tr<'a> {
        Tr {
            file: file.to_string(),
            lines,
            dm,
            typedefs: HashMap::new(),
            funcs: HashMap::new(),
            protos: HashMap::new(),
            globals: HashMap::new(),
            vars: Vec::new(),
            var_ty: HashMap::new(),
            arrays: HashSet::new(),
            main_labels: false,
            used_names: HashSet::new(),
            decl_vars: HashMap::new(),
            temp_vars: HashMap::new(),
            cfa: Cfa {
                locations: Vec::new(),
                entry: 0,
                bad: 0,
                exit: 0,
                edges: Vec::new(),
            },
            loc_names: HashSet::new(),
            frames: Vec::new(),
            switches: Vec::new(),
            record: None,
        }
    }
}

/// Translates a unit: the program is `main`. With `record`, also what
/// witnesses need (which does not change the program).
pub(super) fn translate(
    file: &str,
    lines: &LineMap,
    unit: &TranslationUnit,
    dm: DataModel,
    encoding: Encoding,
    record: bool,
) -> R<(Program, Option<Record>)> {
    let mut tr = Tr::new(file, lines, dm);
    if record {
        tr.record = Some(Record::new(&tr, unit));
    }
    tr.cfa.entry = tr.named_loc("entry");
    tr.cfa.bad = tr.named_loc("bad");
    tr.cfa.exit = tr.named_loc("exit");
    let init = tr.named_loc("init");
    let mut cur = init;
    // The frame of global initialisers: they see only globals.
    tr.frames.push(Frame {
        func: String::new(),
        scopes: vec![],
        loops: vec![],
        labels: HashMap::new(),
        ret: None,
        ret_loc: tr.cfa.exit,
    });
    for ext in &unit.0 {
        match &ext.node {
            ExternalDeclaration::Declaration(d) => tr.global_decl(d, &mut cur)?,
            ExternalDeclaration::StaticAssert(_) => {}
            ExternalDeclaration::FunctionDefinition(f) => {
                let (name, _) = tr.declarator_name(&f.node.declarator)?;
                let ret = tr.base_type(&f.node.specifiers, f.span);
                tr.protos.insert(name.clone(), ret);
                tr.funcs.insert(name, f);
            }
        }
    }
    tr.frames.pop();
    let Some(main) = tr.funcs.get("main").copied() else {
        return Err(FrontendError::invalid(
            file,
            Pos { line: 1, col: 1 },
            "no `main` function",
        ));
    };
    let (_, params) = tr.function_params(main)?;
    tr.main_labels = arrays::has_labels(&main.node.statement);
    let exit = tr.cfa.exit;
    let mut frame = Frame {
        func: "main".into(),
        scopes: vec![HashMap::new()],
        loops: vec![],
        labels: HashMap::new(),
        ret: None,
        ret_loc: exit,
    };
    for (pname, pty, span, alias) in params {
        if alias {
            return Err(tr.unsup(span, "pointers"));
        }
        // Parameters of main are unconstrained values of their type.
        let v = tr.decl_var("main", &pname, span.start, pty);
        frame.scopes[0].insert(pname, v);
    }
    tr.frames.push(frame);
    let end = tr.stmt(&main.node.statement, cur)?;
    tr.edge(end, exit, Op::Skip, None);
    tr.check_labels()?;
    tr.frames.pop();
    // First edge: every variable of a bounded type lies in its range.
    let mut range = Expr::Bool(true);
    for v in &tr.vars {
        let Some(&t) = tr.var_ty.get(v) else {
            continue; // an array: reads assume their element's range
        };
        if t.stays_in_range() {
            range = and(range, in_range(Expr::var(v), &t));
        }
    }
    let (entry, first) = (tr.cfa.entry, init);
    tr.edge(entry, first, Op::Assume(range.clone()), None);
    let record = tr.record.take().map(|r| r.finish(&tr));
    let source_file = lines.locate(main.span.start).0.to_string();
    let decls: Vec<format::VarDecl> = tr
        .vars
        .iter()
        .map(|v| format::VarDecl {
            name: v.clone(),
            sort: if tr.arrays.contains(v) {
                format::VarSort::IntArray
            } else {
                format::VarSort::Int
            },
        })
        .collect();
    let program = crate::lbe::encode(&source_file, &decls, tr.cfa, encoding, &range);
    Ok((program, record))
}

impl<'a> Tr<'a> {
    // ---------------------------------------------------------------- errors

    fn pos(&self, span: Span) -> (String, Pos) {
        if span.is_none() {
            return (self.file.clone(), Pos { line: 0, col: 0 });
        }
        let (f, p) = self.lines.locate(span.start);
        (f.to_string(), p)
    }
    fn unsup(&self, span: Span, what: &str) -> FrontendError {
        let (f, p) = self.pos(span);
        FrontendError::unsupported_c(&f, p, what)
    }
    fn invalid(&self, span: Span, what: &str) -> FrontendError {
        let (f, p) = self.pos(span);
        FrontendError::invalid(&f, p, what)
    }
    fn src(&self, span: Span, text: Option<String>) -> Option<SourceStatement> {
        if span.is_none() {
            return None;
        }
        let (_, p) = self.pos(span);
        Some(SourceStatement {
            line: p.line,
            col: p.col,
            text: text.unwrap_or_else(|| self.lines.snippet(span.start, span.end)),
        })
    }

    // ---------------------------------------------------------------- CFA

    fn named_loc(&mut self, base: &str) -> usize {
        let mut name = base.to_string();
        let mut k = 1;
        while self.loc_names.contains(&name) {
            k += 1;
            name = format!("{base}.{k}");
        }
        self.loc_names.insert(name.clone());
        self.cfa.locations.push(name);
        self.cfa.locations.len() - 1
    }
    fn loc(&mut self, span: Span) -> usize {
        let (_, p) = self.pos(span);
        self.named_loc(&format!("l{}_{}", p.line, p.col))
    }
    fn loc_end(&mut self, span: Span) -> usize {
        let p = if span.is_none() {
            Pos { line: 0, col: 0 }
        } else {
            self.lines.locate(span.end).1
        };
        self.named_loc(&format!("l{}_{}", p.line, p.col))
    }
    /// Adds an edge. An `ite` in the operation is split into two paths
    /// (`[c]` then the operation with the then-branch, `[!c]` then with the
    /// else-branch), so relations and hence interpolants stay free of `ite`.
    fn edge(&mut self, from: usize, to: usize, op: Op, src: Option<SourceStatement>) {
        self.record_location(from);
        let found = match &op {
            Op::Assign(_, e) | Op::Assume(e) => first_ite(e),
            _ => None,
        };
        let Some(target) = found else {
            self.cfa.edges.push(CfaEdge { from, to, op, src });
            return;
        };
        let Expr::Ite(c, a, b) = &target else {
            unreachable!()
        };
        let base = self.cfa.locations[from].clone();
        for (cond, with) in [((**c).clone(), a), (not((**c).clone()), b)] {
            let mid = self.named_loc(&format!("{base}.split"));
            let op2 = match &op {
                Op::Assign(x, e) => Op::Assign(x.clone(), replace(e, &target, with)),
                Op::Assume(e) => Op::Assume(fold(replace(e, &target, with))),
                _ => unreachable!(),
            };
            self.edge(from, mid, Op::Assume(fold(cond)), src.clone());
            self.edge(mid, to, op2, src.clone());
        }
    }
    /// Appends `op` at `*cur`, moving `*cur` to a fresh location.
    fn emit(&mut self, cur: &mut usize, op: Op, span: Span) {
        let next = self.loc_end(span);
        let src = self.src(span, None);
        self.edge(*cur, next, op, src);
        *cur = next;
    }

    // ---------------------------------------------------------------- variables

    fn fresh_var(&mut self, base: &str, ty: Ty) -> String {
        let name = self.fresh_name(base);
        self.var_ty.insert(name.clone(), ty);
        name
    }
    /// A new state variable named after `base`.
    fn fresh_name(&mut self, base: &str) -> String {
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
    fn decl_var(&mut self, func: &str, cname: &str, offset: usize, ty: Ty) -> VarInfo {
        let key = (offset, cname.to_string());
        if let Some(n) = self.decl_vars.get(&key) {
            return VarInfo::scalar(n.clone(), ty);
        }
        let base = if func == "main" || func.is_empty() {
            cname.to_string()
        } else {
            format!("{func}.{cname}")
        };
        let name = self.fresh_var(&base, ty);
        self.decl_vars.insert(key, name.clone());
        let v = VarInfo::scalar(name, ty);
        self.record_var(func, cname, &v);
        v
    }
    /// A temporary per (source offset, kind), shared by inlined copies.
    fn temp(&mut self, kind: &'static str, span: Span, ty: Ty) -> String {
        let key = (span.start, kind);
        if let Some(n) = self.temp_vars.get(&key) {
            if self.var_ty[n] == ty {
                return n.clone();
            }
        }
        let (_, p) = self.pos(span);
        let mut k = 1;
        let mut name = format!("{kind}@{}_{}_{k}", p.line, p.col);
        while self.used_names.contains(&name) {
            k += 1;
            name = format!("{kind}@{}_{}_{k}", p.line, p.col);
        }
        let name = self.fresh_var(&name, ty);
        self.temp_vars.insert(key, name.clone());
        name
    }
    fn lookup(&self, name: &str, span: Span) -> R<VarInfo> {
        let frame = self.frames.last().unwrap();
        for s in frame.scopes.iter().rev() {
            if let Some(v) = s.get(name) {
                return Ok(v.clone());
            }
        }
        match self.globals.get(name) {
            Some(Ok(v)) => Ok(v.clone()),
            Some(Err((_, why))) => Err(self.unsup(span, why)),
            None => {
                if self.funcs.contains_key(name) || self.protos.contains_key(name) {
                    Err(self.unsup(span, "function pointers"))
                } else {
                    let (f, p) = self.pos(span);
                    Err(FrontendError::undeclared(&f, p, name))
                }
            }
        }
    }

    // ---------------------------------------------------------------- types

    /// The integer type named by declaration specifiers (`None` = void).
    fn base_type(
        &self,
        specs: &[Node<DeclarationSpecifier>],
        _span: Span,
    ) -> Result<Option<Ty>, String> {
        let ts: Vec<&Node<TypeSpecifier>> = specs
            .iter()
            .filter_map(|s| match &s.node {
                DeclarationSpecifier::TypeSpecifier(t) => Some(t),
                _ => None,
            })
            .collect();
        self.type_of_specifiers(&ts)
    }

    fn type_of_specifiers(&self, ts: &[&Node<TypeSpecifier>]) -> Result<Option<Ty>, String> {
        let (
            mut longs,
            mut short,
            mut char_,
            mut unsigned,
            mut signed,
            mut int,
            mut void,
            mut bool_,
        ) = (0, false, false, false, false, false, false, false);
        for t in ts {
            match &t.node {
                TypeSpecifier::Void => void = true,
                TypeSpecifier::Char => char_ = true,
                TypeSpecifier::Short => short = true,
                TypeSpecifier::Int => int = true,
                TypeSpecifier::Long => longs += 1,
                TypeSpecifier::Signed => signed = true,
                TypeSpecifier::Unsigned => unsigned = true,
                TypeSpecifier::Bool => bool_ = true,
                TypeSpecifier::Float | TypeSpecifier::Double | TypeSpecifier::TS18661Float(_) => {
                    return Err("floating-point types".into())
                }
                TypeSpecifier::Complex => return Err("complex types".into()),
                TypeSpecifier::Atomic(_) => return Err("atomic types".into()),
                TypeSpecifier::Struct(s) => {
                    return Err(match s.node.kind.node {
                        StructKind::Struct => "structs".into(),
                        StructKind::Union => "unions".into(),
                    })
                }
                TypeSpecifier::Enum(_) => return Err("enums".into()),
                TypeSpecifier::TypeOf(_) => return Err("typeof".into()),
                TypeSpecifier::TypedefName(id) => {
                    return match self.typedefs.get(&id.node.name) {
                        Some(r) => r.clone(),
                        None => Err(format!("unknown type `{}`", id.node.name)),
                    }
                }
            }
        }
        let _ = (int, signed);
        if void {
            return Ok(None);
        }
        if bool_ {
            return Ok(Some(BOOL));
        }
        let bits = if char_ {
            8
        } else if short {
            16
        } else if longs == 1 {
            types::long_bits(self.dm)
        } else if longs >= 2 {
            64
        } else {
            32
        };
        // Plain `char` is signed (as on x86 with gcc).
        Ok(Some(Ty::new(!unsigned, bits)))
    }

    fn type_name(&self, tn: &Node<TypeName>) -> R<Option<Ty>> {
        let ts: Vec<&Node<TypeSpecifier>> = tn
            .node
            .specifiers
            .iter()
            .filter_map(|s| match &s.node {
                SpecifierQualifier::TypeSpecifier(t) => Some(t),
                _ => None,
            })
            .collect();
        if let Some(d) = &tn.node.declarator {
            self.check_derived(&d.node, tn.span)?;
        }
        self.type_of_specifiers(&ts)
            .map_err(|w| self.unsup(tn.span, &w))
    }

    /// Rejects pointer/array/function declarators.
    fn check_derived(&self, d: &Declarator, span: Span) -> R<()> {
        if let Some(x) = d.derived.first() {
            return Err(match &x.node {
                DerivedDeclarator::Pointer(_) => self.unsup(x.span, "pointers"),
                DerivedDeclarator::Array(_) => self.unsup(x.span, "arrays"),
                DerivedDeclarator::Block(_) => self.unsup(x.span, "blocks"),
                _ => self.unsup(span, "function declarators here"),
            });
        }
        if let DeclaratorKind::Declarator(inner) = &d.kind.node {
            return self.check_derived(&inner.node, inner.span);
        }
        Ok(())
    }

    fn declarator_name(&self, d: &Node<Declarator>) -> R<(String, Span)> {
        match &d.node.kind.node {
            DeclaratorKind::Identifier(id) => Ok((id.node.name.clone(), id.span)),
            DeclaratorKind::Declarator(inner) => self.declarator_name(inner),
            DeclaratorKind::Abstract => Err(self.invalid(d.span, "declaration without a name")),
        }
    }

    /// Name, type (of the elements for an array parameter), position and
    /// whether it is an array parameter, of each parameter of a function definition.
    #[allow(clippy::type_complexity)]
    fn function_params(
        &self,
        f: &Node<FunctionDefinition>,
    ) -> R<(String, Vec<(String, Ty, Span, bool)>)> {
        let d = &f.node.declarator;
        let (name, _) = self.declarator_name(d)?;
        let mut out = Vec::new();
        for x in &d.node.derived {
            match &x.node {
                DerivedDeclarator::Function(fd) => {
                    if let Ellipsis::Some = fd.node.ellipsis {
                        return Err(self.unsup(fd.span, "variadic functions"));
                    }
                    for p in &fd.node.parameters {
                        let ty = self
                            .base_type(&p.node.specifiers, p.span)
                            .map_err(|w| self.unsup(p.span, &w))?;
                        let Some(decl) = &p.node.declarator else {
                            if ty.is_none() {
                                continue; // (void)
                            }
                            return Err(self.invalid(p.span, "parameter without a name"));
                        };
                        let alias = self.param_alias(decl)?;
                        let Some(ty) = ty else {
                            return Err(self.invalid(p.span, "parameter of type void"));
                        };
                        let (pn, sp) = self.declarator_name(decl)?;
                        out.push((pn, ty, sp, alias));
                    }
                }
                DerivedDeclarator::KRFunction(ids) => {
                    if !ids.is_empty() {
                        return Err(self.unsup(x.span, "K&R-style parameter lists"));
                    }
                }
                DerivedDeclarator::Pointer(_) => {
                    return Err(self.unsup(x.span, "functions returning pointers"))
                }
                _ => return Err(self.unsup(x.span, "this function declarator")),
            }
        }
        Ok((name, out))
    }

    // ---------------------------------------------------------------- declarations

    fn global_decl(&mut self, d: &'a Node<Declaration>, cur: &mut usize) -> R<()> {
        let specs = &d.node.specifiers;
        let is_typedef = specs.iter().any(|s| {
            matches!(&s.node, DeclarationSpecifier::StorageClass(c) if matches!(c.node, StorageClassSpecifier::Typedef))
        });
        let base = self.base_type(specs, d.span);
        for id in &d.node.declarators {
            let (name, nspan) = self.declarator_name(&id.node.declarator)?;
            let derived = &id.node.declarator.node.derived;
            let is_fn = derived.iter().any(|x| {
                matches!(
                    x.node,
                    DerivedDeclarator::Function(_) | DerivedDeclarator::KRFunction(_)
                )
            });
            if is_typedef {
                let t = match (&base, derived.first()) {
                    (_, Some(x)) if matches!(x.node, DerivedDeclarator::Pointer(_)) => {
                        Err("pointers".to_string())
                    }
                    (_, Some(_)) => Err("arrays or function types".to_string()),
                    (b, None) => b.clone(),
                };
                self.typedefs.insert(name, t);
                continue;
            }
            if is_fn {
                let ret = if matches!(
                    derived.first().map(|x| &x.node),
                    Some(DerivedDeclarator::Pointer(_))
                ) {
                    Err("pointers".to_string())
                } else {
                    base.clone()
                };
                self.protos.entry(name).or_insert(ret);
                continue;
            }
            if arrays::is_array_declarator(&id.node.declarator.node) {
                self.global_array(d, id, &base, cur)?;
                self.record_array(&name);
                continue;
            }
            // A global variable.
            let ty = match (&base, derived.first()) {
                (_, Some(x)) => Err((
                    x.span,
                    match x.node {
                        DerivedDeclarator::Pointer(_) => "pointers".to_string(),
                        DerivedDeclarator::Array(_) => "arrays".to_string(),
                        _ => "this declarator".to_string(),
                    },
                )),
                (Ok(Some(t)), None) => Ok(*t),
                (Ok(None), None) => Err((d.span, "void variables".to_string())),
                (Err(w), None) => Err((d.span, w.clone())),
            };
            match ty {
                Err((sp, w)) => {
                    if id.node.initializer.is_some() {
                        return Err(self.unsup(sp, &w));
                    }
                    self.globals.insert(name, Err((sp, w)));
                }
                Ok(ty) => {
                    let v = match self.globals.get(&name) {
                        Some(Ok(v)) => v.clone(),
                        _ => {
                            let v = self.decl_var("", &name, 0, ty);
                            // Zero-initialised (static storage duration).
                            self.emit(cur, Op::Assign(v.name.clone(), Expr::int(0)), nspan);
                            v
                        }
                    };
                    self.globals.insert(name, Ok(v.clone()));
                    if let Some(init) = &id.node.initializer {
                        self.init_var(&v, init, cur, id.span)?;
                    }
                }
            }
        }
        Ok(())
    }

    fn init_var(
        &mut self,
        v: &VarInfo,
        init: &Node<Initializer>,
        cur: &mut usize,
        span: Span,
    ) -> R<()> {
        match &init.node {
            Initializer::Expression(e) => {
                let val = self.rv(e, cur)?;
                let stored = self.store_value(val, v.ty);
                self.emit(cur, Op::Assign(v.name.clone(), stored), span);
                Ok(())
            }
            Initializer::List(_) => Err(self.unsup(init.span, "initializer lists")),
        }
    }

    fn local_decl(&mut self, d: &Node<Declaration>, cur: &mut usize) -> R<()> {
        let specs = &d.node.specifiers;
        for s in specs {
            if let DeclarationSpecifier::StorageClass(c) = &s.node {
                match c.node {
                    StorageClassSpecifier::Typedef => {
                        return Err(self.unsup(c.span, "local typedefs"))
                    }
                    StorageClassSpecifier::Static | StorageClassSpecifier::ThreadLocal => {
                        return Err(self.unsup(c.span, "static local variables"))
                    }
                    StorageClassSpecifier::Extern => {
                        return Err(self.unsup(c.span, "local extern declarations"))
                    }
                    _ => {}
                }
            }
        }
        let base = self.base_type(specs, d.span);
        for id in &d.node.declarators {
            let (name, nspan) = self.declarator_name(&id.node.declarator)?;
            let derived = &id.node.declarator.node.derived;
            if derived.iter().any(|x| {
                matches!(
                    x.node,
                    DerivedDeclarator::Function(_) | DerivedDeclarator::KRFunction(_)
                )
            }) {
                let ret = base.clone();
                self.protos.entry(name).or_insert(ret);
                continue;
            }
            if arrays::is_array_declarator(&id.node.declarator.node) {
                self.local_array(d, id, &base, cur)?;
                self.record_array(&name);
                continue;
            }
            self.check_derived(&id.node.declarator.node, id.span)?;
            let ty = match &base {
                Ok(Some(t)) => *t,
                Ok(None) => return Err(self.invalid(d.span, "variable of type void")),
                Err(w) => return Err(self.unsup(d.span, w)),
            };
            let func = self.frames.last().unwrap().func.clone();
            let v = self.decl_var(&func, &name, nspan.start, ty);
            match &id.node.initializer {
                Some(init) => self.init_var(&v, init, cur, id.span)?,
                None => {
                    // An indeterminate value of the type.
                    self.emit(cur, Op::Havoc(v.name.clone()), id.span);
                    if ty.stays_in_range() {
                        let c = in_range(Expr::var(&v.name), &ty);
                        self.emit(cur, Op::Assume(c), id.span);
                    }
                }
            }
            let frame = self.frames.last_mut().unwrap();
            frame.scopes.last_mut().unwrap().insert(name, v);
        }
        Ok(())
    }

    // ---------------------------------------------------------------- statements

    fn dead(&mut self, span: Span) -> usize {
        self.loc_end(span)
    }

    fn stmt(&mut self, s: &Node<Statement>, cur: usize) -> R<usize> {
        let sp = s.span;
        match &s.node {
            Statement::Compound(items) => {
                self.frames.last_mut().unwrap().scopes.push(HashMap::new());
                let mut c = cur;
                for it in items {
                    match &it.node {
                        BlockItem::Declaration(d) => self.local_decl(d, &mut c)?,
                        BlockItem::StaticAssert(_) => {}
                        BlockItem::Statement(st) => c = self.stmt(st, c)?,
                    }
                }
                self.frames.last_mut().unwrap().scopes.pop();
                Ok(c)
            }
            Statement::Expression(None) => Ok(cur),
            Statement::Expression(Some(e)) => {
                let mut c = cur;
                self.effect(e, &mut c)?;
                Ok(c)
            }
            Statement::If(i) => {
                let t = self.loc(i.node.then_statement.span);
                let f = match &i.node.else_statement {
                    Some(e) => self.loc(e.span),
                    None => self.loc_end(sp),
                };
                self.branch(&i.node.condition, cur, t, f)?;
                let te = self.stmt(&i.node.then_statement, t)?;
                match &i.node.else_statement {
                    None => {
                        self.edge(te, f, Op::Skip, None);
                        Ok(f)
                    }
                    Some(e) => {
                        let fe = self.stmt(e, f)?;
                        let join = self.loc_end(sp);
                        self.edge(te, join, Op::Skip, None);
                        self.edge(fe, join, Op::Skip, None);
                        Ok(join)
                    }
                }
            }
            Statement::While(w) => {
                let head = self.loc(sp);
                self.record_loop(head, sp, "while");
                self.edge(cur, head, Op::Skip, None);
                let body = self.loc(w.node.statement.span);
                let exit = self.loc_end(sp);
                self.branch(&w.node.expression, head, body, exit)?;
                self.frames.last_mut().unwrap().loops.push((exit, head));
                let be = self.stmt(&w.node.statement, body)?;
                self.frames.last_mut().unwrap().loops.pop();
                self.edge(be, head, Op::Skip, None);
                Ok(exit)
            }
            Statement::DoWhile(w) => {
                let head = self.loc(sp);
                self.record_loop(head, sp, "do");
                self.edge(cur, head, Op::Skip, None);
                let cont = self.loc(w.node.expression.span);
                let exit = self.loc_end(sp);
                self.frames.last_mut().unwrap().loops.push((exit, cont));
                let be = self.stmt(&w.node.statement, head)?;
                self.frames.last_mut().unwrap().loops.pop();
                self.edge(be, cont, Op::Skip, None);
                self.branch(&w.node.expression, cont, head, exit)?;
                Ok(exit)
            }
            Statement::For(f) => {
                self.frames.last_mut().unwrap().scopes.push(HashMap::new());
                let mut c = cur;
                match &f.node.initializer.node {
                    ForInitializer::Empty | ForInitializer::StaticAssert(_) => {}
                    ForInitializer::Expression(e) => self.effect(e, &mut c)?,
                    ForInitializer::Declaration(d) => self.local_decl(d, &mut c)?,
                }
                let head = self.loc(sp);
                self.record_loop(head, sp, "for");
                self.edge(c, head, Op::Skip, None);
                let body = self.loc(f.node.statement.span);
                let step = match &f.node.step {
                    Some(e) => self.loc(e.span),
                    None => self.loc_end(f.node.statement.span),
                };
                let exit = self.loc_end(sp);
                match &f.node.condition {
                    Some(cond) => self.branch(cond, head, body, exit)?,
                    None => self.edge(head, body, Op::Skip, None),
                }
                self.frames.last_mut().unwrap().loops.push((exit, step));
                let be = self.stmt(&f.node.statement, body)?;
                self.frames.last_mut().unwrap().loops.pop();
                self.edge(be, step, Op::Skip, None);
                let mut sc = step;
                if let Some(e) = &f.node.step {
                    self.effect(e, &mut sc)?;
                }
                self.edge(sc, head, Op::Skip, None);
                self.frames.last_mut().unwrap().scopes.pop();
                Ok(exit)
            }
            Statement::Goto(id) => {
                let l = self.label(&id.node.name);
                let src = self.src(sp, None);
                self.edge(cur, l, Op::Skip, src);
                Ok(self.dead(sp))
            }
            Statement::Labeled(l) => match &l.node.label.node {
                Label::Identifier(id) => {
                    let loc = self.label(&id.node.name);
                    self.frames
                        .last_mut()
                        .unwrap()
                        .labels
                        .insert(format!("defined {}", id.node.name), loc);
                    self.edge(cur, loc, Op::Skip, None);
                    self.stmt(&l.node.statement, loc)
                }
                _ => self.case_label(l, sp, cur),
            },
            Statement::Continue | Statement::Break => {
                let Some(&(brk, cont)) = self.frames.last().unwrap().loops.last() else {
                    return Err(self.invalid(sp, "`break`/`continue` outside a loop or switch"));
                };
                let to = if matches!(s.node, Statement::Break) {
                    brk
                } else if cont == NO_LOOP {
                    return Err(self.invalid(sp, "`continue` outside a loop"));
                } else {
                    cont
                };
                let src = self.src(sp, None);
                self.edge(cur, to, Op::Skip, src);
                Ok(self.dead(sp))
            }
            Statement::Return(e) => {
                let mut c = cur;
                let ret = self.frames.last().unwrap().ret.clone();
                let ret_loc = self.frames.last().unwrap().ret_loc;
                match (e, ret) {
                    (Some(e), Some(rv)) => {
                        let v = self.rv(e, &mut c)?;
                        let stored = self.store_value(v, rv.ty);
                        self.emit(&mut c, Op::Assign(rv.name.clone(), stored), sp);
                    }
                    (Some(e), None) => {
                        self.effect(e, &mut c)?;
                    }
                    (None, _) => {}
                }
                let src = self.src(sp, None);
                self.edge(c, ret_loc, Op::Skip, src);
                Ok(self.dead(sp))
            }
            Statement::Switch(w) => self.switch(w, sp, cur),
            Statement::Asm(_) => Err(self.unsup(sp, "inline assembly")),
        }
    }

    /// `switch (e) body`: `e` is evaluated once at the dispatch location; the
    /// body is lowered from an unreachable location (code before the first
    /// label never runs), each label recording its location, and afterwards
    /// one edge per case (`e == c`) and one default edge (no case matches) leave
    /// the dispatch. `break` leaves the switch, `continue` the enclosing loop.
    fn switch(&mut self, w: &Node<SwitchStatement>, sp: Span, cur: usize) -> R<usize> {
        let ctrl = &w.node.expression;
        let mut c = cur;
        let v = self.rv(ctrl, &mut c)?;
        let ty = match &v {
            V::B(_) => INT,
            V::I(_, t, _) => t.promote(),
        };
        let mut val = self.store_value(v, ty);
        if !matches!(val, Expr::Var(_) | Expr::Int(_)) {
            // One copy, so case tests do not repeat (or split on) the expression.
            let t = self.temp("switch", ctrl.span, ty);
            self.emit(&mut c, Op::Assign(t.clone(), val), ctrl.span);
            val = Expr::var(&t);
        }
        let exit = self.loc_end(sp);
        let body = self.loc(w.node.statement.span);
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
        let end = self.stmt(&w.node.statement, body);
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
        let text = self.lines.snippet(ctrl.span.start, ctrl.span.end);
        let (to, src) = match sw.default {
            Some((loc, src)) => (loc, src),
            None => (
                exit,
                self.src(sp, Some(format!("[switch ({text}): no case]"))),
            ),
        };
        self.edge(c, to, Op::Assume(fold(none)), src);
        Ok(exit)
    }

    /// A `case`/`default` label of the innermost switch: falls through from
    /// `cur`, and records its location for the switch's dispatch.
    fn case_label(&mut self, l: &Node<LabeledStatement>, sp: Span, cur: usize) -> R<usize> {
        let depth = self.frames.len();
        let Some(ty) = self
            .switches
            .last()
            .filter(|s| s.depth == depth)
            .map(|s| s.ty)
        else {
            return Err(self.invalid(sp, "`case`/`default` label outside a switch"));
        };
        let lspan = l.node.label.span;
        let ltext = self.lines.snippet(lspan.start, lspan.end);
        let src = self.src(lspan, Some(format!("[{ltext}]")));
        let loc = self.loc(sp);
        match &l.node.label.node {
            Label::Default => {
                let sw = self.switches.last_mut().unwrap();
                if sw.default.is_some() {
                    return Err(self.invalid(sp, "duplicate `default` label"));
                }
                sw.default = Some((loc, src));
            }
            Label::Case(e) => {
                let k = self.case_value(e, ty)?;
                self.add_case(k.clone(), k, loc, src, sp)?;
            }
            Label::CaseRange(r) => {
                let lo = self.case_value(&r.node.low, ty)?;
                let hi = self.case_value(&r.node.high, ty)?;
                self.add_case(lo, hi, loc, src, sp)?;
            }
            Label::Identifier(_) => unreachable!("goto labels are handled by stmt"),
        }
        self.edge(cur, loc, Op::Skip, None);
        self.stmt(&l.node.statement, loc)
    }

    fn add_case(
        &mut self,
        lo: BigInt,
        hi: BigInt,
        loc: usize,
        src: Option<SourceStatement>,
        sp: Span,
    ) -> R<()> {
        let sw = self.switches.last().unwrap();
        if lo <= hi
            && sw
                .cases
                .iter()
                .any(|(l, h, ..)| l <= h && *l <= hi && lo <= *h)
        {
            return Err(self.invalid(sp, "duplicate `case` value"));
        }
        self.switches
            .last_mut()
            .unwrap()
            .cases
            .push((lo, hi, loc, src));
        Ok(())
    }

    /// The value of a `case` constant, converted to the controlling type.
    fn case_value(&mut self, e: &Node<Expression>, ty: Ty) -> R<BigInt> {
        const WHAT: &str = "`case` label is not an integer constant";
        if !self.pure(e) {
            return Err(self.invalid(e.span, WHAT));
        }
        // A pure expression emits no edges; the location stays unused.
        let mut scratch = self.dead(e.span);
        let v = self.rv(e, &mut scratch)?;
        konst(&fold(self.store_value(v, ty))).ok_or_else(|| self.invalid(e.span, WHAT))
    }

    fn label(&mut self, name: &str) -> usize {
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

    fn check_labels(&self) -> R<()> {
        let f = self.frames.last().unwrap();
        for name in f.labels.keys() {
            if !name.starts_with("defined ") && !f.labels.contains_key(&format!("defined {name}")) {
                return Err(FrontendError::invalid(
                    &self.file,
                    Pos { line: 0, col: 0 },
                    &format!("`goto {name}` without a label `{name}` in `{}`", f.func),
                ));
            }
        }
        Ok(())
    }

    /// Branches on a condition: to `t` where it holds, to `f` where not,
    /// short-circuiting `&&`/`||` whose right operand has side effects.
    fn branch(&mut self, e: &Node<Expression>, from: usize, t: usize, f: usize) -> R<()> {
        if !self.pure(e) {
            match &e.node {
                Expression::BinaryOperator(b)
                    if matches!(b.node.operator.node, BinaryOperator::LogicalAnd) =>
                {
                    let mid = self.loc(b.node.rhs.span);
                    self.branch(&b.node.lhs, from, mid, f)?;
                    return self.branch(&b.node.rhs, mid, t, f);
                }
                Expression::BinaryOperator(b)
                    if matches!(b.node.operator.node, BinaryOperator::LogicalOr) =>
                {
                    let mid = self.loc(b.node.rhs.span);
                    self.branch(&b.node.lhs, from, t, mid)?;
                    return self.branch(&b.node.rhs, mid, t, f);
                }
                Expression::UnaryOperator(u)
                    if matches!(u.node.operator.node, UnaryOperator::Negate) =>
                {
                    return self.branch(&u.node.operand, from, f, t);
                }
                _ => {}
            }
        }
        let mut cur = from;
        let v = self.rv(e, &mut cur)?;
        let c = self.truth(v);
        let text = self.lines.snippet(e.span.start, e.span.end);
        let st = self.src(e.span, Some(format!("[{text}]")));
        let sf = self.src(e.span, Some(format!("[!({text})]")));
        self.edge(cur, t, Op::Assume(c.clone()), st);
        self.edge(cur, f, Op::Assume(not(c)), sf);
        Ok(())
    }

    // ---------------------------------------------------------------- expressions

    /// Does evaluating `e` emit no edges?
    fn pure(&self, e: &Node<Expression>) -> bool {
        match &e.node {
            Expression::Identifier(_) | Expression::Constant(_) => true,
            Expression::SizeOfTy(_) | Expression::SizeOfVal(_) => true,
            Expression::UnaryOperator(u) => {
                !matches!(
                    u.node.operator.node,
                    UnaryOperator::PostIncrement
                        | UnaryOperator::PostDecrement
                        | UnaryOperator::PreIncrement
                        | UnaryOperator::PreDecrement
                ) && self.pure(&u.node.operand)
                    && !(matches!(u.node.operator.node, UnaryOperator::Indirection)
                        && self.bounded_read(e))
            }
            Expression::Cast(c) => self.pure(&c.node.expression),
            Expression::BinaryOperator(b) => {
                use BinaryOperator::*;
                !matches!(
                    b.node.operator.node,
                    Assign
                        | AssignMultiply
                        | AssignDivide
                        | AssignModulo
                        | AssignPlus
                        | AssignMinus
                        | AssignShiftLeft
                        | AssignShiftRight
                        | AssignBitwiseAnd
                        | AssignBitwiseXor
                        | AssignBitwiseOr
                ) && self.pure(&b.node.lhs)
                    && self.pure(&b.node.rhs)
                    // A read of a bounded element emits its range assumption.
                    && !(matches!(b.node.operator.node, Index) && self.bounded_read(e))
            }
            Expression::Conditional(c) => {
                self.pure(&c.node.condition)
                    && self.pure(&c.node.then_expression)
                    && self.pure(&c.node.else_expression)
            }
            Expression::Comma(v) => v.iter().all(|x| self.pure(x)),
            _ => false,
        }
    }

    /// Can evaluating `e` change a program variable (not just a nondet temporary)?
    fn modifies(&self, e: &Node<Expression>) -> bool {
        match &e.node {
            Expression::Call(c) => {
                let nondet = matches!(&c.node.callee.node, Expression::Identifier(id) if id.node.name.starts_with("__VERIFIER_nondet_"));
                !nondet || c.node.arguments.iter().any(|a| self.modifies(a))
            }
            Expression::UnaryOperator(u) => {
                matches!(
                    u.node.operator.node,
                    UnaryOperator::PostIncrement
                        | UnaryOperator::PostDecrement
                        | UnaryOperator::PreIncrement
                        | UnaryOperator::PreDecrement
                ) || self.modifies(&u.node.operand)
            }
            Expression::Cast(c) => self.modifies(&c.node.expression),
            Expression::BinaryOperator(b) => {
                !self.pure_op(&b.node.operator.node)
                    || self.modifies(&b.node.lhs)
                    || self.modifies(&b.node.rhs)
            }
            Expression::Conditional(c) => {
                self.modifies(&c.node.condition)
                    || self.modifies(&c.node.then_expression)
                    || self.modifies(&c.node.else_expression)
            }
            Expression::Comma(v) => v.iter().any(|x| self.modifies(x)),
            Expression::Identifier(_) | Expression::Constant(_) => false,
            Expression::SizeOfTy(_) | Expression::SizeOfVal(_) => false,
            _ => true,
        }
    }
    fn pure_op(&self, op: &BinaryOperator) -> bool {
        use BinaryOperator::*;
        !matches!(
            op,
            Assign
                | AssignMultiply
                | AssignDivide
                | AssignModulo
                | AssignPlus
                | AssignMinus
                | AssignShiftLeft
                | AssignShiftRight
                | AssignBitwiseAnd
                | AssignBitwiseXor
                | AssignBitwiseOr
        )
    }

    /// Copies a value into a temporary when a later sibling may change the
    /// variables it reads.
    fn snapshot(&mut self, v: V, later: &Node<Expression>, span: Span, cur: &mut usize) -> V {
        if !self.modifies(later) {
            return v;
        }
        let (e, ty) = self.exact(v);
        if konst(&e).is_some() {
            return V::I(e, ty, true);
        }
        let t = self.temp("tmp", span, ty);
        self.emit(cur, Op::Assign(t.clone(), e), span);
        V::I(Expr::var(&t), ty, true)
    }

    /// The reduced integer value and its type.
    fn exact(&self, v: V) -> (Expr, Ty) {
        match v {
            V::B(b) => (
                match &b {
                    Expr::Bool(x) => Expr::int(*x as i64),
                    _ => ite(b, Expr::int(1), Expr::int(0)),
                },
                INT,
            ),
            V::I(e, ty, true) => (e, ty),
            V::I(e, ty, false) => (self.wrap_unsigned(e, ty.bits), ty),
        }
    }

    fn truth(&self, v: V) -> Expr {
        match v {
            V::B(b) => b,
            v => {
                let (e, _) = self.exact(v);
                if let Some(c) = strip_bool(&e) {
                    return c;
                }
                fold(not(Expr::eq(e, Expr::int(0))))
            }
        }
    }

    /// `e mod 2^w`, as a case split when `e`'s bounds allow.
    fn wrap_unsigned(&self, e: Expr, w: u32) -> Expr {
        let m = BigInt::one() << w;
        if let Some(k) = konst(&e) {
            use num_integer::Integer;
            return num(k.mod_floor(&m));
        }
        let i = interval(&e, &self.var_ty);
        let zero = BigInt::zero();
        if i.within(&zero, &(&m - 1)) {
            return e;
        }
        let lt0 = || Expr::Lt(Box::new(e.clone()), Box::new(Expr::int(0)));
        let gem = || Expr::Ge(Box::new(e.clone()), Box::new(num(m.clone())));
        if i.within(&zero, &(&m * 2 - 1)) {
            return ite(gem(), sub(e.clone(), num(m.clone())), e);
        }
        if i.within(&-&m, &(&m - 1)) {
            return ite(lt0(), add(e.clone(), num(m.clone())), e);
        }
        if i.within(&-&m, &(&m * 2 - 1)) {
            return ite(
                lt0(),
                add(e.clone(), num(m.clone())),
                ite(gem(), sub(e.clone(), num(m.clone())), e),
            );
        }
        Expr::Mod(Box::new(e), Num(m))
    }

    /// Two's-complement wrap of `e` into the signed `w`-bit range.
    fn wrap_signed(&self, e: Expr, w: u32) -> Expr {
        let h = BigInt::one() << (w - 1);
        let i = interval(&e, &self.var_ty);
        if i.within(&-&h, &(&h - 1)) {
            return e;
        }
        let u = self.wrap_unsigned(add(e, num(h.clone())), w);
        sub(u, num(h))
    }

    /// Converts a value to type `to`; the result is reduced unless `to` is
    /// unsigned (then it may be congruent only).
    fn convert(&self, v: V, to: Ty) -> (Expr, bool) {
        let (e, from, ex) = match v {
            V::B(b) => {
                let (e, t) = self.exact(V::B(b));
                (e, t, true)
            }
            V::I(e, t, x) => (e, t, x),
        };
        if to.boolean {
            let (e, _) = self.exact(V::I(e, from, ex));
            if interval(&e, &self.var_ty).within(&BigInt::zero(), &BigInt::one()) {
                return (e, true);
            }
            let c = fold(not(Expr::eq(e, Expr::int(0))));
            return (ite(c, Expr::int(1), Expr::int(0)), true);
        }
        // An unreduced narrower unsigned value is not congruent modulo a
        // larger power of two: reduce it first.
        let e = if !ex && (to.signed || from.bits < to.bits) {
            self.wrap_unsigned(e, from.bits)
        } else {
            e
        };
        if !to.signed {
            let exact = interval(&e, &self.var_ty).within(&BigInt::zero(), &to.max());
            return (e, exact);
        }
        let fits = if from.signed {
            from.bits <= to.bits
        } else {
            from.bits < to.bits
        };
        if fits {
            (e, true)
        } else {
            (self.wrap_signed(e, to.bits), true)
        }
    }

    /// The value to store in a variable of type `ty` (always reduced).
    fn store_value(&self, v: V, ty: Ty) -> Expr {
        let (e, ex) = self.convert(v, ty);
        if ex {
            e
        } else {
            self.wrap_unsigned(e, ty.bits)
        }
    }

    /// Evaluates for side effects only.
    fn effect(&mut self, e: &Node<Expression>, cur: &mut usize) -> R<()> {
        match &e.node {
            Expression::UnaryOperator(u)
                if matches!(
                    u.node.operator.node,
                    UnaryOperator::PostIncrement | UnaryOperator::PostDecrement
                ) =>
            {
                let pre = if matches!(u.node.operator.node, UnaryOperator::PostIncrement) {
                    UnaryOperator::PreIncrement
                } else {
                    UnaryOperator::PreDecrement
                };
                self.incdec(&u.node.operand, &pre, e.span, cur).map(|_| ())
            }
            Expression::Comma(v) => {
                for x in v.iter() {
                    self.effect(x, cur)?;
                }
                Ok(())
            }
            _ => self.rv(e, cur).map(|_| ()),
        }
    }

    fn incdec(
        &mut self,
        operand: &Node<Expression>,
        op: &UnaryOperator,
        span: Span,
        cur: &mut usize,
    ) -> R<V> {
        let p = self.place(operand, cur)?;
        let ty = p.ty();
        if ty.boolean {
            return Err(self.unsup(span, "`++`/`--` on _Bool"));
        }
        let inc = matches!(
            op,
            UnaryOperator::PreIncrement | UnaryOperator::PostIncrement
        );
        let post = matches!(
            op,
            UnaryOperator::PostIncrement | UnaryOperator::PostDecrement
        );
        let old = self.load(&p, span, cur);
        // The old value, for x++ used as a value.
        let saved = if post {
            if !ty.signed {
                None // (x -+ 1) is congruent to the old value
            } else if ty.bits >= 32 {
                None // mathematical: exactly x -+ 1
            } else {
                let t = self.temp("tmp", span, ty);
                self.emit(cur, Op::Assign(t.clone(), self.current(&p)), span);
                Some(t)
            }
        } else {
            None
        };
        let one = V::I(Expr::int(1), INT, true);
        let bop = if inc {
            BinaryOperator::Plus
        } else {
            BinaryOperator::Minus
        };
        let newv = self.arith(&bop, old, one, span)?;
        let res = self.store_place(&p, newv, span, cur);
        if !post {
            return Ok(res);
        }
        Ok(match saved {
            Some(t) => V::I(Expr::var(&t), ty, true),
            None => {
                let x = self.current(&p);
                let e = if inc {
                    sub(x, Expr::int(1))
                } else {
                    add(x, Expr::int(1))
                };
                V::I(e, ty, ty.signed)
            }
        })
    }

    /// Arithmetic `a op b` with the usual arithmetic conversions.
    fn arith(&self, op: &BinaryOperator, a: V, b: V, span: Span) -> R<V> {
        if matches!(op, BinaryOperator::ShiftLeft | BinaryOperator::ShiftRight) {
            return self.shift(op, a, b, span); // no usual arithmetic conversions
        }
        let ta = match &a {
            V::B(_) => INT,
            V::I(_, t, _) => *t,
        };
        let tb = match &b {
            V::B(_) => INT,
            V::I(_, t, _) => *t,
        };
        let ct = common(ta, tb);
        let (x, xe) = self.convert(a, ct);
        let (y, ye) = self.convert(b, ct);
        use BinaryOperator::*;
        match op {
            Plus => Ok(V::I(add(x, y), ct, ct.signed)),
            Minus => Ok(V::I(sub(x, y), ct, ct.signed)),
            Multiply => {
                let (k, other) = match (konst(&x), konst(&y)) {
                    (Some(k), _) => (k, y),
                    (_, Some(k)) => (k, x),
                    _ => return Err(self.unsup(span, "nonlinear arithmetic")),
                };
                let e = fold(Expr::Mul(Num(k), Box::new(other)));
                Ok(V::I(e, ct, ct.signed))
            }
            Divide | Modulo => {
                let x = if xe {
                    x
                } else {
                    self.wrap_unsigned(x, ct.bits)
                };
                let y = if ye {
                    y
                } else {
                    self.wrap_unsigned(y, ct.bits)
                };
                let Some(d) = konst(&y) else {
                    return Err(self.unsup(span, "nonlinear arithmetic (division by a variable)"));
                };
                if d.is_zero() {
                    return Err(self.unsup(span, "division by zero"));
                }
                let is_div = matches!(op, Divide);
                let ad = Num(d.abs());
                let nonneg = interval(&x, &self.var_ty)
                    .lo
                    .is_some_and(|l| l >= BigInt::zero());
                let pos_div = |e: Expr| Expr::Div(Box::new(e), ad.clone());
                let pos_mod = |e: Expr| Expr::Mod(Box::new(e), ad.clone());
                // Truncating division: floor for x >= 0, -floor(-x / d) otherwise.
                let e = if is_div {
                    let q = if nonneg {
                        pos_div(x)
                    } else {
                        ite(
                            Expr::Ge(Box::new(x.clone()), Box::new(Expr::int(0))),
                            pos_div(x.clone()),
                            neg(pos_div(neg(x))),
                        )
                    };
                    if d.is_negative() {
                        neg(q)
                    } else {
                        q
                    }
                } else if nonneg {
                    pos_mod(x)
                } else {
                    ite(
                        Expr::Ge(Box::new(x.clone()), Box::new(Expr::int(0))),
                        pos_mod(x.clone()),
                        neg(pos_mod(neg(x))),
                    )
                };
                Ok(V::I(fold(e), ct, true))
            }
            Less | Greater | LessOrEqual | GreaterOrEqual | Equals | NotEquals => {
                let x = if xe {
                    x
                } else {
                    self.wrap_unsigned(x, ct.bits)
                };
                let y = if ye {
                    y
                } else {
                    self.wrap_unsigned(y, ct.bits)
                };
                Ok(V::B(cmp(op, x, y)))
            }
            BitwiseAnd | BitwiseOr | BitwiseXor => self.bitwise(op, (x, xe), (y, ye), ct, span),
            _ => Err(self.invalid(span, "unexpected operator")),
        }
    }

    /// `x << k` / `x >> k` for a constant `k` in `0..w`, in `x`'s promoted
    /// type: `x * 2^k` (wrapped into the type: gcc defines signed `<<` as
    /// two's complement) and `floor(x / 2^k)` (gcc's arithmetic shift).
    fn shift(&self, op: &BinaryOperator, a: V, b: V, span: Span) -> R<V> {
        let ty = match &a {
            V::B(_) => INT,
            V::I(_, t, _) => t.promote(),
        };
        let (x, xe) = self.convert(a, ty);
        let Some(k) = konst(&fold(self.exact(b).0)) else {
            return Err(self.unsup(span, "shift by a non-constant amount"));
        };
        let w = ty.bits;
        let Some(k) = u32::try_from(&k).ok().filter(|k| *k < w) else {
            return Err(self.unsup(span, &format!("shift by {k} (undefined for {w} bits)")));
        };
        let p = Num(BigInt::one() << k);
        if matches!(op, BinaryOperator::ShiftLeft) {
            let e = fold(Expr::Mul(p, Box::new(x)));
            return Ok(if ty.signed {
                V::I(self.wrap_signed(e, ty.bits), ty, true)
            } else {
                V::I(e, ty, false)
            });
        }
        let x = if xe {
            x
        } else {
            self.wrap_unsigned(x, ty.bits)
        };
        Ok(V::I(fold(Expr::Div(Box::new(x), p)), ty, true))
    }

    /// `x & y`, `x | y`, `x ^ y` in type `ct` (operands converted, flags =
    /// reduced), only where linear arithmetic expresses it exactly: a constant
    /// operand, or operands that are 0 or 1.
    fn bitwise(
        &self,
        op: &BinaryOperator,
        (x, xe): (Expr, bool),
        (y, ye): (Expr, bool),
        ct: Ty,
        span: Span,
    ) -> R<V> {
        let reduce = |e: &Expr, ex: bool| {
            if ex {
                e.clone()
            } else {
                self.wrap_unsigned(e.clone(), ct.bits)
            }
        };
        let (xr, yr) = (reduce(&x, xe), reduce(&y, ye));
        match (konst(&xr), konst(&yr)) {
            (Some(a), Some(b)) => return Ok(V::I(num(const_bitop(op, &a, &b)), ct, true)),
            (Some(c), None) => return Ok(self.bitop_const(op, y, ye, &c, ct)),
            (None, Some(c)) => return Ok(self.bitop_const(op, x, xe, &c, ct)),
            (None, None) => {}
        }
        let bit = |e: &Expr| interval(e, &self.var_ty).within(&BigInt::zero(), &BigInt::one());
        if bit(&xr) && bit(&yr) {
            let (p, q) = (
                self.truth(V::I(xr, ct, true)),
                self.truth(V::I(yr, ct, true)),
            );
            let r = match op {
                BinaryOperator::BitwiseAnd => and(p, q),
                BinaryOperator::BitwiseOr => or(p, q),
                _ => or(and(p.clone(), not(q.clone())), and(not(p), q)),
            };
            return Ok(if ct == INT {
                V::B(r)
            } else {
                V::I(ite(r, Expr::int(1), Expr::int(0)), ct, true)
            });
        }
        // One 0/1 operand: a case split over its two values.
        for (b, (o, oe)) in [(&yr, (&x, xe)), (&xr, (&y, ye))] {
            if bit(b) {
                let is1 = not(Expr::eq(b.clone(), Expr::int(0)));
                let one = self.bitop_const(op, o.clone(), oe, &BigInt::one(), ct);
                let zero = self.bitop_const(op, o.clone(), oe, &BigInt::zero(), ct);
                return Ok(match (one, zero) {
                    (V::I(a, _, ae), V::I(z, _, ze)) => V::I(ite(is1, a, z), ct, ae && ze),
                    _ => unreachable!("bitop_const gives integers"),
                });
            }
        }
        let sym = match op {
            BinaryOperator::BitwiseAnd => "&",
            BinaryOperator::BitwiseOr => "|",
            _ => "^",
        };
        Err(self.unsup(
            span,
            &format!("bitwise `{sym}` of two non-constant operands (not exactly encodable)"),
        ))
    }

    /// `e op c` for a reduced constant `c` of type `ct`; `e` may be unreduced
    /// (unsigned): every modulus used divides 2^w, so congruence carries over.
    /// `e | c = e + c - (e & c)` and `e ^ c = e + c - 2 (e & c)`.
    fn bitop_const(&self, op: &BinaryOperator, e: Expr, ee: bool, c: &BigInt, ct: Ty) -> V {
        let exact = ee || ct.signed;
        let ones = if ct.signed { -BigInt::one() } else { ct.max() };
        let m = if c.is_zero() {
            Expr::int(0)
        } else if *c == ones {
            e.clone()
        } else {
            mask(&e, c)
        };
        match op {
            BinaryOperator::BitwiseAnd => {
                if *c == ones {
                    return V::I(e, ct, exact);
                }
                V::I(m, ct, true)
            }
            BinaryOperator::BitwiseOr => V::I(sub(add(e, num(c.clone())), m), ct, exact),
            _ => {
                let twice = fold(Expr::Mul(Num(BigInt::from(2)), Box::new(m)));
                V::I(sub(add(e, num(c.clone())), twice), ct, exact)
            }
        }
    }

    fn constant(&self, c: &Node<Constant>) -> R<V> {
        match &c.node {
            Constant::Integer(i) => {
                let radix = match i.base {
                    IntegerBase::Decimal => 10,
                    IntegerBase::Octal => 8,
                    IntegerBase::Hexadecimal => 16,
                    IntegerBase::Binary => 2,
                };
                let digits = i.number.trim_start_matches("0x").trim_start_matches("0X");
                let digits = if radix == 2 {
                    digits.trim_start_matches("0b").trim_start_matches("0B")
                } else {
                    digits
                };
                let v = BigInt::parse_bytes(digits.as_bytes(), radix)
                    .or_else(|| {
                        if digits.is_empty() {
                            Some(BigInt::zero())
                        } else {
                            None
                        }
                    })
                    .ok_or_else(|| self.invalid(c.span, "bad integer constant"))?;
                let lb = types::long_bits(self.dm);
                let mut cands: Vec<Ty> = Vec::new();
                let min_bits = match i.suffix.size {
                    IntegerSize::Int => 32,
                    IntegerSize::Long => lb,
                    IntegerSize::LongLong => 64,
                };
                for bits in [32, lb, 64] {
                    if bits < min_bits {
                        continue;
                    }
                    if !i.suffix.unsigned {
                        cands.push(Ty::new(true, bits));
                    }
                    if i.suffix.unsigned || radix != 10 {
                        cands.push(Ty::new(false, bits));
                    }
                }
                let ty = cands
                    .into_iter()
                    .find(|t| v <= t.max())
                    .ok_or_else(|| self.unsup(c.span, "integer constant too large"))?;
                if i.suffix.imaginary {
                    return Err(self.unsup(c.span, "imaginary constants"));
                }
                Ok(V::I(num(v), ty, true))
            }
            Constant::Float(_) => Err(self.unsup(c.span, "floating-point constants")),
            Constant::Character(s) => {
                let inner = s.trim_start_matches(['L', 'u', 'U']).trim_matches('\'');
                let v: i64 = match inner.as_bytes() {
                    [b] => *b as i8 as i64,
                    [b'\\', b'n'] => 10,
                    [b'\\', b't'] => 9,
                    [b'\\', b'0'] => 0,
                    [b'\\', b'\\'] => 92,
                    [b'\\', b'\''] => 39,
                    _ => return Err(self.unsup(c.span, "this character constant")),
                };
                Ok(V::I(Expr::int(v), INT, true))
            }
        }
    }

    /// Evaluates an expression, emitting its side effects at `*cur`.
    fn rv(&mut self, e: &Node<Expression>, cur: &mut usize) -> R<V> {
        let sp = e.span;
        match &e.node {
            Expression::Identifier(id) => {
                let v = self.lookup(&id.node.name, sp)?;
                if v.dims.is_some() {
                    let kind = if v.alias {
                        "pointer parameter"
                    } else {
                        "array"
                    };
                    let what = format!("{kind} `{}` used as a pointer value", id.node.name);
                    return Err(self.unsup(sp, &what));
                }
                Ok(V::I(Expr::var(&v.name), v.ty, true))
            }
            Expression::BinaryOperator(b)
                if matches!(b.node.operator.node, BinaryOperator::Index) =>
            {
                self.read_element(e, cur)
            }
            Expression::Constant(c) => self.constant(c),
            Expression::StringLiteral(_) => Err(self.unsup(sp, "string literals")),
            Expression::Member(_) => Err(self.unsup(sp, "structs")),
            Expression::Call(c) => self.call(c, sp, cur),
            Expression::SizeOfTy(t) => self.sizeof_ty(&t.node.0),
            Expression::SizeOfVal(v) => self.sizeof_val(&v.node.0),
            Expression::AlignOf(_) => Err(self.unsup(sp, "_Alignof")),
            Expression::Cast(c) => {
                let ty = self.type_name(&c.node.type_name)?;
                let v = self.rv(&c.node.expression, cur)?;
                match ty {
                    None => Ok(V::I(Expr::int(0), INT, true)), // (void) e
                    Some(t) => {
                        let (x, ex) = self.convert(v, t);
                        Ok(V::I(x, t, ex || t.signed))
                    }
                }
            }
            Expression::UnaryOperator(u) => {
                use UnaryOperator::*;
                match u.node.operator.node {
                    PostIncrement | PostDecrement | PreIncrement | PreDecrement => {
                        self.incdec(&u.node.operand, &u.node.operator.node, sp, cur)
                    }
                    Indirection => self.read_element(e, cur),
                    Address => Err(self.unsup(sp, "pointers")),
                    Plus | Minus | Complement => {
                        let v = self.rv(&u.node.operand, cur)?;
                        let t = match &v {
                            V::B(_) => INT,
                            V::I(_, t, _) => t.promote(),
                        };
                        let (x, ex) = self.convert(v, t);
                        Ok(match u.node.operator.node {
                            Plus => V::I(x, t, ex || t.signed),
                            Minus => V::I(neg(x), t, t.signed),
                            _ => {
                                // ~x == -x - 1 (two's complement), modulo 2^w when unsigned.
                                V::I(sub(neg(x), Expr::int(1)), t, t.signed)
                            }
                        })
                    }
                    Negate => {
                        let v = self.rv(&u.node.operand, cur)?;
                        Ok(V::B(not(self.truth(v))))
                    }
                }
            }
            Expression::BinaryOperator(b) => self.binary(b, sp, cur),
            Expression::Conditional(c) => {
                let cond = &c.node.condition;
                let (a, b) = (&c.node.then_expression, &c.node.else_expression);
                if self.pure(a) && self.pure(b) {
                    let cv = self.rv(cond, cur)?;
                    let k = self.truth(cv);
                    let mut dummy = *cur;
                    let va = self.rv(a, &mut dummy)?;
                    let vb = self.rv(b, &mut dummy)?;
                    let (ea, ta) = self.exact(va);
                    let (eb, tb) = self.exact(vb);
                    let ct = common(ta, tb);
                    let xa = self.store_value(V::I(ea, ta, true), ct);
                    let xb = self.store_value(V::I(eb, tb, true), ct);
                    return Ok(V::I(ite(k, xa, xb), ct, true));
                }
                let (t, f) = (self.loc(a.span), self.loc(b.span));
                self.branch(cond, *cur, t, f)?;
                let (mut ct_, mut cf_) = (t, f);
                let va = self.rv(a, &mut ct_)?;
                let vb = self.rv(b, &mut cf_)?;
                let ta = match &va {
                    V::B(_) => INT,
                    V::I(_, t, _) => *t,
                };
                let tb = match &vb {
                    V::B(_) => INT,
                    V::I(_, t, _) => *t,
                };
                let ct = common(ta, tb);
                let tmp = self.temp("cond", sp, ct);
                let xa = self.store_value(va, ct);
                let xb = self.store_value(vb, ct);
                self.emit(&mut ct_, Op::Assign(tmp.clone(), xa), a.span);
                self.emit(&mut cf_, Op::Assign(tmp.clone(), xb), b.span);
                let join = self.loc_end(sp);
                self.edge(ct_, join, Op::Skip, None);
                self.edge(cf_, join, Op::Skip, None);
                *cur = join;
                Ok(V::I(Expr::var(&tmp), ct, true))
            }
            Expression::Comma(v) => {
                let mut last = V::I(Expr::int(0), INT, true);
                for (i, x) in v.iter().enumerate() {
                    if i + 1 < v.len() {
                        self.effect(x, cur)?;
                    } else {
                        last = self.rv(x, cur)?;
                    }
                }
                Ok(last)
            }
            Expression::CompoundLiteral(_) => Err(self.unsup(sp, "compound literals")),
            Expression::GenericSelection(_) => Err(self.unsup(sp, "_Generic")),
            Expression::OffsetOf(_) => Err(self.unsup(sp, "offsetof")),
            Expression::VaArg(_) => Err(self.unsup(sp, "va_arg")),
            Expression::Statement(_) => Err(self.unsup(sp, "statement expressions")),
        }
    }

    fn binary(&mut self, b: &Node<BinaryOperatorExpression>, sp: Span, cur: &mut usize) -> R<V> {
        use BinaryOperator::*;
        let op = &b.node.operator.node;
        let (lhs, rhs) = (&b.node.lhs, &b.node.rhs);
        match op {
            Index => {
                let whole = Node::new(Expression::BinaryOperator(Box::new(b.clone())), sp);
                self.read_element(&whole, cur)
            }
            LogicalAnd | LogicalOr => {
                if self.pure(rhs) {
                    let va = self.rv(lhs, cur)?;
                    let a = self.truth(va);
                    let vb = self.rv(rhs, cur)?;
                    let bb = self.truth(vb);
                    return Ok(V::B(if matches!(op, LogicalAnd) {
                        and(a, bb)
                    } else {
                        or(a, bb)
                    }));
                }
                let whole = Node::new(Expression::BinaryOperator(Box::new(b.clone())), sp);
                let (t, f) = (self.loc(sp), self.loc(sp));
                self.branch(&whole, *cur, t, f)?;
                let tmp = self.temp("cond", sp, BOOL);
                let (mut ct, mut cf) = (t, f);
                self.emit(&mut ct, Op::Assign(tmp.clone(), Expr::int(1)), sp);
                self.emit(&mut cf, Op::Assign(tmp.clone(), Expr::int(0)), sp);
                let join = self.loc_end(sp);
                self.edge(ct, join, Op::Skip, None);
                self.edge(cf, join, Op::Skip, None);
                *cur = join;
                Ok(V::B(not(Expr::eq(Expr::var(&tmp), Expr::int(0)))))
            }
            Assign => {
                let p = self.place(lhs, cur)?;
                let p = self.pin_index(p, rhs, cur);
                let val = self.rv(rhs, cur)?;
                Ok(self.store_place(&p, val, sp, cur))
            }
            AssignMultiply | AssignDivide | AssignModulo | AssignPlus | AssignMinus
            | AssignShiftLeft | AssignShiftRight | AssignBitwiseAnd | AssignBitwiseXor
            | AssignBitwiseOr => {
                let p = self.place(lhs, cur)?;
                let p = self.pin_index(p, rhs, cur);
                let val = self.rv(rhs, cur)?;
                let bop = match op {
                    AssignMultiply => Multiply,
                    AssignDivide => Divide,
                    AssignModulo => Modulo,
                    AssignPlus => Plus,
                    AssignMinus => Minus,
                    AssignShiftLeft => ShiftLeft,
                    AssignShiftRight => ShiftRight,
                    AssignBitwiseAnd => BitwiseAnd,
                    AssignBitwiseXor => BitwiseXor,
                    _ => BitwiseOr,
                };
                let old = self.load(&p, sp, cur);
                let r = self.arith(&bop, old, val, sp)?;
                Ok(self.store_place(&p, r, sp, cur))
            }
            _ => {
                if self.array_name(lhs).is_some() || self.array_name(rhs).is_some() {
                    return Err(self.pointer_use(op, sp));
                }
                let va = self.rv(lhs, cur)?;
                let va = self.snapshot(va, rhs, lhs.span, cur);
                let vb = self.rv(rhs, cur)?;
                self.arith(op, va, vb, sp)
            }
        }
    }

    fn call(&mut self, c: &Node<CallExpression>, sp: Span, cur: &mut usize) -> R<V> {
        let Expression::Identifier(id) = &c.node.callee.node else {
            return Err(self.unsup(sp, "calls through function pointers"));
        };
        let name = id.node.name.as_str();
        let args = &c.node.arguments;
        let void = V::I(Expr::int(0), INT, true);
        match name {
            "reach_error" | "__VERIFIER_error" => {
                let bad = self.cfa.bad;
                let src = self.src(sp, None);
                self.edge(*cur, bad, Op::Skip, src);
                *cur = self.dead(sp);
                return Ok(void);
            }
            "abort" | "exit" | "_exit" | "__assert_fail" | "__builtin_abort" => {
                let exit = self.cfa.exit;
                let src = self.src(sp, None);
                self.edge(*cur, exit, Op::Skip, src);
                *cur = self.dead(sp);
                return Ok(void);
            }
            _ => {}
        }
        if let Some(kind) = name.strip_prefix("__VERIFIER_nondet_") {
            let ty = match self.protos.get(name) {
                Some(Ok(Some(t))) => *t,
                Some(Ok(None)) => return Err(self.invalid(sp, "void nondet function")),
                Some(Err(w)) => return Err(self.unsup(sp, &format!("nondet values of {w}"))),
                None => self
                    .nondet_type(kind)
                    .ok_or_else(|| self.unsup(sp, &format!("`{name}` (unknown nondet type)")))?,
            };
            for a in args {
                self.effect(a, cur)?;
            }
            let t = self.temp("nondet", sp, ty);
            self.emit(cur, Op::Havoc(t.clone()), sp);
            self.emit(cur, Op::Assume(in_range(Expr::var(&t), &ty)), sp);
            return Ok(V::I(Expr::var(&t), ty, true));
        }
        if let Some(f) = self.funcs.get(name).copied() {
            return self.inline(f, args, sp, cur);
        }
        match name {
            "__VERIFIER_assert" | "__VERIFIER_assume" | "assume_abort_if_not" | "assume" => {
                if args.len() != 1 {
                    return Err(self.invalid(sp, &format!("`{name}` takes one argument")));
                }
                let v = self.rv(&args[0], cur)?;
                let k = self.truth(v);
                let src = self.src(sp, None);
                let next = self.loc_end(sp);
                if name == "__VERIFIER_assert" {
                    let bad = self.cfa.bad;
                    self.edge(*cur, bad, Op::Assume(not(k.clone())), src.clone());
                }
                self.edge(*cur, next, Op::Assume(k), src);
                *cur = next;
                Ok(void)
            }
            _ => Err(self.unsup(sp, &format!("call to undefined function `{name}`"))),
        }
    }

    fn nondet_type(&self, kind: &str) -> Option<Ty> {
        let lb = types::long_bits(self.dm);
        Some(match kind {
            "int" => INT,
            "uint" | "unsigned" | "u32" => Ty::new(false, 32),
            "char" => Ty::new(true, 8),
            "uchar" | "u8" => Ty::new(false, 8),
            "short" => Ty::new(true, 16),
            "ushort" | "u16" => Ty::new(false, 16),
            "long" => Ty::new(true, lb),
            "ulong" | "size_t" => Ty::new(false, lb),
            "longlong" => Ty::new(true, 64),
            "ulonglong" => Ty::new(false, 64),
            "bool" | "_Bool" => BOOL,
            _ => return None,
        })
    }

    fn inline(
        &mut self,
        f: &'a Node<FunctionDefinition>,
        args: &[Node<Expression>],
        sp: Span,
        cur: &mut usize,
    ) -> R<V> {
        let (name, params) = self.function_params(f)?;
        if self.frames.iter().any(|fr| fr.func == name) {
            return Err(self.unsup(sp, &format!("recursion (`{name}`)")));
        }
        if params.len() != args.len() {
            return Err(self.invalid(sp, &format!("`{name}` takes {} arguments", params.len())));
        }
        let ret_ty = self
            .base_type(&f.node.specifiers, f.span)
            .map_err(|w| self.unsup(f.span, &w))?;
        // Arguments, left to right; an array parameter names its argument array.
        let mut vals = Vec::new();
        for (i, a) in args.iter().enumerate() {
            if params[i].3 {
                vals.push(Arg::Array(self.array_argument(a, params[i].1)?));
                continue;
            }
            let v = self.rv(a, cur)?;
            let v = match args.get(i + 1..) {
                Some(rest) if !rest.is_empty() => {
                    let later = Node::new(Expression::Comma(Box::new(rest.to_vec())), a.span);
                    self.snapshot(v, &later, a.span, cur)
                }
                _ => v,
            };
            vals.push(Arg::Val(v));
        }
        let mut scope = HashMap::new();
        for ((pn, pty, psp, _), v) in params.into_iter().zip(vals) {
            let v = match v {
                Arg::Val(v) => v,
                Arg::Array(array) => {
                    scope.insert(pn, array);
                    continue;
                }
            };
            let var = self.decl_var(&name, &pn, psp.start, pty);
            let stored = self.store_value(v, pty);
            self.emit(cur, Op::Assign(var.name.clone(), stored), sp);
            scope.insert(pn, var);
        }
        let ret = ret_ty.map(|t| {
            let key = (f.span.start, "ret".to_string());
            let n = match self.decl_vars.get(&key) {
                Some(n) => n.clone(),
                None => {
                    let n = self.fresh_var(&format!("{name}@ret"), t);
                    self.decl_vars.insert(key, n.clone());
                    n
                }
            };
            VarInfo::scalar(n, t)
        });
        let ret_loc = self.loc_end(sp);
        let start = self.loc(f.node.statement.span);
        // Before the callee's frame: the call site belongs to the caller.
        self.edge(*cur, start, Op::Skip, self.src(sp, None));
        self.frames.push(Frame {
            func: name.clone(),
            scopes: vec![scope],
            loops: vec![],
            labels: HashMap::new(),
            ret: ret.clone(),
            ret_loc,
        });
        let end = self.stmt(&f.node.statement, start)?;
        self.edge(end, ret_loc, Op::Skip, None);
        self.check_labels()?;
        self.frames.pop();
        *cur = ret_loc;
        Ok(match ret {
            Some(r) => V::I(Expr::var(&r.name), r.ty, true),
            None => V::I(Expr::int(0), INT, true),
        })
    }
}

/// `a op b` on two's-complement integers of unbounded width.
fn const_bitop(op: &BinaryOperator, a: &BigInt, b: &BigInt) -> BigInt {
    match op {
        BinaryOperator::BitwiseAnd => a & b,
        BinaryOperator::BitwiseOr => a | b,
        _ => a ^ b,
    }
}

/// `e & c` (two's complement, unbounded width) as linear arithmetic: each run
/// of one bits `a..b` of `c` keeps `2^a * (floor(e / 2^a) mod 2^(b-a))`; a
/// negative `c` keeps what `!c = -c - 1` clears, `e - (e & !c)`.
fn mask(e: &Expr, c: &BigInt) -> Expr {
    if c.is_negative() {
        return sub(e.clone(), mask(e, &(-c - 1)));
    }
    let pow = |k: u64| BigInt::one() << k;
    let mut terms = Vec::new();
    let (n, mut i) = (c.bits(), 0);
    while i < n {
        if !c.bit(i) {
            i += 1;
            continue;
        }
        let a = i;
        while i < n && c.bit(i) {
            i += 1;
        }
        let low = if a == 0 {
            e.clone()
        } else {
            Expr::Div(Box::new(e.clone()), Num(pow(a)))
        };
        let run = Expr::Mod(Box::new(low), Num(pow(i - a)));
        terms.push(if a == 0 {
            run
        } else {
            Expr::Mul(Num(pow(a)), Box::new(run))
        });
    }
    match terms.len() {
        0 => Expr::int(0),
        1 => fold(terms.pop().unwrap()),
        _ => fold(Expr::Add(terms)),
    }
}

/// The first (outermost, leftmost) `ite` in `e`.
fn first_ite(e: &Expr) -> Option<Expr> {
    if let Expr::Ite(..) = e {
        return Some(e.clone());
    }
    e.children().into_iter().find_map(first_ite)
}

/// `e` with every occurrence of `target` replaced by `with`.
fn replace(e: &Expr, target: &Expr, with: &Expr) -> Expr {
    e.rewrite(&|x| (x == target).then(|| with.clone()))
}
