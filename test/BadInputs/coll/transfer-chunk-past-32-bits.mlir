// A chunk id past 32 bits.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 6:3: chunk 4294967296 is out of range
topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.algorithm @ag all_gather on @n size(4 MB) time(21 us) {
  coll.transfer copy 4294967296 over 0 -> 1 at [0, 21000000]
}
