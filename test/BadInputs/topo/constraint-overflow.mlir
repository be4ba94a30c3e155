// A constraint bandwidth beyond double range.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 6:26: bandwidth is not a finite number
topo.network @n {
  topo.dims [ring(4) link(?, 1 us)]
  topo.constraint sum == 1e400 GBps
}
