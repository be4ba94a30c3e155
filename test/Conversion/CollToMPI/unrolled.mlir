// RUN: tacos-opt %s --convert-coll-to-mpi | FileCheck %s
// The output is upstream IR only: it parses and verifies again.
// RUN: tacos-opt %s --convert-coll-to-mpi | tacos-opt | FileCheck %s --check-prefix=ROUND

// A 2-rank All-Reduce (Reduce-Scatter then All-Gather, one chunk each).
topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
coll.algorithm @ar all_reduce on @pair size(8 B) time(2.00016 us) {
  coll.transfer reduce 1 over 0 -> 1 at [0, 1000080]
  coll.transfer reduce 0 over 1 -> 0 at [0, 1000080]
  coll.transfer copy 1 over 1 -> 0 at [1000080, 2000160]
  coll.transfer copy 0 over 0 -> 1 at [1000080, 2000160]
}

// The algorithm and its network are gone; Open MPI is recorded for the
// LLVM lowering.
// CHECK-NOT: coll.algorithm
// CHECK-NOT: topo.network
// CHECK: module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">}
// CHECK-LABEL: func.func @ar(
// CHECK-SAME: %[[IN:[a-z0-9]+]]: memref<?xf32>, %[[OUT:[a-z0-9]+]]: memref<?xf32>, %[[E:[a-z0-9]+]]: index) -> i32
// CHECK-SAME: attributes {llvm.emit_c_interface}
// CHECK-DAG: %[[C0I:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[C1I:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[C2I:.*]] = arith.constant 2 : i32
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[WORLD:.*]] = mpi.comm_world : !mpi.comm
// CHECK: %[[RANK:.*]] = mpi.comm_rank(%[[WORLD]]) : i32
// CHECK: %[[SIZE:.*]] = mpi.comm_size(%[[WORLD]]) : i32
// Return code 1: the communicator is not the network's 2 ranks.
// CHECK: %[[WRONG:.*]] = arith.cmpi ne, %[[SIZE]], %[[C2I]] : i32
// CHECK: %[[CODE:.*]] = scf.if %[[WRONG]] -> (i32) {
// CHECK-NEXT: scf.yield %[[C1I]] : i32
// CHECK: } else {
// Piece j starts at j*(E/P) + j*(E%P)/P: E splits into P = 2 pieces.
// CHECK: %[[Q:.*]] = arith.divui %[[E]], %[[C2]] : index
// CHECK: %[[R:.*]] = arith.remui %[[E]], %[[C2]] : index
// CHECK: %[[R_INDEX:.*]] = arith.index_cast %[[RANK]] : i32 to index
// CHECK: scf.index_switch %[[R_INDEX]] -> i32
// CHECK: case 0 {
// Return code 2: `in` or `out` is shorter than E.
// CHECK: memref.dim %[[IN]]
// CHECK: memref.dim %[[OUT]]
// CHECK: scf.if
// CHECK-NEXT: scf.yield %[[C2I]] : i32
// CHECK: } else {
// CHECK: %[[SCRATCH:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// Own data from `in` to `out`, skipped when they are the same memory.
// CHECK: %[[DST:.*]] = memref.subview %[[OUT]][%{{.*}}] [%{{.*}}] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
// CHECK: %[[SRC:.*]] = memref.subview %[[IN]]
// CHECK: memref.extract_aligned_pointer_as_index
// CHECK: memref.extract_aligned_pointer_as_index
// CHECK: %[[SAME:.*]] = arith.cmpi eq
// CHECK: scf.if %[[SAME]] {
// CHECK-NEXT: } else {
// CHECK: memref.load %[[SRC]]
// CHECK: memref.store %{{.*}}, %[[DST]]
// Reduce-Scatter: chunk 0 comes from rank 1 into the staging slot while
// chunk 1 goes to rank 1; then chunk 0 is summed in place.
// CHECK: %[[STAGE:.*]] = memref.subview %[[SCRATCH]]
// CHECK: %[[RECV:.*]] = mpi.irecv(%[[STAGE]], %[[C0I]], %[[C1I]], %[[WORLD]]) : memref<?xf32, strided<[1], offset: ?>>, i32, i32 -> !mpi.request
// CHECK: %[[PIECE1:.*]] = memref.subview %[[OUT]]
// CHECK: %[[SEND:.*]] = mpi.isend(%[[PIECE1]], %[[C0I]], %[[C1I]], %[[WORLD]]) : memref<?xf32, strided<[1], offset: ?>>, i32, i32 -> !mpi.request
// CHECK: mpi.wait(%[[RECV]]) : !mpi.request
// CHECK: %[[ACC:.*]] = memref.subview %[[OUT]]
// CHECK: %[[ADD:.*]] = memref.subview %[[SCRATCH]]
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT: %[[X:.*]] = memref.load %[[ACC]][%[[I]]]
// CHECK-NEXT: %[[Y:.*]] = memref.load %[[ADD]][%[[I]]]
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK-NEXT: memref.store %[[SUM]], %[[ACC]][%[[I]]]
// The send is waited before its piece is overwritten by the All-Gather.
// CHECK: mpi.wait(%[[SEND]]) : !mpi.request
// CHECK: %[[RECV2:.*]] = mpi.irecv(
// CHECK: %[[SEND2:.*]] = mpi.isend(
// CHECK: mpi.wait(%[[RECV2]])
// CHECK: mpi.wait(%[[SEND2]])
// CHECK: memref.dealloc %[[SCRATCH]] : memref<?xf32>
// CHECK: scf.yield %[[C0I]] : i32
// Rank 1 mirrors rank 0, with rank 0 as its peer.
// CHECK: case 1 {
// CHECK: mpi.irecv(%{{.*}}, %[[C0I]], %[[C0I]], %[[WORLD]])
// CHECK: mpi.isend(%{{.*}}, %[[C0I]], %[[C0I]], %[[WORLD]])
// Other ranks (none here) return at once.
// CHECK: default {
// CHECK-NEXT: scf.yield %[[C0I]] : i32
// CHECK: return %[[CODE]] : i32

// ROUND-LABEL: func.func @ar(
// ROUND-COUNT-4: mpi.isend
