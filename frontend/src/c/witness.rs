//! Source facts for SV-COMP witnesses 2.0: loop heads, visible C variables, and C invariants as formulas over task state variables.
//!
//! * [`load_with_c_info`] translates a C program (`.c`, `.i`, `.yml`) exactly
//!   as [`crate::load`] does (same task, byte for byte) and records, for each
//!   source loop (`while`, `for`, `do`; `goto` loops are not loops here), its
//!   head location in the CFA, the position of its keyword, the function it
//!   is written in and the C variables visible there. A function inlined at
//!   several call sites gives one [`LoopHead`] per copy (locations `l8_3`,
//!   `l8_3.2`, ...), all with the same position and function.
//! * Every location of the CFA (not only loop heads) also has the function
//!   it belongs to and the C variables visible there, those in force where
//!   its first edge leaves (see `record.rs`).
//! * [`translate_expression`] translates a C expression written at a loop
//!   head or another location (a witness invariant or assumption) with the
//!   translator's own semantics (integer promotions, usual arithmetic
//!   conversions, wrapping conversions and unsigned arithmetic, truncating
//!   `/` and `%` by constants, ...): the result is its truth value (nonzero)
//!   over the task's current-state variables. Like the task, it relies on
//!   every variable of a bounded type (unsigned, `_Bool`, `char`, `short`)
//!   lying in its type's range, which holds in every reachable state (the
//!   task assumes it on every edge). Side effects, calls, and elements of
//!   arrays of bounded types (whose range the task does not keep) are
//!   rejected; so is what the translator rejects (`x / y`, `x & y`, ...).

use super::translate::{self, Record, VarInfo};
use super::types::{Ty, BOOL};
use super::DataModel;
use crate::{Encoding, FrontendError, Pos, Program};
use clang_ast::{BinOp, DeclId, Kind, Node, UnOp};
use num_bigint::BigInt;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::path::Path;

type R<T> = Result<T, FrontendError>;

/// A C integer type. `name` is a canonical spelling by width (`char`,
/// `short`, `int`, `long long`, with `unsigned`, or `_Bool`), not the
/// declared one: typedefs are resolved and a 64-bit `long` is `long long`.
/// `bits` counts value bits (1 for `_Bool`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CType {
    pub name: String,
    pub signed: bool,
    pub bits: u32,
}

impl CType {
    fn of(t: Ty) -> CType {
        let name = match (t.boolean, t.signed, t.bits) {
            (true, ..) => "_Bool",
            (_, true, 8) => "char",
            (_, false, 8) => "unsigned char",
            (_, true, 16) => "short",
            (_, false, 16) => "unsigned short",
            (_, true, 32) => "int",
            (_, false, 32) => "unsigned int",
            (_, true, _) => "long long",
            (_, false, _) => "unsigned long long",
        };
        CType {
            name: name.into(),
            signed: t.signed,
            bits: t.bits,
        }
    }
    fn ty(&self) -> Ty {
        if self.bits == 1 {
            BOOL
        } else {
            Ty::new(self.signed, self.bits)
        }
    }
}

/// A C variable visible at a loop head.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScopeVar {
    pub c_name: String,
    /// The task state variable (for an array parameter of an inlined
    /// function: the argument array of this copy).
    pub var: String,
    /// The type (of the elements, for an array).
    pub ty: CType,
    /// An array or a pointer: no witness states its value.
    pub array: bool,
    pub(crate) dims: Vec<BigInt>,
    pub(crate) alias: bool,
}

impl ScopeVar {
    fn new(c_name: String, v: VarInfo) -> ScopeVar {
        ScopeVar {
            c_name,
            var: v.name,
            ty: CType::of(v.ty),
            // A pointer's value is certa's address, not the program's: like
            // an array, it is not said in C.
            array: v.dims.is_some() || v.ty.pointer,
            dims: v.dims.unwrap_or_default(),
            alias: v.alias,
        }
    }
    fn info(&self) -> VarInfo {
        VarInfo {
            name: self.var.clone(),
            ty: self.ty.ty(),
            dims: self.array.then(|| self.dims.clone()),
            alias: self.alias,
            mem: None,
        }
    }
}

