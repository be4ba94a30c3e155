// RUN: tacos-opt %s --coll-materialize=form=packed | FileCheck %s --check-prefix=PACKED
// Packing and unpacking gives back the input, through text and through bytecode:
// RUN: tacos-opt %s --coll-materialize=form=packed | tacos-opt --coll-materialize=form=ops | FileCheck %s
// RUN: tacos-opt %s --coll-materialize=form=packed --emit-bytecode | tacos-opt --coll-materialize=form=ops | FileCheck %s
// RUN: not tacos-opt %s --coll-materialize=form=columns 2>&1 | FileCheck %s --check-prefix=BADFORM

topo.network @ring4 {
  topo.dims [ring(4) link(50 GBps, 1 us)]
}

// PACKED-LABEL: coll.algorithm @ag all_gather on @ring4 size(4 MB) time(42 us) packed(dense_resource<ag_transfers> : tensor<124xi8>)
// PACKED-NOT: coll.transfer
// PACKED-LABEL: coll.algorithm @rs reduce_scatter on @ring4 size(4 MB) time(21 us) latency(pipelined) packed(dense_resource<rs_transfers> : tensor<31xi8>)
// PACKED: ag_transfers: "0x08000000
// PACKED: rs_transfers: "0x08000000

// CHECK-LABEL: coll.algorithm @ag all_gather on @ring4 size(4 MB) time(42 us) {
// CHECK-NEXT: coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
// CHECK-NEXT: coll.transfer copy 1 over 1 -> 2 at [0, 21000000]
// CHECK-NEXT: coll.transfer copy 3 over 0 -> 1 lane 7 at [21000000, 42000000]
// CHECK-NEXT: coll.transfer copy 2 over 3 -> 0 at [4294967296000, 4294988296000]
// CHECK-NEXT: }
coll.algorithm @ag all_gather on @ring4 size(4 MB) time(42 us) {
  coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
  coll.transfer copy 1 over 1 -> 2 at [0, 21000000]
  coll.transfer copy 3 over 0 -> 1 lane 7 at [21000000, 42000000]
  coll.transfer copy 2 over 3 -> 0 at [4294967296000, 4294988296000]
}
// CHECK-LABEL: coll.algorithm @rs reduce_scatter on @ring4 size(4 MB) time(21 us) latency(pipelined) {
// CHECK-NEXT: coll.transfer reduce 3 over 2 -> 3 at [0, 21000000]
// CHECK-NEXT: }
coll.algorithm @rs reduce_scatter on @ring4 size(4 MB) time(21 us) latency(pipelined) {
  coll.transfer reduce 3 over 2 -> 3 at [0, 21000000]
}

// BADFORM: unknown form 'columns'; expected 'ops' or 'packed'
