; A loop whose second phase is entered two ways: straight from the start
; when c <= 0 (then d = -3a) and from the first phase when c > 0 (then
; d = 5c - 3a). Each entry has a linear invariant; their union has none.
(set-logic HORN)
(declare-fun inv (Int Int Int Int) Bool)
(assert (forall ((a Int) (b Int) (c Int) (d Int))
  (=> (and (= a 0) (= d 0) (> b c)) (inv a b c d))))
(assert (forall ((a Int) (b Int) (c Int) (d Int) (a1 Int) (d1 Int))
  (=> (and (inv a b c d)
           (= a1 (+ a 1))
           (= d1 (ite (<= c a) (- d 3) (+ d 2))))
      (inv a1 b c d1))))
(assert (forall ((a Int) (b Int) (c Int) (d Int))
  (=> (and (inv a b c d) (> d 0) (> a (+ b c))) false)))
(check-sat)
