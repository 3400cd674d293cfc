; x counts up by 2 from 0; the query reaches x = 6. unsat (UNSAFE).
(set-logic HORN)
(declare-fun |inv x| (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (|inv x| x))))
(assert (forall ((x Int) (x1 Int)) (=> (and (|inv x| x) (= x1 (+ x 2))) (|inv x| x1))))
(assert (forall ((x Int)) (not (and (|inv x| x) (= x 6)))))
(check-sat)
