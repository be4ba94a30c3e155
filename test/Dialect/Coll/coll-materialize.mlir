// RUN: tacos-opt %s --coll-materialize=form=packed | FileCheck %s --check-prefix=PACKED
// Packing and unpacking gives back the input, through text and through bytecode:
// RUN: tacos-opt %s --coll-materialize=form=packed | tacos-opt --coll-materialize=form=ops | FileCheck %s
// RUN: tacos-opt %s --coll-materialize=form=packed --emit-bytecode | tacos-opt --coll-materialize=form=ops | FileCheck %s
// RUN: not tacos-opt %s --coll-materialize=form=columns 2>&1 | FileCheck %s --check-prefix=BADFORM
// Readable ops take some 400 bytes a transfer: form=ops is refused, on the
// algorithm, when they would not fit in max-memory= (docs/ResourceLimits.md).
// RUN: tacos-opt %s --coll-materialize=form=packed | not tacos-opt --coll-materialize="form=ops max-memory=1KB" 2>&1 | FileCheck %s --check-prefix=MEMORY
// MEMORY: error: coll-materialize: writing the transfers as coll.transfer ops needs about 1.6 KB of memory (4 transfer ops x 400 B), more than max-memory=1 KB; keep the packed form, or raise max-memory=

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
