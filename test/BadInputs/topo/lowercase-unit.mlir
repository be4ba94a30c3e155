// Units are case-sensitive: gbps is neither Gbps (bits) nor GBps (bytes).
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 5:30: 'gbps' is ambiguous: write 'Gbps' (bits per second) or 'GBps' (bytes per second)
topo.network @n {
  topo.dims [ring(4) link(50 gbps, 1 us)]
}