/// The head of a source loop (one inlined copy of it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopHead {
    /// The CFA location, named as in `Task::locations`.
    pub location: String,
    /// Whether the task has the location (the encoding drops locations from
    /// which `bad` is unreachable).
    pub in_task: bool,
    /// The file of the loop keyword (by `# line` markers) and its position.
    pub file: String,
    pub pos: Pos,
    /// The C function the loop is written in.
    pub function: String,
    /// `while`, `for` or `do`.
    pub keyword: String,
    /// The variables visible at the head, by C name (inner declarations
    /// shadow outer ones and globals).
    pub scope: Vec<ScopeVar>,
}

/// A task state variable that is a C program variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CVar {
    pub c_name: String,
    /// The function declaring it; `""` for globals.
    pub function: String,
    /// The type (of the elements, for an array).
    pub ty: CType,
    /// An array or a pointer: no witness states its value.
    pub array: bool,
}

/// What witnesses need to know about a C program's translation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CSourceInfo {
    /// The C file, as named in the task's source map.
    pub file: String,
    pub data_model: DataModel,
    /// The properties the program was translated for.
    pub properties: crate::Properties,
    /// Every loop head, in translation order.
    pub loops: Vec<LoopHead>,
    /// The program variables, by state variable.
    pub vars: BTreeMap<String, CVar>,
    /// The other state variables: nondet values, return values, copies.
    pub temporaries: BTreeSet<String>,
    typedefs: BTreeMap<String, Result<Option<Ty>, String>>,
    /// Location -> (function, index into `scopes`).
    locations: BTreeMap<String, (String, usize)>,
    scopes: Vec<Vec<ScopeVar>>,
}

impl CSourceInfo {
    /// The loop head at a task location.
    pub fn loop_head(&self, location: &str) -> Option<&LoopHead> {
        self.loops.iter().find(|l| l.location == location)
    }
    /// The loop heads (all inlined copies) whose keyword is at `line` (and
    /// `column`, if given).
    pub fn loops_at(&self, line: u32, column: Option<u32>) -> Vec<&LoopHead> {
        self.loops
            .iter()
            .filter(|l| l.pos.line == line && column.is_none_or(|c| c == l.pos.col))
            .collect()
    }
    /// The C function a CFA location belongs to (`None` for the locations
    /// outside functions: entry, global initialisers, `bad`, ...).
    pub fn function_of(&self, location: &str) -> Option<&str> {
        self.locations.get(location).map(|(f, _)| f.as_str())
    }
    /// The C variables visible at a CFA location, sorted by C name.
    pub fn scope_at(&self, location: &str) -> Option<&[ScopeVar]> {
        let (_, s) = self.locations.get(location)?;
        Some(&self.scopes[*s])
    }
}

/// Translates a C program (`.c`, `.i`, or an SV-COMP `.yml` task) as
/// [`crate::load`] does, and records its [`CSourceInfo`].
pub fn load_with_c_info(
    path: &Path,
    encoding: Encoding,
    props: crate::Properties,
) -> R<(Program, CSourceInfo)> {
    let (input, dm) = match path.extension().and_then(|e| e.to_str()) {
        Some("c" | "i") => (path.to_path_buf(), DataModel::default()),
        Some("yml" | "yaml") => super::yml_input(path)?,
        _ => {
            let file = path.display().to_string();
            let what = "not a C program (expected `.c`, `.i` or `.yml`)";
            return Err(FrontendError::invalid(&file, Pos { line: 1, col: 1 }, what));
        }
    };
    let (program, record) = super::translate_file(&input, dm, encoding, true, props)?;
    let mut info = build(&program, record.expect("a recorded translation"), dm);
    info.properties = props;
    Ok((program, info))
}

