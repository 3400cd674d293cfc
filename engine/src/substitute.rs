//! Exact elimination of existentially bound integers by substitution: `exists b. (b == t && F)` is `F[t/b]`.
//!
//! Lifting a proof to the locations the cut-point reduction removed takes
//! the image of a region through an edge (`exists x. R(x) && T(x, x')`)
//! or its preimage, one Z3 quantifier-elimination tactic each: 3–7 ms on
//! tasks whose whole proof takes 10 (the tactic framework's set-up, not
//! the problem). Most edges are assignments, `x' == x + 1` or `a == -1 +
//! a'`, whose equations name every bound variable: substituting them is
//! the whole elimination. Anything else is left to Z3.

use format::{BigInt, Expr, Num};
use std::collections::{BTreeMap, BTreeSet};

/// At most this many bound variables used as Booleans (compared with 0
/// only, as CHC encodings of C conditions do) are split into cases: the
/// result is a disjunction of one conjunction per case.
const MAX_BOOLEAN_SPLITS: usize = 3;

/// `exists bound. and(conjuncts)` over the other variables, or `None`
/// where this cannot say it and Z3 must. `bound` holds `Var` and `Next`
/// terms; `decide` tells whether a sentence over bound variables alone
/// holds (`None`: it cannot). In turn: top-level linear equations with a
/// coefficient of ±1 on a bound variable are substituted; conjuncts over
/// bound variables that no other conjunct shares are a sentence, decided
/// (by evaluation for one variable, else by `decide`); a bound variable whose conjuncts
/// mention nothing else and compare linear terms is decided (some integer
/// satisfies them or not); a bound variable compared with 0 only is split
/// into the cases 0 and 1 (one nonzero value stands for all). Ground parts
/// are evaluated.
pub(crate) fn eliminate(
    conjuncts: &[Expr],
    bound: &BTreeSet<Expr>,
    decide: &dyn Fn(&Expr) -> Option<bool>,
) -> Option<Expr> {
    let mut parts = Vec::new();
    for c in conjuncts {
        flatten(c, &mut parts);
    }
    loop {
        let Some((i, var, value)) = parts
            .iter()
            .enumerate()
            .find_map(|(i, c)| solvable(c, bound).map(|(v, t)| (i, v, t)))
        else {
            break;
        };
        parts.remove(i);
        parts = parts
            .iter()
            .map(|c| c.rewrite(&|x| (*x == var).then(|| value.clone())))
            .collect();
    }
    // Conjuncts over bound variables only, sharing none with the others:
    // a sentence, true or false whatever the free variables are.
    let (closed, open): (Vec<Expr>, Vec<Expr>) = parts
        .iter()
        .cloned()
        .partition(|c| mentions(c, bound) && only_bound(c, bound));
    let in_closed: BTreeSet<&Expr> = bound
        .iter()
        .filter(|b| closed.iter().any(|c| mentions(c, &single(b))))
        .collect();
    if !closed.is_empty()
        && !open
            .iter()
            .any(|c| in_closed.iter().any(|b| mentions(c, &single(b))))
    {
        let sentence = Expr::And(closed);
        let holds = match in_closed.iter().next() {
            Some(b) if in_closed.len() == 1 => {
                satisfiable_alone(std::slice::from_ref(&sentence), b)
            }
            _ => decide(&sentence),
        }?;
        if !holds {
            return Some(Expr::Bool(false));
        }
        parts = open;
    }
    let left: Vec<&Expr> = bound
        .iter()
        .filter(|b| parts.iter().any(|c| mentions(c, &single(b))))
        .collect();
    let mut booleans = Vec::new();
    for b in left {
        let own = single(b);
        let (about_b, rest): (Vec<Expr>, Vec<Expr>) =
            parts.iter().cloned().partition(|c| mentions(c, &own));
        if about_b.iter().all(|c| only_mentions(c, b)) {
            // A sentence about b alone: true drops it, false ends it all.
            if !satisfiable_alone(&about_b, b)? {
                return Some(Expr::Bool(false));
            }
            parts = rest;
        } else if parts.iter().all(|c| used_as_boolean(c, b)) {
            booleans.push(b.clone());
        } else {
            return None;
        }
    }
    if booleans.len() > MAX_BOOLEAN_SPLITS {
        return None;
    }
    let mut cases = Vec::new();
    for case in 0..(1u32 << booleans.len()) {
        let value = |k: usize| Expr::int(i64::from((case >> k) & 1));
        let conj: Vec<Expr> = parts
            .iter()
            .map(|c| c.rewrite(&|x| booleans.iter().position(|b| b == x).map(value)))
            .collect();
        cases.push(Expr::And(conj));
    }
    Some(simplify(&Expr::Or(cases)))
}

