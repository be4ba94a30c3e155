// An NPU id that a 32-bit cast would wrap to 3.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 6:3: names an NPU out of range: 0 -> 4294967299
topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.algorithm @ag all_gather on @n size(4 MB) time(21 us) {
  coll.transfer copy 0 over 0 -> 4294967299 at [0, 21000000]
}
