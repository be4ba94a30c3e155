// RUN: tacos-opt %s --convert-coll-to-mpi=form=unrolled | FileCheck %s
// Under the pipelined link model chunk 1 enters link 0 -> 1 before chunk 0
// has left it (coll-verify accepts it): the two messages are in flight at
// once, each with a request of its own, and both are waited.

topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
coll.algorithm @bc broadcast on @pair root(0) size(8 B) chunks(2) time(1.00016 us) latency(pipelined) {
  coll.transfer copy 0 over 0 -> 1 at [0, 1000080]
  coll.transfer copy 1 over 0 -> 1 at [80, 1000160]
}

// CHECK-LABEL: func.func @bc(
// CHECK: case 0 {
// CHECK: %[[S0:.*]] = mpi.isend
// CHECK: %[[S1:.*]] = mpi.isend
// CHECK-DAG: mpi.wait(%[[S0]])
// CHECK-DAG: mpi.wait(%[[S1]])
// CHECK: case 1 {
// CHECK: %[[R0:.*]] = mpi.irecv
// CHECK: %[[R1:.*]] = mpi.irecv
// CHECK: mpi.wait(%[[R0]])
// CHECK: mpi.wait(%[[R1]])