/// The [`CSourceInfo`] of a C program (see [`load_with_c_info`]), with
/// [`LoopHead::in_task`] about the large-block encoding.
pub fn c_source_info(path: &Path, props: crate::Properties) -> R<CSourceInfo> {
    load_with_c_info(path, Encoding::Lbe, props).map(|(_, info)| info)
}

fn build(program: &Program, rec: Record, dm: DataModel) -> CSourceInfo {
    let in_task: HashSet<&str> = program.task.locations.iter().map(|l| l.as_str()).collect();
    let scopes: Vec<Vec<ScopeVar>> = rec
        .scopes
        .into_iter()
        .map(|s| s.into_iter().map(|(c, v)| ScopeVar::new(c, v)).collect())
        .collect();
    let locations: BTreeMap<String, (String, usize)> = rec
        .locations
        .into_iter()
        .map(|(l, f, s)| (l, (f, s)))
        .collect();
    let loops = rec
        .loops
        .into_iter()
        .map(|l| LoopHead {
            in_task: in_task.contains(l.location.as_str()),
            scope: scopes[locations[&l.location].1].clone(),
            location: l.location,
            file: l.file,
            pos: l.pos,
            function: l.function,
            keyword: l.keyword.into(),
        })
        .collect();
    let mut vars = BTreeMap::new();
    for (function, c_name, v) in rec.vars {
        vars.entry(v.name.clone()).or_insert_with(|| CVar {
            c_name,
            function,
            ty: CType::of(v.ty),
            // A pointer's value is certa's address, not the program's: like
            // an array, it is not said in C.
            array: v.dims.is_some() || v.ty.pointer,
        });
    }
    let temporaries = rec
        .state_vars
        .into_iter()
        .filter(|v| !vars.contains_key(v))
        .collect();
    CSourceInfo {
        file: program.source_map.file.clone(),
        data_model: dm,
        properties: crate::Properties::default(),
        loops,
        vars,
        temporaries,
        typedefs: rec.typedefs.into_iter().collect(),
        locations,
        scopes,
    }
}

/// The file name of positions in an invariant's text.
const TEXT: &str = "invariant";
const WRAPPER: &str = "__certa_invariant";

/// Translates `text`, a C expression at CFA location `location` (a loop
/// head, or any location of a function), into its truth value over
/// current-state variables (see the module doc). Errors name the problem:
/// syntax, unknown identifiers (`undeclared variable`), side effects,
/// calls, unsupported constructs.
pub fn translate_expression(info: &CSourceInfo, location: &str, text: &str) -> R<format::Expr> {
    let Some(scope) = info.scope_at(location) else {
        let what = format!("no C scope at location `{location}`");
        return Err(FrontendError::invalid(
            &info.file,
            Pos { line: 0, col: 0 },
            &what,
        ));
    };
    translate_in_scope(info, scope, text)
}

/// [`translate_expression`] over the variables of `scope` (e.g. [`LoopHead::scope`]).
///
/// clang reads the expression in a unit of its own, parsed for the data
/// model's target: the program's typedef names (for casts), then
/// `_Bool __certa_invariant(void) { DECLS return (TEXT); }`, where DECLS
/// declares each variable of `scope` with its type, and a `# line` marker
/// before TEXT makes clang's places places in `text`. Names, types, implicit
/// conversions and constants are clang's, as for the program. What is
/// translated is the expression inside the wrapper's parentheses, not the
/// `return`'s conversion (a `_Bool` result type so a pointer value reaches
/// the translator's refusal rather than a clang error; an `int` one would
/// also truncate a `long long` before its truth value is taken).
pub fn translate_in_scope(info: &CSourceInfo, scope: &[ScopeVar], text: &str) -> R<format::Expr> {
    crate::with_stack(|| in_scope(info, scope, text))
}

/// The name clang gives the synthetic unit (an unsaved file, never on disk).
const UNIT: &str = "__certa_invariant.c";

