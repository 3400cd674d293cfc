; A verdict carried as a Boolean argument, derived backwards through three
; predicates (the shape of rust-horn's encodings): p(x, y, d) holds for
; d = (x < y); going back p -> q lowers x or keeps it, q -> r lowers both,
; r -> p keeps both. p(1, 1, true) is not derivable: d => x < y holds at
; every predicate, which no single linear inequality over x, y, d says.
(set-logic HORN)
(declare-fun p (Int Int Bool) Bool)
(declare-fun q (Int Int Bool Bool) Bool)
(declare-fun r (Int Int Bool) Bool)
(assert (forall ((x Int) (y Int) (d Bool))
  (=> (= d (< x y)) (p x y d))))
(assert (forall ((x Int) (y Int) (d Bool))
  (=> (p x y d) (q x y false d))))
(assert (forall ((x Int) (y Int) (d Bool) (x2 Int))
  (=> (and (p x y d) (= x (+ x2 1))) (q x2 y true d))))
(assert (forall ((x Int) (y Int) (d Bool) (f Bool) (x2 Int) (y2 Int))
  (=> (and (q x y f d) (= x (+ x2 1)) (= y (+ y2 1))) (r x2 y2 d))))
(assert (forall ((x Int) (y Int) (d Bool) (f Bool))
  (=> (and (q x y f d) f) (r x y d))))
(assert (forall ((x Int) (y Int) (d Bool))
  (=> (r x y d) (p x y d))))
(assert (forall ((d Bool))
  (=> (and (p 1 1 d) d) false)))
(check-sat)
