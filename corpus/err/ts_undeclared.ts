// ERROR (undeclared variable): the relation mentions z, which is not declared.
var x: int;
location h;
location bad;
initial h;
bad bad;
init x == 0;
edge 0 "loop": h -> h
  relation x' == x + z;
