// SAFE. Each step adds a non-negative input t (an edge local) to s, so s >= 0.
var s: int;
location h;
location bad;
initial h;
bad bad;
init s == 0;
edge 0 "add input": h -> h
  local t: int;
  relation t >= 0 && s' == s + t;
edge 1 "check": h -> bad
  relation s < 0 && s' == s;
