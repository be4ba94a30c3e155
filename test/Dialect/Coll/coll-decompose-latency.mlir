// coll-decompose honours latency= as coll-synthesize does: the same
// All-Reduce, timed under the pipelined link model, and the result checks.
// RUN: tacos-opt %s --coll-decompose=latency=pipelined --coll-verify | FileCheck %s
// RUN: tacos-opt %s --coll-decompose=latency=pipelined > %t.decompose.mlir
// RUN: tacos-opt %s --coll-synthesize="algorithm=tacos latency=pipelined" > %t.synthesize.mlir
// RUN: diff %t.decompose.mlir %t.synthesize.mlir

// CHECK: coll.algorithm @ar all_reduce on @ring4 size(4 MB) chunks(2) time(64 us) latency(pipelined)
// CHECK-SAME: coll.verified

topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.all_reduce @ar on @ring4 size(4 MB) chunks(2)
