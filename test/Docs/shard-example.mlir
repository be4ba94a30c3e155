// The example of docs/Shard.md goes through the pipeline at the top of the
// page: the bridge, One-Shot Bufferize and the LLVM path.
// RUN: %python %S/extract-mlir-examples.py %S/../../docs/Shard.md > %t
// RUN: tacos-opt %t --tacos-lower-shard-collectives="trials=8" \
// RUN:   --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
// RUN:   | FileCheck %s --check-prefix=BRIDGE
// RUN: tacos-opt %t --tacos-lower-shard-collectives="trials=8" \
// RUN:   --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
// RUN:   --tacos-lower-to-llvm | tacos-translate --mlir-to-llvmir | FileCheck %s --check-prefix=LLVM

// BRIDGE: func.func @step(%{{.*}}: memref<64x16xf32>, %{{.*}}: memref<4x16xf32>) -> (memref<64x16xf32>, memref<16x16xf32>)
// BRIDGE: call @tacos_all_reduce_0(
// BRIDGE: call @tacos_all_gather_1(
// BRIDGE-NOT: shard.
// BRIDGE: @tacos_all_reduce_0_runs : memref<8xi32> = dense<[0, 1, 2, 3, 0, 1, 2, 3]>
// BRIDGE: @tacos_all_gather_1_runs : memref<8xi32> = dense<[0, 0, 0, 0, 1, 1, 1, 1]>

// LLVM: define void @_mlir_ciface_step(
// LLVM: call i32 @MPI_Isend(
