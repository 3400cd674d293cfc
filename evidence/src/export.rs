//! `certa export`: tasks as CHC problems (SMT-LIB `HORN`), SAFE certificates
//! as CHC models (`define-fun` per predicate).
//!
//! The CHC encoding of a task has one predicate per location except `bad`,
//! over all state variables (in task order, all `Int`):
//!
//! * `init(s) -> L0(s)` for the initial location `L0`;
//! * per edge `e: A -> B`: `forall s s' w. A(s) /\ T_e(s, s', w) -> B(s')`,
//!   where the edge locals `w` are quantified with the state; an edge into
//!   `bad` is the query `A(s) /\ T_e -> false`. Edges leaving `bad` are
//!   dropped (reaching `bad` already is the violation).
//!
//! So the problem is `sat` iff the task is safe. A SAFE certificate gives the
//! model `L(s) := OR over nodes n at L of region(n)(s)` (`false` without
//! nodes): initiality and closure of the certificate are exactly the
//! validity of every clause under it.
//!
//! For a task imported from CHC ([`frontend::chc`]) the model can also
//! be written in the original signature ([`chc_model_for_source`]): predicate
//! names and arities as declared, `Bool` arguments read back from their 0/1
//! slots and the unused slots of narrower predicates fixed to `0` (the
//! translation havocs them, so any value is covered).

use format::smtlib::smt_term;
use format::{Expr, SafeBody, Task};
use frontend::chc::{ArgSort, ChcProblem};
use std::fmt::Write as _;

/// SMT-LIB symbols a declared predicate must not be named after.
const RESERVED: &[&str] = &[
    "and", "or", "not", "=>", "xor", "=", "distinct", "ite", "true", "false", "let", "forall",
    "exists", "match", "par", "as", "_", "!", "Int", "Bool", "Real", "Array", "+", "-", "*", "div",
    "mod", "abs", "<", "<=", ">", ">=", "select", "store", "to_real", "to_int", "is_int", "/",
];

/// A symbol printed as an SMT-LIB simple symbol when it is one, else `|quoted|`.
pub fn symbol(name: &str) -> String {
    let simple = !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "~!@$%^&*_-+=<>.?/".contains(c));
    if simple {
        name.to_string()
    } else {
        format!("|{name}|")
    }
}

/// The CHC predicate standing for location `loc`.
pub fn predicate_name(loc: &str) -> String {
    if RESERVED.contains(&loc) {
        symbol(&format!("{loc}!loc"))
    } else {
        symbol(loc)
    }
}

fn var_sym(x: &str) -> String {
    format!("|{x}|")
}
fn next_sym(x: &str) -> String {
    format!("|{x}'|")
}

fn term(e: &Expr) -> String {
    smt_term(e, &|x| var_sym(x), &|x| next_sym(x))
}

fn app(pred: &str, args: &[String]) -> String {
    if args.is_empty() {
        pred.to_string()
    } else {
        format!("({pred} {})", args.join(" "))
    }
}

/// `(forall ((v Sort) ..) body)`; `vars` pairs a symbol with its sort.
fn forall(vars: &[(String, &str)], body: String) -> String {
    if vars.is_empty() {
        body
    } else {
        let decls: Vec<String> = vars.iter().map(|(v, s)| format!("({v} {s})")).collect();
        format!("(forall ({}) {body})", decls.join(" "))
    }
}

fn sort_name(s: format::VarSort) -> &'static str {
    match s {
        format::VarSort::Int => "Int",
        format::VarSort::IntArray => "(Array Int Int)",
    }
}

/// A node's region as an SMT-LIB term: its cube, and its clauses under
/// `forall` over the index variables.
fn node_term(body: &SafeBody, n: &format::Node, print: &dyn Fn(&Expr) -> String) -> String {
    let cube = print(&body.region(n));
    if n.forall.is_empty() {
        return cube;
    }
    let lit = |l: &format::Literal| {
        let f = body
            .predicate(l.pred)
            .map(|p| p.formula.clone())
            .unwrap_or(Expr::Bool(false));
        if l.positive {
            f
        } else {
            Expr::not(f)
        }
    };
    let clauses = Expr::And(
        n.forall
            .iter()
            .map(|c| Expr::Or(c.iter().map(lit).collect()))
            .collect(),
    );
    let index: Vec<(String, &str)> = body
        .index_vars
        .iter()
        .map(|x| (var_sym(x), "Int"))
        .collect();
    format!("(and {cube} {})", forall(&index, print(&clauses)))
}