fn single(b: &Expr) -> BTreeSet<Expr> {
    BTreeSet::from([b.clone()])
}

/// Does `e` mention bound variables only?
fn only_bound(e: &Expr, bound: &BTreeSet<Expr>) -> bool {
    let mut stack = vec![e];
    while let Some(x) = stack.pop() {
        match x {
            Expr::Var(_) | Expr::Next(_) if !bound.contains(x) => return false,
            _ => stack.extend(x.children()),
        }
    }
    true
}

/// Does `e` mention no variable but `b`?
fn only_mentions(e: &Expr, b: &Expr) -> bool {
    let mut stack = vec![e];
    while let Some(x) = stack.pop() {
        match x {
            Expr::Var(_) | Expr::Next(_) if x != b => return false,
            _ => stack.extend(x.children()),
        }
    }
    true
}

/// Is `b` read in `e` only as `b == 0` (or `0 == b`)?
fn used_as_boolean(e: &Expr, b: &Expr) -> bool {
    let zero = Expr::int(0);
    let mut stack = vec![e];
    while let Some(x) = stack.pop() {
        match x {
            Expr::Eq(l, r) if (**l == *b && **r == zero) || (**l == zero && **r == *b) => {}
            _ if x == b => return false,
            _ => stack.extend(x.children()),
        }
    }
    true
}

/// Does some integer value of `b` satisfy every one of `facts` (each
/// mentioning `b` alone)? `None` unless each is a Boolean combination of
/// comparisons of linear terms. Such a combination's truth changes only
/// where some comparison's two sides meet, so each set of values
/// satisfying it is a union of intervals whose ends lie within 1 of a
/// meeting point; with no meeting point, any value (0) decides it.
fn satisfiable_alone(facts: &[Expr], b: &Expr) -> Option<bool> {
    let mut tries = vec![BigInt::from(0)];
    let mut stack: Vec<&Expr> = facts.iter().collect();
    while let Some(e) = stack.pop() {
        match e {
            Expr::And(xs) | Expr::Or(xs) => stack.extend(xs.iter()),
            Expr::Not(x) => stack.push(x),
            Expr::Implies(x, y) => stack.extend([&**x, &**y]),
            Expr::Bool(_) => {}
            Expr::Eq(l, r) | Expr::Lt(l, r) | Expr::Le(l, r) | Expr::Gt(l, r) | Expr::Ge(l, r) => {
                let (coefs, k) = linear(&Expr::Sub(l.clone(), r.clone()))?;
                if let Some(a) = coefs.get(b) {
                    // a b + k == 0 at b = -k / a.
                    let meet = num_integer::Integer::div_floor(&-k, a);
                    for d in [-1, 0, 1] {
                        tries.push(&meet + d);
                    }
                }
            }
            _ => return None,
        }
    }
    let name = match b {
        Expr::Var(n) | Expr::Next(n) => n.clone(),
        _ => return None,
    };
    let holds_at = |v: &BigInt| {
        let mut env = format::eval::Env::default();
        match b {
            Expr::Var(_) => env.vars.insert(name.clone(), v.clone()),
            _ => env.nexts.insert(name.clone(), v.clone()),
        };
        facts.iter().all(|f| env.holds(f) == Ok(true))
    };
    Some(tries.iter().any(holds_at))
}

