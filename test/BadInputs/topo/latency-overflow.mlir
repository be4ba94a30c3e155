// A latency far past the int64 picosecond clock.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 5:36: time 1e+30 s exceeds the limit of 2^62 ps (about 53 days)
topo.network @n {
  topo.dims [ring(4) link(50 GBps, 1e30 s)]
}
