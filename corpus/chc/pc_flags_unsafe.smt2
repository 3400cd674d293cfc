; pc_flags_safe.smt2 with the check moved: phase 10 must keep y < 6, which
; fails once n >= 3 (x = 3 and y = 6 enter phase 10). Two Bool
; program-counter bits in one transition system (VMT style). unsat (UNSAFE).
(set-logic HORN)
(declare-fun state (Bool Bool Int Int Int) Bool)
(assert (forall ((a Bool) (b Bool) (x Int) (y Int) (n Int))
  (=> (and (not a) (not b)) (state a b x y n))))
(assert (forall ((a Bool) (b Bool) (x Int) (y Int) (n Int)
                 (a1 Bool) (b1 Bool) (x1 Int) (y1 Int) (n1 Int))
  (=> (and (state a b x y n)
           (or (and (not a) (not b) (not a1) b1 (= x1 0) (= y1 0) (= n1 n))
               (and (not a) b (< x n) (not a1) b1 (= x1 (+ x 1)) (= y1 (+ y 2)) (= n1 n))
               (and (not a) b (>= x n) a1 (not b1) (= x1 x) (= y1 y) (= n1 n))
               (and a (not b) (> x 0) a1 (not b1) (= x1 (- x 1)) (= y1 (- y 2)) (= n1 n))
               (and a (not b) (<= x 0) a1 b1 (= x1 x) (= y1 y) (= n1 n))))
      (state a1 b1 x1 y1 n1))))
(assert (forall ((a Bool) (b Bool) (x Int) (y Int) (n Int))
  (=> (and (state a b x y n) a (not b) (>= y 6)) false)))
(check-sat)