/// The region of `loc` as an SMT-LIB term: the disjunction of its nodes' regions.
fn location_term(body: &SafeBody, loc: &str, print: &dyn Fn(&Expr) -> String) -> String {
    let parts: Vec<String> = body
        .nodes
        .iter()
        .filter(|n| n.location == loc)
        .map(|n| node_term(body, n, print))
        .collect();
    match parts.len() {
        0 => "false".into(),
        1 => parts[0].clone(),
        _ => format!("(or {})", parts.join(" ")),
    }
}

/// Bitwise `and` for a task that uses bitwise operators: exact for C
/// values (`|a|, |b| < 2^64`) through 65-bit vectors (Z3's `int2bv` and
/// `bv2nat`); the checker instead over-approximates it (`format::bits`).
pub fn bitand_definition(task: &Task) -> String {
    let mut all: Vec<Expr> = task.edges.iter().map(|e| e.relation.clone()).collect();
    all.push(task.init.clone());
    if format::bits::and_pairs(&all).is_empty() {
        return String::new();
    }
    let wrap = num_bigint::BigInt::from(1) << 65u32;
    format!(
        "(define-fun {} ((a Int) (b Int)) Int\n  (let ((u (bv2nat (bvand ((_ int2bv 65) a) ((_ int2bv 65) b)))))\n    (ite (and (< a 0) (< b 0)) (- u {wrap}) u)))\n",
        format::smtlib::BITAND
    )
}

/// The task as a CHC problem in SMT-LIB (`(set-logic HORN)`).
pub fn task_to_chc(task: &Task) -> String {
    let names = task.var_names();
    let sorts: Vec<&str> = task.vars.iter().map(|v| sort_name(v.sort)).collect();
    let cur: Vec<String> = names.iter().map(|x| var_sym(x)).collect();
    let nxt: Vec<String> = names.iter().map(|x| next_sym(x)).collect();
    let typed = |syms: &[String]| -> Vec<(String, &str)> {
        syms.iter().cloned().zip(sorts.iter().copied()).collect()
    };
    let mut s = String::new();
    let _ = writeln!(
        s,
        "; CHC encoding of certa task {}\n; sat = SAFE (bad unreachable), unsat = UNSAFE",
        format::hash::task_sha256(task)
    );
    let _ = writeln!(s, "(set-logic HORN)");
    s.push_str(&bitand_definition(task));
    let ints = sorts.join(" ");
    for l in &task.locations {
        if *l != task.bad_location {
            let _ = writeln!(s, "(declare-fun {} ({ints}) Bool)", predicate_name(l));
        }
    }
    let head = |loc: &str, args: &[String]| {
        if loc == task.bad_location {
            "false".to_string()
        } else {
            app(&predicate_name(loc), args)
        }
    };
    let _ = writeln!(s, "; initial condition");
    let _ = writeln!(
        s,
        "(assert {})",
        forall(
            &typed(&cur),
            format!(
                "(=> {} {})",
                term(&task.init),
                head(&task.initial_location, &cur)
            )
        )
    );
    for e in &task.edges {
        if e.from == task.bad_location {
            continue;
        }
        let mut vars = typed(&cur);
        vars.extend(typed(&nxt));
        vars.extend(
            e.locals
                .iter()
                .map(|l| (var_sym(&l.name), sort_name(l.sort))),
        );
        let body = format!(
            "(and {} {})",
            app(&predicate_name(&e.from), &cur),
            term(&e.relation)
        );
        let clause = format!("(=> {body} {})", head(&e.to, &nxt));
        let _ = writeln!(
            s,
            "; edge {} {}\n(assert {})",
            e.id,
            e.name.replace(['\n', '\r'], " "),
            forall(&vars, clause)
        );
    }
    let _ = writeln!(s, "(check-sat)\n(exit)");
    s
}

/// The region of `loc` in `body`: the disjunction of its nodes' regions.
pub fn location_region(body: &SafeBody, loc: &str) -> Expr {
    Expr::Or(
        body.nodes
            .iter()
            .filter(|n| n.location == loc)
            .map(|n| body.region(n))
            .collect(),
    )
}

