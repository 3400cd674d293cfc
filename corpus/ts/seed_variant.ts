// UNSAFE. Seed 000's variant: y grows by 2.
// Failing run: h (0,0) -loop-> h (1,2) -exit-> c (1,2) -fail-> bad since 1 != 2.
var x: int;
var y: int;
location h;
location c;
location bad;
initial h;
bad bad;
init x == 0 && y == 0;
edge 0 "loop": h -> h
  relation x' == x + 1 && y' == y + 2;
edge 1 "exit": h -> c
  relation x' == x && y' == y;
edge 2 "fail": c -> bad
  relation x != y && x' == x && y' == y;
