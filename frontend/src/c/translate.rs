//! From clang's typed AST of a C translation unit to a control-flow automaton.
//!
//! What a C construct means (which declaration a name denotes, every
//! operand's type and the implicit conversions between them, the values of
//! constants and `sizeof`, the widths of types on the target) is read from
//! clang (`certa-clang`); this module only turns those meanings into
//! transitions. The translator never resolves a name or chooses a type.
//!
//! Every C variable (global, local, parameter, return value) becomes one
//! task state variable: functions are not recursive, so at most one
//! activation of each exists and all inlined copies share them. Temporaries
//! hold nondet values (`nondet@<line>_<col>_<k>`, one per call site, so a
//! trace lists the values in call order) and values of short-circuit or `?:`
//! expressions with side effects.
//!
//! Evaluation order: where C leaves the order of two operands unspecified
//! and it matters (one writes a variable the other reads or writes, directly
//! or in a called function), the program is refused (`order.rs`); otherwise
//! left to right is as good as any order.
//!
//! Values: an integer expression with its C type, and for unsigned types
//! possibly "unreduced" (congruent modulo 2^w to the C value); `+`, `-`,
//! unary `-` and products with constants keep congruence, so the reduction
//! is applied only where the value is observed (comparison, division,
//! conversion, store). Stored values are always reduced, so every variable
//! of an unsigned type, `_Bool`, `char` or `short` lies in its type's range
//! in every reachable state (also initially: the first edge assumes it).
//! Arrays are `int -> int` state variables; see `tr/arrays.rs`.

use super::types::{interval, Ty, BOOL, INT};
use super::DataModel;
use crate::cfa::{Cfa, CfaEdge, Op};
use crate::{Encoding, FrontendError, Pos, Program};
use clang_ast::{BinOp, DeclId, Kind, Node, Type, TypeKind};
use format::{Expr, Num, SourceStatement};
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use std::collections::{HashMap, HashSet};

#[path = "tr/arith.rs"]
mod arith;
#[path = "tr/arrays.rs"]
mod arrays;
#[path = "tr/calls.rs"]
mod calls;
#[path = "tr/checks.rs"]
pub(super) mod checks;
#[path = "tr/expr.rs"]
mod expr;
#[path = "tr/memory.rs"]
mod memory;
#[path = "tr/objects.rs"]
mod objects;
#[path = "tr/order.rs"]
mod order;
#[path = "tr/pointers.rs"]
mod pointers;
#[path = "tr/record.rs"]
mod record;
#[path = "tr/stmt.rs"]
mod stmt;
#[path = "tr/strings.rs"]
mod strings;
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

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(super) struct VarInfo {
    pub(super) name: String,
    /// The type; of the elements for an array.
    pub(super) ty: Ty,
    /// An array's dimensions (outermost first); `None` for a scalar.
    pub(super) dims: Option<Vec<BigInt>>,
    /// An array parameter (`int b[]`, `int *b`) aliasing its argument.
    pub(super) alias: bool,
    /// The static address of a variable that lives in memory (its address
    /// is taken, it is a struct, or an array used as a pointer): then it
    /// has no state variable of its own (see `tr/memory.rs`).
    pub(super) mem: Option<BigInt>,
}

