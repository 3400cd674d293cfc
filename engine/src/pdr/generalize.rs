//! Cube computations of PDR: implicants of a formula under a model,
//! model-based projection of a step onto its source state (the exact
//! predecessor cube of an obligation), and inductive generalisation of a
//! blocked cube (unsat cores, then dropping literals).

use super::blocking::Blocking;
use super::frames::Frames;
use crate::smt::{self, Budget, View};
use crate::Unknown;
use format::eval::Env;
use format::{Edge, Expr, Num};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use std::collections::BTreeMap;
use z3::ast::{Bool, Dynamic, Int};

fn holds(env: &Env, e: &Expr) -> bool {
    env.holds(e).unwrap_or(false)
}

fn int_value(env: &Env, e: &Expr) -> Option<num_bigint::BigInt> {
    match env.eval(e) {
        Ok(format::eval::Value::Int(v)) => Some(v),
        _ => None,
    }
}

/// `t` with every integer `ite` replaced by the branch the model takes;
/// the conditions taken go to `out` (as implicant literals).
fn resolve_ites(t: &Expr, env: &Env, out: &mut Vec<Expr>) -> Expr {
    match t {
        Expr::Ite(c, a, b) => {
            let taken = holds(env, c);
            implicant_into(c, taken, env, out);
            resolve_ites(if taken { a } else { b }, env, out)
        }
        Expr::Add(xs) => Expr::Add(xs.iter().map(|x| resolve_ites(x, env, out)).collect()),
        Expr::Sub(a, b) => Expr::Sub(
            Box::new(resolve_ites(a, env, out)),
            Box::new(resolve_ites(b, env, out)),
        ),
        Expr::Neg(a) => Expr::Neg(Box::new(resolve_ites(a, env, out))),
        Expr::Mul(k, a) => Expr::Mul(k.clone(), Box::new(resolve_ites(a, env, out))),
        Expr::Div(a, d) => Expr::Div(Box::new(resolve_ites(a, env, out)), d.clone()),
        Expr::Mod(a, d) => Expr::Mod(Box::new(resolve_ites(a, env, out)), d.clone()),
        other => other.clone(),
    }
}

/// Appends literals, true under `env`, whose conjunction implies `e`
/// (or `not e` when `positive` is false; `e` must evaluate so).
/// Negated comparisons become comparisons (`not x = y` the strict side
/// the model takes), so implicants are conjunctions of linear atoms.
pub fn implicant_into(e: &Expr, positive: bool, env: &Env, out: &mut Vec<Expr>) {
    let bx = |x: &Expr| Box::new(x.clone());
    match e {
        Expr::Bool(_) => {}
        Expr::Eq(a, b) | Expr::Lt(a, b) | Expr::Le(a, b) | Expr::Gt(a, b) | Expr::Ge(a, b) => {
            let a = resolve_ites(a, env, out);
            let b = resolve_ites(b, env, out);
            let (a, b) = (bx(&a), bx(&b));
            let lit = match (e, positive) {
                (Expr::Eq(..), true) => Expr::Eq(a, b),
                (Expr::Lt(..), true) | (Expr::Ge(..), false) => Expr::Lt(a, b),
                (Expr::Le(..), true) | (Expr::Gt(..), false) => Expr::Le(a, b),
                (Expr::Gt(..), true) | (Expr::Le(..), false) => Expr::Gt(a, b),
                (Expr::Ge(..), true) | (Expr::Lt(..), false) => Expr::Ge(a, b),
                _ => {
                    // not a = b: the side the model takes.
                    let (x, y) = (int_value(env, &a), int_value(env, &b));
                    if x < y {
                        Expr::Lt(a, b)
                    } else {
                        Expr::Gt(a, b)
                    }
                }
            };
            if !out.contains(&lit) {
                out.push(lit);
            }
        }
        Expr::And(xs) if positive => xs.iter().for_each(|x| implicant_into(x, true, env, out)),
        Expr::Or(xs) if !positive => xs.iter().for_each(|x| implicant_into(x, false, env, out)),
        Expr::And(xs) | Expr::Or(xs) => {
            // A child with the value the whole has decides it.
            if let Some(x) = xs.iter().find(|x| holds(env, x) == positive) {
                implicant_into(x, positive, env, out);
            }
        }
        Expr::Not(x) => implicant_into(x, !positive, env, out),
        Expr::Implies(a, b) => {
            if positive {
                if !holds(env, a) {
                    implicant_into(a, false, env, out);
                } else {
                    implicant_into(b, true, env, out);
                }
            } else {
                implicant_into(a, true, env, out);
                implicant_into(b, false, env, out);
            }
        }
        Expr::Ite(c, a, b) => {
            let taken = holds(env, c);
            implicant_into(c, taken, env, out);
            implicant_into(if taken { a } else { b }, positive, env, out);
        }
        // Arrays and other terms are not in PDR's fragment; the caller
        // checks the implicant and falls back to the model's point.
        _ => out.push(if positive {
            e.clone()
        } else {
            Expr::not(e.clone())
        }),
    }
}

