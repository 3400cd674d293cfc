// SAFE. y' = |x| via ite, and x is havocked (unconstrained) every step,
// so y >= 0 holds after every step (invariant y >= 0, true initially).
var x: int;
var y: int;
location h;
location bad;
initial h;
bad bad;
init y == 0;
edge 0 "abs": h -> h
  relation y' == ite(x < 0, -(x), x);
edge 1 "fail": h -> bad
  relation y < 0 && x' == x && y' == y;
