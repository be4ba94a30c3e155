// A corrupted schedule never executes: tacos-run verifies every selected
// algorithm with the native verifier before lowering it, names the violated
// property on the offending transfer, and starts nothing. A stand-in for
// mpirun records whether it was started; the control shows it is, for a
// correct algorithm (whose run then fails: the stand-in starts no ranks).
// RUN: rm -rf %t && split-file %s %t
// RUN: printf '#!/bin/sh\ntouch "$0.ran"\n' > %t/mpirun && chmod +x %t/mpirun

// RUN: not tacos-run %t/algorithms.mlir -np 3 --mpirun %t/mpirun --algorithm @drop 2>&1 | FileCheck %t/algorithms.mlir --check-prefix=DROP
// RUN: not tacos-run %t/algorithms.mlir -np 3 --mpirun %t/mpirun --algorithm @early 2>&1 | FileCheck %t/algorithms.mlir --check-prefix=EARLY
// RUN: not tacos-run %t/algorithms.mlir -np 3 --mpirun %t/mpirun --algorithm @overlap 2>&1 | FileCheck %t/algorithms.mlir --check-prefix=OVERLAP
// RUN: not tacos-run %t/algorithms.mlir -np 2 --mpirun %t/mpirun --algorithm @twice 2>&1 | FileCheck %t/algorithms.mlir --check-prefix=TWICE
// Not even a module lowered elsewhere runs in its place:
// RUN: not tacos-run %t/algorithms.mlir -np 3 --mpirun %t/mpirun --algorithm @drop --lowered %t/lowered.mlir --pipeline convert-to-llvm 2>&1 | FileCheck %t/algorithms.mlir --check-prefix=DROP
// RUN: test ! -e %t/mpirun.ran

// Control: the correct algorithm gets as far as mpirun.
// RUN: not tacos-run %t/algorithms.mlir -np 3 --mpirun %t/mpirun --algorithm @ok --lowered %t/lowered.mlir --pipeline convert-to-llvm 2>&1 | FileCheck %t/algorithms.mlir --check-prefix=CONTROL
// RUN: test -e %t/mpirun.ran

//--- algorithms.mlir
topo.network @line3 { topo.dims [line(3) link(50 GBps, 1 us)] }
topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }

// CONTROL-NOT: error: {{.*}}verification
// CONTROL: tacos-run: error: '{{.*}}mpirun' exited with status 0 without starting any rank of the run
coll.algorithm @ok broadcast on @line3 root(0) size(2 MB) chunks(2) time(63 us) {
  coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
  coll.transfer copy 1 over 0 -> 1 at [21000000, 42000000]
  coll.transfer copy 0 over 1 -> 2 at [21000000, 42000000]
  coll.transfer copy 1 over 1 -> 2 at [42000000, 63000000]
}

// Dropped transfer: chunk 0 never reaches npu 2.
// DROP: algorithms.mlir:[[# @LINE+3]]:1: error: tacos-run: delivery: chunk 0 never reaches npu 2 by 63000000 ps
// DROP: algorithms.mlir:[[# @LINE+2]]:1: error: @drop fails verification (delivery); it is not run
// DROP-NOT: # algorithm
coll.algorithm @drop broadcast on @line3 root(0) size(2 MB) chunks(2) time(63 us) {
  coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
  coll.transfer copy 1 over 0 -> 1 at [21000000, 42000000]
  coll.transfer copy 1 over 1 -> 2 at [42000000, 63000000]
}

// A chunk sent on before it arrives.
// EARLY: algorithms.mlir:[[# @LINE+5]]:3: error: tacos-run: causality: chunk 1 leaves npu 1 at 21000000 ps before it is there
// EARLY: error: @early fails verification (causality); it is not run
coll.algorithm @early broadcast on @line3 root(0) size(2 MB) chunks(2) time(63 us) {
  coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
  coll.transfer copy 1 over 0 -> 1 at [21000000, 42000000]
  coll.transfer copy 1 over 1 -> 2 at [21000000, 42000000]
  coll.transfer copy 0 over 1 -> 2 at [42000000, 63000000]
}

// Two transfers on one link at once.
// OVERLAP: algorithms.mlir:[[# @LINE+4]]:3: error: tacos-run: overlap:
// OVERLAP: error: @overlap fails verification (overlap); it is not run
coll.algorithm @overlap broadcast on @line3 root(0) size(2 MB) chunks(2) time(63 us) {
  coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
  coll.transfer copy 1 over 0 -> 1 at [10000000, 31000000]
  coll.transfer copy 0 over 1 -> 2 at [21000000, 42000000]
  coll.transfer copy 1 over 1 -> 2 at [42000000, 63000000]
}

// A contribution reduced twice.
// TWICE: algorithms.mlir:[[# @LINE+5]]:3: error: tacos-run: reduction:
// TWICE: error: @twice fails verification (reduction); it is not run
coll.algorithm @twice reduce_scatter on @pair size(2 MB) time(42 us) {
  coll.transfer reduce 1 over 0 -> 1 at [0, 21000000]
  coll.transfer reduce 0 over 1 -> 0 at [0, 21000000]
  coll.transfer reduce 1 over 0 -> 1 at [21000000, 42000000]
}

//--- lowered.mlir
// Functions with the ABI that return 0 at once.
func.func @ok(%in: memref<?xf32>, %out: memref<?xf32>, %e: index) -> i32 attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : i32
  return %c0 : i32
}
func.func @drop(%in: memref<?xf32>, %out: memref<?xf32>, %e: index) -> i32 attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : i32
  return %c0 : i32
}