/// The typedef names clang predeclares (a program may only restate them).
const CLANG_TYPEDEFS: [&str; 5] = [
    "__int128_t",
    "__uint128_t",
    "__NSConstantString",
    "__builtin_ms_va_list",
    "__builtin_va_list",
];

fn in_scope(info: &CSourceInfo, scope: &[ScopeVar], text: &str) -> R<format::Expr> {
    let at = |line: u32, col: u32| Pos { line, col };
    if let Some((line, col)) = directive(text) {
        let what = "a preprocessing directive in an invariant";
        return Err(FrontendError::syntax(TEXT, at(line, col), what));
    }
    let names: HashSet<&str> = scope.iter().map(|v| v.c_name.as_str()).collect();
    let mut unit_text = String::new();
    // Typedef names: integer types as themselves (by width, so `char`'s
    // signedness cannot differ), others as a placeholder whose use is
    // refused with the reason the translation gave (see `check_pure`).
    let mut refused: HashMap<&str, String> = HashMap::new();
    for (name, t) in info
        .typedefs
        .iter()
        .filter(|(n, _)| !names.contains(n.as_str()))
    {
        if name == WRAPPER || CLANG_TYPEDEFS.contains(&name.as_str()) {
            continue;
        }
        let c = match t {
            Ok(Some(ty)) => c_type(*ty),
            Ok(None) => "void",
            Err(why) => {
                refused.insert(name, why.clone());
                "int"
            }
        };
        unit_text.push_str(&format!("typedef {c} {name};\n"));
    }
    // The variables are the wrapper's locals: a local may be named like a
    // library function (`index`, `abs`), which a file-scope variable may not.
    unit_text.push_str(&format!("_Bool {WRAPPER}(void) {{\n"));
    for v in scope {
        let c = c_type(v.ty.ty());
        let name = &v.c_name;
        let decl = if !v.array {
            format!("{c} {name};\n")
        } else if v.alias || v.dims.first().is_none_or(|d| *d == BigInt::from(0)) {
            // An array parameter is a pointer, as clang adjusted it.
            format!("{c} *{name};\n")
        } else {
            let dims: String = v.dims.iter().map(|d| format!("[{d}]")).collect();
            format!("{c} {name}{dims};\n")
        };
        unit_text.push_str(&decl);
    }
    unit_text.push_str("return ");
    let open = unit_text.len();
    unit_text.push_str(&format!("(\n#line 1 \"{TEXT}\"\n{text}\n"));
    let close = unit_text.len();
    unit_text.push_str("); }\n");
    let unit = clang_ast::parse_text(UNIT, &unit_text, &super::clang_args(info.data_model));
    let unit = unit.map_err(|e| match e {
        clang_ast::ParseError::Library(m) => FrontendError::invalid(TEXT, at(0, 0), &m),
        clang_ast::ParseError::Errors(ds) => {
            let d = &ds[0];
            let pos = if d.loc.file == TEXT {
                at(d.loc.line, d.loc.col)
            } else {
                at(1, 1)
            };
            match undeclared_name(&d.message) {
                Some(name) => FrontendError::undeclared(TEXT, pos, name),
                None => FrontendError::syntax(TEXT, pos, &format!("{} (clang)", d.message)),
            }
        }
    })?;
    // The synthetic declarations, by clang's identity.
    let mut bad_types: HashMap<DeclId, String> = HashMap::new();
    let mut wrapper = None;
    for d in unit.decls.iter().filter(|d| d.at.file == UNIT) {
        match d.kind {
            Kind::TypedefDecl => {
                if let (Some(id), Some(why)) = (d.decl, refused.get(d.name.as_str())) {
                    bad_types.insert(id, why.clone());
                }
            }
            Kind::FunctionDecl if d.name == WRAPPER && d.definition => wrapper = Some(d),
            _ => {}
        }
    }
    let not_one = || FrontendError::syntax(TEXT, at(1, 1), "not one C expression");
    // The body is the declarations, then `return (...);` whose parentheses
    // are the wrapper's own (`x) + (y` or `x); } int g(void) { return (y`
    // parse too).
    let body = wrapper
        .and_then(|f| f.children.iter().find(|c| c.kind == Kind::CompoundStmt))
        .ok_or_else(not_one)?;
    let Some((ret, decls)) = body.children.split_last() else {
        return Err(not_one());
    };
    let by_name: HashMap<&str, &ScopeVar> = scope.iter().map(|v| (v.c_name.as_str(), v)).collect();
    let mut vars: HashMap<DeclId, VarInfo> = HashMap::new();
    for s in decls {
        if s.kind != Kind::DeclStmt {
            return Err(not_one());
        }
        for d in s.children.iter().filter(|d| d.kind == Kind::VarDecl) {
            if let (Some(id), Some(v)) = (d.decl, by_name.get(d.name.as_str())) {
                vars.insert(id, v.info());
            }
        }
    }
    let ret = match (ret.kind, ret.children.as_slice()) {
        (Kind::ReturnStmt, [r]) => r,
        _ => return Err(not_one()),
    };
    let mut paren = ret;
    while paren.kind == Kind::UnexposedExpr && paren.children.len() == 1 {
        paren = &paren.children[0];
    }
    let (a, b) = (paren.at.offset as usize, paren.end.offset as usize);
    if paren.kind != Kind::ParenExpr || a != open || !(b == close || b == close + 1) {
        return Err(not_one());
    }
    let [e] = paren.children.as_slice() else {
        return Err(not_one());
    };
    check_pure(e, &vars, &bad_types, true)?;
    translate::condition(TEXT, &unit_text, e, info.data_model, vars)
}

