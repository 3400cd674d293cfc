//! Control-flow automata of `.imp` programs: one location per program point,
//! one edge per assume / assignment / havoc / skip.
//!
//! Location names: `entry` (program entry, never the target of an edge),
//! `bad` (the merged error location), `exit` (program end), and
//! `l<line>_<col>` for the point just before the statement at that position
//! (so a loop head is named after its `while`).

use super::imp::{ImpProgram, Src, Stmt};
use format::{Expr, SourceStatement};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Op {
    Assume(Expr),
    Assign(String, Expr),
    Havoc(String),
    Skip,
}

#[derive(Clone, Debug)]
pub struct CfaEdge {
    pub from: usize,
    pub to: usize,
    pub op: Op,
    /// The source statement or condition, if any.
    pub src: Option<SourceStatement>,
}

#[derive(Clone, Debug)]
pub struct Cfa {
    /// Location names; the index is the location's id, in creation (program) order.
    pub locations: Vec<String>,
    pub entry: usize,
    pub bad: usize,
    pub exit: usize,
    pub edges: Vec<CfaEdge>,
}

impl Cfa {
    fn loc(&mut self, name: String) -> usize {
        self.locations.push(name);
        self.locations.len() - 1
    }
    fn edge(&mut self, from: usize, to: usize, op: Op, src: Option<&Src>, text: Option<String>) {
        let src = src.map(|s| SourceStatement {
            line: s.pos.line,
            col: s.pos.col,
            text: text.unwrap_or_else(|| s.text.clone()),
        });
        self.edges.push(CfaEdge { from, to, op, src });
    }
}

/// Builds the CFA of a program.
pub fn build(prog: &ImpProgram) -> Cfa {
    let mut cfa = Cfa {
        locations: Vec::new(),
        entry: 0,
        bad: 0,
        exit: 0,
        edges: Vec::new(),
    };
    cfa.entry = cfa.loc("entry".to_string());
    cfa.bad = cfa.loc("bad".to_string());
    cfa.exit = cfa.loc("exit".to_string());
    let (entry, exit) = (cfa.entry, cfa.exit);
    list(&mut cfa, &prog.body, entry, exit);
    cfa
}

/// Where a statement starts.
fn start_of(s: &Stmt) -> super::Pos {
    match s {
        Stmt::Assign { src, .. }
        | Stmt::Havoc { src, .. }
        | Stmt::Assume { src, .. }
        | Stmt::Assert { src, .. }
        | Stmt::Skip { src } => src.pos,
        Stmt::If { pos, .. } | Stmt::While { pos, .. } => *pos,
    }
}

/// The location just before statement `s`.
fn loc_for(cfa: &mut Cfa, s: &Stmt) -> usize {
    let p = start_of(s);
    cfa.loc(format!("l{}_{}", p.line, p.col))
}

/// Statements `stmts` from location `from` to location `to`. An empty list
/// with `from != to` becomes a skip edge.
fn list(cfa: &mut Cfa, stmts: &[Stmt], from: usize, to: usize) {
    if stmts.is_empty() {
        if from != to {
            cfa.edge(from, to, Op::Skip, None, None);
        }
        return;
    }
    let mut cur = from;
    for (i, s) in stmts.iter().enumerate() {
        let next = if i + 1 == stmts.len() {
            to
        } else {
            let n = &stmts[i + 1];
            loc_for(cfa, n)
        };
        stmt(cfa, s, cur, next);
        cur = next;
    }
}

/// The location where a (non-empty) branch starts, or `to` if it is empty.
fn branch_start(cfa: &mut Cfa, stmts: &[Stmt], to: usize) -> usize {
    match stmts.first() {
        None => to,
        Some(s) => loc_for(cfa, s),
    }
}

fn negate(c: &Expr) -> Expr {
    match c {
        Expr::Bool(b) => Expr::Bool(!b),
        _ => Expr::Not(Box::new(c.clone())),
    }
}

fn stmt(cfa: &mut Cfa, s: &Stmt, from: usize, to: usize) {
    match s {
        Stmt::Assign { var, value, src } => cfa.edge(
            from,
            to,
            Op::Assign(var.clone(), value.clone()),
            Some(src),
            None,
        ),
        Stmt::Havoc { var, src } => cfa.edge(from, to, Op::Havoc(var.clone()), Some(src), None),
        Stmt::Assume { cond, src } => cfa.edge(from, to, Op::Assume(cond.clone()), Some(src), None),
        Stmt::Skip { src } => cfa.edge(from, to, Op::Skip, Some(src), None),
        Stmt::Assert { cond, src } => {
            let bad = cfa.bad;
            cfa.edge(from, bad, Op::Assume(negate(cond)), Some(src), None);
            cfa.edge(from, to, Op::Assume(cond.clone()), Some(src), None);
        }
        Stmt::If {
            cond,
            cond_src,
            then,
            els,
            ..
        } => {
            let c = cond.clone().unwrap_or(Expr::Bool(true));
            let t = branch_start(cfa, then, to);
            cfa.edge(
                from,
                t,
                Op::Assume(c.clone()),
                Some(cond_src),
                Some(guard(cond_src, true)),
            );
            list(cfa, then, t, to);
            let e = branch_start(cfa, els, to);
            cfa.edge(
                from,
                e,
                Op::Assume(negate_nondet(cond, &c)),
                Some(cond_src),
                Some(guard(cond_src, false)),
            );
            list(cfa, els, e, to);
        }
        Stmt::While {
            pos,
            cond,
            cond_src,
            body,
        } => {
            // The loop head must not be `entry` (entry has no incoming edges).
            let head = if from == cfa.entry {
                let h = cfa.loc(format!("l{}_{}", pos.line, pos.col));
                cfa.edge(from, h, Op::Skip, None, None);
                h
            } else {
                from
            };
            let c = cond.clone().unwrap_or(Expr::Bool(true));
            let b = branch_start(cfa, body, head);
            cfa.edge(
                head,
                b,
                Op::Assume(c.clone()),
                Some(cond_src),
                Some(guard(cond_src, true)),
            );
            list(cfa, body, b, head);
            cfa.edge(
                head,
                to,
                Op::Assume(negate_nondet(cond, &c)),
                Some(cond_src),
                Some(guard(cond_src, false)),
            );
        }
    }
}

/// The else-condition: `*` stays `true` (both ways are possible).
fn negate_nondet(cond: &Option<Expr>, c: &Expr) -> Expr {
    match cond {
        None => Expr::Bool(true),
        Some(_) => negate(c),
    }
}

/// Source text of a branch condition: `[c]` when taken, `[!(c)]` when not.
fn guard(src: &Src, taken: bool) -> String {
    if taken {
        format!("[{}]", src.text)
    } else if src.text == "*" {
        "[!*]".to_string()
    } else {
        format!("[!({})]", src.text)
    }
}
