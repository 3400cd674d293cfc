//! The token-stream parser shared by both frontends, the expression grammar,
//! and the lowering of parsed expressions to [`format::Expr`] with sort checks.
//!
//! Expression precedence, loosest first: `=>` (right associative), `||`, `&&`,
//! prefix `!`, comparisons (not associative; `a != b` is `!(a == b)`),
//! `+ -` (left; a chain of `+` is one n-ary sum), `* / %` (left), unary `-`
//! (directly before an integer literal it makes a negative literal), atoms.

use super::lexer::{Tok, Token};
use super::{FrontendError, Pos};
use format::{Expr, Num};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{Signed, Zero};

/// Deepest nesting of parentheses / prefix operators / blocks accepted, so that
/// hostile input cannot overflow the stack of the recursive-descent parser.
pub const MAX_NESTING: usize = 2000;

/// Which syntax the parser accepts.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// `.imp`: array reads `a[e]`, constant folding for `*`, `/`, `%`.
    Imp,
    /// `.ts`: primed names, `ite(..)`, `and(..)`, `or(..)`, `add(..)`,
    /// arrays (`e[i]`, `store(a, i, v)`, `const(v)`); exact structure.
    Ts,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl CmpOp {
    fn text(self) -> &'static str {
        match self {
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArithOp {
    Mul,
    Div,
    Mod,
}

/// A parsed expression with positions: `pos` is where the expression starts,
/// `op` where its operator is (equal to `pos` for atoms).
#[derive(Clone, Debug)]
pub struct PExpr {
    pub kind: PK,
    pub pos: Pos,
    pub op: Pos,
}

#[derive(Clone, Debug)]
pub enum PK {
    Int(Num),
    Bool(bool),
    Var(String),
    Next(String),
    Index(String, Box<PExpr>),
    Neg(Box<PExpr>),
    Not(Box<PExpr>),
    Add(Vec<PExpr>),
    Sub(Box<PExpr>, Box<PExpr>),
    Arith(ArithOp, Box<PExpr>, Box<PExpr>),
    Cmp(CmpOp, Box<PExpr>, Box<PExpr>),
    And(Vec<PExpr>),
    Or(Vec<PExpr>),
    Implies(Box<PExpr>, Box<PExpr>),
    Ite(Box<PExpr>, Box<PExpr>, Box<PExpr>),
    /// `.ts` array read `e[i]` of any array expression.
    Select(Box<PExpr>, Box<PExpr>),
    Store(Box<PExpr>, Box<PExpr>, Box<PExpr>),
    Const(Box<PExpr>),
    /// `.ts` `quot`, `rem`, `bitand`, `bitor`, `bitxor` of two integers.
    Binary(&'static str, Box<PExpr>, Box<PExpr>),
}

pub struct Parser<'a> {
    pub file: &'a str,
    pub text: &'a str,
    pub toks: Vec<Token>,
    pub i: usize,
    pub depth: usize,
    pub mode: Mode,
}

impl<'a> Parser<'a> {
    pub fn new(file: &'a str, text: &'a str, toks: Vec<Token>, mode: Mode) -> Parser<'a> {
        Parser {
            file,
            text,
            toks,
            i: 0,
            depth: 0,
            mode,
        }
    }

    pub fn peek(&self) -> &Tok {
        &self.toks[self.i].tok
    }
    pub fn peek_at(&self, k: usize) -> &Tok {
        &self.toks[(self.i + k).min(self.toks.len() - 1)].tok
    }
    pub fn pos(&self) -> Pos {
        self.toks[self.i].pos
    }
    /// Byte offset where the current token starts.
    pub fn offset(&self) -> usize {
        self.toks[self.i].start
    }
    /// Byte offset where the previous token ends.
    pub fn prev_end(&self) -> usize {
        if self.i == 0 {
            0
        } else {
            self.toks[self.i - 1].end
        }
    }
    pub fn bump(&mut self) -> Token {
        let t = self.toks[self.i].clone();
        if self.i + 1 < self.toks.len() {
            self.i += 1;
        }
        t
    }
    pub fn eat(&mut self, t: &Tok) -> bool {
        if self.peek() == t {
            self.bump();
            true
        } else {
            false
        }
    }
    pub fn is_kw(&self, kw: &str) -> bool {
        matches!(self.peek(), Tok::Ident(s) if s == kw)
    }
    pub fn eat_kw(&mut self, kw: &str) -> bool {
        if self.is_kw(kw) {
            self.bump();
            true
        } else {
            false
        }
    }
    pub fn err_here(&self, what: &str) -> FrontendError {
        FrontendError::syntax(
            self.file,
            self.pos(),
            &format!("expected {what}, found {}", self.peek().describe()),
        )
    }
    pub fn expect(&mut self, t: &Tok, what: &str) -> Result<Token, FrontendError> {
        if self.peek() == t {
            Ok(self.bump())
        } else {
            Err(self.err_here(what))
        }
    }
    pub fn expect_kw(&mut self, kw: &str) -> Result<(), FrontendError> {
        if self.eat_kw(kw) {
            Ok(())
        } else {
            Err(self.err_here(&format!("`{kw}`")))
        }
    }
    pub fn ident(&mut self, what: &str) -> Result<(String, Pos), FrontendError> {
        match self.peek().clone() {
            Tok::Ident(s) => {
                let p = self.pos();
                self.bump();
                Ok((s, p))
            }
            _ => Err(self.err_here(what)),
        }
    }
    pub fn enter(&mut self) -> Result<(), FrontendError> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(FrontendError::syntax(
                self.file,
                self.pos(),
                &format!("nested more than {MAX_NESTING} levels deep"),
            ));
        }
        Ok(())
    }
    pub fn leave(&mut self) {
        self.depth -= 1;
    }
    /// Source text between two byte offsets, whitespace collapsed.
    pub fn snippet(&self, start: usize, end: usize) -> String {
        self.text[start..end.max(start)]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    }

    pub fn expr(&mut self) -> Result<PExpr, FrontendError> {
        self.enter()?;
        let r = self.implies();
        self.leave();
        r
    }

    fn implies(&mut self) -> Result<PExpr, FrontendError> {
        let a = self.or()?;
        if *self.peek() == Tok::Implies {
            let op = self.bump().pos;
            self.enter()?;
            let b = self.implies();
            self.leave();
            let b = b?;
            let pos = a.pos;
            return Ok(PExpr {
                kind: PK::Implies(Box::new(a), Box::new(b)),
                pos,
                op,
            });
        }
        Ok(a)
    }

    fn or(&mut self) -> Result<PExpr, FrontendError> {
        let first = self.and()?;
        if *self.peek() != Tok::OrOr {
            return Ok(first);
        }
        let (pos, op) = (first.pos, self.pos());
        let mut v = vec![first];
        while self.eat(&Tok::OrOr) {
            v.push(self.and()?);
        }
        Ok(PExpr {
            kind: PK::Or(v),
            pos,
            op,
        })
    }

    fn and(&mut self) -> Result<PExpr, FrontendError> {
        let first = self.not()?;
        if *self.peek() != Tok::AndAnd {
            return Ok(first);
        }
        let (pos, op) = (first.pos, self.pos());
        let mut v = vec![first];
        while self.eat(&Tok::AndAnd) {
            v.push(self.not()?);
        }
        Ok(PExpr {
            kind: PK::And(v),
            pos,
            op,
        })
    }

    fn not(&mut self) -> Result<PExpr, FrontendError> {
        if *self.peek() == Tok::Bang {
            let pos = self.bump().pos;
            self.enter()?;
            let a = self.not();
            self.leave();
            return Ok(PExpr {
                kind: PK::Not(Box::new(a?)),
                pos,
                op: pos,
            });
        }
        self.cmp()
    }

    fn cmp_op(&self) -> Option<CmpOp> {
        Some(match self.peek() {
            Tok::EqEq => CmpOp::Eq,
            Tok::NotEq => CmpOp::Ne,
            Tok::Lt => CmpOp::Lt,
            Tok::Le => CmpOp::Le,
            Tok::Gt => CmpOp::Gt,
            Tok::Ge => CmpOp::Ge,
            _ => return None,
        })
    }

    fn cmp(&mut self) -> Result<PExpr, FrontendError> {
        let a = self.add()?;
        let Some(c) = self.cmp_op() else { return Ok(a) };
        let op = self.bump().pos;
        let b = self.add()?;
        if self.cmp_op().is_some() {
            return Err(FrontendError::syntax(
                self.file,
                self.pos(),
                "comparisons do not chain; use parentheses and `&&`",
            ));
        }
        let pos = a.pos;
        Ok(PExpr {
            kind: PK::Cmp(c, Box::new(a), Box::new(b)),
            pos,
            op,
        })
    }

    fn add(&mut self) -> Result<PExpr, FrontendError> {
        let first = self.mul()?;
        let pos = first.pos;
        // `sum` is the current chain of `+` operands; `-` closes it.
        let mut sum = vec![first];
        let mut sum_op = pos;
        let close = |sum: Vec<PExpr>, op: Pos| -> PExpr {
            if sum.len() == 1 {
                sum.into_iter().next().unwrap()
            } else {
                PExpr {
                    kind: PK::Add(sum),
                    pos,
                    op,
                }
            }
        };
        loop {
            match self.peek() {
                Tok::Plus => {
                    let p = self.bump().pos;
                    if sum.len() == 1 {
                        sum_op = p;
                    }
                    sum.push(self.mul()?);
                }
                Tok::Minus => {
                    let op = self.bump().pos;
                    let b = self.mul()?;
                    let a = close(std::mem::take(&mut sum), sum_op);
                    sum = vec![PExpr {
                        kind: PK::Sub(Box::new(a), Box::new(b)),
                        pos,
                        op,
                    }];
                }
                _ => return Ok(close(sum, sum_op)),
            }
        }
    }

    fn mul(&mut self) -> Result<PExpr, FrontendError> {
        let mut a = self.unary()?;
        loop {
            let k = match self.peek() {
                Tok::Star => ArithOp::Mul,
                Tok::Slash => ArithOp::Div,
                Tok::Percent => ArithOp::Mod,
                _ => return Ok(a),
            };
            let op = self.bump().pos;
            let b = self.unary()?;
            let pos = a.pos;
            a = PExpr {
                kind: PK::Arith(k, Box::new(a), Box::new(b)),
                pos,
                op,
            };
        }
    }

    fn unary(&mut self) -> Result<PExpr, FrontendError> {
        if *self.peek() == Tok::Minus {
            let pos = self.bump().pos;
            if let Tok::Int(d) = self.peek().clone() {
                self.bump();
                let n = self.num(&format!("-{d}"), pos)?;
                return Ok(PExpr {
                    kind: PK::Int(n),
                    pos,
                    op: pos,
                });
            }
            self.enter()?;
            let a = self.unary();
            self.leave();
            return Ok(PExpr {
                kind: PK::Neg(Box::new(a?)),
                pos,
                op: pos,
            });
        }
        self.atom()
    }

    fn num(&self, text: &str, pos: Pos) -> Result<Num, FrontendError> {
        format::expr::parse_num(text).map_err(|m| FrontendError::syntax(self.file, pos, &m))
    }

    fn atom(&mut self) -> Result<PExpr, FrontendError> {
        let mut a = self.primary()?;
        // `.ts` array reads: `a[i]`, `a'[i]`, `store(..)[i]`, ...
        while self.mode == Mode::Ts && *self.peek() == Tok::LBracket {
            let op = self.bump().pos;
            let idx = self.expr()?;
            self.expect(&Tok::RBracket, "`]`")?;
            let pos = a.pos;
            a = PExpr {
                kind: PK::Select(Box::new(a), Box::new(idx)),
                pos,
                op,
            };
        }
        Ok(a)
    }

    fn primary(&mut self) -> Result<PExpr, FrontendError> {
        let pos = self.pos();
        let mk = |kind| PExpr { kind, pos, op: pos };
        match self.peek().clone() {
            Tok::Int(d) => {
                self.bump();
                Ok(mk(PK::Int(self.num(&d, pos)?)))
            }
            Tok::LParen => {
                self.bump();
                let e = self.expr()?;
                self.expect(&Tok::RParen, "`)`")?;
                Ok(e)
            }
            Tok::Ident(s) if s == "true" || s == "false" => {
                self.bump();
                Ok(mk(PK::Bool(s == "true")))
            }
            Tok::Ident(s) => {
                self.bump();
                if self.mode == Mode::Ts && *self.peek() == Tok::LParen {
                    let fun = s.as_str();
                    const BINARY: [&str; 5] = ["quot", "rem", "bitand", "bitor", "bitxor"];
                    if !matches!(fun, "ite" | "and" | "or" | "add" | "store" | "const")
                        && !BINARY.contains(&fun)
                    {
                        return Err(FrontendError::syntax(
                            self.file,
                            pos,
                            &format!("unknown function `{s}`"),
                        ));
                    }
                    self.bump();
                    let mut args = Vec::new();
                    if *self.peek() != Tok::RParen {
                        loop {
                            args.push(self.expr()?);
                            if !self.eat(&Tok::Comma) {
                                break;
                            }
                        }
                    }
                    self.expect(&Tok::RParen, "`,` or `)`")?;
                    let arity = match fun {
                        "ite" | "store" => Some(3),
                        "const" => Some(1),
                        f if BINARY.contains(&f) => Some(2),
                        _ => None,
                    };
                    if let Some(k) = arity.filter(|k| *k != args.len()) {
                        let what = match k {
                            1 => "one argument",
                            2 => "two arguments",
                            _ => "three arguments",
                        };
                        return Err(FrontendError::syntax(
                            self.file,
                            pos,
                            &format!("`{fun}` takes {what}"),
                        ));
                    }
                    let mut take = || Box::new(args.remove(0));
                    return match fun {
                        "ite" => Ok(mk(PK::Ite(take(), take(), take()))),
                        "store" => Ok(mk(PK::Store(take(), take(), take()))),
                        "const" => Ok(mk(PK::Const(take()))),
                        f if BINARY.contains(&f) => {
                            let name = BINARY[BINARY.iter().position(|b| *b == f).expect("listed")];
                            Ok(mk(PK::Binary(name, take(), take())))
                        }
                        "and" => Ok(mk(PK::And(args))),
                        "or" => Ok(mk(PK::Or(args))),
                        _ => Ok(mk(PK::Add(args))),
                    };
                }
                if self.mode == Mode::Ts && *self.peek() == Tok::Prime {
                    self.bump();
                    return Ok(mk(PK::Next(s)));
                }
                if self.mode == Mode::Imp && *self.peek() == Tok::LBracket {
                    self.bump();
                    let idx = self.expr()?;
                    self.expect(&Tok::RBracket, "`]`")?;
                    return Ok(mk(PK::Index(s, Box::new(idx))));
                }
                Ok(mk(PK::Var(s)))
            }
            _ => Err(self.err_here("an expression")),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sort {
    Int,
    Bool,
    /// `int[]` (`.ts` only).
    Array,
}

impl Sort {
    fn name(self) -> &'static str {
        match self {
            Sort::Int => "int",
            Sort::Bool => "bool",
            Sort::Array => "int[]",
        }
    }
}

/// The value of a closed integer expression (SMT-LIB div/mod semantics).
pub fn const_value(e: &Expr) -> Option<BigInt> {
    Some(match e {
        Expr::Int(n) => n.0.clone(),
        Expr::Neg(a) => -const_value(a)?,
        Expr::Add(v) => {
            let mut s = BigInt::zero();
            for x in v {
                s += const_value(x)?;
            }
            s
        }
        Expr::Sub(a, b) => const_value(a)? - const_value(b)?,
        Expr::Mul(k, a) => &k.0 * const_value(a)?,
        Expr::Div(a, d) if d.0.is_positive() => const_value(a)?.div_floor(&d.0),
        Expr::Mod(a, d) if d.0.is_positive() => const_value(a)?.mod_floor(&d.0),
        _ => return None,
    })
}

/// Lowers a parsed expression, resolving names with `leaf` (called on
/// `Var`, `Next` and `Index` nodes, giving the term and its sort), and checks sorts.
pub struct Lower<'a> {
    pub file: &'a str,
    pub mode: Mode,
    pub leaf: Leaf<'a>,
}

