//! Expressions of integer arithmetic (linear, plus exact products, C
//! quotients and two's-complement bitwise operators of two terms) with
//! Booleans and arrays, and their sort check.

use num_bigint::BigInt;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

use crate::task::VarSort;

/// Longest decimal literal accepted (a bound against hostile input).
pub const MAX_DIGITS: usize = 1000;

/// A mathematical integer; serialised as a decimal string so that no
/// reader ever rounds or wraps it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Num(pub BigInt);

impl Num {
    pub fn from_i64(v: i64) -> Num {
        Num(BigInt::from(v))
    }
}

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl Serialize for Num {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0.to_string())
    }
}

impl<'de> Deserialize<'de> for Num {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Num, D::Error> {
        let text = String::deserialize(d)?;
        parse_num(&text).map_err(serde::de::Error::custom)
    }
}

/// Parses an optionally negative decimal integer of at most [`MAX_DIGITS`] digits.
pub fn parse_num(text: &str) -> Result<Num, String> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("`{text}` is not a decimal integer"));
    }
    if digits.len() > MAX_DIGITS {
        return Err(format!(
            "integer literal of {} digits exceeds the limit of {MAX_DIGITS}",
            digits.len()
        ));
    }
    text.parse::<BigInt>()
        .map(Num)
        .map_err(|e| format!("`{text}`: {e}"))
}

/// An expression. `Var` names a current-state variable or an edge-local
/// variable; `Next` names the primed (next-state) copy of a state variable.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Expr {
    Bool(bool),
    Int(Num),
    Var(String),
    Next(String),
    Add(Vec<Expr>),
    Sub(Box<Expr>, Box<Expr>),
    Neg(Box<Expr>),
    /// Multiplication by a constant.
    Mul(Num, Box<Expr>),
    /// SMT-LIB `div` by a positive constant (floor division).
    Div(Box<Expr>, Num),
    /// SMT-LIB `mod` by a positive constant (result in `0..d`).
    Mod(Box<Expr>, Num),
    Eq(Box<Expr>, Box<Expr>),
    Lt(Box<Expr>, Box<Expr>),
    Le(Box<Expr>, Box<Expr>),
    Gt(Box<Expr>, Box<Expr>),
    Ge(Box<Expr>, Box<Expr>),
    And(Vec<Expr>),
    Or(Vec<Expr>),
    Not(Box<Expr>),
    Implies(Box<Expr>, Box<Expr>),
    Ite(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `a[i]` of an `int -> int` array.
    Select(Box<Expr>, Box<Expr>),
    /// The array `a` with `a[i] = v`.
    Store(Box<Expr>, Box<Expr>, Box<Expr>),
    /// The array with value `v` at every index.
    ConstArray(Box<Expr>),
    /// `a * b` of two terms (non-linear).
    Times(Box<Expr>, Box<Expr>),
    /// C's truncating quotient `a / b` (rounds toward zero); no value for `b = 0`.
    Quot(Box<Expr>, Box<Expr>),
    /// C's remainder `a % b = a - b * quot(a, b)`; no value for `b = 0`.
    Rem(Box<Expr>, Box<Expr>),
    /// Bitwise and of two integers in two's complement of unbounded width.
    BitAnd(Box<Expr>, Box<Expr>),
    /// Bitwise or, two's complement of unbounded width.
    BitOr(Box<Expr>, Box<Expr>),
    /// Bitwise exclusive or, two's complement of unbounded width.
    BitXor(Box<Expr>, Box<Expr>),
}

/// The decoder of [`Expr`] (same shape), wrapped by a depth guard below:
/// decoding recurses, so hostile nesting is cut off at [`MAX_DEPTH`]
/// while decoding, in JSON and bincode alike, before it can exhaust the stack.
#[derive(Deserialize)]
#[serde(remote = "Expr", rename_all = "snake_case", deny_unknown_fields)]
enum ExprDef {
    Bool(bool),
    Int(Num),
    Var(String),
    Next(String),
    Add(Vec<Expr>),
    Sub(Box<Expr>, Box<Expr>),
    Neg(Box<Expr>),
    Mul(Num, Box<Expr>),
    Div(Box<Expr>, Num),
    Mod(Box<Expr>, Num),
    Eq(Box<Expr>, Box<Expr>),
    Lt(Box<Expr>, Box<Expr>),
    Le(Box<Expr>, Box<Expr>),
    Gt(Box<Expr>, Box<Expr>),
    Ge(Box<Expr>, Box<Expr>),
    And(Vec<Expr>),
    Or(Vec<Expr>),
    Not(Box<Expr>),
    Implies(Box<Expr>, Box<Expr>),
    Ite(Box<Expr>, Box<Expr>, Box<Expr>),
    Select(Box<Expr>, Box<Expr>),
    Store(Box<Expr>, Box<Expr>, Box<Expr>),
    ConstArray(Box<Expr>),
    /// `a * b` of two terms (non-linear).
    Times(Box<Expr>, Box<Expr>),
    /// C's truncating quotient `a / b` (rounds toward zero); no value for `b = 0`.
    Quot(Box<Expr>, Box<Expr>),
    /// C's remainder `a % b = a - b * quot(a, b)`; no value for `b = 0`.
    Rem(Box<Expr>, Box<Expr>),
    /// Bitwise and of two integers in two's complement of unbounded width.
    BitAnd(Box<Expr>, Box<Expr>),
    /// Bitwise or, two's complement of unbounded width.
    BitOr(Box<Expr>, Box<Expr>),
    /// Bitwise exclusive or, two's complement of unbounded width.
    BitXor(Box<Expr>, Box<Expr>),
}

