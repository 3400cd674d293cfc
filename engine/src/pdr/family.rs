//! Lemma families: a cube that has the shape of one learnt before at the
//! same location (the same linear terms, other constants) is generalised to
//! what the two have in common, as Spacer's global guidance does.
//!
//! PDR diverges on programs whose invariant is relational by learning one
//! lemma per constant: `not (a2 - a0 = k && a3 - a1 = -k && ...)` for
//! k = 1, 2, 3, ... Between two members of such a family the constants of
//! some bounds move (by `d_i`); a nonnegative combination of two bounds
//! whose moves cancel (`|d_j| * b_i + |d_i| * b_j`, `d_i > 0 > d_j`) has the
//! same constant in every member, and is implied by each. The candidate
//! cube keeps the bounds that did not move and adds those combinations
//! (here `a2 + a3 - a0 - a1 = 0`): it contains both members, so if it is
//! blocked it blocks the whole family in one lemma. Where it is not (the
//! combinations lose what each member's bounds imply, e.g. that a
//! tightening bound keeps a variable positive), the second candidate also
//! keeps the tightening bounds at the earlier member's constants: every
//! later member of the family lies inside them too. Whether a candidate is
//! blocked is for the caller to ask; this module only computes.

use super::generalize::{add_scaled, as_le, le_expr, tighten, Linear};
use format::Expr;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{Signed, Zero};
use std::collections::BTreeMap;

/// Literals of a common cube at most (the unmoved bounds, then the sums).
const MAX_COMBINATIONS: usize = 16;

type Bounds = BTreeMap<BTreeMap<String, BigInt>, BigInt>;

/// The cube as `term <= constant` per term; `None` if some literal is not
/// such a bound or a term occurs twice.
fn bounds(cube: &[Expr]) -> Option<Bounds> {
    let mut out = Bounds::new();
    for lit in cube {
        let (p, c) = as_le(lit)?;
        if out.insert(p, c).is_some() {
            return None;
        }
    }
    Some(out)
}

/// The family generalisations of `new` given `earlier`, to try in order
/// (see the module comment): the common cube, then, if some bound
/// tightened, the common cube with the tightening bounds at the earlier
/// member's constants. Empty when the two cubes do not have the same
/// shape or nothing moved.
pub fn family_cubes(new: &[Expr], earlier: &[Expr]) -> Vec<Vec<Expr>> {
    let (Some(a), Some(b)) = (bounds(new), bounds(earlier)) else {
        return Vec::new();
    };
    let Some(common) = common_of(&a, &b) else {
        return Vec::new();
    };
    let mut kept = common.clone();
    for ((p, c), c_old) in a.iter().zip(b.values()) {
        let lit = le_expr(p, c_old);
        if c < c_old && !kept.contains(&lit) {
            kept.push(lit);
        }
    }
    if kept.len() == common.len() {
        vec![common]
    } else {
        vec![common, kept]
    }
}

