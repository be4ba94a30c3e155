// Diagnostics name the transfer or the algorithm at its location and never
// print the op: MLIR's "see current operation" note would print every
// transfer of the algorithm (gigabytes for a large one).
// RUN: not tacos-opt %s -split-input-file --coll-verify=max-violations=0 2>&1 | FileCheck %s --implicit-check-not="see current operation"
// RUN: not tacos-opt %s -split-input-file --coll-verify-smt 2>&1 | FileCheck %s --implicit-check-not="see current operation"
// RUN: not tacos-opt %s -split-input-file --coll-simulate 2>&1 | FileCheck %s --check-prefix=SIM --implicit-check-not="see current operation"
// RUN: not tacos-opt %s -split-input-file --coll-invert 2>&1 | FileCheck %s --check-prefix=INV --implicit-check-not="see current operation"
// REQUIRES: z3

topo.network @line3 { topo.dims [line(3) link(50 GBps, 1 us)] }
// A missing transfer (an algorithm-level violation) and a causality one.
coll.algorithm @drop broadcast on @line3 root(0) size(2 MB) chunks(2) time(63 us) {
  coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
  coll.transfer copy 1 over 0 -> 1 at [21000000, 42000000]
  coll.transfer copy 1 over 2 -> 1 at [42000000, 63000000]
}
// CHECK: :[[@LINE-2]]:3: error: {{coll-verify(-smt)?}}: causality:
// CHECK: :[[@LINE-6]]:1: error: {{coll-verify(-smt)?}}: delivery: chunk 0 never reaches npu 2
// SIM: :[[@LINE-4]]:3: error: coll-simulate: chunk 1 leaves NPU 2 before it is there
// INV: :[[@LINE-8]]:1: error: coll-invert: npu 1 receives chunk 1 twice

