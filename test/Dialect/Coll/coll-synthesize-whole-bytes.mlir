// Chunks are whole bytes: a buffer of S bytes in C chunks gives chunk j the
// bytes [floor(j*S/C), floor((j+1)*S/C)), and each transfer takes exactly its
// own chunk's time (docs/Syntax.md, collective requests; docs/CollRationale.md).
// RUN: tacos-opt %s --coll-synthesize --coll-verify | FileCheck %s
// coll-simulate reproduces the times exactly:
// RUN: tacos-opt %s --coll-synthesize --coll-simulate | FileCheck %s
// A transfer timed for another chunk's size: coll-verify-whole-bytes.mlir.

topo.network @ring3 { topo.dims [ring(3) link(1 GBps, 1 ns)] }

// 10 B in 3 chunks: 3, 3 and 4 bytes, so 1 ns + 3 ns or 1 ns + 4 ns a hop.
// CHECK-LABEL: coll.algorithm @ag all_gather on @ring3 size(10 B) time(5 ns)
// CHECK-DAG: coll.transfer copy 0 over 0 -> {{[12]}} at [0, 4000]
// CHECK-DAG: coll.transfer copy 1 over 1 -> {{[02]}} at [0, 4000]
// CHECK-DAG: coll.transfer copy 2 over 2 -> {{[01]}} at [0, 5000]
coll.all_gather @ag on @ring3 size(10 B)

// The reduction of the same layout (inverted on the transposed network).
// CHECK-LABEL: coll.algorithm @rs reduce_scatter on @ring3 size(10 B) time(5 ns)
// CHECK-DAG: coll.transfer reduce 2 over {{[01]}} -> 2 at [0, 5000]
// CHECK-DAG: coll.transfer reduce 0 over {{[12]}} -> 0 at [{{0, 4000|1000, 5000}}]
coll.reduce_scatter @rs on @ring3 size(10 B)