/// The common cube of two members as bounds (see the module comment);
/// `None` when they do not have the same shape, nothing moved, or nothing
/// is left.
fn common_of(a: &Bounds, b: &Bounds) -> Option<Vec<Expr>> {
    if a.len() != b.len() || a.keys().ne(b.keys()) {
        return None;
    }
    let mut fixed = Vec::new();
    let (mut up, mut down) = (Vec::new(), Vec::new());
    for ((p, c), c_old) in a.iter().zip(b.values()) {
        let d = c - c_old;
        if d.is_zero() {
            fixed.push(le_expr(p, c));
        } else if d.is_positive() {
            up.push((p, c, d));
        } else {
            down.push((p, c, -d));
        }
    }
    if up.is_empty() && down.is_empty() {
        return None;
    }
    let mut out = fixed;
    for (pi, ci, di) in &up {
        for (pj, cj, dj) in &down {
            if out.len() >= MAX_COMBINATIONS {
                break;
            }
            let g = di.gcd(dj);
            let (mi, mj) = (dj / &g, di / &g);
            // p_i - c_i <= 0 scaled, plus p_j - c_j <= 0 scaled.
            let mut sum: Linear = (BTreeMap::new(), BigInt::zero());
            add_scaled(&mut sum, &((*pi).clone(), -(*ci).clone()), &mi);
            add_scaled(&mut sum, &((*pj).clone(), -(*cj).clone()), &mj);
            if let Some((p, c)) = tighten(sum) {
                let lit = le_expr(&p, &c);
                if !out.contains(&lit) {
                    out.push(lit);
                }
            }
        }
    }
    (!out.is_empty()).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first of [`family_cubes`]: the common cube.
    fn common_cube(new: &[Expr], earlier: &[Expr]) -> Option<Vec<Expr>> {
        common_of(&bounds(new)?, &bounds(earlier)?)
    }

    /// `sum k*v <= c`.
    fn le(terms: &[(&str, i64)], c: i64) -> Expr {
        let p = terms
            .iter()
            .map(|&(v, k)| (v.to_string(), BigInt::from(k)))
            .collect();
        le_expr(&p, &BigInt::from(c))
    }

    /// `sum k*v = c` as its two bounds.
    fn eq(terms: &[(&str, i64)], c: i64) -> [Expr; 2] {
        let neg: Vec<(&str, i64)> = terms.iter().map(|&(v, k)| (v, -k)).collect();
        [le(terms, c), le(&neg, -c)]
    }

    fn sorted(c: &[Expr]) -> Vec<String> {
        let mut t: Vec<String> = c.iter().map(format::print::expr_to_string).collect();
        t.sort();
        t
    }

    /// a2 - a0 = k, a3 - a1 = -k and a3 >= 1.
    fn member(k: i64) -> Vec<Expr> {
        let mut c = Vec::new();
        c.extend(eq(&[("a2", 1), ("a0", -1)], k));
        c.extend(eq(&[("a3", 1), ("a1", -1)], -k));
        c.push(le(&[("a3", -1)], -1));
        c
    }

    #[test]
    fn two_members_of_a_family_give_the_relation_they_share() {
        let common = common_cube(&member(4), &member(3)).expect("a family");
        let mut want = vec![le(&[("a3", -1)], -1)];
        want.extend(eq(&[("a0", 1), ("a1", 1), ("a2", -1), ("a3", -1)], 0));
        assert_eq!(sorted(&common), sorted(&want));
    }

    #[test]
    fn the_common_cube_contains_both_members_and_more() {
        // x <= k and y >= 2k - 1, for k = 3 and 4: 2x - y <= 1 in both.
        let old = vec![le(&[("x", 1)], 3), le(&[("y", -1)], -5), le(&[("z", 1)], 1)];
        let new = vec![le(&[("x", 1)], 4), le(&[("y", -1)], -7), le(&[("z", 1)], 1)];
        let common = common_cube(&new, &old).expect("a family");
        assert_eq!(
            sorted(&common),
            sorted(&[le(&[("z", 1)], 1), le(&[("x", 2), ("y", -1)], 1)])
        );
        for (x, y, inside) in [(3, 5, true), (4, 7, true), (10, 19, true), (4, 5, false)] {
            let env = format::eval::Env {
                vars: [("x", x), ("y", y), ("z", 0)]
                    .into_iter()
                    .map(|(v, n)| (v.to_string(), BigInt::from(n)))
                    .collect(),
                ..Default::default()
            };
            let holds = common.iter().all(|l| env.holds(l).unwrap());
            assert_eq!(holds, inside, "x = {x}, y = {y}");
        }
    }

    #[test]
    fn cubes_of_other_shapes_or_equal_cubes_are_no_family() {
        let old = vec![le(&[("x", 1)], 3), le(&[("y", -1)], -5)];
        let other_terms = vec![le(&[("x", 1)], 4), le(&[("z", -1)], -5)];
        assert!(common_cube(&other_terms, &old).is_none());
        assert!(common_cube(&old[..1], &old).is_none());
        assert!(common_cube(&old, &old).is_none());
    }

    #[test]
    fn a_tightening_bound_is_kept_at_the_earlier_constant_in_the_second_candidate() {
        // y >= 0, x - z <= k, y - w <= -(k + 1), for k = 2 and 3 (as PDR
        // learnt them on reve/011b): the common cube drops that w >= y + 3.
        let member = |k: i64| {
            vec![
                le(&[("y", -1)], 0),
                le(&[("x", 1), ("z", -1)], k),
                le(&[("y", 1), ("w", -1)], -(k + 1)),
            ]
        };
        let cubes = family_cubes(&member(3), &member(2));
        let common = common_cube(&member(3), &member(2)).unwrap();
        assert_eq!(cubes.len(), 2);
        assert_eq!(cubes[0], common);
        let mut want = common.clone();
        want.push(le(&[("y", 1), ("w", -1)], -3));
        assert_eq!(sorted(&cubes[1]), sorted(&want));
        // Both members, and the next one, lie inside the second candidate.
        for k in 2..5 {
            for (x, z, y, w) in [(k, 0, 0, k + 1), (0, -k, 5, k + 6)] {
                let env = format::eval::Env {
                    vars: [("x", x), ("y", y), ("z", z), ("w", w)]
                        .into_iter()
                        .map(|(v, n)| (v.to_string(), BigInt::from(n)))
                        .collect(),
                    ..Default::default()
                };
                assert!(member(k).iter().all(|l| env.holds(l).unwrap()));
                assert!(cubes[1].iter().all(|l| env.holds(l).unwrap()), "k = {k}");
            }
        }
        // Bounds that only loosen give the common cube alone.
        let loosening = |k: i64| vec![le(&[("x", 1)], k), le(&[("y", -1)], -5)];
        assert_eq!(family_cubes(&loosening(4), &loosening(3)).len(), 1);
        assert!(family_cubes(&member(2), &loosening(3)).is_empty());
    }

    #[test]
    fn bounds_that_all_move_one_way_leave_only_the_fixed_ones() {
        let old = vec![le(&[("x", 1)], 3), le(&[("y", 1)], 5), le(&[("z", 1)], 0)];
        let new = vec![le(&[("x", 1)], 4), le(&[("y", 1)], 6), le(&[("z", 1)], 0)];
        assert_eq!(
            sorted(&common_cube(&new, &old).unwrap()),
            sorted(&[le(&[("z", 1)], 0)])
        );
        assert!(common_cube(&new[..2], &old[..2]).is_none());
    }
}
