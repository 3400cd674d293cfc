//! Prints expressions and tasks in certa's readable transition-system syntax (`.ts`).
//!
//! The output is meant to parse back to the same value (the verifier's
//! `.ts` frontend). Precedence, loosest first: `=>` (right), `||`, `&&`,
//! `!`, comparisons, `+ -`, `* / %`, unary `-`, atoms (`a[i]` reads an
//! array, `store(a, i, v)` writes one, `const(v)` is constant). `/` and `%` are
//! SMT-LIB `div`/`mod`. Non-binary `&&`/`||`/`+` print as `and(..)`,
//! `or(..)`, `add(..)`.

use crate::expr::Expr;
use crate::task::{Task, VarSort};
use std::fmt::Write;

const IMPLIES: u8 = 1;
const OR: u8 = 2;
const AND: u8 = 3;
const NOT: u8 = 4;
const CMP: u8 = 5;
const ADD: u8 = 6;
const MUL: u8 = 7;
const UNARY: u8 = 8;
const ATOM: u8 = 9;

fn prec(e: &Expr) -> u8 {
    match e {
        Expr::Implies(..) => IMPLIES,
        Expr::Or(v) if v.len() >= 2 => OR,
        Expr::And(v) if v.len() >= 2 => AND,
        Expr::Not(a) if matches!(**a, Expr::Eq(..)) => CMP,
        Expr::Not(_) => NOT,
        Expr::Eq(..) | Expr::Lt(..) | Expr::Le(..) | Expr::Gt(..) | Expr::Ge(..) => CMP,
        Expr::Add(v) if v.len() >= 2 => ADD,
        Expr::Sub(..) => ADD,
        Expr::Mul(..) | Expr::Div(..) | Expr::Mod(..) | Expr::Times(..) => MUL,
        Expr::Neg(_) => UNARY,
        Expr::Int(n) if n.0.sign() == num_bigint::Sign::Minus => UNARY,
        _ => ATOM,
    }
}

/// Prints `e` in `.ts` syntax.
pub fn expr_to_string(e: &Expr) -> String {
    let mut s = String::new();
    write_expr(&mut s, e);
    s
}

fn write_at(out: &mut String, e: &Expr, min: u8) {
    if prec(e) < min {
        out.push('(');
        write_expr(out, e);
        out.push(')');
    } else {
        write_expr(out, e);
    }
}

fn write_list(out: &mut String, name: &str, v: &[Expr]) {
    out.push_str(name);
    out.push('(');
    for (i, x) in v.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_expr(out, x);
    }
    out.push(')');
}

fn write_expr(out: &mut String, e: &Expr) {
    let bin = |out: &mut String, a: &Expr, op: &str, b: &Expr, la: u8, lb: u8| {
        write_at(out, a, la);
        let _ = write!(out, " {op} ");
        write_at(out, b, lb);
    };
    match e {
        Expr::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Expr::Int(n) => out.push_str(&n.to_string()),
        Expr::Var(n) => out.push_str(n),
        Expr::Next(n) => {
            out.push_str(n);
            out.push('\'');
        }
        Expr::Add(v) if v.len() < 2 => write_list(out, "add", v),
        Expr::And(v) if v.len() < 2 => write_list(out, "and", v),
        Expr::Or(v) if v.len() < 2 => write_list(out, "or", v),
        Expr::Add(v) => {
            for (i, x) in v.iter().enumerate() {
                if i == 0 {
                    // A nested n-ary sum keeps its parentheses so it is not flattened.
                    let first_min = if matches!(x, Expr::Add(w) if w.len() >= 2) {
                        ATOM
                    } else {
                        ADD
                    };
                    write_at(out, x, first_min);
                } else {
                    out.push_str(" + ");
                    write_at(out, x, MUL);
                }
            }
        }
        Expr::And(v) | Expr::Or(v) => {
            let (op, level) = if matches!(e, Expr::And(_)) {
                ("&&", AND)
            } else {
                ("||", OR)
            };
            for (i, x) in v.iter().enumerate() {
                if i > 0 {
                    let _ = write!(out, " {op} ");
                }
                write_at(out, x, level + 1);
            }
        }
        Expr::Sub(a, b) => bin(out, a, "-", b, ADD, MUL),
        Expr::Neg(a) => {
            out.push_str("-(");
            write_expr(out, a);
            out.push(')');
        }
        Expr::Mul(k, a) => {
            out.push_str(&k.to_string());
            out.push_str(" * ");
            write_at(out, a, UNARY);
        }
        Expr::Div(a, d) | Expr::Mod(a, d) => {
            write_at(out, a, MUL);
            out.push_str(if matches!(e, Expr::Div(..)) {
                " / "
            } else {
                " % "
            });
            out.push_str(&d.to_string());
        }
        Expr::Not(a) => match &**a {
            Expr::Eq(x, y) => bin(out, x, "!=", y, ADD, ADD),
            _ => {
                out.push('!');
                write_at(out, a, ATOM);
            }
        },
        Expr::Eq(a, b) => bin(out, a, "==", b, ADD, ADD),
        Expr::Lt(a, b) => bin(out, a, "<", b, ADD, ADD),
        Expr::Le(a, b) => bin(out, a, "<=", b, ADD, ADD),
        Expr::Gt(a, b) => bin(out, a, ">", b, ADD, ADD),
        Expr::Ge(a, b) => bin(out, a, ">=", b, ADD, ADD),
        Expr::Implies(a, b) => bin(out, a, "=>", b, OR, IMPLIES),
        Expr::Ite(c, a, b) => {
            write_list(out, "ite", &[(**c).clone(), (**a).clone(), (**b).clone()])
        }
        Expr::Select(a, i) => {
            write_at(out, a, ATOM);
            out.push('[');
            write_expr(out, i);
            out.push(']');
        }
        Expr::Store(a, i, v) => {
            write_list(out, "store", &[(**a).clone(), (**i).clone(), (**v).clone()])
        }
        Expr::ConstArray(v) => write_list(out, "const", &[(**v).clone()]),
        Expr::Times(a, b) => bin(out, a, "*", b, MUL, UNARY),
        Expr::Quot(a, b)
        | Expr::Rem(a, b)
        | Expr::BitAnd(a, b)
        | Expr::BitOr(a, b)
        | Expr::BitXor(a, b) => write_list(out, e.op_name(), &[(**a).clone(), (**b).clone()]),
    }
}

fn sort_name(s: VarSort) -> &'static str {
    match s {
        VarSort::Int => "int",
        VarSort::IntArray => "int[]",
    }
}

/// Prints a task in `.ts` syntax, like seed 000's `I`, `T_loop`, `T_exit`, `T_fail`.
pub fn task_to_string(task: &Task) -> String {
    let mut s = String::from("// certa transition system\n");
    for v in &task.vars {
        let _ = writeln!(s, "var {}: {};", v.name, sort_name(v.sort));
    }
    for l in &task.locations {
        let _ = writeln!(s, "location {l};");
    }
    let _ = writeln!(s, "initial {};", task.initial_location);
    let _ = writeln!(s, "bad {};", task.bad_location);
    let _ = writeln!(s, "init {};", expr_to_string(&task.init));
    for e in &task.edges {
        let name = serde_json::to_string(&e.name).expect("string encoding cannot fail");
        let _ = writeln!(s, "edge {} {}: {} -> {}", e.id, name, e.from, e.to);
        for l in &e.locals {
            let _ = writeln!(s, "  local {}: {};", l.name, sort_name(l.sort));
        }
        let _ = writeln!(s, "  relation {};", expr_to_string(&e.relation));
    }
    s
}
