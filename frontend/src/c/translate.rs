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
#[path = "tr/declarations.rs"]
mod declarations;
#[path = "tr/diagnostics.rs"]
mod diagnostics;
#[path = "tr/edges.rs"]
mod edges;
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
#[path = "tr/terms.rs"]
mod terms;
#[path = "tr/variables.rs"]
mod variables;
use diagnostics::{kind_name, type_name};
pub(super) use record::{condition, Record};
use terms::{add, and, cmp, fold, in_range, ite, konst, neg, not, num, or, strip_bool, sub};

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
