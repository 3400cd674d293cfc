// SAFE. Seed 000's worked example as an explicit transition system:
// invariant x == y at h and c (x, y start at 0 and move together).
var x: int;
var y: int;
location h;
location c;
location bad;
initial h;
bad bad;
init x == 0 && y == 0;
edge 0 "loop": h -> h
  relation x' == x + 1 && y' == y + 1;
edge 1 "exit": h -> c
  relation x' == x && y' == y;
edge 2 "fail": c -> bad
  relation x != y && x' == x && y' == y;
