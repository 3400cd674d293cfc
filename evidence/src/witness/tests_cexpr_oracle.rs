//! An interpreter of the C the printer writes (integer literals with
//! suffixes, variables, casts, `- ! * / % + - < <= > >= == != && || ?:`),
//! with C11's types under LP64: literal types, integer promotions, the usual
//! arithmetic conversions, truncating `/` and `%`, unsigned wrap-around,
//! and signed overflow, division by zero and out-of-range conversion to a
//! signed type reported as errors.

use super::tests_cexpr_differential::{NV, VARS};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ty {
    signed: bool,
    bits: u32,
    /// int 1, long 2, long long 3 (narrower types promote to int).
    rank: u8,
    /// `_Bool`: conversion to it is `!= 0`.
    boolean: bool,
}

const fn ty(signed: bool, bits: u32, rank: u8) -> Ty {
    Ty {
        signed,
        bits,
        rank,
        boolean: false,
    }
}

const INT: Ty = ty(true, 32, 1);
const UINT: Ty = ty(false, 32, 1);
const LONG: Ty = ty(true, 64, 2);
const ULONG: Ty = ty(false, 64, 2);
const LLONG: Ty = ty(true, 64, 3);
const ULLONG: Ty = ty(false, 64, 3);

fn named(name: &str) -> Option<Ty> {
    Some(match name {
        "_Bool" => Ty {
            boolean: true,
            ..ty(false, 1, 0)
        },
        "char" | "signed char" => ty(true, 8, 0),
        "unsigned char" => ty(false, 8, 0),
        "short" | "short int" | "signed short" => ty(true, 16, 0),
        "unsigned short" | "unsigned short int" => ty(false, 16, 0),
        "int" | "signed" | "signed int" => INT,
        "unsigned" | "unsigned int" => UINT,
        "long" | "long int" => LONG,
        "unsigned long" => ULONG,
        "long long" | "long long int" => LLONG,
        "unsigned long long" => ULLONG,
        _ => return None,
    })
}

impl Ty {
    fn min(&self) -> i128 {
        if self.signed {
            -(1i128 << (self.bits - 1))
        } else {
            0
        }
    }
    fn max(&self) -> i128 {
        if self.signed {
            (1i128 << (self.bits - 1)) - 1
        } else {
            (1i128 << self.bits) - 1
        }
    }
    fn promote(self) -> Ty {
        if self.rank == 0 {
            INT
        } else {
            self
        }
    }
}

/// The usual arithmetic conversions.
fn common(a: Ty, b: Ty) -> Ty {
    let (a, b) = (a.promote(), b.promote());
    if a == b {
        return a;
    }
    if a.signed == b.signed {
        return if a.rank >= b.rank { a } else { b };
    }
    let (u, s) = if a.signed { (b, a) } else { (a, b) };
    if u.rank >= s.rank {
        u
    } else if s.bits > u.bits {
        s
    } else {
        Ty { signed: false, ..s }
    }
}

fn convert(v: i128, to: Ty) -> Result<i128, String> {
    if to.boolean {
        return Ok((v != 0) as i128);
    }
    if to.signed {
        if v < to.min() || v > to.max() {
            return Err(format!(
                "implementation-defined conversion of {v} to a {}-bit signed type",
                to.bits
            ));
        }
        Ok(v)
    } else {
        Ok(v.rem_euclid(1i128 << to.bits))
    }
}