/// A SAFE certificate's invariant as a model of [`task_to_chc`]'s problem.
pub fn chc_model(task: &Task, body: &SafeBody) -> String {
    let params: Vec<String> = task
        .vars
        .iter()
        .map(|v| format!("({} {})", var_sym(&v.name), sort_name(v.sort)))
        .collect();
    let mut s = String::from("(\n");
    for l in &task.locations {
        if *l == task.bad_location {
            continue;
        }
        let _ = writeln!(
            s,
            "  (define-fun {} ({}) Bool\n    {})",
            predicate_name(l),
            params.join(" "),
            location_term(body, l, &term)
        );
    }
    s.push_str(")\n");
    s
}

/// A SAFE certificate of the task translated from `chc` as a model of the
/// original CHC problem (original names, arities and sorts). The caller
/// checks that the certificate's task is `chc`'s task.
pub fn chc_model_for_source(chc: &ChcProblem, body: &SafeBody) -> String {
    let mut s = String::from("(\n");
    for p in &chc.predicates {
        let params: Vec<String> = p
            .sorts
            .iter()
            .enumerate()
            .map(|(i, so)| {
                let sort = match so {
                    ArgSort::Int => "Int",
                    ArgSort::Bool => "Bool",
                    ArgSort::Array => "(Array Int Int)",
                };
                format!("(x!{i} {sort})")
            })
            .collect();
        let var = |x: &str| match (0..p.sorts.len()).find(|&i| p.slot(i) == x) {
            Some(i) => match p.sorts[i] {
                ArgSort::Int | ArgSort::Array => format!("x!{i}"),
                ArgSort::Bool => format!("(ite x!{i} 1 0)"),
            },
            // Index variables of quantified clauses keep their names.
            _ if body.index_vars.iter().any(|k| k == x) => var_sym(x),
            // Slots the predicate does not have are havocked: any value is covered.
            _ if chc.slots.iter().any(|s| s == x) => "0".to_string(),
            _ => "((as const (Array Int Int)) 0)".to_string(),
        };
        let _ = writeln!(
            s,
            "  (define-fun {} ({}) Bool\n    {})",
            symbol(&p.name),
            params.join(" "),
            location_term(body, &p.location, &|e| smt_term(e, &var, &|x| format!(
                "|{x}'|"
            )))
        );
    }
    s.push_str(")\n");
    s
}

/// Splits a model printed by [`chc_model`] into its `define-fun` commands
/// (the surrounding parentheses removed), for solvers that read scripts.
pub fn model_commands(model: &str) -> String {
    let t = model.trim();
    let inner = t
        .strip_prefix('(')
        .and_then(|x| x.strip_suffix(')'))
        .unwrap_or(t);
    inner.to_string()
}

/// CHC-COMP-style model validation queries: for every `assert` of the CHC
/// problem `chc_text`, one standalone SMT-LIB script that defines the
/// model's predicates, asserts the clause's negation (`body and not head`,
/// under its quantifier) and checks satisfiability. A valid model makes every
/// script `unsat`. Predicate declarations are replaced by the model's
/// definitions; every predicate declared must be defined.
pub fn model_validation_scripts(chc_text: &str, model: &str) -> Result<Vec<String>, String> {
    use smt2parser::concrete::{Command, SyntaxBuilder};
    let defs = model_commands(model);
    let stream = smt2parser::CommandStream::new(chc_text.as_bytes(), SyntaxBuilder, None);
    let mut defined = std::collections::BTreeSet::new();
    for cmd in smt2parser::CommandStream::new(defs.as_bytes(), SyntaxBuilder, None) {
        match cmd.map_err(|e| format!("model: {e}"))? {
            Command::DefineFun { sig, .. } => {
                defined.insert(sig.name.0.clone());
            }
            other => return Err(format!("model: unexpected command `{other}`")),
        }
    }
    let mut asserts = Vec::new();
    // The problem's own definitions (bitwise `and`) come first.
    let mut prelude = String::new();
    for cmd in stream {
        match cmd.map_err(|e| format!("problem: {e}"))? {
            Command::DeclareFun { symbol, .. } => {
                if !defined.contains(&symbol.0) {
                    return Err(format!("the model does not define `{}`", symbol.0));
                }
            }
            Command::Assert { term } => asserts.push(term.to_string()),
            c @ Command::DefineFun { .. } => {
                prelude.push_str(&c.to_string());
                prelude.push('\n');
            }
            _ => {}
        }
    }
    Ok(asserts
        .into_iter()
        .map(|t| format!("(set-logic ALL)\n{prelude}{defs}\n(assert (not {t}))\n(check-sat)\n"))
        .collect())
}
