; A Real argument: unsupported sort, rejected (exit 3).
(set-logic HORN)
(declare-fun p (Real) Bool)
(assert (forall ((x Real)) (=> (= x 0.5) (p x))))
(assert (forall ((x Real)) (=> (and (p x) (> x 1.0)) false)))
(check-sat)
