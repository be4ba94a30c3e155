// An empty tier name.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 5:47: expected valid keyword or string
topo.network @n {
  topo.dims [ring(4) link(50 GBps, 1 us) tier()]
}
