// Every ```mlir example of docs/Syntax.md is a complete input that parses
// and verifies, without a diagnostic.
// RUN: %python %S/extract-mlir-examples.py %S/../../docs/Syntax.md > %t
// RUN: tacos-opt -split-input-file -verify-diagnostics %t | FileCheck %s

// A few ops from across the page, so that an extraction that lost the
// examples would not pass.
// CHECK: topo.network @quantities
// CHECK: topo.link 1 -> 2 link(450 GBps / 7, 1.4 us)
// CHECK: topo.dims [ring(8, uni) link(25 GBps, 1 us)]
// CHECK: topo.constraint bw(2) + bw(3) == 200 GBps
// CHECK: coll.scatter @s on @pod root(0) size(64 MiB)
// CHECK: coll.transfer copy 1 over 1 -> 0 lane 1 at [0, 21000000]
// CHECK: packed(dense_resource<ag_transfers>
// CHECK: coll.workload @gpt3 on @libra3d
