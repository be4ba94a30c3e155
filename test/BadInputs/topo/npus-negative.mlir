// A negative NPU count.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 5:3: needs at least 1 NPU, got -1
topo.network @n {
  topo.npus -1
}