/// The C spelling of an integer type by width (never plain `char`, whose
/// signedness is the target's; `long long` for every 64-bit type).
fn c_type(t: Ty) -> &'static str {
    match (t.boolean, t.signed, t.bits) {
        (true, ..) => "_Bool",
        (_, true, 8) => "signed char",
        (_, false, 8) => "unsigned char",
        (_, true, 16) => "short",
        (_, false, 16) => "unsigned short",
        (_, true, 32) => "int",
        (_, false, 32) => "unsigned int",
        (_, true, _) => "long long",
        (_, false, _) => "unsigned long long",
    }
}

/// The place of the first `#` (or its digraph `%:`) outside literals and
/// comments: clang would run a preprocessing directive (`#include`,
/// `#define`, ...; a comment may come before it on its line), and no C
/// expression has a `#` elsewhere.
fn directive(text: &str) -> Option<(u32, u32)> {
    #[derive(PartialEq)]
    enum In {
        Code,
        Str(char),
        Line,
        Block,
    }
    let mut state = In::Code;
    let (mut line, mut col) = (1u32, 0u32);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        col += 1;
        if c == '\n' {
            (line, col) = (line + 1, 0);
        }
        let next = chars.peek().copied();
        match state {
            In::Code => match (c, next) {
                ('#', _) | ('%', Some(':')) => return Some((line, col)),
                ('"' | '\'', _) => state = In::Str(c),
                ('/', Some('/')) => state = In::Line,
                ('/', Some('*')) => {
                    chars.next();
                    col += 1;
                    state = In::Block;
                }
                _ => {}
            },
            In::Str(q) => {
                if c == '\\' {
                    // An escaped character (a newline too: the literal goes on).
                    if chars.next() == Some('\n') {
                        (line, col) = (line + 1, 0);
                    } else {
                        col += 1;
                    }
                } else if c == q || c == '\n' {
                    state = In::Code;
                }
            }
            In::Line => {
                if c == '\n' {
                    state = In::Code;
                }
            }
            In::Block => {
                if c == '*' && next == Some('/') {
                    chars.next();
                    col += 1;
                    state = In::Code;
                }
            }
        }
    }
    None
}

