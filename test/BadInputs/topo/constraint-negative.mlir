// A negative constraint bandwidth.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 6:26: bandwidth -5 GBps is negative
topo.network @n {
  topo.dims [ring(4) link(?, 1 us)]
  topo.constraint sum == -5 GBps
}