impl VarInfo {
    fn scalar(name: String, ty: Ty) -> VarInfo {
        VarInfo {
            name,
            ty,
            dims: None,
            alias: false,
            mem: None,
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

struct Frame {
    func: String,
    /// C names in scope, innermost last (for witnesses; lookups use clang's
    /// resolution through `decls`).
    scopes: Vec<HashMap<String, VarInfo>>,
    /// (break target, continue target)
    loops: Vec<(usize, usize)>,
    /// Labels by name (function scope).
    labels: HashMap<String, usize>,
    defined_labels: HashSet<String>,
    ret: Option<VarInfo>,
    ret_loc: usize,
    /// Array parameters: the parameter's declaration -> the argument array.
    aliases: HashMap<DeclId, VarInfo>,
    /// Function-pointer parameters bound to one function's address and
    /// never assigned in the body: calls through them need no dispatch.
    known_functions: HashMap<DeclId, i64>,
    /// A function returning a struct: the object `return` copies it to.
    ret_object: Option<(i64, Type)>,
}

/// `continue` target of a `switch` outside any loop.
const NO_LOOP: usize = usize::MAX;

pub(super) struct Tr<'a> {
    /// The parsed file (positions outside it name their own file).
    file: String,
    /// The parsed file's text, for statement snippets.
    text: &'a str,
    /// The data model the unit was parsed for (sizes come from clang).
    _dm: DataModel,
    /// Function definitions by declaration.
    funcs: HashMap<DeclId, &'a Node>,
    /// Names of defined functions (for recursion checks and records).
    func_names: HashMap<DeclId, String>,
    /// Each C variable's state variable, by declaration.
    decls: HashMap<DeclId, VarInfo>,
    /// Globals in declaration order, with their C names (for records).
    globals: Vec<(String, VarInfo, u32)>,
    vars: Vec<String>,
    var_ty: HashMap<String, Ty>,
    /// The array state variables (not in `var_ty`).
    arrays: HashSet<String>,
    used_names: HashSet<String>,
    /// Return variables by function.
    ret_vars: HashMap<DeclId, String>,
    temp_vars: HashMap<(u32, &'static str), String>,
    cfa: Cfa,
    loc_names: HashSet<String>,
    frames: Vec<Frame>,
    /// The `switch` statements being lowered, innermost last.
    switches: Vec<Switch>,
    /// Global variables read and written by each defined function
    /// (transitively), for the evaluation-order check.
    effects: HashMap<DeclId, order::Effects>,
    /// Variables of static storage duration (globals, static locals): the
    /// only ones a called function and its caller share.
    static_vars: HashSet<DeclId>,
    /// Does `main` have labels (so a declaration in it may run twice)?
    main_labels: bool,
    /// What witnesses need to know, when asked for (see `record.rs`).
    record: Option<Record>,
    /// Records, what lives in memory and where (see `tr/memory.rs`).
    memory: memory::Memory,
    /// The object type of the one allocation inside an allocating wrapper
    /// being inlined (`void *xmalloc(n)` whose result the caller converts
    /// to `T *` at once).
    alloc_hint: Option<Type>,
    /// The properties checked: which operations are checked (`tr/checks.rs`).
    props: crate::Properties,
    /// Checks queued by the operation being translated, not yet emitted.
    pending: Vec<checks::Pending<'a>>,
    /// Conditions under which the operand being evaluated runs (innermost last).
    spec_guards: Vec<Expr>,
    /// The check sites emitted so far, and the CFA edges into `bad` of each.
    sites: Vec<checks::CheckSite>,
    site_edges: HashMap<usize, u32>,
    violation_var: Option<String>,
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
fn cmp(op: BinOp, a: Expr, b: Expr) -> Expr {
    let (a, b) = (Box::new(a), Box::new(b));
    fold(match op {
        BinOp::Lt => Expr::Lt(a, b),
        BinOp::Gt => Expr::Gt(a, b),
        BinOp::Le => Expr::Le(a, b),
        BinOp::Ge => Expr::Ge(a, b),
        BinOp::Eq => Expr::Eq(a, b),
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

/// `c` for `ite(c, 1, 0)`.
fn strip_bool(e: &Expr) -> Option<Expr> {
    if let Expr::Ite(c, a, b) = e {
        if konst(a) == Some(BigInt::one()) && konst(b) == Some(BigInt::zero()) {
            return Some((**c).clone());
        }
    }
    None
}

/// The last child: the operand of a cast (a `TypeRef` may come first).
fn last(n: &Node) -> Option<&Node> {
    n.children.last()
}

impl<'a> Tr<'a> {
    fn new(file: &str, text: &'a str, dm: DataModel, props: crate::Properties) -> Tr<'a> {
        Tr {
            file: file.to_string(),
            text,
            _dm: dm,
            funcs: HashMap::new(),
            func_names: HashMap::new(),
            decls: HashMap::new(),
            globals: Vec::new(),
            vars: Vec::new(),
            var_ty: HashMap::new(),
            arrays: HashSet::new(),
            used_names: HashSet::new(),
            ret_vars: HashMap::new(),
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
            effects: HashMap::new(),
            static_vars: HashSet::new(),
            main_labels: false,
            record: None,
            memory: memory::Memory::default(),
            alloc_hint: None,
            props,
            pending: Vec::new(),
            spec_guards: Vec::new(),
            sites: Vec::new(),
            site_edges: HashMap::new(),
            violation_var: None,
        }
    }
}

fn global_frame(exit: usize) -> Frame {
    Frame {
        func: String::new(),
        scopes: vec![],
        loops: vec![],
        labels: HashMap::new(),
        defined_labels: HashSet::new(),
        ret: None,
        ret_loc: exit,
        aliases: HashMap::new(),
        known_functions: HashMap::new(),
        ret_object: None,
    }
}

/// Translates a unit: the program is `main`. With `record`, also what
/// witnesses need (which does not change the program).
pub(super) fn translate(
    file: &str,
    text: &str,
    unit: &[Node],
    dm: DataModel,
    encoding: Encoding,
    record: bool,
    props: crate::Properties,
) -> R<(Program, Option<Record>)> {
    let mut tr = Tr::new(file, text, dm, props);
    if record {
        tr.record = Some(Record::default());
        tr.record_typedefs(unit);
    }
    tr.cfa.entry = tr.named_loc("entry");
    tr.cfa.bad = tr.named_loc("bad");
    tr.cfa.exit = tr.named_loc("exit");
    let init = tr.named_loc("init");
    let mut cur = init;
    // Function definitions first: a global's initializer cannot call one,
    // but the order check of any expression may need their summaries.
    for d in unit {
        if d.kind == Kind::FunctionDecl && d.definition {
            if let Some(id) = d.decl {
                tr.funcs.insert(id, d);
                tr.func_names.insert(id, d.name.clone());
            }
        }
    }
    collect_static_vars(unit, &mut tr.static_vars);
    tr.static_vars.insert(memory::MEMORY);
    tr.plan_memory(unit);
    tr.summarise_functions()?;
    // The frame of initialisers: they see only globals.
    tr.frames.push(global_frame(tr.cfa.exit));
    for d in unit {
        tr.top_level(d, &mut cur)?;
    }
    // Static locals live (and are initialised) from the start.
    let funcs: Vec<&Node> = unit
        .iter()
        .filter(|d| d.kind == Kind::FunctionDecl && d.definition)
        .collect();
    for f in &funcs {
        tr.static_locals(&f.name, f, &mut cur)?;
    }
    tr.frames.pop();
    let Some(main) = funcs.iter().copied().find(|f| f.name == "main") else {
        return Err(FrontendError::invalid(
            file,
            Pos { line: 1, col: 1 },
            "no `main` function",
        ));
    };
    let exit = tr.cfa.exit;
    let mut frame = global_frame(exit);
    frame.func = "main".into();
    frame.scopes = vec![HashMap::new()];
    for p in main.children.iter().filter(|c| c.kind == Kind::ParmDecl) {
        // Parameters of main are unconstrained values of their type.
        let Some(ty) = tr.scalar_type(&p.ty, p)? else {
            return Err(tr.invalid(p, "parameter of type void"));
        };
        let v = tr.decl_var("main", p, ty);
        frame.scopes[0].insert(p.name.clone(), v.clone());
        let mut c = cur;
        tr.emit(&mut c, Op::Havoc(v.name.clone()), p);
        tr.emit(&mut c, Op::Assume(in_range(Expr::var(&v.name), &ty)), p);
        cur = c;
    }
    tr.frames.push(frame);
    let body = tr.body(main)?;
    tr.main_labels = has_labels(body);
    let end = tr.stmt(body, cur)?;
    tr.edge(end, exit, Op::Skip, None);
    tr.check_labels(main)?;
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
    let start = tr.memory_start();
    if start.is_empty() {
        tr.edge(entry, first, Op::Assume(range.clone()), None);
    } else {
        // Memory starts zero, the heap after the static objects.
        let mut at = tr.named_loc("memory");
        tr.edge(entry, at, Op::Assume(range.clone()), None);
        let n = start.len();
        for (k, op) in start.into_iter().enumerate() {
            let to = if k + 1 == n {
                first
            } else {
                tr.named_loc("memory")
            };
            tr.edge(at, to, op, None);
            at = to;
        }
    }
    tr.mark_violations();
    let record = tr.record.take().map(|r| r.finish(&tr));
    let source_file = if main.at.file.is_empty() {
        file.to_string()
    } else {
        main.at.file.clone()
    };
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
    let checks = tr.violation_var.take().map(|v| crate::Checks {
        violation_var: v,
        sites: std::mem::take(&mut tr.sites),
    });
    let keep: Vec<String> = checks.iter().map(|c| c.violation_var.clone()).collect();
    let mut program = crate::lbe::encode(&source_file, &decls, tr.cfa, encoding, &range, &keep);
    program.checks = checks;
    Ok((program, record))
}

impl<'a> Tr<'a> {
    // ---------------------------------------------------------------- errors

    fn pos(&self, n: &Node) -> (String, Pos) {
        let f = if n.at.file.is_empty() {
            self.file.clone()
        } else {
            n.at.file.clone()
        };
        (
            f,
            Pos {
                line: n.at.line,
                col: n.at.col,
            },
        )
    }
    fn unsup(&self, n: &Node, what: &str) -> FrontendError {
        let (f, p) = self.pos(n);
        FrontendError::unsupported_c(&f, p, what)
    }
    fn invalid(&self, n: &Node, what: &str) -> FrontendError {
        let (f, p) = self.pos(n);
        FrontendError::invalid(&f, p, what)
    }
    /// The source text of a node (of the parsed file; empty elsewhere).
    fn snippet(&self, n: &Node) -> String {
        let (a, b) = (n.at.offset as usize, n.end.offset as usize);
        if !n.at.in_main_file || !n.end.in_main_file || a > b || b > self.text.len() {
            return String::new();
        }
        self.text.get(a..b).unwrap_or("").to_string()
    }
    fn src(&self, n: &Node, text: Option<String>) -> Option<SourceStatement> {
        Some(SourceStatement {
            line: n.at.line,
            col: n.at.col,
            text: text.unwrap_or_else(|| self.snippet(n)),
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
    fn loc(&mut self, n: &Node) -> usize {
        self.named_loc(&format!("l{}_{}", n.at.line, n.at.col))
    }
    fn loc_end(&mut self, n: &Node) -> usize {
        self.named_loc(&format!("l{}_{}", n.end.line, n.end.col))
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
    fn emit(&mut self, cur: &mut usize, op: Op, n: &Node) {
        let next = self.loc_end(n);
        let src = self.src(n, None);
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
    /// The state variable of the scalar C variable declared by `d`
    /// (shared by all inlined copies).
    fn decl_var(&mut self, func: &str, d: &Node, ty: Ty) -> VarInfo {
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
    fn temp(&mut self, kind: &'static str, n: &Node, ty: Ty) -> String {
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
    fn lookup(&self, n: &Node) -> R<VarInfo> {
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
    fn scalar_type(&self, t: &Type, at: &Node) -> R<Option<Ty>> {
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
    fn pointer_bits(&self) -> u32 {
        match self._dm {
            DataModel::Ilp32 => 32,
            DataModel::Lp64 => 64,
        }
    }

    fn int_type(&self, t: &Type, at: &Node) -> R<Ty> {
        match self.scalar_type(t, at)? {
            Some(t) => Ok(t),
            None => Err(self.invalid(at, "a void value is used")),
        }
    }

    // ---------------------------------------------------------------- declarations

    /// The body of a function definition.
    fn body(&self, f: &'a Node) -> R<&'a Node> {
        f.children
            .iter()
            .rev()
            .find(|c| c.kind == Kind::CompoundStmt)
            .ok_or_else(|| self.invalid(f, "function definition without a body"))
    }

    fn top_level(&mut self, d: &'a Node, cur: &mut usize) -> R<()> {
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
    fn global_var(&mut self, d: &'a Node, cur: &mut usize) -> R<()> {
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

    fn note_global(&mut self, d: &Node) {
        if self.frames.len() <= 1 && self.frames.last().is_none_or(|f| f.func.is_empty()) {
            if let Some(v) = d.decl.and_then(|id| self.decls.get(&id)).cloned() {
                self.globals.push((d.name.clone(), v, d.at.offset));
            }
        }
    }

    /// The static locals of function `f` (any block depth), made and
    /// initialised before `main` runs, as C's static storage duration says.
    fn static_locals(&mut self, fname: &str, n: &'a Node, cur: &mut usize) -> R<()> {
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

    fn init_scalar(&mut self, v: &VarInfo, init: &'a Node, cur: &mut usize, d: &Node) -> R<()> {
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

    fn local_decl(&mut self, d: &'a Node, cur: &mut usize) -> R<()> {
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

/// Does `n` contain a label (so `goto` may re-run code before it)?
fn has_labels(n: &Node) -> bool {
    n.kind == Kind::LabelStmt || n.children.iter().any(has_labels)
}

/// The declarations of variables of static storage duration in `nodes`.
fn collect_static_vars(nodes: &[Node], out: &mut HashSet<DeclId>) {
    for n in nodes {
        if n.kind == Kind::VarDecl && n.global_storage {
            if let Some(id) = n.decl {
                out.insert(id);
            }
        }
        collect_static_vars(&n.children, out);
    }
}

/// How a type is named in a refusal: what certa does not model yet.
fn type_name(t: &Type) -> String {
    let what = match t.kind {
        TypeKind::Pointer => "pointers",
        TypeKind::Record => "structs or unions",
        TypeKind::Float | TypeKind::Double | TypeKind::LongDouble => "floating-point types",
        TypeKind::Complex => "complex types",
        TypeKind::Int128 | TypeKind::UInt128 => "128-bit integers",
        TypeKind::Atomic => "atomic types",
        TypeKind::Vector => "vector types",
        TypeKind::FunctionProto | TypeKind::FunctionNoProto => "function values",
        TypeKind::ConstantArray | TypeKind::IncompleteArray => "arrays here",
        TypeKind::VariableArray => "variable-length arrays",
        _ => "",
    };
    if what.is_empty() {
        format!("values of type `{}`", t.spelling)
    } else {
        format!("{what} (type `{}`)", t.spelling)
    }
}

/// A node's kind for messages.
fn kind_name(n: &Node) -> String {
    if n.kind == Kind::Other {
        n.other_kind.clone()
    } else {
        format!("{:?}", n.kind)
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
