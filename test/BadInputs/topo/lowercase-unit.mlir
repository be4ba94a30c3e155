// Units are case-sensitive: gbps is not GBps.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 5:30: unknown unit 'gbps'; expected one of Bps KBps MBps GBps TBps KiBps MiBps GiBps TiBps
topo.network @n {
  topo.dims [ring(4) link(50 gbps, 1 us)]
}