thread_local!(static DECODE_DEPTH: std::cell::Cell<usize> = const { std::cell::Cell::new(0) });

impl<'de> Deserialize<'de> for Expr {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Expr, D::Error> {
        let depth = DECODE_DEPTH.with(|c| c.get()) + 1;
        if depth > MAX_DEPTH {
            return Err(serde::de::Error::custom(SortError::TooDeep));
        }
        DECODE_DEPTH.with(|c| c.set(depth));
        let r = ExprDef::deserialize(d);
        DECODE_DEPTH.with(|c| c.set(depth - 1));
        r
    }
}

/// The sort of an expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExprSort {
    Int,
    Bool,
    /// `int -> int` arrays.
    Array,
}

impl ExprSort {
    pub fn of(sort: VarSort) -> ExprSort {
        match sort {
            VarSort::Int => ExprSort::Int,
            VarSort::IntArray => ExprSort::Array,
        }
    }
}

/// Which variables an expression may mention, and their sorts.
pub trait Scope {
    /// The sort of the readable variable `name` (state variable or edge local).
    fn var_sort(&self, name: &str) -> Option<VarSort>;
    /// The sort of `name'`, if the expression may mention it.
    fn next_sort(&self, name: &str) -> Option<VarSort>;
}

/// Largest nesting depth accepted anywhere (a bound against hostile input).
pub const MAX_DEPTH: usize = 10_000;

