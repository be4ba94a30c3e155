// A dimension list without its closing bracket.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 5:41: expected ']'
topo.network @n {
  topo.dims [ring(4) link(50 GBps, 1 us)
}