/// An implicant of `e` (true under `env`).
pub fn implicant(e: &Expr, env: &Env) -> Vec<Expr> {
    let mut out = Vec::new();
    implicant_into(e, true, env, &mut out);
    out
}

/// A linear term: coefficients per variable (no zeros) and a constant.
pub(super) type Linear = (BTreeMap<String, BigInt>, BigInt);

pub(super) fn add_scaled(acc: &mut Linear, other: &Linear, k: &BigInt) {
    for (v, c) in &other.0 {
        let e = acc.0.entry(v.clone()).or_insert_with(BigInt::zero);
        *e += c * k;
        if e.is_zero() {
            acc.0.remove(v);
        }
    }
    acc.1 += &other.1 * k;
}

/// `e` as a linear term, if it is one (no `div`, `mod`, `ite`).
fn linear(e: &Expr) -> Option<Linear> {
    let one = BigInt::one();
    Some(match e {
        Expr::Int(n) => (BTreeMap::new(), n.0.clone()),
        Expr::Var(x) => ([(x.clone(), one)].into(), BigInt::zero()),
        Expr::Add(xs) => {
            let mut acc = (BTreeMap::new(), BigInt::zero());
            for x in xs {
                add_scaled(&mut acc, &linear(x)?, &one);
            }
            acc
        }
        Expr::Sub(a, b) => {
            let mut acc = linear(a)?;
            add_scaled(&mut acc, &linear(b)?, &-one);
            acc
        }
        Expr::Neg(a) => {
            let mut acc = (BTreeMap::new(), BigInt::zero());
            add_scaled(&mut acc, &linear(a)?, &-one);
            acc
        }
        Expr::Mul(k, a) => {
            let mut acc = (BTreeMap::new(), BigInt::zero());
            add_scaled(&mut acc, &linear(a)?, &k.0);
            acc
        }
        _ => return None,
    })
}

/// `p <= c` as an expression (`p` without constant).
pub(super) fn le_expr(p: &BTreeMap<String, BigInt>, c: &BigInt) -> Expr {
    let terms: Vec<Expr> = p
        .iter()
        .map(|(v, k)| {
            if k.is_one() {
                Expr::var(v)
            } else {
                Expr::Mul(Num(k.clone()), Box::new(Expr::var(v)))
            }
        })
        .collect();
    let lhs = if terms.len() == 1 {
        terms.into_iter().next().expect("one term")
    } else {
        Expr::Add(terms)
    };
    Expr::Le(Box::new(lhs), Box::new(Expr::Int(Num(c.clone()))))
}

/// The literal `p + k <= 0` as `p/g <= floor(-k/g)` (`g` the gcd of the
/// coefficients: the integer tightening); `None` for a constant literal.
pub(super) fn tighten(mut l: Linear) -> Option<(BTreeMap<String, BigInt>, BigInt)> {
    if l.0.is_empty() {
        return None;
    }
    let g = l.0.values().fold(BigInt::zero(), |g, k| g.gcd(k));
    let c = (-&l.1).div_floor(&g);
    for k in l.0.values_mut() {
        *k /= &g;
    }
    Some((l.0, c))
}

