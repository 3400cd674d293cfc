; Two predicates in one body: not linear Horn, rejected (exit 3).
(set-logic HORN)
(declare-fun p (Int) Bool)
(declare-fun q (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (p x))))
(assert (forall ((x Int)) (=> (= x 1) (q x))))
(assert (forall ((x Int) (y Int)) (=> (and (p x) (q y) (= x y)) false)))
(check-sat)
