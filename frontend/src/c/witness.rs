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

use super::lines::LineMap;
use super::translate::{self, Record, VarInfo};
use super::types::{Ty, BOOL};
use super::DataModel;
use crate::{Encoding, FrontendError, Pos, Program};
use lang_c::ast::*;
use lang_c::span::{Node, Span};
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
            array: v.dims.is_some(),
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
    pub array: bool,
}

/// What witnesses need to know about a C program's translation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CSourceInfo {
    /// The C file, as named in the task's source map.
    pub file: String,
    pub data_model: DataModel,
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
pub fn load_with_c_info(path: &Path, encoding: Encoding) -> R<(Program, CSourceInfo)> {
    let (input, dm) = match path.extension().and_then(|e| e.to_str()) {
        Some("c" | "i") => (path.to_path_buf(), DataModel::default()),
        Some("yml" | "yaml") => super::yml_input(path)?,
        _ => {
            let file = path.display().to_string();
            let what = "not a C program (expected `.c`, `.i` or `.yml`)";
            return Err(FrontendError::invalid(&file, Pos { line: 1, col: 1 }, what));
        }
    };
    let (program, record) = super::translate_file(&input, dm, encoding, true)?;
    let info = build(&program, record.expect("a recorded translation"), dm);
    Ok((program, info))
}

/// The [`CSourceInfo`] of a C program (see [`load_with_c_info`]), with
/// [`LoopHead::in_task`] about the large-block encoding.
pub fn c_source_info(path: &Path) -> R<CSourceInfo> {
    load_with_c_info(path, Encoding::Lbe).map(|(_, info)| info)
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
            array: v.dims.is_some(),
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
pub fn translate_in_scope(info: &CSourceInfo, scope: &[ScopeVar], text: &str) -> R<format::Expr> {
    let scope: HashMap<String, VarInfo> =
        scope.iter().map(|v| (v.c_name.clone(), v.info())).collect();
    // A unit around the expression: the program's typedef names (for casts;
    // types come from `info`), then the expression as the only statement.
    let mut unit_text = String::new();
    let mut n_typedefs = 0;
    for name in info.typedefs.keys().filter(|n| !scope.contains_key(*n)) {
        unit_text.push_str(&format!("typedef int {name};\n"));
        n_typedefs += 1;
    }
    unit_text.push_str(&format!(
        "void {WRAPPER}(void) {{\n# 1 \"{TEXT}\"\n{text}\n;}}\n"
    ));
    let map = LineMap::new(&unit_text, TEXT);
    let config = lang_c::driver::Config::default();
    let parsed =
        crate::with_stack(|| lang_c::driver::parse_preprocessed(&config, unit_text.clone()));
    let unit = parsed.map_err(|e| super::parse_error(&map, &e))?.unit;
    let not_one = || FrontendError::syntax(TEXT, Pos { line: 1, col: 1 }, "not one C expression");
    let body = match unit.0.as_slice() {
        [.., last] if unit.0.len() == n_typedefs + 1 => match &last.node {
            ExternalDeclaration::FunctionDefinition(f) => &f.node.statement,
            _ => return Err(not_one()),
        },
        _ => return Err(not_one()),
    };
    let e = match &body.node {
        Statement::Compound(items) => match items.as_slice() {
            [item] => match &item.node {
                BlockItem::Statement(s) => match &s.node {
                    Statement::Expression(Some(e)) => e,
                    _ => return Err(not_one()),
                },
                _ => return Err(not_one()),
            },
            _ => return Err(not_one()),
        },
        _ => return Err(not_one()),
    };
    check_pure(e, &scope, &map)?;
    let typedefs = info.typedefs.clone().into_iter().collect();
    crate::with_stack(|| translate::condition(TEXT, &map, e, info.data_model, typedefs, scope))
}

/// Rejects side effects, calls, and reads of array elements whose range
/// the task does not keep invariant; the translation judges the rest.
fn check_pure(e: &Node<Expression>, scope: &HashMap<String, VarInfo>, map: &LineMap) -> R<()> {
    let reject = |sp: Span, what: &str| {
        let (f, p) = map.locate(sp.start);
        Err(FrontendError::unsupported_c(f, p, what))
    };
    let bounded_array = |x: &Node<Expression>| match &x.node {
        Expression::Identifier(id) => scope
            .get(&id.node.name)
            .filter(|v| v.dims.is_some() && v.ty.stays_in_range())
            .map(|v| (id.node.name.clone(), v.ty)),
        _ => None,
    };
    let elements = |x: &Node<Expression>| match bounded_array(x) {
        Some((a, t)) => reject(
            e.span,
            &format!(
                "elements of array `{a}` of type {} in an invariant (only arrays of `int` \
                 and wider signed types)",
                CType::of(t).name
            ),
        ),
        None => Ok(()),
    };
    match &e.node {
        Expression::Call(c) => match &c.node.callee.node {
            Expression::Identifier(id) => reject(
                e.span,
                &format!("function call `{}` in an invariant", id.node.name),
            ),
            _ => reject(e.span, "function call in an invariant"),
        },
        Expression::UnaryOperator(u) => {
            use UnaryOperator::*;
            match u.node.operator.node {
                PreIncrement | PostIncrement => {
                    reject(e.span, "`++` (a side effect) in an invariant")
                }
                PreDecrement | PostDecrement => {
                    reject(e.span, "`--` (a side effect) in an invariant")
                }
                Indirection => {
                    elements(&u.node.operand)?;
                    check_pure(&u.node.operand, scope, map)
                }
                _ => check_pure(&u.node.operand, scope, map),
            }
        }
        Expression::BinaryOperator(b) => {
            if let Some(op) = assignment(&b.node.operator.node) {
                return reject(
                    e.span,
                    &format!("assignment `{op}` (a side effect) in an invariant"),
                );
            }
            if matches!(b.node.operator.node, BinaryOperator::Index) {
                elements(&b.node.lhs)?;
                elements(&b.node.rhs)?;
            }
            check_pure(&b.node.lhs, scope, map)?;
            check_pure(&b.node.rhs, scope, map)
        }
        Expression::Cast(c) => check_pure(&c.node.expression, scope, map),
        Expression::Conditional(c) => {
            check_pure(&c.node.condition, scope, map)?;
            check_pure(&c.node.then_expression, scope, map)?;
            check_pure(&c.node.else_expression, scope, map)
        }
        Expression::Comma(v) => v.iter().try_for_each(|x| check_pure(x, scope, map)),
        _ => Ok(()),
    }
}

/// The spelling of an assignment operator.
fn assignment(op: &BinaryOperator) -> Option<&'static str> {
    use BinaryOperator::*;
    Some(match op {
        Assign => "=",
        AssignMultiply => "*=",
        AssignDivide => "/=",
        AssignModulo => "%=",
        AssignPlus => "+=",
        AssignMinus => "-=",
        AssignShiftLeft => "<<=",
        AssignShiftRight => ">>=",
        AssignBitwiseAnd => "&=",
        AssignBitwiseXor => "^=",
        AssignBitwiseOr => "|=",
        _ => return None,
    })
}