/// A literal as `p <= c` literals over its variables (two for an
/// equality), or itself when it is not linear. True constant literals
/// vanish.
pub fn normalize(lit: &Expr) -> Vec<Expr> {
    let diff = |a: &Expr, b: &Expr, shift: i64| -> Option<Linear> {
        let mut l = linear(a)?;
        add_scaled(&mut l, &linear(b)?, &-BigInt::one());
        l.1 += shift;
        Some(l)
    };
    let sides: Option<Vec<Linear>> = match lit {
        Expr::Le(a, b) => diff(a, b, 0).map(|l| vec![l]),
        Expr::Lt(a, b) => diff(a, b, 1).map(|l| vec![l]),
        Expr::Ge(a, b) => diff(b, a, 0).map(|l| vec![l]),
        Expr::Gt(a, b) => diff(b, a, 1).map(|l| vec![l]),
        Expr::Eq(a, b) => diff(a, b, 0).and_then(|x| Some(vec![x, diff(b, a, 0)?])),
        _ => None,
    };
    match sides {
        None => vec![lit.clone()],
        Some(sides) => sides
            .into_iter()
            .filter_map(tighten)
            .map(|(p, c)| le_expr(&p, &c))
            .collect(),
    }
}

/// Every literal normalised (see [`normalize`]), without repetitions.
pub fn split_equalities(cube: Vec<Expr>) -> Vec<Expr> {
    let mut out = Vec::new();
    for l in cube {
        for p in normalize(&l) {
            if !out.contains(&p) {
                out.push(p);
            }
        }
    }
    out
}

/// A normalised literal `p <= c` read back.
pub(super) fn as_le(lit: &Expr) -> Option<(BTreeMap<String, BigInt>, BigInt)> {
    match lit {
        Expr::Le(a, b) => match &**b {
            Expr::Int(c) => Some((linear(a)?.0, c.0.clone())),
            _ => None,
        },
        _ => None,
    }
}

/// The state as a cube of bounds (`x <= v and x >= v` per variable).
pub fn point_cube(state: &std::collections::BTreeMap<String, num_bigint::BigInt>) -> Vec<Expr> {
    let eqs = state
        .iter()
        .map(|(n, v)| Expr::eq(Expr::var(n), Expr::Int(Num(v.clone()))))
        .collect();
    split_equalities(eqs)
}

fn only_state_vars(e: &Expr, state: &[String]) -> bool {
    let (mut vars, mut nexts) = (Vec::new(), Vec::new());
    e.collect_vars(&mut vars, &mut nexts);
    nexts.is_empty() && vars.iter().all(|v| state.contains(v))
}

/// A cube of source states of `edge`, each with a step into `target`,
/// that contains the model's source state (model-based projection: an
/// implicant of `T_e and target(x')` under the model, its next-state
/// variables and locals eliminated by Z3's `qe-light`/`qe`, and an
/// implicant of the result under the model). Falls back to the model's
/// point, which is exact too.
pub fn project(
    task: &format::Task,
    edge: &Edge,
    target: &[Expr],
    point: &super::frames::Point,
    budget: &Budget,
) -> Result<Vec<Expr>, Unknown> {
    let names = task.var_names();
    let env = point.env();
    let mut lits = implicant(&edge.relation, &env);
    for t in target {
        let primed = t.map_vars(&|n| Some(Expr::next(n)));
        implicant_into(&primed, true, &env, &mut lits);
    }
    if lits.iter().any(|l| !holds(&env, l)) {
        return Ok(point_cube(&point.state));
    }
    // Without next-state variables and locals there is nothing to eliminate.
    if lits.iter().all(|l| only_state_vars(l, &names)) {
        return Ok(split_equalities(lits));
    }
    match eliminate(edge, &lits, &names, &env, budget)? {
        Some(cube) => Ok(split_equalities(cube)),
        None => Ok(point_cube(&point.state)),
    }
}

