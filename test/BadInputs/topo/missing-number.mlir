// A unit without a number.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 5:27: expected floating point literal
topo.network @n {
  topo.dims [ring(4) link(GBps, 1 us)]
}
