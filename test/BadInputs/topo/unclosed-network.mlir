// The file ends inside a network body.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 5:42: expected operation name in quotes
topo.network @n {
  topo.dims [ring(4) link(50 GBps, 1 us)]