/// `exists x', w. lits` as an implicant under `env` over the state
/// variables; `None` if Z3 leaves something outside that fragment.
fn eliminate(
    edge: &Edge,
    lits: &[Expr],
    names: &[String],
    env: &Env,
    budget: &Budget,
) -> Result<Option<Vec<Expr>>, Unknown> {
    if budget.expired() {
        return Err(Unknown("timeout".into()));
    }
    let view = View::step(edge, 0);
    let body = Bool::and(
        &lits
            .iter()
            .map(|l| smt::encode_bool(l, view))
            .collect::<Vec<_>>(),
    );
    let mut bound: Vec<Int> = names
        .iter()
        .map(|n| smt::int_const(&smt::state_symbol(n, 1)))
        .collect();
    bound.extend(
        edge.locals
            .iter()
            .map(|l| smt::int_const(&smt::local_symbol(&l.name, 0))),
    );
    let Some(subgoals) = smt::eliminate_exists(&bound, &body, budget)? else {
        return Ok(None);
    };
    // A subgoal without formulas (`true`: every state at the location is
    // in the projection) is left to the point, as a cube must be non-empty.
    if subgoals.iter().any(|g| g.is_empty()) {
        return Ok(None);
    }
    let disjuncts: Vec<Bool> = subgoals.iter().map(|g| Bool::and(g)).collect();
    let q = Bool::or(&disjuncts);
    let frame0: Vec<(String, String)> = names
        .iter()
        .map(|n| (smt::state_symbol(n, 0), n.clone()))
        .collect();
    let rename = |sym: &str| {
        frame0
            .iter()
            .find(|(s, _)| s == sym)
            .map(|(_, n)| Expr::Var(n.clone()))
    };
    let Ok(decoded) = smt::decode(&Dynamic::from_ast(&q), &rename) else {
        return Ok(None);
    };
    let state_env = Env {
        vars: names
            .iter()
            .filter_map(|n| env.vars.get(n).map(|v| (n.clone(), v.clone())))
            .collect(),
        ..Env::default()
    };
    if !holds(&state_env, &decoded) {
        return Ok(None);
    }
    let cube = implicant(&decoded, &state_env);
    if cube
        .iter()
        .all(|l| only_state_vars(l, names) && holds(&state_env, l))
    {
        Ok(Some(cube))
    } else {
        Ok(None)
    }
}

/// Generalises the cube `cube` at `loc`, blocked relative to frame
/// `level - 1` with unsat core `core`: keeps the core's literals (and
/// enough to exclude the initial states), then drops literals one at a
/// time while the rest stays blocked. Returns the smaller cube.
pub fn generalize(
    frames: &Frames,
    loc: usize,
    cube: &[Expr],
    core: &[usize],
    level: usize,
    thresholds: &[BigInt],
) -> Result<Vec<Expr>, Unknown> {
    // Relational first: a sum of two bounds that stays blocked is tried
    // before the core narrows the cube to bounds the frame happens to
    // exclude (`x1 >= k` at level k, one lemma per unrolling).
    let blocking = Blocking::new(frames, loc, level);
    let (mut cube, mut core) = (cube.to_vec(), core.to_vec());
    if (2..=8).contains(&cube.len()) {
        let summed = combine(&blocking, cube.clone())?;
        if summed != cube {
            if let Some(c) = blocking.core(&summed)? {
                (cube, core) = (summed, c);
            }
        }
    }
    let cube = &cube[..];
    let mut keep: Vec<usize> = core.to_vec();
    let pick = |idx: &[usize]| -> Vec<Expr> { idx.iter().map(|&j| cube[j].clone()).collect() };
    if frames.meets_init(loc, &pick(&keep))?.is_none() {
        // The core alone meets the initial states: add the literals that
        // exclude them (the cube does).
        match frames.meets_init(loc, cube)? {
            Some(init_core) => keep.extend(init_core),
            None => return Ok(cube.to_vec()),
        }
        keep.sort_unstable();
        keep.dedup();
        if frames.meets_init(loc, &pick(&keep))?.is_none()
            || frames
                .relative_core(loc, &pick(&keep), level - 1)?
                .is_none()
        {
            keep = (0..cube.len()).collect();
        }
    }
    let mut current = pick(&keep);
    // Drop literals one at a time (bounded: each try is a query per edge).
    let mut i = 0;
    let mut tries = 0;
    while i < current.len() && tries < 3 * cube.len().max(4) {
        tries += 1;
        let mut candidate = current.clone();
        candidate.remove(i);
        if candidate.is_empty() && loc == frames.init_loc {
            i += 1;
            continue;
        }
        if let Some(c) = blocking.core(&candidate)? {
            // Keep only the core of the smaller cube too (if it still
            // excludes the initial states).
            let smaller: Vec<Expr> = c.iter().map(|&j| candidate[j].clone()).collect();
            current =
                if smaller.len() < candidate.len() && frames.meets_init(loc, &smaller)?.is_some() {
                    smaller
                } else {
                    candidate
                };
            continue;
        }
        i += 1;
    }
    if current.len() <= 6 {
        current = combine(&blocking, current)?;
    }
    if current.len() <= 3 {
        current = weaken(&blocking, current, thresholds)?;
    }
    Ok(current)
}

