// A bandwidth divided by zero.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 5:38: bandwidth divisor must be at least 1
topo.network @n {
  topo.dims [ring(4) link(450 GBps / 0, 1 us)]
}