/// `e` with ground comparisons evaluated and `and`, `or`, `not` over
/// constants folded.
fn simplify(e: &Expr) -> Expr {
    match e {
        Expr::And(xs) | Expr::Or(xs) => {
            let conj = matches!(e, Expr::And(_));
            let mut out = Vec::new();
            for x in xs {
                match simplify(x) {
                    Expr::Bool(v) if v == conj => {}
                    Expr::Bool(v) => return Expr::Bool(v),
                    Expr::And(ys) if conj => out.extend(ys),
                    Expr::Or(ys) if !conj => out.extend(ys),
                    y => out.push(y),
                }
            }
            match out.len() {
                0 => Expr::Bool(conj),
                1 => out.pop().expect("one"),
                _ if conj => Expr::And(out),
                _ => Expr::Or(out),
            }
        }
        Expr::Not(x) => match simplify(x) {
            Expr::Bool(v) => Expr::Bool(!v),
            y => Expr::not(y),
        },
        _ if is_ground(e) => match format::eval::Env::default().holds(e) {
            Ok(v) => Expr::Bool(v),
            Err(_) => e.clone(),
        },
        _ => e.clone(),
    }
}

fn flatten(e: &Expr, out: &mut Vec<Expr>) {
    match e {
        Expr::And(xs) => xs.iter().for_each(|x| flatten(x, out)),
        Expr::Bool(true) => {}
        _ => out.push(e.clone()),
    }
}

fn mentions(e: &Expr, bound: &BTreeSet<Expr>) -> bool {
    let mut stack = vec![e];
    while let Some(x) = stack.pop() {
        if bound.contains(x) {
            return true;
        }
        stack.extend(x.children());
    }
    false
}

fn is_ground(e: &Expr) -> bool {
    let (mut vars, mut nexts) = (Vec::new(), Vec::new());
    e.collect_vars(&mut vars, &mut nexts);
    vars.is_empty() && nexts.is_empty()
}

/// A bound variable `b` and the term `t` with `c` equivalent to `b == t`:
/// `c` a linear equation in which `b` has coefficient ±1 (the first such
/// bound variable in term order).
fn solvable(c: &Expr, bound: &BTreeSet<Expr>) -> Option<(Expr, Expr)> {
    let Expr::Eq(l, r) = c else {
        return None;
    };
    let (coefs, k) = linear(&Expr::Sub(l.clone(), r.clone()))?;
    let (b, a) = coefs
        .iter()
        .find(|(v, a)| bound.contains(*v) && (**a == BigInt::from(1) || **a == BigInt::from(-1)))?;
    // a b + rest + k == 0, so b == -(rest + k) / a, and 1/a == a for a = ±1.
    let minus_a = -a.clone();
    let mut terms: Vec<Expr> = coefs
        .iter()
        .filter(|(v, _)| *v != b)
        .map(|(v, c)| scaled(&(c * &minus_a), v.clone()))
        .collect();
    let k = &k * &minus_a;
    if k != BigInt::from(0) || terms.is_empty() {
        terms.push(Expr::Int(Num(k)));
    }
    let t = match terms.len() {
        1 => terms.pop().expect("one"),
        _ => Expr::Add(terms),
    };
    Some((b.clone(), t))
}

fn scaled(c: &BigInt, v: Expr) -> Expr {
    if *c == BigInt::from(1) {
        v
    } else {
        Expr::Mul(Num(c.clone()), Box::new(v))
    }
}