/// Replaces two bounds by their sum while the cube stays blocked: from
/// `a0 <= 1999` and `-a1 <= -1000`, the larger cube `a0 - a1 <= 999`
/// (relational lemmas that bounds alone give one unrolling at a time).
fn combine(blocking: &Blocking, mut cube: Vec<Expr>) -> Result<Vec<Expr>, Unknown> {
    let mut tries = 0;
    'again: while tries < 12 {
        for i in 0..cube.len() {
            for j in i + 1..cube.len() {
                for (mi, mj) in MULTIPLIERS {
                    let (Some(a), Some(b)) = (as_le(&cube[i]), as_le(&cube[j])) else {
                        continue;
                    };
                    let mut sum: Linear = (BTreeMap::new(), BigInt::zero());
                    add_scaled(&mut sum, &(a.0, a.1), &BigInt::from(mi));
                    add_scaled(&mut sum, &(b.0, b.1), &BigInt::from(mj));
                    // p <= c as p - c <= 0 for tighten.
                    sum.1 = -sum.1;
                    let Some((p, c)) = tighten(sum) else {
                        continue;
                    };
                    let mut candidate: Vec<Expr> = cube
                        .iter()
                        .enumerate()
                        .filter(|&(k, _)| k != i && k != j)
                        .map(|(_, l)| l.clone())
                        .collect();
                    candidate.push(le_expr(&p, &c));
                    tries += 1;
                    if blocking.blocked(&candidate)? {
                        cube = candidate;
                        continue 'again;
                    }
                    if tries >= 12 {
                        break 'again;
                    }
                }
            }
        }
        break;
    }
    Ok(cube)
}

/// Weaker one-literal cubes at the task's thresholds: for the cube
/// `p <= c` (the lemma `p > c`, say `i < 65` from one unrolling of a loop
/// up to 1000000), the cubes `p <= t` for the constants `t < c` near the
/// task's thresholds (`-i <= -1000001`: the lemma `i <= 1000000`), nearest
/// first. A frame-bounded lemma does not propagate; its threshold variant
/// often is inductive.
pub fn threshold_variants(cube: &[Expr], thresholds: &[BigInt]) -> Vec<Vec<Expr>> {
    threshold_variants_up_to(cube, thresholds, MAX_THRESHOLD_VARIANTS)
}

/// [`threshold_variants`], at most `n` of them.
pub fn threshold_variants_up_to(cube: &[Expr], thresholds: &[BigInt], n: usize) -> Vec<Vec<Expr>> {
    let [lit] = cube else {
        return Vec::new();
    };
    let Some((p, c)) = as_le(lit) else {
        return Vec::new();
    };
    let mut at: Vec<BigInt> = thresholds
        .iter()
        .flat_map(|t| [t - 1, t.clone(), -t, -t - 1])
        .filter(|d| *d < c)
        .collect();
    at.sort_by(|a, b| b.cmp(a));
    at.dedup();
    at.truncate(n);
    at.into_iter().map(|d| vec![le_expr(&p, &d)]).collect()
}

/// Threshold variants tried per learnt lemma (each costs a query or two).
const MAX_THRESHOLD_VARIANTS: usize = 3;

/// Multipliers of the two bounds that `combine` adds (`x3 - 2 x1` from
/// `x3 <= c` and `-x1 <= d`).
const MULTIPLIERS: [(i64, i64); 3] = [(1, 1), (1, 2), (2, 1)];

