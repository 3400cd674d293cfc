; res := a; cnt := b; while (cnt > 0) { cnt--; res++ }; ok := (res == a + b),
; encoded backwards from the loop's exit as rust-horn does: loop(a, b, r, c,
; ok) says that running the loop from r, c ends with the verdict ok. From
; r = a, c = b >= 0 the verdict is never false. PDR learns one lemma per
; value of r - a = b - c unless it sees them as one family.
(set-logic HORN)
(declare-fun loop (Int Int Int Int Bool) Bool)
(assert (forall ((a Int) (b Int) (r Int) (c Int) (ok Bool))
  (=> (and (<= c 0) (= ok (= r (+ a b)))) (loop a b r c ok))))
(assert (forall ((a Int) (b Int) (r Int) (c Int) (ok Bool) (r2 Int) (c2 Int))
  (=> (and (loop a b r2 c2 ok) (> c 0) (= c2 (- c 1)) (= r2 (+ r 1)))
      (loop a b r c ok))))
(assert (forall ((a Int) (b Int) (ok Bool))
  (=> (and (loop a b a b ok) (>= b 0) (not ok)) false)))
(check-sat)
