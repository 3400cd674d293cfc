//! The `.imp` frontend: a small structured imperative language.
//!
//! ```text
//! // comments: `// ...` and `/* ... */`
//! var x, y: int;          // declarations first; int = mathematical integer
//! var a: int[];           // an int -> int array (over all integers)
//! x = 0;  x = *;  a[i] = e;  a = *;  assume(x > 0 && y != 3);  assert(x == y);
//! if (x < 10) { ... } else if (*) { ... } else { ... }
//! while (i < n) { ... }   while (*) { ... }   skip;   { ... }
//! ```
//! Bodies of `if`/`else`/`while` may also be a single statement without braces.
//! `a[e]` reads an array wherever an int is expected; `a[i] = e` writes one
//! element (`a' == store(a, i, e)`), `a = *` havocs the whole array.
//! Variables (arrays too) start unconstrained. A failing `assert` reaches
//! `bad`; after the assert, execution continues with the condition assumed.
//! `assume(c)` blocks the paths where `c` is false.

use super::expr::{Lower, Mode, PExpr, Parser, Sort, PK};
use super::lexer::{lex, IdentStyle, Tok};
use super::{FrontendError, Pos};
use format::{Expr, VarDecl, VarSort};
use std::collections::BTreeMap;

/// A statement or condition's origin in the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Src {
    pub pos: Pos,
    pub text: String,
}

#[derive(Clone, Debug)]
pub enum Stmt {
    Assign {
        var: String,
        value: Expr,
        src: Src,
    },
    Havoc {
        var: String,
        src: Src,
    },
    Assume {
        cond: Expr,
        src: Src,
    },
    Assert {
        cond: Expr,
        src: Src,
    },
    /// `cond == None` is the nondeterministic condition `*`.
    If {
        pos: Pos,
        cond: Option<Expr>,
        cond_src: Src,
        then: Vec<Stmt>,
        els: Vec<Stmt>,
    },
    While {
        pos: Pos,
        cond: Option<Expr>,
        cond_src: Src,
        body: Vec<Stmt>,
    },
    Skip {
        src: Src,
    },
}

#[derive(Clone, Debug)]
pub struct ImpProgram {
    /// The state variables, in declaration order.
    pub vars: Vec<VarDecl>,
    pub body: Vec<Stmt>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Decl {
    Int,
    Array,
}

const KEYWORDS: &[&str] = &[
    "var", "int", "if", "else", "while", "assume", "assert", "skip", "true", "false",
];

struct ImpParser<'a> {
    p: Parser<'a>,
    decls: BTreeMap<String, Decl>,
}

pub fn parse(file: &str, text: &str) -> Result<ImpProgram, FrontendError> {
    let toks = lex(file, text, IdentStyle::Plain)?;
    let mut ip = ImpParser {
        p: Parser::new(file, text, toks, Mode::Imp),
        decls: BTreeMap::new(),
    };
    let mut vars = Vec::new();
    while ip.p.is_kw("var") {
        ip.p.bump();
        let mut names = vec![ip.p.ident("a variable name")?];
        while ip.p.eat(&Tok::Comma) {
            names.push(ip.p.ident("a variable name")?);
        }
        ip.p.expect(&Tok::Colon, "`:`")?;
        ip.p.expect_kw("int")?;
        let is_array = if ip.p.eat(&Tok::LBracket) {
            ip.p.expect(&Tok::RBracket, "`]`")?;
            true
        } else {
            false
        };
        ip.p.expect(&Tok::Semi, "`;`")?;
        for (n, pos) in names {
            if KEYWORDS.contains(&n.as_str()) {
                return Err(FrontendError::syntax(
                    file,
                    pos,
                    &format!("`{n}` is a keyword, not a variable name"),
                ));
            }
            let d = if is_array { Decl::Array } else { Decl::Int };
            if ip.decls.insert(n.clone(), d).is_some() {
                return Err(FrontendError::invalid(
                    file,
                    pos,
                    &format!("variable `{n}` is declared twice"),
                ));
            }
            vars.push(VarDecl {
                name: n,
                sort: if is_array {
                    VarSort::IntArray
                } else {
                    VarSort::Int
                },
            });
        }
    }
    let mut body = Vec::new();
    while *ip.p.peek() != Tok::Eof {
        if ip.p.is_kw("var") {
            return Err(FrontendError::syntax(
                file,
                ip.p.pos(),
                "declarations must come before the first statement",
            ));
        }
        ip.stmt(&mut body)?;
    }
    Ok(ImpProgram { vars, body })
}

