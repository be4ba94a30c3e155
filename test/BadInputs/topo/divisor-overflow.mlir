// A divisor past int64.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 5:38: integer value too large
topo.network @n {
  topo.dims [ring(4) link(450 GBps / 99999999999999999999999, 1 us)]
}
