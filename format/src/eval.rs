//! Concrete evaluation of expressions over mathematical integers.

use crate::expr::Expr;
use num_bigint::BigInt;
use num_integer::Integer;
use std::collections::BTreeMap;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Int(BigInt),
    Bool(bool),
}

/// Values of current-state/local variables and of next-state variables.
#[derive(Default, Clone, Debug)]
pub struct Env {
    pub vars: BTreeMap<String, BigInt>,
    pub nexts: BTreeMap<String, BigInt>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EvalError {
    #[error("no value given for `{0}`")]
    Unbound(String),
    #[error("ill-sorted `{0}`")]
    Sort(&'static str),
    #[error("division by non-positive constant")]
    Divisor,
}

impl Env {
    pub fn eval(&self, e: &Expr) -> Result<Value, EvalError> {
        let int = |x: &Expr| match self.eval(x)? {
            Value::Int(i) => Ok(i),
            Value::Bool(_) => Err(EvalError::Sort(e.op_name())),
        };
        let boolean = |x: &Expr| match self.eval(x)? {
            Value::Bool(b) => Ok(b),
            Value::Int(_) => Err(EvalError::Sort(e.op_name())),
        };
        let cmp = |a: &Expr, b: &Expr, f: fn(&BigInt, &BigInt) -> bool| {
            Ok(Value::Bool(f(&int(a)?, &int(b)?)))
        };
        Ok(match e {
            Expr::Bool(b) => Value::Bool(*b),
            Expr::Int(n) => Value::Int(n.0.clone()),
            Expr::Var(n) => Value::Int(
                self.vars
                    .get(n)
                    .cloned()
                    .ok_or_else(|| EvalError::Unbound(n.clone()))?,
            ),
            Expr::Next(n) => Value::Int(
                self.nexts
                    .get(n)
                    .cloned()
                    .ok_or_else(|| EvalError::Unbound(format!("{n}'")))?,
            ),
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
            Expr::Eq(a, b) => cmp(a, b, |x, y| x == y)?,
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

    /// Evaluates a formula that must be Boolean.
    pub fn holds(&self, e: &Expr) -> Result<bool, EvalError> {
        match self.eval(e)? {
            Value::Bool(b) => Ok(b),
            Value::Int(_) => Err(EvalError::Sort("formula")),
        }
    }
}
