; Eight counters that each step may raise by 0 or 1; bad when all are 3: a
; bug three steps deep that random runs almost never hit (one in 2^24) and
; that PDR reaches only after generalising many cubes (1,349 queries), while
; bounded model checking needs one query per depth.
(set-logic HORN)
(declare-fun s (Int Int Int Int Int Int Int Int) Bool)
(assert (s 0 0 0 0 0 0 0 0))
(assert (forall ((x0 Int) (x1 Int) (x2 Int) (x3 Int) (x4 Int) (x5 Int) (x6 Int) (x7 Int) (d0 Int) (d1 Int) (d2 Int) (d3 Int) (d4 Int) (d5 Int) (d6 Int) (d7 Int)) (=> (and (s x0 x1 x2 x3 x4 x5 x6 x7) (<= 0 d0 1) (<= 0 d1 1) (<= 0 d2 1) (<= 0 d3 1) (<= 0 d4 1) (<= 0 d5 1) (<= 0 d6 1) (<= 0 d7 1)) (s (+ x0 d0) (+ x1 d1) (+ x2 d2) (+ x3 d3) (+ x4 d4) (+ x5 d5) (+ x6 d6) (+ x7 d7)))))
(assert (forall ((x0 Int) (x1 Int) (x2 Int) (x3 Int) (x4 Int) (x5 Int) (x6 Int) (x7 Int)) (=> (and (s x0 x1 x2 x3 x4 x5 x6 x7) (= x0 3) (= x1 3) (= x2 3) (= x3 3) (= x4 3) (= x5 3) (= x6 3) (= x7 3)) false)))
(check-sat)