/// `e` as `sum a_v v + k` over its `Var` and `Next` terms, zero
/// coefficients dropped; `None` if it is not linear.
pub(crate) fn linear(e: &Expr) -> Option<(BTreeMap<Expr, BigInt>, BigInt)> {
    let mut coefs: BTreeMap<Expr, BigInt> = BTreeMap::new();
    let mut k = BigInt::from(0);
    let mut stack: Vec<(&Expr, BigInt)> = vec![(e, BigInt::from(1))];
    while let Some((e, m)) = stack.pop() {
        match e {
            Expr::Int(Num(v)) => k += &m * v,
            Expr::Var(_) | Expr::Next(_) => *coefs.entry(e.clone()).or_default() += &m,
            Expr::Add(xs) => stack.extend(xs.iter().map(|x| (x, m.clone()))),
            Expr::Sub(a, b) => {
                stack.push((a, m.clone()));
                stack.push((b, -m));
            }
            Expr::Neg(a) => stack.push((a, -m)),
            Expr::Mul(Num(c), a) => stack.push((a, m * c)),
            _ => return None,
        }
    }
    coefs.retain(|_, a| *a != BigInt::from(0));
    Some((coefs, k))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn elim(conjuncts: &[Expr], bound: &BTreeSet<Expr>) -> Option<Expr> {
        eliminate(conjuncts, bound, &|_| None)
    }

    fn set(xs: &[Expr]) -> BTreeSet<Expr> {
        xs.iter().cloned().collect()
    }

    #[test]
    fn assignments_are_substituted_and_ground_facts_evaluated() {
        // exists x. x >= 3 && x' == x + 1 && y' == y: x' >= 4 (y free).
        let x = || Expr::var("x");
        let image = elim(
            &[
                Expr::Ge(Box::new(x()), Box::new(Expr::int(3))),
                Expr::eq(Expr::next("x"), Expr::Add(vec![x(), Expr::int(1)])),
            ],
            &set(&[x()]),
        )
        .unwrap();
        let env = |v: i64| format::eval::Env {
            nexts: [("x".to_string(), BigInt::from(v))].into_iter().collect(),
            ..Default::default()
        };
        assert_eq!(env(4).holds(&image), Ok(true));
        assert_eq!(env(3).holds(&image), Ok(false));
        // `a == -1 + a'` solves for a as well; 0 == 0 disappears.
        let a = || Expr::var("a");
        let got = elim(
            &[
                Expr::eq(a(), Expr::Add(vec![Expr::int(-1), Expr::next("a")])),
                Expr::eq(a(), Expr::int(0)),
            ],
            &set(&[a()]),
        )
        .unwrap();
        let env = |v: i64| format::eval::Env {
            nexts: [("a".to_string(), BigInt::from(v))].into_iter().collect(),
            ..Default::default()
        };
        assert_eq!(env(1).holds(&got), Ok(true));
        assert_eq!(env(2).holds(&got), Ok(false));
    }

    #[test]
    fn a_bound_variable_without_a_unit_equation_is_left_to_the_solver() {
        let x = || Expr::var("x");
        // 2 x == x': x' even, which substitution cannot say.
        let doubled = Expr::eq(Expr::Mul(Num::from_i64(2), Box::new(x())), Expr::next("x"));
        assert_eq!(elim(&[doubled], &set(&[x()])), None);
        // x only in an inequality: a projection, not a substitution.
        let bounded = Expr::Lt(Box::new(x()), Box::new(Expr::next("x")));
        assert_eq!(elim(&[bounded], &set(&[x()])), None);
        // A contradiction among ground facts is false.
        let y = || Expr::var("y");
        let got = elim(
            &[Expr::eq(y(), Expr::int(1)), Expr::eq(y(), Expr::int(2))],
            &set(&[y()]),
        );
        assert_eq!(got, Some(Expr::Bool(false)));
    }

    #[test]
    fn an_integer_used_as_a_boolean_is_split_into_zero_and_nonzero() {
        // exists h. !(h == 0 && x' >= 0 || h != 0 && !(x' >= 0)): h == 0
        // exactly when x' < 0, which some h always matches: true.
        let h = || Expr::var("h");
        let nonneg = || Expr::Ge(Box::new(Expr::next("x")), Box::new(Expr::int(0)));
        let zero = || Expr::eq(h(), Expr::int(0));
        let clause = Expr::not(Expr::Or(vec![
            Expr::And(vec![zero(), nonneg()]),
            Expr::And(vec![Expr::not(zero()), Expr::not(nonneg())]),
        ]));
        let got = elim(&[clause], &set(&[h()])).unwrap();
        for v in [-3, 0, 5] {
            let env = format::eval::Env {
                nexts: [("x".to_string(), BigInt::from(v))].into_iter().collect(),
                ..Default::default()
            };
            assert_eq!(env.holds(&got), Ok(true), "{got:?} at x' = {v}");
        }
        // h read as a number (h + 1 > x') is no Boolean: Z3's case.
        let numeric = Expr::Gt(
            Box::new(Expr::Add(vec![h(), Expr::int(1)])),
            Box::new(Expr::next("x")),
        );
        assert_eq!(elim(&[numeric], &set(&[h()])), None);
    }

    #[test]
    fn a_variable_constrained_only_by_itself_is_decided() {
        let a = || Expr::var("a");
        let ge = |t: Expr, c: i64| Expr::Ge(Box::new(t), Box::new(Expr::int(c)));
        let le = |t: Expr, c: i64| Expr::Le(Box::new(t), Box::new(Expr::int(c)));
        let y_pos = ge(Expr::next("y"), 1);
        // exists a. a >= 0 && 3 a <= 7, beside y' >= 1: just y' >= 1.
        let three_a = Expr::Mul(Num::from_i64(3), Box::new(a()));
        let got = elim(
            &[ge(a(), 0), le(three_a.clone(), 7), y_pos.clone()],
            &set(&[a()]),
        );
        assert_eq!(got, Some(y_pos.clone()));
        // exists a. 3 a >= 7 && a <= 2: no integer (7/3 < a <= 2): false.
        let got = elim(
            &[ge(three_a.clone(), 7), le(a(), 2), y_pos.clone()],
            &set(&[a()]),
        );
        assert_eq!(got, Some(Expr::Bool(false)));
        // Negations and disjunctions of such comparisons too: a <= 0 or
        // a >= 3, and not a <= 5: a = 6 does.
        let either = Expr::Or(vec![le(a(), 0), ge(three_a, 9)]);
        let got = elim(
            &[either, Expr::not(le(a(), 5)), y_pos.clone()],
            &set(&[a()]),
        );
        assert_eq!(got, Some(y_pos));
    }

    #[test]
    fn a_sentence_over_bound_variables_alone_is_decided_by_the_callback() {
        let (a, b) = (|| Expr::var("a"), || Expr::var("b"));
        let gt = |x: Expr, y: Expr| Expr::Gt(Box::new(x), Box::new(y));
        let y_pos = Expr::Ge(Box::new(Expr::next("y")), Box::new(Expr::int(1)));
        let parts = [gt(a(), b()), gt(b(), a()), y_pos.clone()];
        let bound = set(&[a(), b()]);
        // The sentence `a > b && b > a` goes to the callback, whose word
        // decides: unsatisfiable makes the whole false.
        let asked = std::cell::Cell::new(0);
        let unsat = |_: &Expr| {
            asked.set(asked.get() + 1);
            Some(false)
        };
        assert_eq!(eliminate(&parts, &bound, &unsat), Some(Expr::Bool(false)));
        assert_eq!(asked.get(), 1);
        assert_eq!(eliminate(&parts, &bound, &|_| Some(true)), Some(y_pos));
        // No word from the callback: Z3's elimination decides.
        assert_eq!(eliminate(&parts, &bound, &|_| None), None);
        // A bound variable shared with a free one is no sentence.
        let shared = [gt(a(), b()), gt(b(), Expr::next("y"))];
        assert_eq!(eliminate(&shared, &bound, &|_| Some(true)), None);
    }
}
