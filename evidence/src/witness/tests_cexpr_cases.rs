//! Hand-written formulas whose C meaning differs from their meaning over the
//! integers unless printed with care (unsigned comparison with -1, floor
//! division and modulus, overflow of `long long` and `int`, huge
//! constants), compared in C like the random ones.

use super::cexpr::Printer;
use super::tests_cexpr_differential::{
    assert_no_bugs, big, bx, differential, env_of, idx, int, pow2, scope, NV,
};
use format::{Expr, Num};

/// A valuation with the given variables set and all others 0.
fn with(pairs: &[(&str, i128)]) -> [i128; NV] {
    let mut vals = [0i128; NV];
    for (name, x) in pairs {
        vals[idx(name)] = *x;
    }
    vals
}

fn print(e: &Expr) -> Option<String> {
    let scope = scope();
    Printer { scope: &scope }.formula(e)
}

fn v(name: &str) -> Expr {
    Expr::var(name)
}

fn n(x: i128) -> Expr {
    int(big(x))
}

/// Every valuation of `name` in `xs`, the others 0.
fn each(name: &str, xs: &[i128]) -> Vec<[i128; NV]> {
    xs.iter().map(|x| with(&[(name, *x)])).collect()
}

const INT_MIN: i128 = i32::MIN as i128;
const INT_MAX: i128 = i32::MAX as i128;
const UINT_MAX: i128 = u32::MAX as i128;
const LL_MIN: i128 = i64::MIN as i128;
const LL_MAX: i128 = i64::MAX as i128;

#[test]
fn an_unsigned_compared_with_minus_one_is_not_printed_plainly() {
    let u = "main::u";
    let cases: Vec<Expr> = vec![
        Expr::eq(v(u), n(-1)),
        Expr::Lt(bx(v(u)), bx(n(-1))),
        Expr::Gt(bx(v(u)), bx(n(-1))),
        Expr::not(Expr::eq(v(u), n(-1))),
        Expr::eq(n(-1), v(u)),
    ];
    for e in &cases {
        if let Some(text) = print(e) {
            // `u == -1` would compare with UINT_MAX.
            assert!(!text.starts_with("u ") && !text.ends_with(" u"), "{text}");
        }
    }
    let vals = each(u, &[0, 1, UINT_MAX - 1, UINT_MAX]);
    let out = differential(
        "unsigned-minus-one",
        &cases
            .into_iter()
            .map(|e| (e, vals.clone()))
            .collect::<Vec<_>>(),
    );
    assert_no_bugs("unsigned vs -1", &out);
    // `unsigned long long` and -1: C would convert -1 to ULLONG_MAX.
    let ull = "main::ull";
    if let Some(text) = print(&Expr::eq(v(ull), n(-1))) {
        assert!(!text.starts_with("ull "), "{text}");
    }
    let vals = each(ull, &[0, u64::MAX as i128]);
    let out = differential(
        "ull-minus-one",
        &[
            (Expr::eq(v(ull), n(-1)), vals.clone()),
            (Expr::Ge(bx(v(ull)), bx(n(-1))), vals),
        ],
    );
    assert_no_bugs("unsigned long long vs -1", &out);
}

#[test]
fn floor_division_of_a_possibly_negative_int_is_not_truncation() {
    let i = "main::i";
    let div = |k: i128| Expr::Div(bx(v(i)), Num(big(k)));
    let e = Expr::eq(div(3), n(-1));
    let text = print(&e).expect("x / 3 over int is printable");
    assert_ne!(text, "(long long)i / 3 == -1", "C truncates toward zero");
    let vals = each(i, &[-1, -2, -3, -4, 0, 2, 3, INT_MIN, INT_MAX, INT_MIN + 1]);
    let cases: Vec<(Expr, Vec<[i128; NV]>)> = [
        e,
        Expr::eq(div(3), n(0)),
        Expr::Lt(bx(div(3)), bx(n(0))),
        Expr::eq(div(7), Expr::Div(bx(v(i)), Num(big(7)))),
        Expr::Le(bx(Expr::Mul(Num(big(3)), bx(div(3)))), bx(v(i))),
    ]
    .into_iter()
    .map(|e| (e, vals.clone()))
    .collect();
    assert!(cases.iter().all(|(e, _)| print(e).is_some()));
    let out = differential("floor-div", &cases);
    assert_no_bugs("floor division", &out);
    // The witness: -1 / 3 is -1 over the integers, 0 in C.
    assert!(env_of(&with(&[(i, -1)])).holds(&cases[0].0).unwrap());
}

