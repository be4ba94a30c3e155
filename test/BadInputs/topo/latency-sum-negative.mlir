// A negative term in a time sum.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 5:43: time -2 us is negative
topo.network @n {
  topo.dims [ring(4) link(50 GBps, 1 us + -2 us)]
}
