//! The `.ts` frontend: explicit transition systems in the syntax printed by
//! [`format::print::task_to_string`].
//!
//! ```text
//! var x: int;  var a: int[];       // or `var x, y: int;`; `int[]`: int -> int arrays
//! location h;                      // one per location, in order
//! initial h;  bad bad;             // exactly once each
//! init x == 0;                     // optional, default `true`
//! edge 0 "loop": h -> h            // id, JSON string name, endpoints
//!   local t: int;                  // zero or more edge locals
//!   relation x' == x + t;
//! ```
//! Items may come in any order; names are resolved after the whole file is
//! read. `true` and `false` are reserved; `ite`, `and`, `or`, `add`,
//! `store`, `const` are only functions when directly followed by `(`.
//! Arrays: `e[i]` reads any array expression (`a[i]`, `a'[i]`,
//! `store(a, i, v)[j]`), `==`/`!=` and `ite` also take arrays. Edge locals
//! must be `int`.

use super::expr::{Lower, Mode, PExpr, Parser, Sort, PK};
use super::lexer::{lex, IdentStyle, Tok};
use super::{FrontendError, Pos};
use format::{Edge, EdgeOrigin, Expr, SourceMap, SourceStatement, Task, VarDecl, VarSort};
use std::collections::{BTreeMap, BTreeSet};

struct RawEdge {
    pos: Pos,
    header: String,
    id: u32,
    name: String,
    from: (String, Pos),
    to: (String, Pos),
    locals: Vec<(VarDecl, Pos)>,
    relation: PExpr,
}

fn sort(p: &mut Parser) -> Result<VarSort, FrontendError> {
    p.expect_kw("int")?;
    if p.eat(&Tok::LBracket) {
        p.expect(&Tok::RBracket, "`]`")?;
        return Ok(VarSort::IntArray);
    }
    Ok(VarSort::Int)
}

