; A Bool phase flag, let, ite, mod: i counts by 2 while the flag is set and
; stays even. sat (SAFE).
(set-logic HORN)
(declare-fun loop (Int Bool) Bool)
(declare-fun done (Int) Bool)
(assert (forall ((i Int) (b Bool)) (=> (and (= i 0) b) (loop i b))))
(assert (forall ((i Int) (b Bool) (j Int) (c Bool))
  (let ((step (ite (< i 20) 2 0)))
    (=> (and (loop i b) b (= j (+ i step)) (= c (< j 20))) (loop j c)))))
(assert (forall ((i Int) (b Bool)) (=> (and (loop i b) (not b)) (done i))))
(assert (forall ((i Int)) (=> (and (done i) (= (mod i 2) 1)) false)))
(check-sat)