/// Largest [`Expr::coefficient_bits`] of an accepted formula: room for a
/// 1,000-digit constant (3,322 bits) times another, but not for towers.
pub const MAX_COEFFICIENT_BITS: u64 = 8_192;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SortError {
    #[error("unknown variable `{0}`")]
    UnknownVar(String),
    #[error("next-state variable `{0}'` is not allowed here")]
    NextNotAllowed(String),
    #[error("`{0}` expects {1:?} operands")]
    Mismatch(&'static str, ExprSort),
    #[error("`{0}` needs a positive constant divisor, got {1}")]
    BadDivisor(&'static str, Num),
    #[error("an empty `{0}` has no meaning here")]
    Empty(&'static str),
    #[error("an integer constant has more than {MAX_DIGITS} digits")]
    TooLong,
    #[error("formula nested deeper than {MAX_DEPTH}")]
    TooDeep,
    #[error("constants multiply to about {0} bits, over the limit of {MAX_COEFFICIENT_BITS}")]
    TooLarge(u64),
    #[error("`ite` branches have different sorts")]
    IteBranches,
    #[error("`const` takes an integer literal")]
    ConstArrayArg,
}

impl Expr {
    pub fn int(v: i64) -> Expr {
        Expr::Int(Num::from_i64(v))
    }
    pub fn var(name: &str) -> Expr {
        Expr::Var(name.to_string())
    }
    pub fn next(name: &str) -> Expr {
        Expr::Next(name.to_string())
    }
    pub fn not(e: Expr) -> Expr {
        Expr::Not(Box::new(e))
    }
    pub fn eq(a: Expr, b: Expr) -> Expr {
        Expr::Eq(Box::new(a), Box::new(b))
    }
    pub fn select(a: Expr, i: Expr) -> Expr {
        Expr::Select(Box::new(a), Box::new(i))
    }
    pub fn store(a: Expr, i: Expr, v: Expr) -> Expr {
        Expr::Store(Box::new(a), Box::new(i), Box::new(v))
    }
    /// Does the expression use an operator outside linear arithmetic
    /// (a product, quotient or remainder of two terms, a bitwise operator)?
    pub fn has_nonlinear(&self) -> bool {
        let mut stack = vec![self];
        while let Some(e) = stack.pop() {
            if e.is_nonlinear_op() {
                return true;
            }
            stack.extend(e.children());
        }
        false
    }
    /// Is the top operator one of the non-linear ones?
    pub fn is_nonlinear_op(&self) -> bool {
        matches!(
            self,
            Expr::Times(..)
                | Expr::Quot(..)
                | Expr::Rem(..)
                | Expr::BitAnd(..)
                | Expr::BitOr(..)
                | Expr::BitXor(..)
        )
    }
    /// Does the expression mention an array operation?
    pub fn has_arrays(&self) -> bool {
        let mut stack = vec![self];
        while let Some(e) = stack.pop() {
            if matches!(e, Expr::Select(..) | Expr::Store(..) | Expr::ConstArray(_)) {
                return true;
            }
            stack.extend(e.children());
        }
        false
    }

    /// The operator's name, for messages.
    pub fn op_name(&self) -> &'static str {
        match self {
            Expr::Bool(_) => "bool",
            Expr::Int(_) => "int",
            Expr::Var(_) => "var",
            Expr::Next(_) => "next",
            Expr::Add(_) => "+",
            Expr::Sub(..) => "-",
            Expr::Neg(_) => "neg",
            Expr::Mul(..) => "*",
            Expr::Div(..) => "div",
            Expr::Mod(..) => "mod",
            Expr::Eq(..) => "==",
            Expr::Lt(..) => "<",
            Expr::Le(..) => "<=",
            Expr::Gt(..) => ">",
            Expr::Ge(..) => ">=",
            Expr::And(_) => "&&",
            Expr::Or(_) => "||",
            Expr::Not(_) => "!",
            Expr::Implies(..) => "=>",
            Expr::Ite(..) => "ite",
            Expr::Select(..) => "select",
            Expr::Store(..) => "store",
            Expr::ConstArray(_) => "const-array",
            Expr::Times(..) => "times",
            Expr::Quot(..) => "quot",
            Expr::Rem(..) => "rem",
            Expr::BitAnd(..) => "bitand",
            Expr::BitOr(..) => "bitor",
            Expr::BitXor(..) => "bitxor",
        }
    }

    /// Direct sub-expressions, in order.
    pub fn children(&self) -> Vec<&Expr> {
        match self {
            Expr::Bool(_) | Expr::Int(_) | Expr::Var(_) | Expr::Next(_) => vec![],
            Expr::Add(v) | Expr::And(v) | Expr::Or(v) => v.iter().collect(),
            Expr::Neg(a)
            | Expr::Not(a)
            | Expr::Mul(_, a)
            | Expr::Div(a, _)
            | Expr::Mod(a, _)
            | Expr::ConstArray(a) => vec![a],
            Expr::Sub(a, b)
            | Expr::Eq(a, b)
            | Expr::Lt(a, b)
            | Expr::Le(a, b)
            | Expr::Gt(a, b)
            | Expr::Ge(a, b)
            | Expr::Implies(a, b)
            | Expr::Select(a, b)
            | Expr::Times(a, b)
            | Expr::Quot(a, b)
            | Expr::Rem(a, b)
            | Expr::BitAnd(a, b)
            | Expr::BitOr(a, b)
            | Expr::BitXor(a, b) => vec![a, b],
            Expr::Ite(c, a, b) | Expr::Store(c, a, b) => vec![c, a, b],
        }
    }

    /// Nesting depth, computed without recursion so hostile input cannot
    /// overflow the stack here.
    pub fn depth(&self) -> usize {
        let mut max = 0;
        let mut stack = vec![(self, 1usize)];
        while let Some((e, d)) = stack.pop() {
            max = max.max(d);
            for c in e.children() {
                stack.push((c, d + 1));
            }
        }
        max
    }

    /// Number of sub-expressions, itself included (without recursion).
    pub fn size(&self) -> usize {
        let mut n = 0;
        let mut stack = vec![self];
        while let Some(e) = stack.pop() {
            n += 1;
            stack.extend(e.children());
        }
        n
    }

    /// An upper bound, in bits, on the coefficients of the expression's
    /// integer terms written as linear combinations of its variables
    /// (`log2` of the sum of absolute coefficients and constant): products
    /// by constants add bits, sums add the log of their growth. Boolean
    /// operators take the widest operand. Call after the depth check.
    pub fn coefficient_bits(&self) -> u64 {
        self.log2_coefficients().ceil().max(0.0) as u64
    }

    fn log2_coefficients(&self) -> f64 {
        // log2(2^a + 2^b) without overflow.
        let plus = |a: f64, b: f64| {
            let (hi, lo) = if a >= b { (a, b) } else { (b, a) };
            hi + (1.0 + (lo - hi).exp2()).log2()
        };
        let log2 = |k: &Num| {
            let bits = k.0.bits();
            if bits <= 1 {
                0.0
            } else {
                bits as f64
            }
        };
        match self {
            Expr::Bool(_) | Expr::Var(_) | Expr::Next(_) => 0.0,
            Expr::Int(k) => log2(k),
            Expr::Mul(k, a) => log2(k) + a.log2_coefficients(),
            Expr::Add(v) => v
                .iter()
                .map(|e| e.log2_coefficients())
                .reduce(plus)
                .unwrap_or(0.0),
            Expr::Sub(a, b) => plus(a.log2_coefficients(), b.log2_coefficients()),
            Expr::Mod(_, d) => log2(d),
            // A product's coefficients multiply; or/xor add at most one bit.
            Expr::Times(a, b) => a.log2_coefficients() + b.log2_coefficients(),
            Expr::BitOr(a, b) | Expr::BitXor(a, b) => {
                plus(a.log2_coefficients(), b.log2_coefficients())
            }
            _ => self
                .children()
                .iter()
                .map(|e| e.log2_coefficients())
                .fold(0.0, f64::max),
        }
    }

    /// Checks sorts, divisors, variable scope and magnitude; returns the sort.
    pub fn sort_check(&self, scope: &dyn Scope) -> Result<ExprSort, SortError> {
        if self.depth() > MAX_DEPTH {
            return Err(SortError::TooDeep);
        }
        let sort = self.sort_rec(scope)?;
        // Nested products of large constants make coefficients no solver
        // or evaluator can handle in bounded memory (k*(k*(...*x)) with a
        // 1,000-digit k took cvc5 10 GB).
        let bits = self.coefficient_bits();
        if bits > MAX_COEFFICIENT_BITS {
            return Err(SortError::TooLarge(bits));
        }
        Ok(sort)
    }

    fn sort_rec(&self, scope: &dyn Scope) -> Result<ExprSort, SortError> {
        use ExprSort::*;
        let expect = |e: &Expr, want: ExprSort, op: &'static str| -> Result<(), SortError> {
            if e.sort_rec(scope)? == want {
                Ok(())
            } else {
                Err(SortError::Mismatch(op, want))
            }
        };
        let op = self.op_name();
        // Constants built in memory (e.g. folded by a frontend) obey the reader's limit.
        if let Expr::Int(k) | Expr::Mul(k, _) | Expr::Div(_, k) | Expr::Mod(_, k) = self {
            if k.0.bits() > 3300 && k.0.magnitude().to_string().len() > MAX_DIGITS {
                return Err(SortError::TooLong);
            }
        }
        match self {
            Expr::Bool(_) => Ok(Bool),
            Expr::Int(_) => Ok(Int),
            Expr::Var(n) => scope
                .var_sort(n)
                .map(ExprSort::of)
                .ok_or_else(|| SortError::UnknownVar(n.clone())),
            Expr::Next(n) => scope
                .next_sort(n)
                .map(ExprSort::of)
                .ok_or_else(|| SortError::NextNotAllowed(n.clone())),
            Expr::Select(a, i) => {
                expect(a, Array, op)?;
                expect(i, Int, op).map(|_| Int)
            }
            Expr::Store(a, i, v) => {
                expect(a, Array, op)?;
                expect(i, Int, op)?;
                expect(v, Int, op).map(|_| Array)
            }
            // A literal keeps constant arrays within every solver's fragment.
            Expr::ConstArray(v) if matches!(**v, Expr::Int(_)) => Ok(Array),
            Expr::ConstArray(_) => Err(SortError::ConstArrayArg),
            // Equality compares two integers or two arrays (extensionally).
            Expr::Eq(a, b) => {
                let sa = a.sort_rec(scope)?;
                if sa == Bool {
                    return Err(SortError::Mismatch(op, Int));
                }
                expect(b, sa, op).map(|_| Bool)
            }
            Expr::Add(v) | Expr::And(v) | Expr::Or(v) => {
                let want = if matches!(self, Expr::Add(_)) {
                    Int
                } else {
                    Bool
                };
                if v.is_empty() && want == Int {
                    return Err(SortError::Empty(op));
                }
                v.iter().try_for_each(|e| expect(e, want, op))?;
                Ok(want)
            }
            Expr::Neg(a) | Expr::Mul(_, a) => expect(a, Int, op).map(|_| Int),
            Expr::Div(a, d) | Expr::Mod(a, d) => {
                if d.0 <= BigInt::from(0) {
                    return Err(SortError::BadDivisor(op, d.clone()));
                }
                expect(a, Int, op).map(|_| Int)
            }
            Expr::Sub(a, b)
            | Expr::Times(a, b)
            | Expr::Quot(a, b)
            | Expr::Rem(a, b)
            | Expr::BitAnd(a, b)
            | Expr::BitOr(a, b)
            | Expr::BitXor(a, b) => {
                expect(a, Int, op)?;
                expect(b, Int, op).map(|_| Int)
            }
            Expr::Lt(a, b) | Expr::Le(a, b) | Expr::Gt(a, b) | Expr::Ge(a, b) => {
                expect(a, Int, op)?;
                expect(b, Int, op).map(|_| Bool)
            }
            Expr::Not(a) => expect(a, Bool, op).map(|_| Bool),
            Expr::Implies(a, b) => {
                expect(a, Bool, op)?;
                expect(b, Bool, op).map(|_| Bool)
            }
            Expr::Ite(c, a, b) => {
                expect(c, Bool, op)?;
                let sa = a.sort_rec(scope)?;
                if b.sort_rec(scope)? != sa {
                    return Err(SortError::IteBranches);
                }
                Ok(sa)
            }
        }
    }

    /// `self` with every sub-expression `x` for which `f(x)` is `Some(y)`
    /// replaced by `y` (outermost first); the one structural map all
    /// substitutions (priming, renaming, replacing) are written with.
    pub fn rewrite(&self, f: &dyn Fn(&Expr) -> Option<Expr>) -> Expr {
        if let Some(y) = f(self) {
            return y;
        }
        let b = |x: &Expr| Box::new(x.rewrite(f));
        let v = |xs: &[Expr]| xs.iter().map(|x| x.rewrite(f)).collect();
        match self {
            Expr::Bool(_) | Expr::Int(_) | Expr::Var(_) | Expr::Next(_) => self.clone(),
            Expr::Add(xs) => Expr::Add(v(xs)),
            Expr::And(xs) => Expr::And(v(xs)),
            Expr::Or(xs) => Expr::Or(v(xs)),
            Expr::Sub(x, y) => Expr::Sub(b(x), b(y)),
            Expr::Neg(x) => Expr::Neg(b(x)),
            Expr::Mul(k, x) => Expr::Mul(k.clone(), b(x)),
            Expr::Div(x, k) => Expr::Div(b(x), k.clone()),
            Expr::Mod(x, k) => Expr::Mod(b(x), k.clone()),
            Expr::Eq(x, y) => Expr::Eq(b(x), b(y)),
            Expr::Lt(x, y) => Expr::Lt(b(x), b(y)),
            Expr::Le(x, y) => Expr::Le(b(x), b(y)),
            Expr::Gt(x, y) => Expr::Gt(b(x), b(y)),
            Expr::Ge(x, y) => Expr::Ge(b(x), b(y)),
            Expr::Not(x) => Expr::Not(b(x)),
            Expr::Implies(x, y) => Expr::Implies(b(x), b(y)),
            Expr::Ite(c, x, y) => Expr::Ite(b(c), b(x), b(y)),
            Expr::Select(x, y) => Expr::Select(b(x), b(y)),
            Expr::Store(x, y, z) => Expr::Store(b(x), b(y), b(z)),
            Expr::ConstArray(x) => Expr::ConstArray(b(x)),
            Expr::Times(x, y) => Expr::Times(b(x), b(y)),
            Expr::Quot(x, y) => Expr::Quot(b(x), b(y)),
            Expr::Rem(x, y) => Expr::Rem(b(x), b(y)),
            Expr::BitAnd(x, y) => Expr::BitAnd(b(x), b(y)),
            Expr::BitOr(x, y) => Expr::BitOr(b(x), b(y)),
            Expr::BitXor(x, y) => Expr::BitXor(b(x), b(y)),
        }
    }

    /// `self` with `Var(n)` replaced by `f(n)` where that is `Some`.
    pub fn map_vars(&self, f: &dyn Fn(&str) -> Option<Expr>) -> Expr {
        self.rewrite(&|x| match x {
            Expr::Var(n) => Some(f(n).unwrap_or_else(|| x.clone())),
            _ => None,
        })
    }

    /// Every variable name read (`Var`) and every primed name (`Next`).
    pub fn collect_vars(&self, vars: &mut Vec<String>, nexts: &mut Vec<String>) {
        let mut stack = vec![self];
        while let Some(e) = stack.pop() {
            match e {
                Expr::Var(n) => vars.push(n.clone()),
                Expr::Next(n) => nexts.push(n.clone()),
                _ => stack.extend(e.children()),
            }
        }
    }
}
