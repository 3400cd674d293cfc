// UNSAFE. The guard x > 5 => y' == 1 does not constrain y' when x <= 5.
// Failing run: a: x=0,y=0 -step-> b: x=0,y=7 (x > 5 false, so y' is free, x' == x)
// -fail-> bad since y != 1 and y != 0.
var x: int;
var y: int;
location a;
location b;
location bad;
initial a;
bad bad;
init x == 0 && y == 0;
edge 0 "step": a -> b
  relation (x > 5 => y' == 1) && x' == x;
edge 1 "fail": b -> bad
  relation y != 1 && y != 0 && x' == x && y' == y;
