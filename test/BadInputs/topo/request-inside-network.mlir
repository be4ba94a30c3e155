// A request inside a network body.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 6:3: symbol's parent must have the SymbolTable trait
topo.network @n {
  topo.npus 2
  coll.all_gather @ag on @n size(1 MiB)
}
