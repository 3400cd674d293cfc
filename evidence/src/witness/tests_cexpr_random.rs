//! Random Boolean formulas over the C variables of the differential tests
//! (deterministic from a seed), each printed and compared in C with its
//! meaning over the integers on random valuations inside the C types.

use super::tests_cexpr_differential::{
    assert_no_bugs, big, bx, differential, flagged, int, pow2, range, NV, VARS,
};
use format::{Expr, Num};
use num_bigint::BigInt;

/// xorshift64*: deterministic, no dependencies.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len() as u64) as usize]
    }
    /// Uniform-ish in `lo..=hi`.
    fn between(&mut self, lo: i128, hi: i128) -> i128 {
        let span = (hi - lo + 1) as u128;
        let r = ((self.next() as u128) << 64 | self.next() as u128) % span;
        lo + r as i128
    }
}

/// Constants of every size: small, near the edges of `char`, `short`,
/// `int`, `unsigned`, `long long`, `unsigned long long`, and beyond.
fn constant(rng: &mut Rng) -> BigInt {
    match rng.below(10) {
        0..=2 => big(rng.between(-10, 10)),
        3 => big(rng.between(-1000, 1000)),
        4 | 5 => {
            let e = *rng.pick(&[7u32, 8, 15, 16, 30, 31, 32, 62, 63, 64, 70]);
            let v = pow2(e) + rng.between(-2, 2);
            if rng.chance(50) {
                -v
            } else {
                v
            }
        }
        _ => {
            let bits = 1 + rng.below(66) as u32;
            let r = (rng.next() as u128) << 64 | rng.next() as u128;
            let v = big((r >> (128 - bits)) as i128);
            if rng.chance(50) {
                -v
            } else {
                v
            }
        }
    }
}

/// A multiplier: mostly small, sometimes large.
fn coefficient(rng: &mut Rng) -> BigInt {
    if rng.chance(75) {
        let k = rng.between(-7, 7);
        big(if k == 0 { 2 } else { k })
    } else {
        constant(rng)
    }
}

/// A positive divisor: mostly small, sometimes at or beyond the type edges.
fn divisor(rng: &mut Rng) -> BigInt {
    if rng.chance(80) {
        big(rng.between(1, 10))
    } else {
        rng.pick(&[
            pow2(31) - 1,
            pow2(31),
            pow2(32) + 1,
            big(3_000_000_000),
            big(5_000_000_000_000_000_000),
            pow2(62) + 1,
            pow2(63) - 1,
            pow2(63),
            pow2(70),
        ])
        .clone()
    }
}

struct Gen<'a> {
    rng: &'a mut Rng,
    vars: Vec<usize>,
}