#[test]
fn mod_of_a_negative_int_is_in_zero_to_divisor() {
    let i = "main::i";
    let m5 = Expr::Mod(bx(v(i)), Num(big(5)));
    let vals = each(i, &[-1, -5, -6, 0, 4, 5, INT_MIN, INT_MAX]);
    let cases: Vec<(Expr, Vec<[i128; NV]>)> = [
        Expr::eq(m5.clone(), n(4)),
        Expr::Ge(bx(m5.clone()), bx(n(0))),
        Expr::Lt(bx(m5.clone()), bx(n(5))),
        Expr::eq(m5.clone(), n(-1)),
    ]
    .into_iter()
    .map(|e| (e, vals.clone()))
    .collect();
    assert!(cases.iter().all(|(e, _)| print(e).is_some()));
    assert!(env_of(&with(&[(i, -1)])).holds(&cases[0].0).unwrap());
    let out = differential("mod", &cases);
    assert_no_bugs("mod", &out);
}

#[test]
fn unsigned_long_long_in_arithmetic_is_unprintable() {
    let ull = "main::ull";
    for e in [
        Expr::Le(bx(Expr::Add(vec![v(ull), n(1)])), bx(n(5))),
        Expr::Ge(bx(Expr::Mul(Num(big(2)), bx(v(ull)))), bx(n(0))),
        Expr::eq(Expr::Mod(bx(v(ull)), Num(big(2))), n(0)),
        Expr::Lt(bx(v(ull)), bx(v("main::ll"))),
        Expr::And(vec![
            Expr::Bool(true),
            Expr::eq(Expr::Neg(bx(v(ull))), n(0)),
        ]),
    ] {
        assert_eq!(print(&e), None, "{e:?}");
    }
    // A bare comparison with a constant in range is still exact.
    let e = Expr::Le(bx(v(ull)), bx(n(5)));
    assert_eq!(print(&e).as_deref(), Some("ull <= 5ULL"));
    let big_c = int(pow2(64) - 1);
    let e2 = Expr::eq(v(ull), big_c);
    let vals = each(ull, &[0, 5, 6, u64::MAX as i128]);
    let out = differential("ull", &[(e, vals.clone()), (e2, vals)]);
    assert_no_bugs("unsigned long long", &out);
}

#[test]
fn a_sum_that_may_overflow_long_long_is_unprintable() {
    let (ll, m) = ("main::ll", "f::m");
    for e in [
        Expr::Le(bx(Expr::Add(vec![v(ll), v(m)])), bx(n(0))),
        Expr::Gt(bx(Expr::Add(vec![v(ll), n(1)])), bx(n(0))),
        Expr::Gt(bx(Expr::Sub(bx(v(ll)), bx(n(1)))), bx(n(0))),
        Expr::eq(Expr::Neg(bx(v(ll))), n(0)),
        Expr::eq(Expr::Mul(Num(big(2)), bx(v(ll))), n(0)),
        Expr::eq(Expr::Sub(bx(v(ll)), bx(v(m))), n(0)),
    ] {
        assert_eq!(print(&e), None, "{e:?}");
    }
    // int + int is computed in long long: no overflow at INT_MAX.
    let (i, j) = ("main::i", "f::j");
    let e = Expr::Gt(bx(Expr::Add(vec![v(i), v(j)])), bx(n(0)));
    assert!(print(&e).is_some());
    let vals = vec![
        with(&[(i, INT_MAX), (j, INT_MAX)]),
        with(&[(i, INT_MIN), (j, INT_MIN)]),
        with(&[(i, INT_MIN), (j, INT_MAX)]),
    ];
    let e2 = Expr::Lt(bx(Expr::Mul(Num(big(-3)), bx(v(i)))), bx(v(ll)));
    let mut vals2 = vals.clone();
    vals2.push(with(&[(i, INT_MIN), (ll, LL_MIN)]));
    vals2.push(with(&[(i, INT_MAX), (ll, LL_MAX)]));
    let out = differential("ll-sum", &[(e, vals), (e2, vals2)]);
    assert_no_bugs("sum", &out);
}