/// The name in clang's `use of undeclared identifier 'x'` (also with a
/// `; did you mean 'y'?` suggestion).
fn undeclared_name(message: &str) -> Option<&str> {
    let rest = message.strip_prefix("use of undeclared identifier '")?;
    rest.split('\'').next().filter(|n| !n.is_empty())
}

/// Rejects side effects, calls, and reads of array elements whose range
/// the task does not keep invariant; the translation judges the rest.
/// Also refuses the typedef names whose type the translation refused
/// (`bad_types`, declared as placeholders). `evaluated` is false inside
/// `sizeof`/`_Alignof`, whose operand has no effect.
fn check_pure(
    e: &Node,
    vars: &HashMap<DeclId, VarInfo>,
    bad_types: &HashMap<DeclId, String>,
    evaluated: bool,
) -> R<()> {
    let reject = |n: &Node, what: &str| {
        Err(FrontendError::unsupported_c(
            TEXT,
            Pos {
                line: n.at.line,
                col: n.at.col,
            },
            what,
        ))
    };
    if e.kind == Kind::TypeRef {
        if let Some(why) = e.decl.and_then(|id| bad_types.get(&id)) {
            return reject(e, why);
        }
        return Ok(());
    }
    let evaluated = evaluated && e.kind != Kind::UnaryExprOrTypeTrait;
    if evaluated {
        let elements = |x: &Node| {
            let b = strip(x);
            let bounded = (b.kind == Kind::DeclRefExpr)
                .then(|| b.decl.and_then(|id| vars.get(&id)))
                .flatten()
                .filter(|v| v.dims.is_some() && v.ty.stays_in_range());
            match bounded {
                Some(v) => reject(
                    e,
                    &format!(
                        "elements of array `{}` of type {} in an invariant (only arrays of \
                         `int` and wider signed types)",
                        b.name,
                        CType::of(v.ty).name
                    ),
                ),
                None => Ok(()),
            }
        };
        match e.kind {
            Kind::CallExpr => {
                let callee = e.children.first().map(strip);
                return match callee {
                    Some(f) if f.kind == Kind::DeclRefExpr => {
                        reject(e, &format!("function call `{}` in an invariant", f.name))
                    }
                    _ => reject(e, "function call in an invariant"),
                };
            }
            Kind::UnaryOperator => match e.unop {
                Some(UnOp::PreInc | UnOp::PostInc) => {
                    return reject(e, "`++` (a side effect) in an invariant")
                }
                Some(UnOp::PreDec | UnOp::PostDec) => {
                    return reject(e, "`--` (a side effect) in an invariant")
                }
                Some(UnOp::Deref) => {
                    if let Some(x) = e.children.first() {
                        elements(x)?;
                    }
                }
                _ => {}
            },
            Kind::BinaryOperator | Kind::CompoundAssignOperator => {
                if let Some(op) = e.binop.and_then(assignment) {
                    return reject(
                        e,
                        &format!("assignment `{op}` (a side effect) in an invariant"),
                    );
                }
            }
            Kind::ArraySubscriptExpr => {
                for x in &e.children {
                    elements(x)?;
                }
            }
            _ => {}
        }
    }
    e.children
        .iter()
        .try_for_each(|c| check_pure(c, vars, bad_types, evaluated))
}

/// An expression without parentheses and implicit conversions.
fn strip(mut e: &Node) -> &Node {
    while matches!(e.kind, Kind::ParenExpr | Kind::UnexposedExpr) && e.children.len() == 1 {
        e = &e.children[0];
    }
    e
}

/// The spelling of an assignment operator.
fn assignment(op: BinOp) -> Option<&'static str> {
    use BinOp::*;
    Some(match op {
        Assign => "=",
        MulAssign => "*=",
        DivAssign => "/=",
        RemAssign => "%=",
        AddAssign => "+=",
        SubAssign => "-=",
        ShlAssign => "<<=",
        ShrAssign => ">>=",
        AndAssign => "&=",
        XorAssign => "^=",
        OrAssign => "|=",
        _ => return None,
    })
}
