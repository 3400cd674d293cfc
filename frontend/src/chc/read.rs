//! Reading SMT-LIB text: the commands of a CHC problem (predicate declarations and
//! asserted clauses, with their positions) and the `define-fun`s of an exported model.

use super::clauses::problem;
use super::names::{fresh, sanitize};
use super::terms::{arg_sort, short, sort_name, subst, ClauseCx};
use super::{ArgSort, ChcPredicate, ChcProblem, Translator, BAD, INIT};
use crate::{FrontendError, Pos};
use format::Expr;
use smt2parser::concrete::{self, Command, Term};
use std::collections::{BTreeMap, BTreeSet};

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
    problem(file, tr, &clauses)
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