pub fn parse(file: &str, text: &str) -> Result<(Task, SourceMap), FrontendError> {
    let toks = lex(file, text, IdentStyle::Extended)?;
    let mut p = Parser::new(file, text, toks, Mode::Ts);
    let mut vars: Vec<(VarDecl, Pos)> = Vec::new();
    let mut locations: Vec<(String, Pos)> = Vec::new();
    let mut initial: Option<(String, Pos)> = None;
    let mut bad: Option<(String, Pos)> = None;
    let mut init: Option<PExpr> = None;
    let mut edges: Vec<RawEdge> = Vec::new();

    while *p.peek() != Tok::Eof {
        let kw_pos = p.pos();
        let kw_off = p.offset();
        let (kw, _) = p.ident("`var`, `location`, `initial`, `bad`, `init` or `edge`")?;
        match kw.as_str() {
            "var" => {
                let mut names = vec![p.ident("a variable name")?];
                while p.eat(&Tok::Comma) {
                    names.push(p.ident("a variable name")?);
                }
                p.expect(&Tok::Colon, "`:`")?;
                let s = sort(&mut p)?;
                p.expect(&Tok::Semi, "`;`")?;
                for (n, pos) in names {
                    vars.push((VarDecl { name: n, sort: s }, pos));
                }
            }
            "location" => {
                let l = p.ident("a location name")?;
                p.expect(&Tok::Semi, "`;`")?;
                locations.push(l);
            }
            "initial" | "bad" => {
                let l = p.ident("a location name")?;
                p.expect(&Tok::Semi, "`;`")?;
                let slot = if kw == "initial" {
                    &mut initial
                } else {
                    &mut bad
                };
                if slot.is_some() {
                    return Err(FrontendError::invalid(
                        file,
                        kw_pos,
                        &format!("`{kw}` is given twice"),
                    ));
                }
                *slot = Some(l);
            }
            "init" => {
                if init.is_some() {
                    return Err(FrontendError::invalid(
                        file,
                        kw_pos,
                        "`init` is given twice",
                    ));
                }
                init = Some(p.expr()?);
                p.expect(&Tok::Semi, "`;` after the initial condition")?;
            }
            "edge" => {
                let id_pos = p.pos();
                let id = match p.peek().clone() {
                    Tok::Int(d) => {
                        p.bump();
                        d.parse::<u32>().map_err(|_| {
                            FrontendError::invalid(file, id_pos, "edge id must fit in 32 bits")
                        })?
                    }
                    _ => return Err(p.err_here("an edge id")),
                };
                let name = match p.peek().clone() {
                    Tok::Str(s) => {
                        p.bump();
                        s
                    }
                    _ => return Err(p.err_here("an edge name (a string literal)")),
                };
                p.expect(&Tok::Colon, "`:`")?;
                let from = p.ident("a location name")?;
                p.expect(&Tok::Arrow, "`->`")?;
                let to = p.ident("a location name")?;
                let header = p.snippet(kw_off, p.prev_end());
                let mut locals = Vec::new();
                while p.eat_kw("local") {
                    let mut names = vec![p.ident("a local variable name")?];
                    while p.eat(&Tok::Comma) {
                        names.push(p.ident("a local variable name")?);
                    }
                    p.expect(&Tok::Colon, "`:`")?;
                    let s = sort(&mut p)?;
                    p.expect(&Tok::Semi, "`;`")?;
                    for (n, pos) in names {
                        locals.push((VarDecl { name: n, sort: s }, pos));
                    }
                }
                p.expect_kw("relation")?;
                let relation = p.expr()?;
                p.expect(&Tok::Semi, "`;` after the relation")?;
                edges.push(RawEdge {
                    pos: kw_pos,
                    header,
                    id,
                    name,
                    from,
                    to,
                    locals,
                    relation,
                });
            }
            _ => {
                let msg = format!("expected an item (`var`, `location`, ...), found `{kw}`");
                return Err(FrontendError::syntax(file, kw_pos, &msg));
            }
        }
    }
    let eof = p.pos();

    // Declarations.
    let mut var_sorts: BTreeMap<String, VarSort> = BTreeMap::new();
    for (v, pos) in &vars {
        if matches!(v.name.as_str(), "true" | "false") {
            return Err(FrontendError::invalid(
                file,
                *pos,
                "`true`/`false` are reserved",
            ));
        }
        if var_sorts.insert(v.name.clone(), v.sort).is_some() {
            return Err(FrontendError::invalid(
                file,
                *pos,
                &format!("variable `{}` is declared twice", v.name),
            ));
        }
    }
    let mut locs = BTreeSet::new();
    for (l, pos) in &locations {
        if !locs.insert(l.clone()) {
            return Err(FrontendError::invalid(
                file,
                *pos,
                &format!("location `{l}` is declared twice"),
            ));
        }
    }
    let check_loc = |(l, pos): &(String, Pos)| -> Result<String, FrontendError> {
        if locs.contains(l) {
            Ok(l.clone())
        } else {
            Err(FrontendError::invalid(
                file,
                *pos,
                &format!("undeclared location `{l}`"),
            ))
        }
    };
    let initial = initial.ok_or_else(|| FrontendError::syntax(file, eof, "missing `initial`"))?;
    let bad = bad.ok_or_else(|| FrontendError::syntax(file, eof, "missing `bad`"))?;
    let initial_location = check_loc(&initial)?;
    let bad_location = check_loc(&bad)?;

    let state_var = |e: &PExpr, n: &str| -> Result<Sort, FrontendError> {
        match var_sorts.get(n) {
            Some(VarSort::Int) => Ok(Sort::Int),
            Some(VarSort::IntArray) => Ok(Sort::Array),
            None => Err(FrontendError::undeclared(file, e.pos, n)),
        }
    };

    let init = match init {
        None => Expr::Bool(true),
        Some(pe) => {
            let leaf = |e: &PExpr| -> Result<(Expr, Sort), FrontendError> {
                match &e.kind {
                    PK::Var(n) => state_var(e, n).map(|s| (Expr::Var(n.clone()), s)),
                    PK::Next(n) => Err(FrontendError::invalid(
                        file,
                        e.pos,
                        &format!("`{n}'`: primed variables are not allowed in `init`"),
                    )),
                    _ => unreachable!("`.imp` indexing is not parsed in .ts"),
                }
            };
            Lower {
                file,
                mode: Mode::Ts,
                leaf: &leaf,
            }
            .expect(&pe, Sort::Bool, "`init`")?
        }
    };

    let mut ids = BTreeSet::new();
    let mut out_edges = Vec::new();
    let mut origins = Vec::new();
    for raw in edges {
        if !ids.insert(raw.id) {
            return Err(FrontendError::invalid(
                file,
                raw.pos,
                &format!("edge id {} is used twice", raw.id),
            ));
        }
        let from = check_loc(&raw.from)?;
        let to = check_loc(&raw.to)?;
        let mut local_sorts = BTreeMap::new();
        for (l, pos) in &raw.locals {
            if l.sort != VarSort::Int {
                return Err(FrontendError::unsupported(
                    file,
                    *pos,
                    &format!(
                        "edge local `{}` of sort int[] (edge locals are int)",
                        l.name
                    ),
                ));
            }
            if var_sorts.contains_key(&l.name)
                || local_sorts.insert(l.name.clone(), l.sort).is_some()
            {
                return Err(FrontendError::invalid(
                    file,
                    *pos,
                    &format!("local `{}` clashes with another variable", l.name),
                ));
            }
        }
        let leaf = |e: &PExpr| -> Result<(Expr, Sort), FrontendError> {
            match &e.kind {
                PK::Var(n) => match local_sorts.get(n) {
                    Some(_) => Ok((Expr::Var(n.clone()), Sort::Int)),
                    None => state_var(e, n).map(|s| (Expr::Var(n.clone()), s)),
                },
                PK::Next(n) => {
                    if local_sorts.contains_key(n) {
                        return Err(FrontendError::invalid(
                            file,
                            e.pos,
                            &format!("`{n}'`: edge locals have no primed copy"),
                        ));
                    }
                    state_var(e, n).map(|s| (Expr::Next(n.clone()), s))
                }
                _ => unreachable!("`.imp` indexing is not parsed in .ts"),
            }
        };
        let relation = Lower {
            file,
            mode: Mode::Ts,
            leaf: &leaf,
        }
        .expect(&raw.relation, Sort::Bool, "an edge relation")?;
        origins.push(EdgeOrigin {
            edge: raw.id,
            statements: vec![SourceStatement {
                line: raw.pos.line,
                col: raw.pos.col,
                text: raw.header,
            }],
        });
        out_edges.push(Edge {
            id: raw.id,
            name: raw.name,
            from,
            to,
            locals: raw.locals.into_iter().map(|(d, _)| d).collect(),
            relation,
        });
    }
    let task = Task {
        vars: vars.into_iter().map(|(d, _)| d).collect(),
        locations: locations.into_iter().map(|(l, _)| l).collect(),
        initial_location,
        bad_location,
        init,
        edges: out_edges,
    };
    Ok((
        task,
        SourceMap {
            file: file.to_string(),
            edges: origins,
        },
    ))
}
