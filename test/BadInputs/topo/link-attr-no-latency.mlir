// A #topo.link attribute without its latency.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 5:42: expected ','
topo.network @n {
  topo.npus 1 {fast = #topo.link<50 GiBps>}
}