#[derive(Debug)]
pub enum Node {
    Lit(i128, Ty),
    Var(usize),
    Cast(Ty, Box<Node>),
    Neg(Box<Node>),
    Not(Box<Node>),
    Bin(&'static str, Box<Node>, Box<Node>),
    Cond(Box<Node>, Box<Node>, Box<Node>),
}

/// The (promoted, where arithmetic applies) type of a node's value.
fn type_of(n: &Node) -> Ty {
    match n {
        Node::Lit(_, t) => *t,
        Node::Var(i) => named(VARS[*i].c_type).unwrap().promote(),
        Node::Cast(t, _) => t.promote(),
        Node::Neg(a) => type_of(a).promote(),
        Node::Not(_) => INT,
        Node::Bin(op, a, b) => match *op {
            "*" | "/" | "%" | "+" | "-" => common(type_of(a), type_of(b)),
            _ => INT,
        },
        Node::Cond(_, a, b) => common(type_of(a), type_of(b)),
    }
}

pub fn eval(n: &Node, vals: &[i128; NV]) -> Result<i128, String> {
    let t = type_of(n);
    let checked = |v: i128, what: &str| {
        if t.signed && (v < t.min() || v > t.max()) {
            Err(format!(
                "signed overflow: {what} = {v} in a {}-bit type",
                t.bits
            ))
        } else {
            convert(v, t)
        }
    };
    match n {
        Node::Lit(v, _) => Ok(*v),
        Node::Var(i) => Ok(vals[*i]),
        Node::Cast(to, a) => convert(eval(a, vals)?, *to),
        Node::Neg(a) => {
            let v = convert(eval(a, vals)?, t)?;
            checked(-v, &format!("-({v})"))
        }
        Node::Not(a) => Ok((eval(a, vals)? == 0) as i128),
        Node::Bin("&&", a, b) => Ok((eval(a, vals)? != 0 && eval(b, vals)? != 0) as i128),
        Node::Bin("||", a, b) => Ok((eval(a, vals)? != 0 || eval(b, vals)? != 0) as i128),
        Node::Bin(op, a, b) => {
            let ct = match *op {
                "*" | "/" | "%" | "+" | "-" => t,
                _ => common(type_of(a), type_of(b)),
            };
            let x = convert(eval(a, vals)?, ct)?;
            let y = convert(eval(b, vals)?, ct)?;
            let what = format!("{x} {op} {y}");
            match *op {
                "+" => checked(x + y, &what),
                "-" => checked(x - y, &what),
                "*" => checked(x * y, &what),
                "/" | "%" if y == 0 => Err(format!("division by zero: {what}")),
                "/" => checked(x / y, &what),
                // `x % y` is undefined when `x / y` is not representable.
                "%" => checked(x / y, &what).map(|_| x % y),
                "<" => Ok((x < y) as i128),
                "<=" => Ok((x <= y) as i128),
                ">" => Ok((x > y) as i128),
                ">=" => Ok((x >= y) as i128),
                "==" => Ok((x == y) as i128),
                "!=" => Ok((x != y) as i128),
                _ => unreachable!("operator {op}"),
            }
        }
        Node::Cond(c, a, b) => {
            let v = if eval(c, vals)? != 0 {
                eval(a, vals)?
            } else {
                eval(b, vals)?
            };
            convert(v, t)
        }
    }
}

#[derive(Debug, PartialEq)]
enum Tok {
    Num(String),
    Ident(String),
    Op(&'static str),
}

fn lex(s: &str) -> Result<Vec<Tok>, String> {
    const OPS: [&str; 19] = [
        "&&", "||", "<=", ">=", "==", "!=", "<", ">", "+", "-", "*", "/", "%", "!", "(", ")", "?",
        ":", "~",
    ];
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() {
            let start = i;
            while i < b.len() && b[i].is_ascii_alphanumeric() {
                i += 1;
            }
            out.push(Tok::Num(s[start..i].to_string()));
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push(Tok::Ident(s[start..i].to_string()));
        } else if let Some(op) = OPS.iter().find(|op| s[i..].starts_with(**op)) {
            if *op == "~" {
                return Err("`~` is not expected".into());
            }
            out.push(Tok::Op(op));
            i += op.len();
        } else {
            return Err(format!("unexpected `{}`", c as char));
        }
    }
    Ok(out)
}

/// The type C11 6.4.4.1 gives a decimal literal, under LP64.
fn literal(t: &str) -> Result<Node, String> {
    let digits: String = t.chars().take_while(char::is_ascii_digit).collect();
    if digits.len() > 1 && digits.starts_with('0') {
        return Err(format!("`{t}` is octal"));
    }
    let suffix = t[digits.len()..].to_ascii_lowercase();
    let v: i128 = digits
        .parse()
        .map_err(|_| format!("literal `{t}` is too large"))?;
    let candidates: &[Ty] = match suffix.as_str() {
        "" => &[INT, LONG, LLONG],
        "u" => &[UINT, ULONG, ULLONG],
        "l" => &[LONG, LLONG],
        "ul" | "lu" => &[ULONG, ULLONG],
        "ll" => &[LLONG],
        "ull" | "llu" => &[ULLONG],
        _ => return Err(format!("literal `{t}` has an unknown suffix")),
    };
    candidates
        .iter()
        .find(|ty| v <= ty.max())
        .map(|ty| Node::Lit(v, *ty))
        .ok_or_else(|| format!("literal `{t}` fits no type allowed for it"))
}

struct P {
    toks: Vec<Tok>,
    at: usize,
}

impl P {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.at)
    }
    fn eat(&mut self, op: &str) -> bool {
        if matches!(self.peek(), Some(Tok::Op(o)) if *o == op) {
            self.at += 1;
            true
        } else {
            false
        }
    }
    fn expect(&mut self, op: &str) -> Result<(), String> {
        if self.eat(op) {
            Ok(())
        } else {
            Err(format!("expected `{op}` at token {}", self.at))
        }
    }
    fn cond(&mut self) -> Result<Node, String> {
        let c = self.binary(1)?;
        if self.eat("?") {
            let a = self.cond()?;
            self.expect(":")?;
            let b = self.cond()?;
            return Ok(Node::Cond(Box::new(c), Box::new(a), Box::new(b)));
        }
        Ok(c)
    }
    fn binary(&mut self, min: u8) -> Result<Node, String> {
        let mut lhs = self.unary()?;
        while let Some(Tok::Op(op)) = self.peek() {
            let prec = match *op {
                "||" => 1,
                "&&" => 2,
                "==" | "!=" => 3,
                "<" | "<=" | ">" | ">=" => 4,
                "+" | "-" => 5,
                "*" | "/" | "%" => 6,
                _ => break,
            };
            if prec < min {
                break;
            }
            let op = *op;
            self.at += 1;
            let rhs = self.binary(prec + 1)?;
            lhs = Node::Bin(op, Box::new(lhs), Box::new(rhs));
        }
        Ok(lhs)
    }
    fn type_name(&self) -> Option<(Ty, usize)> {
        let mut words = Vec::new();
        let mut i = self.at + 1;
        while let Some(Tok::Ident(w)) = self.toks.get(i) {
            words.push(w.as_str());
            i += 1;
        }
        if words.is_empty() || self.toks.get(i) != Some(&Tok::Op(")")) {
            return None;
        }
        named(&words.join(" ")).map(|t| (t, i + 1))
    }
    fn unary(&mut self) -> Result<Node, String> {
        if self.eat("-") {
            return Ok(Node::Neg(Box::new(self.unary()?)));
        }
        if self.eat("!") {
            return Ok(Node::Not(Box::new(self.unary()?)));
        }
        if matches!(self.peek(), Some(Tok::Op("("))) {
            if let Some((t, next)) = self.type_name() {
                self.at = next;
                return Ok(Node::Cast(t, Box::new(self.unary()?)));
            }
            self.at += 1;
            let e = self.cond()?;
            self.expect(")")?;
            return Ok(e);
        }
        match self.toks.get(self.at) {
            Some(Tok::Num(t)) => {
                let n = literal(t)?;
                self.at += 1;
                Ok(n)
            }
            Some(Tok::Ident(name)) => {
                let i = VARS
                    .iter()
                    .position(|v| v.c_name == name)
                    .ok_or_else(|| format!("unknown identifier `{name}`"))?;
                self.at += 1;
                Ok(Node::Var(i))
            }
            other => Err(format!("unexpected {other:?} at token {}", self.at)),
        }
    }
}