impl Gen<'_> {
    fn var(&mut self) -> Expr {
        let v = *self.rng.pick(&self.vars);
        Expr::var(VARS[v].task)
    }

    fn term(&mut self, depth: u32) -> Expr {
        if depth == 0 || self.rng.chance(30) {
            return if self.rng.chance(75) {
                self.var()
            } else {
                int(constant(self.rng))
            };
        }
        let d = depth - 1;
        match self.rng.below(10) {
            0 | 1 => {
                let n = 2 + self.rng.below(3);
                Expr::Add((0..n).map(|_| self.term(d)).collect())
            }
            2 => Expr::Sub(bx(self.term(d)), bx(self.term(d))),
            3 => Expr::Neg(bx(self.term(d))),
            4 => Expr::Mul(Num(coefficient(self.rng)), bx(self.term(d))),
            5 => Expr::Div(bx(self.term(d)), Num(divisor(self.rng))),
            6 => Expr::Mod(bx(self.term(d)), Num(divisor(self.rng))),
            7 => Expr::Ite(bx(self.formula(d)), bx(self.term(d)), bx(self.term(d))),
            8 => self.const_ite(d),
            // Shapes where C's evaluation order or types matter: a variable
            // plus constants that nearly cancel (`x + c - c'`: the partial
            // sum may leave long long), and arithmetic on a choice between
            // two constants (of C type `int` if both fit).
            _ => match self.rng.below(4) {
                0 => Expr::Add(vec![self.var(), int(constant(self.rng))]),
                1 => {
                    let c = constant(self.rng);
                    let k = big(self.rng.between(-1, 1));
                    Expr::Add(vec![self.var(), int(c.clone()), int(k - c)])
                }
                2 => {
                    let ite = self.const_ite(d);
                    Expr::Add(vec![ite, int(constant(self.rng))])
                }
                _ => {
                    let ite = self.const_ite(d);
                    Expr::Mul(Num(coefficient(self.rng)), bx(ite))
                }
            },
        }
    }

    /// `c ? k1 : k2`, the constants often near the edges of `int`.
    fn const_ite(&mut self, depth: u32) -> Expr {
        let mut k = || {
            if self.rng.chance(50) {
                let v = pow2(*self.rng.pick(&[30, 31])) - self.rng.between(1, 3);
                int(if self.rng.chance(50) { -v } else { v })
            } else {
                int(constant(self.rng))
            }
        };
        let (a, b) = (k(), k());
        Expr::Ite(bx(self.atom(depth)), bx(a), bx(b))
    }

    fn atom(&mut self, depth: u32) -> Expr {
        let (a, b) = match self.rng.below(4) {
            // Bare variable against a constant or a variable: the plain forms.
            0 => (self.var(), int(constant(self.rng))),
            1 => (int(constant(self.rng)), self.var()),
            2 => (self.var(), self.var()),
            _ => (self.term(depth), self.term(depth)),
        };
        let (a, b) = (bx(a), bx(b));
        match self.rng.below(5) {
            0 => Expr::Eq(a, b),
            1 => Expr::Lt(a, b),
            2 => Expr::Le(a, b),
            3 => Expr::Gt(a, b),
            _ => Expr::Ge(a, b),
        }
    }

    fn formula(&mut self, depth: u32) -> Expr {
        if depth == 0 || self.rng.chance(35) {
            return self.atom(depth.min(2));
        }
        let d = depth - 1;
        match self.rng.below(12) {
            0 | 1 => {
                let n = 1 + self.rng.below(3);
                Expr::And((0..n).map(|_| self.formula(d)).collect())
            }
            2 | 3 => {
                let n = 1 + self.rng.below(3);
                Expr::Or((0..n).map(|_| self.formula(d)).collect())
            }
            4 | 5 => Expr::not(self.formula(d)),
            6 => Expr::Implies(bx(self.formula(d)), bx(self.formula(d))),
            7 => Expr::Ite(
                bx(self.formula(d)),
                bx(self.formula(d)),
                bx(self.formula(d)),
            ),
            8 => match self.rng.below(4) {
                0 => Expr::Bool(true),
                1 => Expr::Bool(false),
                2 => Expr::And(vec![]),
                _ => Expr::Or(vec![]),
            },
            _ => self.atom(d.min(2)),
        }
    }
}

/// A valuation of all variables, each inside its C type.
fn valuation(rng: &mut Rng) -> [i128; NV] {
    let mut out = [0i128; NV];
    for (x, v) in out.iter_mut().zip(&VARS) {
        let (lo, hi) = range(v);
        *x = match rng.below(10) {
            0..=3 => *rng.pick(&[lo, hi, lo + 1, hi - 1]),
            4 | 5 => rng.between(-3, 3).clamp(lo, hi),
            _ => rng.between(lo, hi),
        };
    }
    out
}

#[test]
fn random_printed_formulas_mean_in_c_what_they_mean_over_the_integers() {
    // CERTA_CEXPR_SEED / CERTA_CEXPR_FORMULAS explore further by hand.
    let env = |name: &str| std::env::var(name).ok().and_then(|x| x.parse::<u64>().ok());
    let seed = env("CERTA_CEXPR_SEED").unwrap_or(0x9e37_79b9_7f4a_7c15);
    let count = env("CERTA_CEXPR_FORMULAS").unwrap_or(1000);
    let mut rng = Rng(seed.max(1));
    let mut cases = Vec::new();
    for _ in 0..count {
        // 4 to 6 distinct variables per formula.
        let want = 4 + rng.below(3) as usize;
        let mut vars: Vec<usize> = Vec::new();
        while vars.len() < want {
            let v = rng.below(NV as u64) as usize;
            if !vars.contains(&v) {
                vars.push(v);
            }
        }
        let depth = 1 + rng.below(3) as u32;
        let e = Gen {
            rng: &mut rng,
            vars,
        }
        .formula(depth);
        let vals: Vec<[i128; NV]> = (0..40).map(|_| valuation(&mut rng)).collect();
        cases.push((e, vals));
    }
    let out = differential("random", &cases);
    eprintln!(
        "cexpr differential: {} formulas, {} printable, {} unprintable; {} (formula, valuation) checks by the C oracle, {} by the compiled program{}; {} formulas disagree",
        cases.len(),
        out.printed,
        out.unprintable,
        out.oracle_checks,
        out.checks,
        if out.ran { "" } else { " (no C compiler)" },
        flagged(&out)
    );
    assert!(
        out.printed >= 200,
        "only {} formulas printable",
        out.printed
    );
    assert_no_bugs("random formulas", &out);
}
