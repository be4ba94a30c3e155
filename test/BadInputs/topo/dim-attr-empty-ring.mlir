// A #topo.dim attribute of zero NPUs.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 5:35: ring(0) has fewer than 1 NPU
topo.network @n {
  topo.npus 1 {d = #topo.dim<ring(0) link(50 GBps, 1 us)>}
}