/// Raises the bound of each `p <= c` literal as far as the cube stays
/// blocked (a larger cube is a stronger lemma). The task's thresholds
/// first, the largest bound first (one query may reach `i <= -1` from
/// `i <= -2147483649`, where doubling takes 31); then doubling steps, then
/// bisection. A bound that is not blocked comes with a witness (an initial
/// state, or a step into the cube) whose value `v` of `p` no bound `>= v`
/// can exclude either: the search's upper end drops to it at once.
fn weaken(
    blocking: &Blocking,
    mut cube: Vec<Expr>,
    thresholds: &[BigInt],
) -> Result<Vec<Expr>, Unknown> {
    for i in 0..cube.len() {
        let Some((p, c)) = as_le(&cube[i]) else {
            continue;
        };
        let with = |cube: &[Expr], d: &BigInt| -> Vec<Expr> {
            let mut out = cube.to_vec();
            out[i] = le_expr(&p, &(&c + d));
            out
        };
        // Blocked at `c + d`, or the smallest failing `d` the witness shows.
        let fails_from = |d: &BigInt| -> Result<Option<BigInt>, Unknown> {
            Ok(blocking.witness(&with(&cube, d))?.map(|state| {
                value_at(&p, &state).map_or_else(|| d.clone(), |v| (v - &c).min(d.clone()))
            }))
        };
        let (mut ok, mut hi) = (BigInt::zero(), None::<BigInt>);
        let mut jumps: Vec<BigInt> = thresholds
            .iter()
            .flat_map(|t| [t - 1, t.clone(), -t, -t - 1])
            .map(|b| b - &c)
            .filter(|d| d.is_positive())
            .collect();
        jumps.sort_by(|a, b| b.cmp(a));
        jumps.dedup();
        let mut tried = 0;
        for d in jumps {
            if tried == MAX_THRESHOLD_JUMPS {
                break;
            }
            if hi.as_ref().is_some_and(|h| &d >= h) {
                continue;
            }
            tried += 1;
            match fails_from(&d)? {
                None => {
                    ok = d;
                    break;
                }
                Some(from) => hi = Some(from.max(BigInt::one())),
            }
        }
        if hi.is_none() {
            let mut d = if ok.is_zero() { BigInt::one() } else { &ok * 2 };
            for _ in 0..24 {
                match fails_from(&d)? {
                    None => {
                        ok = d.clone();
                        d *= 2;
                    }
                    Some(from) => {
                        hi = Some(from.max(&ok + 1u32));
                        break;
                    }
                }
            }
        }
        if let Some(mut hi) = hi {
            // ok < answer < hi
            for _ in 0..12 {
                if &hi - &ok <= BigInt::one() {
                    break;
                }
                let mid: BigInt = (&ok + &hi) / 2;
                match fails_from(&mid)? {
                    None => ok = mid,
                    Some(from) => hi = from.max(&ok + 1u32),
                }
            }
        }
        if !ok.is_zero() {
            cube = with(&cube, &ok);
        }
    }
    Ok(cube)
}

/// Threshold bounds tried per literal before doubling (see [`weaken`]).
const MAX_THRESHOLD_JUMPS: usize = 3;

