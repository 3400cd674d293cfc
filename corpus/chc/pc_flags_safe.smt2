; A program exported as one transition system (VMT style): two Bool
; program-counter bits a b, phase 00 sets x = y = 0, 01 counts x up to n
; adding 2 to y, 10 counts x down to 0 taking 2 from y, 11 checks y = 0.
; The invariant differs per phase (nothing holds at 00). sat (SAFE).
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
  (=> (and (state a b x y n) a b (not (= y 0))) false)))
(check-sat)
