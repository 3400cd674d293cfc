//! C integer types under a data model, their ranges, and interval bounds of
//! translated expressions (used to keep wrap-around encodings small).

use super::DataModel;
use format::Expr;
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use std::collections::HashMap;

/// An integer type: `_Bool`, or a signed/unsigned type of `bits` bits; or
/// an object pointer, whose values are addresses (0 is `NULL`; see
/// `tr/memory.rs`), always exact, never wrapped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ty {
    pub signed: bool,
    pub bits: u32,
    pub boolean: bool,
    pub pointer: bool,
}

pub const INT: Ty = Ty {
    signed: true,
    bits: 32,
    boolean: false,
    pointer: false,
};
pub const BOOL: Ty = Ty {
    signed: false,
    bits: 1,
    boolean: true,
    pointer: false,
};

impl Ty {
    pub fn new(signed: bool, bits: u32) -> Ty {
        Ty {
            signed,
            bits,
            boolean: false,
            pointer: false,
        }
    }
    /// An object pointer of `bits` bits (the target's).
    pub fn pointer(bits: u32) -> Ty {
        Ty {
            signed: false,
            bits,
            boolean: false,
            pointer: true,
        }
    }
    pub fn min(&self) -> BigInt {
        if self.signed {
            -(BigInt::one() << (self.bits - 1))
        } else {
            BigInt::zero()
        }
    }
    pub fn max(&self) -> BigInt {
        if self.signed {
            (BigInt::one() << (self.bits - 1)) - 1
        } else {
            (BigInt::one() << self.bits) - 1
        }
    }
    /// Do variables of this type always hold values in the type's range?
    /// Unsigned types and `_Bool` wrap or normalise on every store, and
    /// types narrower than `int` are stored through a (wrapping) conversion
    /// from `int`. `int` and wider signed types are mathematical integers.
    pub fn stays_in_range(&self) -> bool {
        !self.signed || self.bits < 32
    }
    /// Integer promotion: types narrower than `int` become `int`.
    pub fn promote(self) -> Ty {
        if self.bits < 32 {
            INT
        } else {
            self
        }
    }
    pub fn name(&self) -> String {
        if self.boolean {
            return "_Bool".into();
        }
        if self.pointer {
            return "ptr".into();
        }
        format!("{}int{}", if self.signed { "" } else { "u" }, self.bits)
    }
}

/// The usual arithmetic conversions of two promoted types.
pub fn common(a: Ty, b: Ty) -> Ty {
    let (a, b) = (a.promote(), b.promote());
    if a == b {
        return a;
    }
    if a.signed == b.signed {
        return if a.bits >= b.bits { a } else { b };
    }
    let (u, s) = if a.signed { (b, a) } else { (a, b) };
    if u.bits >= s.bits {
        u
    } else {
        s
    }
}

/// Widths of the standard types under a data model.
pub fn long_bits(dm: DataModel) -> u32 {
    match dm {
        DataModel::Ilp32 => 32,
        DataModel::Lp64 => 64,
    }
}

/// A closed interval; `None` is unbounded on that side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Interval {
    pub lo: Option<BigInt>,
    pub hi: Option<BigInt>,
}

impl Interval {
    fn top() -> Interval {
        Interval { lo: None, hi: None }
    }
    fn exact(v: BigInt) -> Interval {
        Interval {
            lo: Some(v.clone()),
            hi: Some(v),
        }
    }
    pub fn within(&self, lo: &BigInt, hi: &BigInt) -> bool {
        self.lo.as_ref().is_some_and(|l| l >= lo) && self.hi.as_ref().is_some_and(|h| h <= hi)
    }
}

fn add_opt(a: &Option<BigInt>, b: &Option<BigInt>) -> Option<BigInt> {
    Some(a.as_ref()? + b.as_ref()?)
}

