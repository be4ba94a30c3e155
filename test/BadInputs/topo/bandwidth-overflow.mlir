// A bandwidth beyond double range (inf after parsing).
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 5:27: bandwidth is not a finite number
topo.network @n {
  topo.dims [ring(4) link(1e400 GBps, 1 us)]
}