/// Resolves a name or indexed name to its term and sort.
pub type Leaf<'a> = &'a dyn Fn(&PExpr) -> Result<(Expr, Sort), FrontendError>;

impl Lower<'_> {
    /// Lowers `e` and requires sort `want`; `ctx` names the context for messages.
    pub fn expect(&self, e: &PExpr, want: Sort, ctx: &str) -> Result<Expr, FrontendError> {
        let (x, s) = self.lower(e)?;
        if s != want {
            return Err(FrontendError::type_error(
                self.file,
                e.pos,
                &format!("{ctx} must be {}, found {}", want.name(), s.name()),
            ));
        }
        Ok(x)
    }

    fn operand(&self, e: &PExpr, want: Sort, op: &str) -> Result<Expr, FrontendError> {
        self.expect(e, want, &format!("operand of `{op}`"))
    }

    fn constant(&self, e: &Expr) -> Option<BigInt> {
        match (self.mode, e) {
            (Mode::Ts, Expr::Int(n)) => Some(n.0.clone()),
            (Mode::Ts, _) => None,
            (Mode::Imp, e) => const_value(e),
        }
    }

    pub fn lower(&self, e: &PExpr) -> Result<(Expr, Sort), FrontendError> {
        use Sort::*;
        Ok(match &e.kind {
            PK::Int(n) => (Expr::Int(n.clone()), Int),
            PK::Bool(v) => (Expr::Bool(*v), Bool),
            PK::Var(_) | PK::Next(_) | PK::Index(..) => (self.leaf)(e)?,
            PK::Select(a, i) => {
                let x = self.operand(a, Array, "[]")?;
                let y = self.expect(i, Int, "an array index")?;
                (Expr::select(x, y), Int)
            }
            PK::Store(a, i, v) => {
                let x = self.operand(a, Array, "store")?;
                let y = self.operand(i, Int, "store")?;
                let z = self.operand(v, Int, "store")?;
                (Expr::store(x, y, z), Array)
            }
            PK::Const(v) => {
                let x = self.operand(v, Int, "const")?;
                if !matches!(x, Expr::Int(_)) {
                    return Err(FrontendError::type_error(
                        self.file,
                        v.pos,
                        "`const` takes an integer literal",
                    ));
                }
                (Expr::ConstArray(Box::new(x)), Array)
            }
            PK::Binary(name, a, c) => {
                let (x, y) = (
                    Box::new(self.operand(a, Int, name)?),
                    Box::new(self.operand(c, Int, name)?),
                );
                let e = match *name {
                    "quot" => Expr::Quot(x, y),
                    "rem" => Expr::Rem(x, y),
                    "bitand" => Expr::BitAnd(x, y),
                    "bitor" => Expr::BitOr(x, y),
                    _ => Expr::BitXor(x, y),
                };
                (e, Int)
            }
            PK::Neg(a) => (Expr::Neg(Box::new(self.operand(a, Int, "-")?)), Int),
            PK::Not(a) => (Expr::Not(Box::new(self.operand(a, Bool, "!")?)), Bool),
            PK::Add(v) => {
                if v.is_empty() {
                    return Err(FrontendError::type_error(
                        self.file,
                        e.pos,
                        "`add()` is empty",
                    ));
                }
                let xs = v
                    .iter()
                    .map(|x| self.operand(x, Int, "+"))
                    .collect::<Result<_, _>>()?;
                (Expr::Add(xs), Int)
            }
            PK::Sub(a, c) => {
                let x = self.operand(a, Int, "-")?;
                let y = self.operand(c, Int, "-")?;
                (Expr::Sub(Box::new(x), Box::new(y)), Int)
            }
            PK::Arith(k, a, c) => {
                let name = match k {
                    ArithOp::Mul => "*",
                    ArithOp::Div => "/",
                    ArithOp::Mod => "%",
                };
                let x = self.operand(a, Int, name)?;
                let y = self.operand(c, Int, name)?;
                match k {
                    ArithOp::Mul => {
                        if let Some(kx) = self.constant(&x) {
                            (Expr::Mul(Num(kx), Box::new(y)), Int)
                        } else if let Some(ky) = self.constant(&y) {
                            (Expr::Mul(Num(ky), Box::new(x)), Int)
                        } else if self.mode == Mode::Ts {
                            // A product of two terms (the format's `times`).
                            (Expr::Times(Box::new(x), Box::new(y)), Int)
                        } else {
                            return Err(FrontendError::nonlinear(
                                self.file,
                                e.op,
                                "multiplication: one factor of `*` must be an integer constant",
                            ));
                        }
                    }
                    ArithOp::Div | ArithOp::Mod => {
                        let Some(d) = self.constant(&y) else {
                            return Err(FrontendError::nonlinear(
                                self.file,
                                e.op,
                                &format!(
                                    "division: the divisor of `{name}` must be an integer constant"
                                ),
                            ));
                        };
                        if !d.is_positive() {
                            return Err(FrontendError::invalid(
                                self.file,
                                c.pos,
                                &format!("the divisor of `{name}` must be positive, found {d}"),
                            ));
                        }
                        let bx = Box::new(x);
                        if *k == ArithOp::Div {
                            (Expr::Div(bx, Num(d)), Int)
                        } else {
                            (Expr::Mod(bx, Num(d)), Int)
                        }
                    }
                }
            }
            PK::Cmp(op, a, c) => {
                // `==`/`!=` also compare two arrays.
                let (x, sx) = self.lower(a)?;
                let eq = matches!(op, CmpOp::Eq | CmpOp::Ne);
                let want = if eq && sx == Array { Array } else { Int };
                if sx != want {
                    return Err(FrontendError::type_error(
                        self.file,
                        a.pos,
                        &format!(
                            "operand of `{}` must be int, found {}",
                            op.text(),
                            sx.name()
                        ),
                    ));
                }
                let x = Box::new(x);
                let y = Box::new(self.operand(c, want, op.text())?);
                let r = match op {
                    CmpOp::Eq => Expr::Eq(x, y),
                    CmpOp::Ne => Expr::Not(Box::new(Expr::Eq(x, y))),
                    CmpOp::Lt => Expr::Lt(x, y),
                    CmpOp::Le => Expr::Le(x, y),
                    CmpOp::Gt => Expr::Gt(x, y),
                    CmpOp::Ge => Expr::Ge(x, y),
                };
                (r, Bool)
            }
            PK::And(v) | PK::Or(v) => {
                let is_and = matches!(e.kind, PK::And(_));
                let op = if is_and { "&&" } else { "||" };
                let xs: Vec<Expr> = v
                    .iter()
                    .map(|x| self.operand(x, Bool, op))
                    .collect::<Result<_, _>>()?;
                (if is_and { Expr::And(xs) } else { Expr::Or(xs) }, Bool)
            }
            PK::Implies(a, c) => {
                let x = self.operand(a, Bool, "=>")?;
                let y = self.operand(c, Bool, "=>")?;
                (Expr::Implies(Box::new(x), Box::new(y)), Bool)
            }
            PK::Ite(c, a, d) => {
                let cx = self.expect(c, Bool, "condition of `ite`")?;
                let (x, sx) = self.lower(a)?;
                let (y, sy) = self.lower(d)?;
                if sx != sy {
                    return Err(FrontendError::type_error(
                        self.file,
                        d.pos,
                        &format!(
                            "branches of `ite` have different sorts ({} and {})",
                            sx.name(),
                            sy.name()
                        ),
                    ));
                }
                (Expr::Ite(Box::new(cx), Box::new(x), Box::new(y)), sx)
            }
        })
    }
}