pub fn parse(text: &str) -> Result<Node, String> {
    let mut p = P {
        toks: lex(text)?,
        at: 0,
    };
    let n = p.cond()?;
    if p.at != p.toks.len() {
        return Err(format!("trailing tokens from {}", p.at));
    }
    Ok(n)
}

#[test]
fn the_oracle_knows_c_conversions() {
    let run = |text: &str, vals: &[(usize, i128)]| {
        let mut v = [0i128; NV];
        for (i, x) in vals {
            v[*i] = *x;
        }
        eval(&parse(text).unwrap(), &v)
    };
    // u is `unsigned int` (index 1), i `int` (0), ll `long long` (2).
    assert_eq!(run("u == -1", &[(1, u32::MAX as i128)]), Ok(1));
    assert_eq!(run("-1 / 3", &[]), Ok(0));
    assert_eq!(run("-1 % 5", &[]), Ok(-1));
    assert_eq!(run("i < 0U", &[(0, -1)]), Ok(0));
    assert_eq!(run("(long long)i < 0U", &[(0, -1)]), Ok(1));
    assert_eq!(run("-2147483648 < 0", &[]), Ok(1));
    assert_eq!(run("1 ? -1 : 0U", &[]), Ok(u32::MAX as i128));
    assert!(run("i + 1", &[(0, i32::MAX as i128)]).is_err());
    assert!(run("ll + 1 - 1", &[(2, i64::MAX as i128)]).is_err());
    assert!(run("(long long)i + 1", &[(0, i32::MAX as i128)]).is_ok());
    assert!(parse("9223372036854775808LL").is_err());
    assert!(parse("9223372036854775808").is_err());
    assert!(parse("(-9223372036854775807LL - 1)").is_ok());
    assert_eq!(run("uc - 1 < 0", &[(4, 0)]), Ok(1));
    assert_eq!(run("b == 1U", &[(7, 1)]), Ok(1));
}
