; Two predicates, div by a constant and a 0-ary predicate: the query is
; reachable (n = 7 gives n div 2 = 3). unsat (UNSAFE).
(set-logic HORN)
(declare-fun start (Int) Bool)
(declare-fun half (Int Int) Bool)
(declare-fun fail () Bool)
(assert (forall ((n Int)) (=> (and (>= n 0) (<= n 10)) (start n))))
(assert (forall ((n Int) (h Int)) (=> (and (start n) (= h (div n 2))) (half n h))))
(assert (forall ((n Int) (h Int)) (=> (and (half n h) (= h 3) (= (mod n 2) 1)) fail)))
(assert (=> fail false))
(check-sat)
