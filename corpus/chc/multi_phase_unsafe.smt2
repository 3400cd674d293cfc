; Multi-phase loop: the same loop with phases at 25 and 45: y = -40 at i = 50, and
; the check wants y = 0 there. The counterexample, found on the split,
; names the original clauses and replays on the original task.
(set-logic HORN)
(declare-fun loop (Int Int) Bool)
(assert (forall ((i Int) (y Int)) (=> (and (= i 0) (= y 0)) (loop i y))))
(assert (forall ((i Int) (y Int) (i1 Int) (y1 Int))
  (=> (and (loop i y)
           (= y1 (ite (or (>= i 45) (< i 25)) (- y 2) (+ y 1)))
           (= i1 (+ i 1)))
      (loop i1 y1))))
(assert (forall ((i Int) (y Int)) (=> (and (loop i y) (= i 50) (not (= y 0))) false)))
(check-sat)
