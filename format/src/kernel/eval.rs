//! Concrete evaluation of expressions over mathematical integers and `int -> int` arrays.
//!
//! A concrete array is a finite map plus a default value. Array terms
//! evaluate to views (a base array and the writes on top of it), so that a
//! step `a' = store(a, i, v)` of a long trace costs the writes it makes,
//! not the size of the array.

use crate::expr::Expr;
use num_bigint::BigInt;
use num_integer::Integer;
use std::collections::BTreeMap;

/// A concrete `int -> int` array: `entries` where listed, `default` elsewhere.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ArrayVal {
    pub default: BigInt,
    pub entries: BTreeMap<BigInt, BigInt>,
}

impl ArrayVal {
    pub fn get(&self, k: &BigInt) -> &BigInt {
        self.entries.get(k).unwrap_or(&self.default)
    }
    /// Applies writes in order (a later write to the same index wins).
    pub fn apply(&mut self, writes: &[(BigInt, BigInt)]) {
        for (k, v) in writes {
            self.entries.insert(k.clone(), v.clone());
        }
    }
}

/// What an array term evaluates to without copying: a base and writes on top.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View<'a> {
    pub base: Base<'a>,
    pub writes: Vec<(BigInt, BigInt)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Base<'a> {
    Stored(&'a ArrayVal),
    Const(BigInt),
}

impl View<'_> {
    pub fn get(&self, k: &BigInt) -> BigInt {
        if let Some((_, v)) = self.writes.iter().rev().find(|(i, _)| i == k) {
            return v.clone();
        }
        match &self.base {
            Base::Stored(a) => a.get(k).clone(),
            Base::Const(v) => v.clone(),
        }
    }
    fn default(&self) -> &BigInt {
        match &self.base {
            Base::Stored(a) => &a.default,
            Base::Const(v) => v,
        }
    }
    fn same_base(&self, other: &View) -> bool {
        match (&self.base, &other.base) {
            (Base::Stored(a), Base::Stored(b)) => std::ptr::eq(*a, *b),
            (Base::Const(a), Base::Const(b)) => a == b,
            _ => false,
        }
    }
    /// Extensional equality. Arrays with different defaults differ at
    /// infinitely many indices; otherwise only listed indices can differ.
    pub fn equals(&self, other: &View) -> bool {
        let mut keys: Vec<&BigInt> = self
            .writes
            .iter()
            .chain(&other.writes)
            .map(|w| &w.0)
            .collect();
        if !self.same_base(other) {
            if self.default() != other.default() {
                return false;
            }
            for b in [&self.base, &other.base] {
                if let Base::Stored(a) = b {
                    keys.extend(a.entries.keys());
                }
            }
        }
        keys.into_iter().all(|k| self.get(k) == other.get(k))
    }
    /// The array as a value of its own.
    pub fn materialise(&self) -> ArrayVal {
        let mut a = match &self.base {
            Base::Stored(a) => (*a).clone(),
            Base::Const(v) => ArrayVal {
                default: v.clone(),
                entries: BTreeMap::new(),
            },
        };
        a.apply(&self.writes);
        a
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value<'a> {
    Int(BigInt),
    Bool(bool),
    Array(View<'a>),
}

/// The next-state value of an array: a value of its own, or writes on top
/// of the current value of the same array.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NextArray {
    Value(ArrayVal),
    Writes(Vec<(BigInt, BigInt)>),
}

