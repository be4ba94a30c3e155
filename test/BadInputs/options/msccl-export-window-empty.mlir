// A size window with min above max.
// RUN: %check-bad-input %s tacos-translate {} --export-msccl-xml --msccl-min-bytes=10 --msccl-max-bytes=5
// EXPECT: option window: the size window [10, 5] is empty
topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.algorithm @ag all_gather on @n size(4 MB) time(42 us) {
  coll.transfer copy 1 over 1 -> 0 at [0, 21000000]
  coll.transfer copy 3 over 3 -> 0 at [0, 21000000]
  coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
  coll.transfer copy 2 over 2 -> 1 at [0, 21000000]
  coll.transfer copy 1 over 1 -> 2 at [0, 21000000]
  coll.transfer copy 3 over 3 -> 2 at [0, 21000000]
  coll.transfer copy 0 over 0 -> 3 at [0, 21000000]
  coll.transfer copy 2 over 2 -> 3 at [0, 21000000]
  coll.transfer copy 2 over 1 -> 0 at [21000000, 42000000]
  coll.transfer copy 3 over 0 -> 1 at [21000000, 42000000]
  coll.transfer copy 0 over 1 -> 2 at [21000000, 42000000]
  coll.transfer copy 1 over 0 -> 3 at [21000000, 42000000]
}
