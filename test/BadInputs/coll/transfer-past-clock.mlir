// A transfer ending past the 2^62 ps clock (times tacos adds up would overflow int64).
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 6:3: ends at 9223372036854775807 ps, past the clock's limit of 2^62 ps (about 53 days)
topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.algorithm @ag all_gather on @n size(4 MB) time(21 us) {
  coll.transfer copy 0 over 0 -> 1 at [9223372036833775807, 9223372036854775807]
}