/// Values of current-state/local variables and of next-state variables.
#[derive(Default, Clone, Debug)]
pub struct Env {
    pub vars: BTreeMap<String, BigInt>,
    pub nexts: BTreeMap<String, BigInt>,
    pub arrays: BTreeMap<String, ArrayVal>,
    pub next_arrays: BTreeMap<String, NextArray>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EvalError {
    #[error("no value given for `{0}`")]
    Unbound(String),
    #[error("ill-sorted `{0}`")]
    Sort(&'static str),
    #[error("division by non-positive constant")]
    Divisor,
    #[error("division by zero")]
    DivisionByZero,
    #[error("an intermediate value exceeds {MAX_VALUE_BITS} bits")]
    TooLarge,
}

/// Largest intermediate product, in bits: nested products of a hostile
/// formula (x*x*x*...) would otherwise grow without bound.
pub const MAX_VALUE_BITS: u64 = 1 << 16;

impl Env {
    pub fn eval(&self, e: &Expr) -> Result<Value<'_>, EvalError> {
        let int = |x: &Expr| match self.eval(x)? {
            Value::Int(i) => Ok(i),
            _ => Err(EvalError::Sort(e.op_name())),
        };
        let boolean = |x: &Expr| match self.eval(x)? {
            Value::Bool(b) => Ok(b),
            _ => Err(EvalError::Sort(e.op_name())),
        };
        let array = |x: &Expr| match self.eval(x)? {
            Value::Array(v) => Ok(v),
            _ => Err(EvalError::Sort(e.op_name())),
        };
        let cmp = |a: &Expr, b: &Expr, f: fn(&BigInt, &BigInt) -> bool| {
            Ok(Value::Bool(f(&int(a)?, &int(b)?)))
        };
        Ok(match e {
            Expr::Bool(b) => Value::Bool(*b),
            Expr::Int(n) => Value::Int(n.0.clone()),
            Expr::Var(n) => match (self.vars.get(n), self.arrays.get(n)) {
                (Some(v), _) => Value::Int(v.clone()),
                (None, Some(a)) => Value::Array(View {
                    base: Base::Stored(a),
                    writes: vec![],
                }),
                (None, None) => return Err(EvalError::Unbound(n.clone())),
            },
            Expr::Next(n) => match (self.nexts.get(n), self.next_arrays.get(n)) {
                (Some(v), _) => Value::Int(v.clone()),
                (None, Some(NextArray::Value(a))) => Value::Array(View {
                    base: Base::Stored(a),
                    writes: vec![],
                }),
                (None, Some(NextArray::Writes(w))) => Value::Array(View {
                    base: Base::Stored(
                        self.arrays
                            .get(n)
                            .ok_or_else(|| EvalError::Unbound(n.clone()))?,
                    ),
                    writes: w.clone(),
                }),
                (None, None) => return Err(EvalError::Unbound(format!("{n}'"))),
            },
            Expr::Select(a, i) => Value::Int(array(a)?.get(&int(i)?)),
            Expr::Store(a, i, v) => {
                let mut view = array(a)?;
                view.writes.push((int(i)?, int(v)?));
                Value::Array(view)
            }
            Expr::ConstArray(v) => Value::Array(View {
                base: Base::Const(int(v)?),
                writes: vec![],
            }),
            Expr::Add(v) => {
                let mut sum = BigInt::from(0);
                for x in v {
                    sum += int(x)?;
                }
                Value::Int(sum)
            }
            Expr::Sub(a, b) => Value::Int(int(a)? - int(b)?),
            Expr::Neg(a) => Value::Int(-int(a)?),
            Expr::Mul(k, a) => Value::Int(&k.0 * int(a)?),
            Expr::Div(a, d) | Expr::Mod(a, d) => {
                if d.0 <= BigInt::from(0) {
                    return Err(EvalError::Divisor);
                }
                let (q, r) = int(a)?.div_mod_floor(&d.0);
                Value::Int(if matches!(e, Expr::Div(..)) { q } else { r })
            }
            Expr::Times(a, b) => {
                let (x, y) = (int(a)?, int(b)?);
                if x.bits() + y.bits() > MAX_VALUE_BITS {
                    return Err(EvalError::TooLarge);
                }
                Value::Int(x * y)
            }
            Expr::Quot(a, b) | Expr::Rem(a, b) => {
                let (x, y) = (int(a)?, int(b)?);
                if y == BigInt::from(0) {
                    return Err(EvalError::DivisionByZero);
                }
                // BigInt's `/` and `%` truncate toward zero, as C does.
                Value::Int(if matches!(e, Expr::Quot(..)) {
                    x / y
                } else {
                    x % y
                })
            }
            // num-bigint's bitwise operators use two's complement of
            // unbounded width for negative numbers.
            Expr::BitAnd(a, b) => Value::Int(int(a)? & int(b)?),
            Expr::BitOr(a, b) => Value::Int(int(a)? | int(b)?),
            Expr::BitXor(a, b) => Value::Int(int(a)? ^ int(b)?),
            Expr::Eq(a, b) => match (self.eval(a)?, self.eval(b)?) {
                (Value::Int(x), Value::Int(y)) => Value::Bool(x == y),
                (Value::Array(x), Value::Array(y)) => Value::Bool(x.equals(&y)),
                _ => return Err(EvalError::Sort("==")),
            },
            Expr::Lt(a, b) => cmp(a, b, |x, y| x < y)?,
            Expr::Le(a, b) => cmp(a, b, |x, y| x <= y)?,
            Expr::Gt(a, b) => cmp(a, b, |x, y| x > y)?,
            Expr::Ge(a, b) => cmp(a, b, |x, y| x >= y)?,
            // Short-circuit: the rest of a decided conjunction or
            // disjunction is never evaluated (formulas are sort-checked first).
            Expr::And(v) => {
                for x in v {
                    if !boolean(x)? {
                        return Ok(Value::Bool(false));
                    }
                }
                Value::Bool(true)
            }
            Expr::Or(v) => {
                for x in v {
                    if boolean(x)? {
                        return Ok(Value::Bool(true));
                    }
                }
                Value::Bool(false)
            }
            Expr::Not(a) => Value::Bool(!boolean(a)?),
            Expr::Implies(a, b) => Value::Bool(!boolean(a)? || boolean(b)?),
            Expr::Ite(c, a, b) => {
                if boolean(c)? {
                    self.eval(a)?
                } else {
                    self.eval(b)?
                }
            }
        })
    }

    /// Makes the next state current: integers from `nexts`, arrays from
    /// `next_arrays` (writes are applied in place; arrays without an entry
    /// keep their value). `nexts` and `next_arrays` are left empty.
    pub fn advance(&mut self) {
        self.vars = std::mem::take(&mut self.nexts);
        for (a, next) in std::mem::take(&mut self.next_arrays) {
            match next {
                NextArray::Value(v) => {
                    self.arrays.insert(a, v);
                }
                NextArray::Writes(w) => self.arrays.entry(a).or_default().apply(&w),
            }
        }
    }

    /// Evaluates a formula that must be Boolean.
    pub fn holds(&self, e: &Expr) -> Result<bool, EvalError> {
        match self.eval(e)? {
            Value::Bool(b) => Ok(b),
            _ => Err(EvalError::Sort("formula")),
        }
    }
}