/// The value of the linear form `p` in `state` (`None` if it names a
/// variable the state lacks).
fn value_at(p: &BTreeMap<String, BigInt>, state: &BTreeMap<String, BigInt>) -> Option<BigInt> {
    p.iter().map(|(x, k)| state.get(x).map(|v| k * v)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdr::frames::Point;
    use crate::pdr::testing::{counter_task, frames_at_l, in_context, x};

    fn env(vars: &[(&str, i64)], nexts: &[(&str, i64)]) -> Env {
        Env {
            vars: vars
                .iter()
                .map(|(n, v)| (n.to_string(), (*v).into()))
                .collect(),
            nexts: nexts
                .iter()
                .map(|(n, v)| (n.to_string(), (*v).into()))
                .collect(),
            ..Env::default()
        }
    }

    #[test]
    fn implicant_picks_the_true_disjunct_and_resolves_ites() {
        let e = env(&[("x", 3)], &[("x", 4)]);
        let f = Expr::Or(vec![
            Expr::Lt(Box::new(x()), Box::new(Expr::int(0))),
            Expr::eq(
                Expr::next("x"),
                Expr::Ite(
                    Box::new(Expr::Ge(Box::new(x()), Box::new(Expr::int(2)))),
                    Box::new(Expr::Add(vec![x(), Expr::int(1)])),
                    Box::new(x()),
                ),
            ),
        ]);
        let lits = implicant(&f, &e);
        assert_eq!(
            lits,
            vec![
                Expr::Ge(Box::new(x()), Box::new(Expr::int(2))),
                Expr::eq(Expr::next("x"), Expr::Add(vec![x(), Expr::int(1)])),
            ]
        );
        // A negated equality becomes the strict side the model takes.
        let ne = Expr::not(Expr::eq(x(), Expr::int(5)));
        assert_eq!(
            implicant(&ne, &e),
            vec![Expr::Lt(Box::new(x()), Box::new(Expr::int(5)))]
        );
    }

    #[test]
    fn projection_eliminates_the_next_state_exactly() {
        in_context(|| {
            let task = counter_task();
            crate::smt::set_array_vars(&task);
            let point = Point {
                state: [("x".to_string(), 6.into())].into(),
                next: [("x".to_string(), 7.into())].into(),
                locals: Default::default(),
            };
            // Target x' >= 7: the predecessors are 6 <= x < 10.
            let target = vec![Expr::Ge(Box::new(x()), Box::new(Expr::int(7)))];
            let budget = Budget::new(None);
            let cube = project(&task, &task.edges[0], &target, &point, &budget).unwrap();
            let e = env(&[("x", 6)], &[]);
            assert!(cube.iter().all(|l| e.holds(l).unwrap()), "{cube:?}");
            // Every state of the cube has a step into the target.
            for v in -5..20 {
                let ev = env(&[("x", v)], &[]);
                if cube.iter().all(|l| ev.holds(l).unwrap()) {
                    assert!((6..10).contains(&v), "x = {v} in {cube:?}");
                }
            }
            assert!(cube.iter().all(|l| !matches!(l, Expr::Eq(..))));
        });
    }

    #[test]
    fn generalisation_drops_literals_that_the_proof_does_not_need() {
        in_context(|| {
            let task = counter_task();
            let (frames, loc) = frames_at_l(&task);
            // The point x = 11 is blocked relative to F_0 (x = 0); its
            // generalisation keeps one bound, raised as far as it stays
            // blocked: x >= 2 (x = 1 has a step from x = 0).
            let cube = split_equalities(vec![Expr::eq(x(), Expr::int(11))]);
            let core = frames
                .relative_core(loc, &cube, 0)
                .unwrap()
                .expect("blocked");
            let g = generalize(&frames, loc, &cube, &core, 1, &[]).unwrap();
            assert_eq!(g.len(), 1, "{g:?}");
            let minus_x = Expr::Mul(Num((-1).into()), Box::new(x()));
            assert_eq!(g[0], Expr::Le(Box::new(minus_x), Box::new(Expr::int(-2))));
        });
    }

    #[test]
    fn threshold_variants_weaken_a_bound_to_the_task_constants_nearest_first() {
        let minus_x = || Expr::Mul(Num((-1).into()), Box::new(x()));
        // Cube x >= 65 (lemma x < 65); the task compares with 1000000 and 10.
        let cube = vec![Expr::Le(Box::new(minus_x()), Box::new(Expr::int(-65)))];
        let got = threshold_variants(&cube, &[10.into(), 1000000.into()]);
        let want: Vec<Vec<Expr>> = [-1000000, -1000001]
            .iter()
            .map(|&c| vec![Expr::Le(Box::new(minus_x()), Box::new(Expr::int(c)))])
            .collect();
        assert_eq!(got, want);
        // Only one-literal cubes of the form p <= c have variants.
        let two = vec![
            cube[0].clone(),
            Expr::Le(Box::new(x()), Box::new(Expr::int(70))),
        ];
        assert!(threshold_variants(&two, &[1000000.into()]).is_empty());
        // At most MAX_THRESHOLD_VARIANTS, all strictly inside the cube.
        let many: Vec<BigInt> = (1..20).map(|k| BigInt::from(100 * k)).collect();
        let got = threshold_variants(&cube, &many);
        assert_eq!(got.len(), MAX_THRESHOLD_VARIANTS);
        assert_eq!(
            got[0],
            vec![Expr::Le(Box::new(minus_x()), Box::new(Expr::int(-100)))]
        );
    }

    #[test]
    fn weakening_jumps_to_a_task_threshold_instead_of_doubling_towards_it() {
        in_context(|| {
            let task = counter_task();
            let (frames, loc) = frames_at_l(&task);
            // x <= -2147483649 (an overflow check's cube) at level 1: the
            // largest bound still blocked is x <= -1 (x = 0 is initial).
            let far = vec![Expr::Le(Box::new(x()), Box::new(Expr::int(-2147483649)))];
            let weakened = |thresholds: &[BigInt]| {
                let before = frames.budget.queries.get();
                let got = weaken(&Blocking::new(&frames, loc, 1), far.clone(), thresholds).unwrap();
                (got, frames.budget.queries.get() - before)
            };
            let (got, queries) = weakened(&[0.into(), 10.into(), 2147483647.into()]);
            assert_eq!(got, vec![Expr::Le(Box::new(x()), Box::new(Expr::int(-1)))]);
            assert!(queries <= 6, "{queries} queries");
            // Without thresholds, 24 doublings end far below: the bound the
            // jump finds in a few queries is out of their reach.
            let (slow, queries) = weakened(&[]);
            assert_ne!(slow, got);
            assert!(queries >= 24, "{queries} queries");
        });
    }
}
