// RUN: tacos-opt %s --split-input-file --verify-diagnostics --convert-coll-to-mpi
// Diagnostics at the algorithm never print the op (it may hold millions of
// transfers):
// RUN: not tacos-opt %s --split-input-file --convert-coll-to-mpi 2>&1 | FileCheck %s --implicit-check-not="see current operation"

topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
// A corrupted schedule (a transfer too short for its link) never lowers.
// expected-error @below {{convert-coll-to-mpi: refusing to lower @ag, which coll-verify rejects: link: transfer 0:}}
coll.algorithm @ag all_gather on @pair size(8 B) time(1.00008 us) {
  // The note says where the offending transfer is.
  // expected-note @below {{transfer 0}}
  coll.transfer copy 1 over 1 -> 0 at [0, 1000000]
  coll.transfer copy 0 over 0 -> 1 at [0, 1000080]
}
// CHECK: error: convert-coll-to-mpi: refusing to lower @ag, which coll-verify rejects: link:

// -----

topo.network @line3 { topo.dims [line(3) link(50 GBps, 1 us)] }
// A chunk that leaves an NPU before it is there: causality.
// expected-error @below {{convert-coll-to-mpi: refusing to lower @drop, which coll-verify rejects: causality: transfer 2:}}
coll.algorithm @drop broadcast on @line3 root(0) size(2 MB) chunks(2) time(63 us) {
  coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
  coll.transfer copy 1 over 0 -> 1 at [21000000, 42000000]
  // expected-note @below {{transfer 2}}
  coll.transfer copy 1 over 2 -> 1 at [42000000, 63000000]
}
// CHECK: error: convert-coll-to-mpi: refusing to lower @drop, which coll-verify rejects: causality:

// -----

topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
// A missing delivery is about the whole algorithm: no transfer is named.
// expected-error @below {{convert-coll-to-mpi: refusing to lower @half, which coll-verify rejects: delivery: chunk 0 never reaches npu 1}}
coll.algorithm @half all_gather on @pair size(8 B) time(1.00008 us) {
  coll.transfer copy 1 over 1 -> 0 at [0, 1000080]
}

// -----

topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
// expected-error @below {{convert-coll-to-mpi: @bc has no transfers to lower (synthesized with materialize=none)}}
coll.algorithm @bc broadcast on @pair root(0) size(2 MB) time(42 us) unmaterialized(1)
