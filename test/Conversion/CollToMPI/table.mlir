// RUN: tacos-opt %s --split-input-file --convert-coll-to-mpi=form=table | FileCheck %s
// form=auto picks the table above 4096 steps in all (an 8x8 torus
// All-Gather has 4032 transfers, 4 steps each):
// RUN: tacos-opt %S/Inputs/torus8.mlir --coll-synthesize --convert-coll-to-mpi | FileCheck %s --check-prefix=AUTO
// RUN: tacos-opt %S/Inputs/torus8.mlir --coll-synthesize --convert-coll-to-mpi=form=unrolled | FileCheck %s --check-prefix=UNROLLED

topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
coll.algorithm @ar all_reduce on @pair size(8 B) time(2.00016 us) {
  coll.transfer reduce 1 over 0 -> 1 at [0, 1000080]
  coll.transfer reduce 0 over 1 -> 0 at [0, 1000080]
  coll.transfer copy 1 over 1 -> 0 at [1000080, 2000160]
  coll.transfer copy 0 over 0 -> 1 at [1000080, 2000160]
}

// All ranks' steps in one table, rank r's rows at [offsets[r], offsets[r+1]).
// Per rank: first and count of the pieces of `in` and `out`, scratch slots,
// where its out-links' and in-links' peers start in @ar_peers.
// CHECK: memref.global "private" constant @ar_steps : memref<20xi64> = dense_resource<ar_steps>
// CHECK: memref.global "private" constant @ar_offsets : memref<3xi64> = dense<[0, 10, 20]>
// CHECK: memref.global "private" constant @ar_ranks : memref<14xi64> = dense<[0, 2, 0, 2, 1, 0, 1, 0, 2, 0, 2, 1, 2, 3]>
// CHECK: memref.global "private" constant @ar_peers : memref<4xi32> = dense<[1, 1, 0, 0]>
// CHECK-LABEL: func.func @ar(
// CHECK-SAME: %[[IN:[a-z0-9]+]]: memref<?xf32>, %[[OUT:[a-z0-9]+]]: memref<?xf32>, %[[E:[a-z0-9]+]]: index) -> i32
// CHECK: %[[STEPS:.*]] = memref.get_global @ar_steps : memref<20xi64>
// CHECK: %[[OFFSETS:.*]] = memref.get_global @ar_offsets : memref<3xi64>
// CHECK: memref.load %[[OFFSETS]]
// CHECK: memref.load %[[OFFSETS]]
// CHECK: %[[SCRATCH:.*]] = memref.alloc
// One loop over the rank's rows; one request per out-link and per in-link.
// CHECK: %[[POISON:.*]] = ub.poison : !mpi.request
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[SEND:.*]] = %[[POISON]], %[[RECV:.*]] = %[[POISON]]) -> (!mpi.request, !mpi.request) {
// CHECK: %[[ROW:.*]] = memref.load %[[STEPS]][%[[I]]] : memref<20xi64>
// The place: `in`, `out` or a scratch slot.
// CHECK: scf.index_switch %{{.*}} -> memref<?xf32>, index
// CHECK: scf.yield %[[IN]]
// CHECK: scf.yield %[[OUT]]
// CHECK: scf.yield %[[SCRATCH]]
// CHECK: %[[PLACE:.*]] = memref.subview
// The step's kind.
// CHECK: scf.index_switch %{{.*}} -> !mpi.request, !mpi.request
// CHECK: case 0 {
// CHECK: %[[REQ:.*]] = mpi.isend(%[[PLACE]]
// CHECK: %[[NEWSEND:.*]] = arith.select %{{.*}}, %[[REQ]], %[[SEND]] : !mpi.request
// CHECK: scf.yield %[[NEWSEND]], %[[RECV]]
// CHECK: case 1 {
// CHECK: mpi.irecv(%[[PLACE]]
// CHECK: case 2 {
// CHECK: mpi.wait
// CHECK: case 3 {
// CHECK: mpi.wait
// CHECK: case 4 {
// CHECK: scf.for
// CHECK: arith.addf
// CHECK: case 5 {
// CHECK: scf.for
// CHECK: case 6 {
// CHECK: memref.extract_aligned_pointer_as_index
// CHECK: default {
// CHECK: memref.dealloc %[[SCRATCH]]
// Rank 0's rows, one little-endian i64 each after the blob's alignment
// (8): copy pieces 0-1 of `in` to `out` (kind 6, out, count 2 in bits
// 32-58); receive into scratch slot 0 (kind 1, scratch); send piece 1 of
// `out` (kind 0, out); wait for the receive (2); sum piece 0 of `out` with
// the staged chunk (4); wait for the send (3); receive piece 1 into `out`;
// send piece 0; wait, wait.
// CHECK: ar_steps: "0x08000000
// CHECK-SAME: 00000000020000C8
// CHECK-SAME: 0000000000000030
// CHECK-SAME: 0100000000000008
// CHECK-SAME: 0000000000000040
// CHECK-SAME: 0000000000000088
// CHECK-SAME: 0000000000000060
// CHECK-SAME: 0100000000000028
// CHECK-SAME: 0000000000000008
// CHECK-SAME: 0000000000000040
// CHECK-SAME: 0000000000000060

// -----

// A rank outside the group has no rows and spans no pieces: it returns 0.
topo.network @three { topo.npus 3  topo.link 0 <-> 1 link(50 GBps, 1 us)  topo.link 1 <-> 2 link(50 GBps, 1 us) }
coll.algorithm @g all_gather on @three group [0, 1] size(8 B) time(1.00008 us) {
  coll.transfer copy 1 over 1 -> 0 at [0, 1000080]
  coll.transfer copy 0 over 0 -> 1 at [0, 1000080]
}
// CHECK: @g_offsets : memref<4xi64> = dense<[0, 5, 10, 10]>
// CHECK: @g_ranks : memref<21xi64> = dense<[0, 1, 0, 2, 1, 0, 1, 1, 1, 0, 2, 1, 2, 3, 0, 0, 0, 0, 0, 4, 4]>

// AUTO: memref.global "private" constant @ag_steps : memref<16192xi64> = dense_resource<ag_steps>
// AUTO: memref.global "private" constant @ag_offsets : memref<65xi64>
// AUTO: memref.global "private" constant @ag_ranks : memref<448xi64>
// AUTO: memref.global "private" constant @ag_peers : memref<512xi32>
// AUTO-LABEL: func.func @ag(
// Four links each way at every rank of the torus: eight requests.
// AUTO: scf.for {{.*}} -> (!mpi.request, !mpi.request, !mpi.request, !mpi.request, !mpi.request, !mpi.request, !mpi.request, !mpi.request)
// AUTO-NOT: scf.for {{.*}} -> (!mpi.request

// UNROLLED-NOT: memref.global
// UNROLLED-COUNT-4032: mpi.isend
// UNROLLED-NOT: mpi.isend
