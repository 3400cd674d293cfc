; j counts the steps of i that start at a multiple of 3, so 3j = i + 2
; at i = 1 (mod 3), 3j = i + 1 at i = 2 (mod 3) and 3j = i at 0: no
; linear invariant, one per residue of i mod 3.
(set-logic HORN)
(declare-fun inv (Int Int) Bool)
(assert (forall ((i Int) (j Int)) (=> (and (= i 0) (= j 0)) (inv i j))))
(assert (forall ((i Int) (j Int) (i1 Int) (j1 Int))
  (=> (and (inv i j)
           (= i1 (+ i 1))
           (= j1 (ite (= (mod i 3) 0) (+ j 1) j)))
      (inv i1 j1))))
(assert (forall ((i Int) (j Int))
  (=> (and (inv i j) (= i 3000000) (not (= j 1000000))) false)))
(check-sat)
