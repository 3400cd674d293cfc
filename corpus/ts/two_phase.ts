// SAFE. Phase p counts i up to 10, then q counts j up while i stays 10.
// Invariants: at p: 0 <= i <= 10 && j == 0; at q: i == 10.
var i: int;
var j: int;
location p;
location q;
location bad;
initial p;
bad bad;
init i == 0 && j == 0;
edge 0 "p": p -> p
  relation i < 10 && i' == i + 1 && j' == j;
edge 1 "switch": p -> q
  relation i >= 10 && i' == i && j' == j;
edge 2 "q": q -> q
  relation i' == i && j' == j + 1;
edge 3 "fail": q -> bad
  relation i != 10 && i' == i && j' == j;
