//! Prints task formulas as side-effect-free C expressions that mean, in C,
//! exactly what they mean over the mathematical integers.
//!
//! Every variable is a C variable of a known type, so its value lies in
//! that type's range; from those ranges each integer subterm gets an
//! interval. Arithmetic is done in `long long` (variables are cast) and a
//! subterm whose interval leaves `long long` makes the formula unprintable
//! (`None`): the caller drops that literal, which only weakens a cube.
//! Comparisons of a bare variable with a constant or a variable of the same
//! signedness are exact in C without casts, and are printed plainly.

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use std::collections::BTreeMap;

use format::Expr;

/// A C scalar variable: its name in the source and its type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CVar {
    pub c_name: String,
    pub signed: bool,
    pub bits: u32,
}

impl CVar {
    fn range(&self) -> (BigInt, BigInt) {
        if self.signed {
            let half: BigInt = BigInt::one() << (self.bits as usize - 1);
            (-half.clone(), half - 1)
        } else {
            (BigInt::zero(), (BigInt::one() << self.bits as usize) - 1)
        }
    }
}

/// The C variables visible at one program point, by task variable name.
pub type CScope = BTreeMap<String, CVar>;

fn ll_range() -> (BigInt, BigInt) {
    let half: BigInt = BigInt::one() << 63usize;
    (-half.clone(), half - 1)
}

fn fits_ll(lo: &BigInt, hi: &BigInt) -> bool {
    let (min, max) = ll_range();
    *lo >= min && *hi <= max
}

/// An integer subterm printed as C of type `long long` (or a literal).
struct Term {
    text: String,
    lo: BigInt,
    hi: BigInt,
    /// Binds as a C primary or postfix expression (needs no parentheses).
    atomic: bool,
}

impl Term {
    fn operand(&self) -> String {
        if self.atomic {
            self.text.clone()
        } else {
            format!("({})", self.text)
        }
    }
}

/// A C literal for `v` of type `long long` when it is outside `int`.
fn literal(v: &BigInt) -> String {
    let int_max: BigInt = (BigInt::one() << 31usize) - 1;
    let int_range = (-&int_max - 1, int_max);
    if *v >= int_range.0 && *v <= int_range.1 {
        v.to_string()
    } else if *v == ll_range().0 {
        // `-9223372036854775808LL` is unary minus of an out-of-range literal.
        "(-9223372036854775807LL - 1)".to_string()
    } else {
        format!("{v}LL")
    }
}

/// The value of a variable-free integer term, if it is one.
fn constant(e: &Expr) -> Option<BigInt> {
    Some(match e {
        Expr::Int(n) => n.0.clone(),
        Expr::Neg(a) => -constant(a)?,
        Expr::Add(xs) => xs.iter().map(constant).sum::<Option<BigInt>>()?,
        Expr::Sub(a, b) => constant(a)? - constant(b)?,
        Expr::Mul(k, a) => &k.0 * constant(a)?,
        Expr::Div(a, d) if d.0.is_positive() => constant(a)?.div_floor(&d.0),
        Expr::Mod(a, d) if d.0.is_positive() => constant(a)?.mod_floor(&d.0),
        _ => return None,
    })
}

pub struct Printer<'a> {
    pub scope: &'a CScope,
}

