; Multi-phase loop: y falls by 2 while i < 2500 and from i = 12500 on, and
; rises by 1 in between, so it is 0 again at i = 15000. The invariant is a
; disjunction over the phases of i (y = -2i, y = i - 7500, y = 30000 - 2i):
; certa splits the loop's location at i's thresholds (engine/src/phases.rs).
(set-logic HORN)
(declare-fun loop (Int Int) Bool)
(assert (forall ((i Int) (y Int)) (=> (and (= i 0) (= y 0)) (loop i y))))
(assert (forall ((i Int) (y Int) (i1 Int) (y1 Int))
  (=> (and (loop i y)
           (= y1 (ite (or (>= i 12500) (< i 2500)) (- y 2) (+ y 1)))
           (= i1 (+ i 1)))
      (loop i1 y1))))
(assert (forall ((i Int) (y Int)) (=> (and (loop i y) (= i 15000) (not (= y 0))) false)))
(check-sat)
