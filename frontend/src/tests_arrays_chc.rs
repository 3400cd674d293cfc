//! Arrays in CHC problems: `(Array Int Int)` arguments in array slots, `select`/`store`/`const`,
//! errors, and `ite` over arrays lifted out of relations.

use super::*;
use crate::tests_arrays_helpers::{arr, valid};
use format::print::expr_to_string;
use format::{Expr, VarDecl};

#[test]
fn chc_arrays() {
    let text = "(set-logic HORN)
(declare-fun inv ((Array Int Int) Int Int) Bool)
(assert (forall ((n Int)) (=> (>= n 0) (inv ((as const (Array Int Int)) 0) 0 n))))
(assert (forall ((a (Array Int Int)) (b (Array Int Int)) (c (Array Int Int)) (i Int) (n Int))
  (=> (and (inv a i n) (< i n) (= c (store a i 1)) (= b (store c (+ i 1) (select c i))))
      (inv b (+ i 1) n))))
(assert (forall ((a (Array Int Int)) (i Int) (n Int))
  (=> (and (inv a i n) (>= i n) (> n 0) (not (= (select a 0) 1))) false)))
(check-sat)
";
    let p = chc::parse("t.smt2", text).unwrap_or_else(|e| panic!("{e}"));
    let t = &p.program.task;
    valid(t);
    assert_eq!(
        t.vars,
        vec![
            VarDecl::int("a0"),
            VarDecl::int("a1"),
            VarDecl::int("a2"),
            arr("m0")
        ]
    );
    assert_eq!(chc::array_slot(0), "m0");
    let slots: Vec<String> = (0..3).map(|i| p.predicates[0].slot(i)).collect();
    assert_eq!(slots, vec!["m0", "a1", "a2"]);
    assert_eq!(
        p.predicates[0].sorts,
        vec![chc::ArgSort::Array, chc::ArgSort::Int, chc::ArgSort::Int]
    );
    let r: Vec<String> = t
        .edges
        .iter()
        .map(|e| expr_to_string(&e.relation))
        .collect();
    assert_eq!(
        r,
        vec![
            "m0' == const(0) && a1' == 0 && a2' >= 0",
            "a1' == a1 + 1 && a2' == a2 && a1 < a2 && m0' == store(store(m0, a1, 1), a1 + 1, store(m0, a1, 1)[a1])",
            "a1 >= a2 && a2 > 0 && m0[0] != 1",
        ]
    );
    // An array variable with no definition cannot become an (integer) edge local.
    let bad = "(set-logic HORN)
(declare-fun p ((Array Int Int)) Bool)
(assert (forall ((a (Array Int Int)) (b (Array Int Int))) (=> (and (p a) (= (select b 0) 1)) (p a))))
";
    let e = chc::parse("t.smt2", bad).unwrap_err().to_string();
    assert!(
        e.starts_with("t.smt2:3:1: unsupported: array variable `b`"),
        "{e}"
    );
    let bad = "(set-logic HORN)
(declare-fun p ((Array Int Int)) Bool)
(assert (forall ((a (Array Int Int)) (x Int)) (=> (p a) (p ((as const (Array Int Int)) x)))))
";
    let e = chc::parse("t.smt2", bad).unwrap_err().to_string();
    assert!(
        e.contains("unsupported: constant array of the non-constant value `x`"),
        "{e}"
    );
    let bad = "(set-logic HORN)
(declare-fun p ((Array Int Bool)) Bool)
";
    let e = chc::parse("t.smt2", bad).unwrap_err().to_string();
    assert!(e.contains("sort `(Array Int Bool)`"), "{e}");
}

#[test]
fn chc_array_ite_is_lifted() {
    let text = "(set-logic HORN)
(declare-fun p ((Array Int Int) Int) Bool)
(assert (forall ((a (Array Int Int)) (i Int))
  (=> (p a i) (p (ite (> i 0) (store a i 0) a) (select (ite (> i 1) a (store a 0 i)) 0)))))
";
    let p = chc::parse("t.smt2", text).unwrap_or_else(|e| panic!("{e}"));
    valid(&p.program.task);
    let rel = &p.program.task.edges[0].relation;
    let mut ites = 0;
    let mut stack = vec![rel];
    while let Some(e) = stack.pop() {
        ites += usize::from(matches!(e, Expr::Ite(..)));
        stack.extend(e.children());
    }
    assert_eq!(ites, 0, "{}", expr_to_string(rel));
}