/// Bounds of an integer expression, given the types of the variables.
pub fn interval(e: &Expr, tys: &HashMap<String, Ty>) -> Interval {
    match e {
        Expr::Int(n) => Interval::exact(n.0.clone()),
        Expr::Var(v) => match tys.get(v) {
            Some(t) if t.stays_in_range() => Interval {
                lo: Some(t.min()),
                hi: Some(t.max()),
            },
            _ => Interval::top(),
        },
        Expr::Add(xs) => {
            let mut acc = Interval::exact(BigInt::zero());
            for x in xs {
                let i = interval(x, tys);
                acc = Interval {
                    lo: add_opt(&acc.lo, &i.lo),
                    hi: add_opt(&acc.hi, &i.hi),
                };
            }
            acc
        }
        Expr::Neg(a) => {
            let i = interval(a, tys);
            Interval {
                lo: i.hi.map(|h| -h),
                hi: i.lo.map(|l| -l),
            }
        }
        Expr::Sub(a, b) => {
            let (i, j) = (interval(a, tys), interval(b, tys));
            Interval {
                lo: add_opt(&i.lo, &j.hi.map(|h| -h)),
                hi: add_opt(&i.hi, &j.lo.map(|l| -l)),
            }
        }
        Expr::Mul(k, a) => {
            let i = interval(a, tys);
            let k = &k.0;
            let (l, h) = (i.lo.map(|l| &l * k), i.hi.map(|h| &h * k));
            if k >= &BigInt::zero() {
                Interval { lo: l, hi: h }
            } else {
                Interval { lo: h, hi: l }
            }
        }
        Expr::Mod(_, d) => Interval {
            lo: Some(BigInt::zero()),
            hi: Some(&d.0 - 1),
        },
        Expr::Div(a, d) => {
            let i = interval(a, tys);
            use num_integer::Integer;
            Interval {
                lo: i.lo.map(|l| l.div_floor(&d.0)),
                hi: i.hi.map(|h| h.div_floor(&d.0)),
            }
        }
        Expr::Times(a, b) => match (interval(a, tys), interval(b, tys)) {
            (
                Interval {
                    lo: Some(al),
                    hi: Some(ah),
                },
                Interval {
                    lo: Some(bl),
                    hi: Some(bh),
                },
            ) => {
                let ps = [&al * &bl, &al * &bh, &ah * &bl, &ah * &bh];
                Interval {
                    lo: ps.iter().min().cloned(),
                    hi: ps.iter().max().cloned(),
                }
            }
            _ => Interval::top(),
        },
        // |quot(x, y)| <= |x| and |rem(x, y)| <= |x|.
        Expr::Quot(a, _) | Expr::Rem(a, _) => match interval(a, tys) {
            Interval {
                lo: Some(l),
                hi: Some(h),
            } => {
                let m = l.abs().max(h.abs());
                Interval {
                    lo: Some(-m.clone()),
                    hi: Some(m),
                }
            }
            _ => Interval::top(),
        },
        Expr::BitAnd(a, b) | Expr::BitOr(a, b) | Expr::BitXor(a, b) => {
            let (i, j) = (interval(a, tys), interval(b, tys));
            let (Some(il), Some(ih), Some(jl), Some(jh)) = (i.lo, i.hi, j.lo, j.hi) else {
                return Interval::top();
            };
            let zero = BigInt::zero();
            if matches!(e, Expr::BitAnd(..)) && il >= zero && jl >= zero {
                return Interval {
                    lo: Some(zero),
                    hi: Some(ih.min(jh)),
                };
            }
            // Within the two's-complement width of the widest operand bound.
            let bits = [&il, &ih, &jl, &jh]
                .iter()
                .map(|v| v.bits())
                .max()
                .unwrap_or(0);
            let p = BigInt::one() << bits;
            Interval {
                lo: Some(if il >= zero && jl >= zero {
                    zero
                } else {
                    -p.clone()
                }),
                hi: Some(p - 1),
            }
        }
        Expr::Ite(_, a, b) => {
            let (i, j) = (interval(a, tys), interval(b, tys));
            let lo = match (i.lo, j.lo) {
                (Some(x), Some(y)) => Some(x.min(y)),
                _ => None,
            };
            let hi = match (i.hi, j.hi) {
                (Some(x), Some(y)) => Some(x.max(y)),
                _ => None,
            };
            Interval { lo, hi }
        }
        _ => Interval::top(),
    }
}
