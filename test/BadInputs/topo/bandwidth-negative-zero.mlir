// Negative zero is zero bandwidth.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 5:27: bandwidth must be positive
topo.network @n {
  topo.dims [ring(4) link(-0.0 GBps, 1 us)]
}
