// A latency that rounds to 0 ps is zero latency.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 5:26: link has zero latency
topo.network @n {
  topo.dims [ring(4) link(50 GBps, 0.4 ps)]
}
