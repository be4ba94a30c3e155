// A network name without its @.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 4:14: expected valid '@'-identifier for symbol name
topo.network n {
  topo.npus 2
}
