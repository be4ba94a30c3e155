// A negative tag.
// RUN: %check-bad-input %s tacos-opt {} --convert-coll-to-mpi=tag=-1
// EXPECT: 5:1: convert-coll-to-mpi: tag -1 of @ag is outside [0, 32768), the range every MPI library accepts
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