impl ImpParser<'_> {
    fn file(&self) -> &str {
        self.p.file
    }

    fn lower(&self, e: &PExpr, want: Sort, ctx: &str) -> Result<Expr, FrontendError> {
        let file = self.p.file;
        let leaf = |e: &PExpr| -> Result<(Expr, Sort), FrontendError> {
            match &e.kind {
                PK::Var(n) => match self.decls.get(n) {
                    Some(Decl::Int) => Ok((Expr::Var(n.clone()), Sort::Int)),
                    Some(Decl::Array) => Err(FrontendError::type_error(
                        file,
                        e.pos,
                        &format!("`{n}` is an array; index it as `{n}[i]`"),
                    )),
                    None => Err(FrontendError::undeclared(file, e.pos, n)),
                },
                PK::Index(n, idx) => match self.decls.get(n) {
                    Some(Decl::Array) => {
                        let i = self.lower(idx, Sort::Int, "an array index")?;
                        Ok((Expr::select(Expr::Var(n.clone()), i), Sort::Int))
                    }
                    Some(Decl::Int) => Err(FrontendError::type_error(
                        file,
                        e.pos,
                        &format!("`{n}` is an int, not an array"),
                    )),
                    None => Err(FrontendError::undeclared(file, e.pos, n)),
                },
                _ => unreachable!("no primed names in .imp"),
            }
        };
        Lower {
            file,
            mode: Mode::Imp,
            leaf: &leaf,
        }
        .expect(e, want, ctx)
    }

    /// A parenthesised condition: `(*)` or `(expr)`.
    fn cond(&mut self) -> Result<(Option<Expr>, Src), FrontendError> {
        self.p.expect(&Tok::LParen, "`(`")?;
        let pos = self.p.pos();
        if *self.p.peek() == Tok::Star && *self.p.peek_at(1) == Tok::RParen {
            self.p.bump();
            self.p.bump();
            return Ok((
                None,
                Src {
                    pos,
                    text: "*".to_string(),
                },
            ));
        }
        let start = self.p.offset();
        let e = self.p.expr()?;
        let text = self.p.snippet(start, self.p.prev_end());
        self.p.expect(&Tok::RParen, "`)`")?;
        let c = self.lower(&e, Sort::Bool, "a condition")?;
        Ok((Some(c), Src { pos, text }))
    }

    /// A body: a `{ ... }` block or a single statement.
    fn body(&mut self) -> Result<Vec<Stmt>, FrontendError> {
        let mut out = Vec::new();
        self.stmt(&mut out)?;
        Ok(out)
    }

    fn semi(&mut self) -> Result<(), FrontendError> {
        self.p.expect(&Tok::Semi, "`;`").map(|_| ())
    }

    /// Parses one statement and appends it (blocks append their contents).
    fn stmt(&mut self, out: &mut Vec<Stmt>) -> Result<(), FrontendError> {
        self.p.enter()?;
        let r = self.stmt_inner(out);
        self.p.leave();
        r
    }

    fn stmt_inner(&mut self, out: &mut Vec<Stmt>) -> Result<(), FrontendError> {
        let pos = self.p.pos();
        let start = self.p.offset();
        let file = self.file().to_string();
        let src = |p: &Parser, end: usize| Src {
            pos,
            text: p.snippet(start, end),
        };
        match self.p.peek().clone() {
            Tok::LBrace => {
                self.p.bump();
                while *self.p.peek() != Tok::RBrace {
                    if *self.p.peek() == Tok::Eof {
                        return Err(self.p.err_here("`}`"));
                    }
                    self.stmt(out)?;
                }
                self.p.bump();
            }
            Tok::Semi => {
                return Err(FrontendError::syntax(
                    &file,
                    pos,
                    "empty statement; write `skip;`",
                ))
            }
            Tok::Ident(k) if k == "skip" => {
                self.p.bump();
                let s = src(&self.p, self.p.prev_end());
                self.semi()?;
                out.push(Stmt::Skip { src: s });
            }
            Tok::Ident(k) if k == "assume" || k == "assert" => {
                self.p.bump();
                self.p.expect(&Tok::LParen, "`(`")?;
                let e = self.p.expr()?;
                self.p.expect(&Tok::RParen, "`)`")?;
                let s = src(&self.p, self.p.prev_end());
                self.semi()?;
                let cond = self.lower(&e, Sort::Bool, &format!("the condition of `{k}`"))?;
                out.push(if k == "assume" {
                    Stmt::Assume { cond, src: s }
                } else {
                    Stmt::Assert { cond, src: s }
                });
            }
            Tok::Ident(k) if k == "if" => {
                self.p.bump();
                let (cond, cond_src) = self.cond()?;
                let then = self.body()?;
                let els = if self.p.eat_kw("else") {
                    self.body()?
                } else {
                    Vec::new()
                };
                out.push(Stmt::If {
                    pos,
                    cond,
                    cond_src,
                    then,
                    els,
                });
            }
            Tok::Ident(k) if k == "while" => {
                self.p.bump();
                let (cond, cond_src) = self.cond()?;
                let body = self.body()?;
                out.push(Stmt::While {
                    pos,
                    cond,
                    cond_src,
                    body,
                });
            }
            Tok::Ident(k) if k == "else" => {
                return Err(FrontendError::syntax(&file, pos, "`else` without `if`"))
            }
            Tok::Ident(k) if KEYWORDS.contains(&k.as_str()) => {
                return Err(self.p.err_here("a statement"))
            }
            Tok::Ident(name) => {
                self.p.bump();
                if *self.p.peek() == Tok::LBracket {
                    // a[i] = e;
                    self.p.bump();
                    let idx = self.p.expr()?;
                    self.p.expect(&Tok::RBracket, "`]`")?;
                    self.p.expect(&Tok::Assign, "`=`")?;
                    let value = self.p.expr()?;
                    let s = src(&self.p, self.p.prev_end());
                    self.semi()?;
                    return match self.decls.get(&name) {
                        None => Err(FrontendError::undeclared(&file, pos, &name)),
                        Some(Decl::Int) => Err(FrontendError::type_error(
                            &file,
                            pos,
                            &format!("`{name}` is an int, not an array"),
                        )),
                        Some(Decl::Array) => {
                            let i = self.lower(&idx, Sort::Int, "an array index")?;
                            let v = self.lower(&value, Sort::Int, "an array element")?;
                            let a = Expr::Var(name.clone());
                            out.push(Stmt::Assign {
                                var: name,
                                value: Expr::store(a, i, v),
                                src: s,
                            });
                            Ok(())
                        }
                    };
                }
                self.p.expect(&Tok::Assign, "`=` (an assignment)")?;
                let is_array = match self.decls.get(&name) {
                    None => return Err(FrontendError::undeclared(&file, pos, &name)),
                    Some(d) => matches!(d, Decl::Array),
                };
                let havoc = *self.p.peek() == Tok::Star && *self.p.peek_at(1) == Tok::Semi;
                if is_array && !havoc {
                    return Err(FrontendError::type_error(
                        &file,
                        pos,
                        &format!("`{name}` is an array: assign elements (`{name}[i] = e`) or havoc it (`{name} = *`)"),
                    ));
                }
                if havoc {
                    self.p.bump();
                    let s = src(&self.p, self.p.prev_end());
                    self.semi()?;
                    out.push(Stmt::Havoc { var: name, src: s });
                    return Ok(());
                }
                let e = self.p.expr()?;
                let s = src(&self.p, self.p.prev_end());
                self.semi()?;
                let value = self.lower(
                    &e,
                    Sort::Int,
                    &format!("the right-hand side of `{name} = ...`"),
                )?;
                out.push(Stmt::Assign {
                    var: name,
                    value,
                    src: s,
                });
            }
            _ => return Err(self.p.err_here("a statement")),
        }
        Ok(())
    }
}
