; An initialisation loop over an array argument (CHC-COMP LIA-arrays style):
; the loop writes 41, so the query finds a[0] != 42 (unsat).
(set-logic HORN)
(declare-fun inv (Int Int (Array Int Int)) Bool)
(assert (forall ((n Int) (a (Array Int Int))) (=> (>= n 0) (inv 0 n a))))
(assert (forall ((i Int) (n Int) (a (Array Int Int)))
  (=> (and (inv i n a) (< i n)) (inv (+ i 1) n (store a i 41)))))
(assert (forall ((i Int) (n Int) (a (Array Int Int)) (j Int))
  (=> (and (inv i n a) (>= i n) (<= 0 j) (< j n) (not (= (select a j) 42))) false)))
(check-sat)
