// The packed blob coll-synthesize writes (the schedule's own buffer, handed
// over without a copy) holds the same algorithm whichever way it is written:
// read back from bytecode it prints as the text form does, and unpacked it
// is the readable form of the same synthesis.
// RUN: tacos-opt %s --coll-synthesize=materialize=packed -o %t.text.mlir
// RUN: tacos-opt %s --coll-synthesize=materialize=packed --emit-bytecode -o %t.mlirbc
// RUN: tacos-opt %t.mlirbc -o %t.bytecode.mlir
// RUN: diff %t.text.mlir %t.bytecode.mlir
// RUN: tacos-opt %t.mlirbc --coll-materialize=form=ops -o %t.unpacked.mlir
// RUN: tacos-opt %s --coll-synthesize=materialize=ops -o %t.ops.mlir
// RUN: diff %t.ops.mlir %t.unpacked.mlir
// RUN: FileCheck %s < %t.text.mlir
// RUN: FileCheck %s --check-prefix=OPS < %t.ops.mlir

topo.network @torus { topo.dims [ring(3) link(50 GBps, 1 us), ring(4) link(25 GBps, 2 us)] }
topo.network @line3 { topo.dims [line(3) link(50 GBps, 1 us)] }

// 12 NPUs, 2 chunks each: 12 * 11 * 2 transfers of 31 bytes.
// CHECK-LABEL: coll.algorithm @ag all_gather on @torus
// CHECK-SAME: packed(dense_resource<ag_transfers> : tensor<8184xi8>)
// OPS-LABEL: coll.algorithm @ag all_gather on @torus
// OPS-COUNT-264: coll.transfer copy
coll.all_gather @ag on @torus size(24 MB) chunks(2)

// Reduce-Scatter then All-Gather: two phases joined into one schedule.
// CHECK-LABEL: coll.algorithm @ar all_reduce on @torus
// CHECK-SAME: packed(dense_resource<ar_transfers>
coll.all_reduce @ar on @torus size(12 MB)

// A scatter to part of the line: only NPU 2's chunk moves, in two hops.
// CHECK-LABEL: coll.algorithm @sc scatter on @line3
// CHECK-SAME: packed(dense_resource<sc_transfers> : tensor<62xi8>)
coll.scatter @sc on @line3 root(0) group [0, 2] size(2 MB)

// CHECK: {-#
// CHECK: dialect_resources: {
// CHECK: builtin: {
// CHECK: ag_transfers: "0x08