#[test]
fn a_partial_sum_that_overflows_is_not_printed_unsafely() {
    // ll + 1 - 1 stays in range, but C evaluates ll + 1 first.
    let ll = "main::ll";
    let e = Expr::eq(Expr::Add(vec![v(ll), n(1), n(-1)]), v(ll));
    let vals = each(ll, &[0, LL_MAX, LL_MIN]);
    let out = differential("partial-sum", &[(e, vals)]);
    assert_no_bugs("partial sum", &out);
}

#[test]
fn floor_division_of_long_long_extremes_does_not_overflow() {
    let ll = "main::ll";
    let cases: Vec<(Expr, Vec<[i128; NV]>)> = [
        (3i128, vec![LL_MIN, LL_MIN + 1, -1, LL_MAX]),
        (
            5_000_000_000_000_000_000,
            vec![4_900_000_000_000_000_000, LL_MAX, -1, LL_MIN],
        ),
        ((1 << 62) + 1, vec![LL_MIN + 1, LL_MIN, LL_MAX]),
    ]
    .into_iter()
    .map(|(d, xs)| {
        (
            Expr::Ge(bx(Expr::Div(bx(v(ll)), Num(big(d)))), bx(n(0))),
            each(ll, &xs),
        )
    })
    .collect();
    let out = differential("ll-div", &cases);
    assert_no_bugs("long long division", &out);
}

#[test]
fn int_constants_chosen_by_a_condition_do_not_overflow_int() {
    let i = "main::i";
    let pick = |a: i128, b: i128| Expr::Ite(bx(Expr::Gt(bx(v(i)), bx(n(0)))), bx(n(a)), bx(n(b)));
    let cases = vec![
        Expr::Gt(bx(Expr::Add(vec![pick(INT_MAX, 0), n(1)])), bx(n(0))),
        Expr::Gt(
            bx(Expr::Mul(Num(big(100_000)), bx(pick(100_000, 0)))),
            bx(n(0)),
        ),
        Expr::Lt(bx(Expr::Sub(bx(pick(-INT_MAX, 0)), bx(n(2)))), bx(n(0))),
        Expr::Gt(
            bx(Expr::Add(vec![pick(INT_MAX, 0), pick(INT_MAX, 1)])),
            bx(n(0)),
        ),
    ];
    let vals = each(i, &[1, 0, -1]);
    let out = differential(
        "ite-int",
        &cases
            .into_iter()
            .map(|e| (e, vals.clone()))
            .collect::<Vec<_>>(),
    );
    assert_no_bugs("int-typed conditionals", &out);
}

#[test]
fn constants_beyond_long_long_are_never_printed() {
    let (i, u) = ("main::i", "main::u");
    let huge = pow2(70);
    let cases = vec![
        Expr::eq(Expr::Div(bx(v(u)), Num(huge.clone())), n(0)),
        Expr::eq(
            Expr::Mul(Num(huge.clone()), bx(Expr::Mod(bx(v(i)), Num(big(1))))),
            n(0),
        ),
        Expr::eq(Expr::Div(bx(v(i)), Num(pow2(63))), n(-1)),
    ];
    // The oracle refuses a literal that fits no C type, the compiler too.
    let vals = vec![
        with(&[(u, 0), (i, 0)]),
        with(&[(u, UINT_MAX), (i, INT_MIN)]),
        with(&[(u, 7), (i, -1)]),
    ];
    let out = differential(
        "huge",
        &cases
            .into_iter()
            .map(|e| (e, vals.clone()))
            .collect::<Vec<_>>(),
    );
    assert_no_bugs("huge constants", &out);
}

#[test]
fn a_variable_out_of_scope_is_unprintable() {
    assert_eq!(print(&Expr::eq(v("main::nope"), n(0))), None);
    assert_eq!(
        print(&Expr::Or(vec![
            Expr::eq(v("main::i"), n(0)),
            Expr::eq(v("x"), n(1))
        ])),
        None
    );
}
