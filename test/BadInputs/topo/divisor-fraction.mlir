// A divisor must be an integer.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 5:38: expected integer value
topo.network @n {
  topo.dims [ring(4) link(450 GBps / 2.5, 1 us)]
}
