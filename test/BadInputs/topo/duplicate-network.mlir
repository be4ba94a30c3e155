// Two networks with one symbol.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 7:1: redefinition of symbol named 'n'
topo.network @n {
  topo.npus 2
}
topo.network @n {
  topo.npus 2
}