impl Printer<'_> {
    /// `e` (a Boolean formula over state variables) as a C expression, or
    /// `None` when C cannot state it exactly.
    pub fn formula(&self, e: &Expr) -> Option<String> {
        self.bool_prec(e).map(|(s, _)| s)
    }

    /// The text and its precedence: 0 = `||`, 1 = `&&`, 2 = `!`/atom/primary.
    fn bool_prec(&self, e: &Expr) -> Option<(String, u8)> {
        let wrap = |(s, p): (String, u8), min: u8| if p < min { format!("({s})") } else { s };
        Some(match e {
            Expr::Bool(b) => (if *b { "1" } else { "0" }.to_string(), 2),
            Expr::And(xs) if xs.is_empty() => ("1".to_string(), 2),
            Expr::Or(xs) if xs.is_empty() => ("0".to_string(), 2),
            Expr::And(xs) => {
                let parts: Option<Vec<String>> = xs
                    .iter()
                    .map(|x| Some(wrap(self.bool_prec(x)?, 2)))
                    .collect();
                (parts?.join(" && "), 1)
            }
            Expr::Or(xs) => {
                let parts: Option<Vec<String>> = xs
                    .iter()
                    .map(|x| Some(wrap(self.bool_prec(x)?, 1)))
                    .collect();
                (parts?.join(" || "), 0)
            }
            Expr::Implies(a, b) => {
                let a = wrap(self.bool_prec(&Expr::not((**a).clone()))?, 1);
                let b = wrap(self.bool_prec(b)?, 1);
                (format!("{a} || {b}"), 0)
            }
            Expr::Not(a) => match &**a {
                Expr::Eq(x, y) if !self.is_bool(x) => (self.compare("!=", x, y)?, 2),
                Expr::Lt(x, y) => (self.compare(">=", x, y)?, 2),
                Expr::Le(x, y) => (self.compare(">", x, y)?, 2),
                Expr::Gt(x, y) => (self.compare("<=", x, y)?, 2),
                Expr::Ge(x, y) => (self.compare("<", x, y)?, 2),
                Expr::Not(b) => self.bool_prec(b)?,
                other => (format!("!({})", self.bool_prec(other)?.0), 2),
            },
            Expr::Eq(a, b) if self.is_bool(a) => {
                let a = wrap(self.bool_prec(a)?, 2);
                let b = wrap(self.bool_prec(b)?, 2);
                (format!("({a}) == ({b})"), 2)
            }
            Expr::Eq(a, b) => (self.compare("==", a, b)?, 2),
            Expr::Lt(a, b) => (self.compare("<", a, b)?, 2),
            Expr::Le(a, b) => (self.compare("<=", a, b)?, 2),
            Expr::Gt(a, b) => (self.compare(">", a, b)?, 2),
            Expr::Ge(a, b) => (self.compare(">=", a, b)?, 2),
            Expr::Ite(c, a, b) => {
                let c = self.bool_prec(c)?.0;
                let a = self.bool_prec(a)?.0;
                let b = self.bool_prec(b)?.0;
                (format!("(({c}) ? ({a}) : ({b}))"), 2)
            }
            _ => return None,
        })
    }

    fn is_bool(&self, e: &Expr) -> bool {
        matches!(
            e,
            Expr::Bool(_)
                | Expr::And(_)
                | Expr::Or(_)
                | Expr::Not(_)
                | Expr::Implies(..)
                | Expr::Eq(..)
                | Expr::Lt(..)
                | Expr::Le(..)
                | Expr::Gt(..)
                | Expr::Ge(..)
        ) || matches!(e, Expr::Ite(_, a, _) if self.is_bool(a))
    }

    /// `a op b` over the integers, in C.
    fn compare(&self, op: &str, a: &Expr, b: &Expr) -> Option<String> {
        if let Some(plain) = self.plain_compare(op, a, b) {
            return Some(plain);
        }
        let a = self.term(a)?;
        let b = self.term(b)?;
        // Both sides are `long long` or int literals: the comparison is exact.
        Some(format!("{} {op} {}", a.text, b.text))
    }

    /// `x op c` or `x op y` without casts, where C's conversions keep it exact.
    fn plain_compare(&self, op: &str, a: &Expr, b: &Expr) -> Option<String> {
        let var = |e: &Expr| match e {
            Expr::Var(v) => self.scope.get(v),
            _ => None,
        };
        match (var(a), var(b), constant(a), constant(b)) {
            (Some(x), None, None, Some(c)) => {
                Some(format!("{} {op} {}", x.c_name, typed_literal(x, &c)?))
            }
            (None, Some(y), Some(c), None) => {
                Some(format!("{} {op} {}", typed_literal(y, &c)?, y.c_name))
            }
            (Some(x), Some(y), _, _) if x.signed == y.signed => {
                Some(format!("{} {op} {}", x.c_name, y.c_name))
            }
            _ => None,
        }
    }

    /// An integer term as C of type `long long`, with its interval.
    fn term(&self, e: &Expr) -> Option<Term> {
        if let Some(c) = constant(e) {
            if !fits_ll(&c, &c) {
                return None;
            }
            return Some(Term {
                text: literal(&c),
                atomic: !c.is_negative(),
                lo: c.clone(),
                hi: c,
            });
        }
        let t = match e {
            Expr::Var(v) => {
                let x = self.scope.get(v)?;
                let (lo, hi) = x.range();
                if !fits_ll(&lo, &hi) {
                    return None;
                }
                let text = if x.signed && x.bits == 64 {
                    x.c_name.clone()
                } else {
                    format!("(long long){}", x.c_name)
                };
                // A cast binds tighter than any binary operator.
                Term {
                    text,
                    lo,
                    hi,
                    atomic: true,
                }
            }
            Expr::Add(xs) => {
                let mut acc: Option<Term> = None;
                for x in xs {
                    let t = self.term(x)?;
                    acc = Some(match acc {
                        None => t,
                        Some(a) => {
                            let (lo, hi) = (&a.lo + &t.lo, &a.hi + &t.hi);
                            // C adds left to right: every partial sum must fit.
                            if !fits_ll(&lo, &hi) {
                                return None;
                            }
                            let text = if let Some(c) =
                                constant(x).filter(|c| c.is_negative() && fits_ll(&-c, &-c))
                            {
                                format!("{} - {}", a.text, literal(&-c))
                            } else {
                                format!("{} + {}", a.text, t.operand())
                            };
                            Term {
                                text,
                                lo,
                                hi,
                                atomic: false,
                            }
                        }
                    });
                }
                acc?
            }
            Expr::Sub(a, b) => {
                let (a, b) = (self.term(a)?, self.term(b)?);
                Term {
                    lo: &a.lo - &b.hi,
                    hi: &a.hi - &b.lo,
                    text: format!("{} - {}", a.text, b.operand()),
                    atomic: false,
                }
            }
            Expr::Neg(a) => {
                let a = self.term(a)?;
                Term {
                    lo: -&a.hi,
                    hi: -&a.lo,
                    text: format!("-{}", a.operand()),
                    atomic: false,
                }
            }
            Expr::Mul(k, a) => {
                if !fits_ll(&k.0, &k.0) {
                    return None;
                }
                let a = self.term(a)?;
                let (p, q) = (&k.0 * &a.lo, &k.0 * &a.hi);
                let (lo, hi) = if p <= q { (p, q) } else { (q, p) };
                Term {
                    lo,
                    hi,
                    text: format!("{} * {}", literal(&k.0), a.operand()),
                    atomic: false,
                }
            }
            Expr::Div(a, d) if d.0.is_positive() && fits_ll(&d.0, &d.0) => {
                let a = self.term(a)?;
                let (lo, hi) = (a.lo.div_floor(&d.0), a.hi.div_floor(&d.0));
                let d_text = literal(&d.0);
                let x = a.operand();
                // C's `/` truncates; floor is one less when the remainder
                // is negative. Neither step can overflow.
                let text = if !a.lo.is_negative() {
                    format!("{x} / {d_text}")
                } else {
                    format!("{x} / {d_text} - ({x} % {d_text} < 0)")
                };
                Term {
                    text,
                    lo,
                    hi,
                    atomic: false,
                }
            }
            Expr::Mod(a, d) if d.0.is_positive() && fits_ll(&d.0, &d.0) => {
                let a = self.term(a)?;
                let d_text = literal(&d.0);
                let x = a.operand();
                // A negative remainder plus `d` lies in `0..d`: no overflow.
                let text = if !a.lo.is_negative() {
                    format!("{x} % {d_text}")
                } else {
                    format!("(({x} % {d_text} < 0) ? {x} % {d_text} + {d_text} : {x} % {d_text})")
                };
                let (lo, hi) = (BigInt::zero(), &d.0 - 1);
                Term {
                    text,
                    lo,
                    hi,
                    atomic: false,
                }
            }
            Expr::Ite(c, x, y) => {
                let c = self.formula(c)?;
                let (a, b) = (self.term(x)?, self.term(y)?);
                // Two int literals would make an `int` choice: cast one.
                let a_text = if constant(x).is_some() && constant(y).is_some() {
                    format!("(long long){}", a.operand())
                } else {
                    a.operand()
                };
                Term {
                    lo: a.lo.clone().min(b.lo.clone()),
                    hi: a.hi.clone().max(b.hi.clone()),
                    text: format!("(({c}) ? {a_text} : {})", b.operand()),
                    atomic: true,
                }
            }
            _ => return None,
        };
        fits_ll(&t.lo, &t.hi).then_some(t)
    }
}

/// A literal for comparing with `x` exactly: in `x`'s type's range, with a
/// suffix that gives it `x`'s signedness after promotion.
fn typed_literal(x: &CVar, c: &BigInt) -> Option<String> {
    let (lo, hi) = x.range();
    if *c < lo || *c > hi {
        return None;
    }
    Some(if x.signed {
        literal(c)
    } else if x.bits <= 32 {
        format!("{c}U")
    } else {
        format!("{c}ULL")
    })
}
