; Nested loops that trade units: each round counts n down, moves units
; from b to a until a reaches n, then back until b reaches n. At n = 0,
; a = b = 0. The proof needs a + b = 0 and 0 <= b <= n at `outer` plus
; -n - 1 <= a <= n in the first inner loop: convex, but only samples that
; go round the outer loop more than once show them. sat (SAFE).
(set-logic HORN)
(declare-fun outer (Int Int Int) Bool)
(declare-fun give (Int Int Int) Bool)
(declare-fun take (Int Int Int) Bool)
(assert (forall ((n Int)) (=> (> n 0) (outer n 0 0))))
(assert (forall ((n Int) (m Int) (a Int) (b Int))
  (=> (and (outer n a b) (> n 0) (= m (- n 1))) (give m a b))))
(assert (forall ((n Int) (a Int) (b Int))
  (=> (and (give n a b) (< a n)) (give n (+ a 1) (- b 1)))))
(assert (forall ((n Int) (a Int) (b Int))
  (=> (and (give n a b) (>= a n)) (take n a b))))
(assert (forall ((n Int) (a Int) (b Int))
  (=> (and (take n a b) (< b n)) (take n (- a 1) (+ b 1)))))
(assert (forall ((n Int) (a Int) (b Int))
  (=> (and (take n a b) (>= b n)) (outer n a b))))
(assert (forall ((n Int) (a Int) (b Int))
  (=> (and (outer n a b) (= n 0) (not (= a b))) false)))
(check-sat)
(exit)
