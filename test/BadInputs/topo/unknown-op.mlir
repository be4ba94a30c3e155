// An op the topo dialect does not have.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 6:3: custom op 'topo.wire' is unknown
topo.network @n {
  topo.npus 2
  topo.wire 0 -> 1
}
