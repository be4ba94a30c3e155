// End to end on switch networks: every shard collective the bridge lowers,
// over one axis of a 2x4 grid whose devices sit on two nodes of four NPUs
// (an NVSwitch per node, every NPU's NIC on one IB switch), synthesized on
// the switches as nodes (no unwinding), so each transfer is routed through
// a switch (`via`); compiled to a native program (the bridge, One-Shot
// Bufferize, tacos-lower-to-llvm, clang) and run on 8 ranks, where
// Inputs/shard-main.c checks each result against shard's semantics (the
// same functions as run.mlir). Axis 1 groups sit within a node, axis 0
// groups across the nodes; a placement that reverses each group, and one
// that puts each axis-1 group across both nodes, so that its transfers go
// through the IB switch.
// REQUIRES: mpi
// RUN: tacos-opt %s --tacos-lower-shard-collectives \
// RUN:   --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
// RUN:   --tacos-lower-to-llvm | tacos-translate --mlir-to-llvmir > %t.ll
// RUN: %clang -Wno-override-module -O2 -c -x ir %t.ll -o %t.o
// RUN: %clang %mpi_cflags %S/Inputs/shard-main.c %t.o %mpi_libs -o %t.exe
// RUN: %mpirun -np 8 %t.exe | sort | FileCheck %s

// CHECK-COUNT-8: all_gather rank {{[0-7]}}: 0 wrong of 12
// CHECK-COUNT-8: all_gather_inner rank {{[0-7]}}: 0 wrong of 16
// CHECK-COUNT-8: all_reduce rank {{[0-7]}}: 0 wrong of 8
// CHECK-COUNT-8: all_reduce_flipped rank {{[0-7]}}: 0 wrong of 8
// CHECK-COUNT-8: all_reduce_relayed rank {{[0-7]}}: 0 wrong of 8
// CHECK-COUNT-8: all_to_all rank {{[0-7]}}: 0 wrong of 8
// CHECK-COUNT-8: all_to_all_transposing rank {{[0-7]}}: 0 wrong of 8
// CHECK-COUNT-8: broadcast rank {{[0-7]}}: 0 wrong of 3
// Gather and reduce: checked at the roots only (-1 elsewhere).
// CHECK: gather rank 0: 0 wrong of 8
// CHECK-COUNT-3: gather rank {{[1-3]}}: -1 wrong of 8
// CHECK: gather rank 4: 0 wrong of 8
// CHECK-COUNT-3: gather rank {{[5-7]}}: -1 wrong of 8
// CHECK-COUNT-4: reduce rank {{[0-3]}}: -1 wrong of 4
// CHECK-COUNT-4: reduce rank {{[4-7]}}: 0 wrong of 4
// CHECK-COUNT-8: reduce_scatter rank {{[0-7]}}: 0 wrong of 2
// CHECK-COUNT-8: reduce_scatter_inner rank {{[0-7]}}: 0 wrong of 4
// CHECK-COUNT-8: scatter rank {{[0-7]}}: 0 wrong of 4

topo.network @dgx {
  topo.npus 8
  topo.switch @nvs0 [0, 1, 2, 3] link(100 GBps, 500 ns)
  topo.switch @nvs1 [4, 5, 6, 7] link(100 GBps, 500 ns)
  topo.switch @ib [0, 1, 2, 3, 4, 5, 6, 7] link(25 GBps, 2 us)
}
shard.grid @grid(shape = 2x4) {tacos.network = @dgx}
shard.grid @interleaved(shape = 2x4) {tacos.network = @dgx,
                                      tacos.placement = array<i64: 0, 4, 1, 5, 2, 6, 3, 7>}
shard.grid @flipped(shape = 2x4) {tacos.network = @dgx,
                                  tacos.placement = array<i64: 3, 2, 1, 0, 7, 6, 5, 4>}
func.func @all_reduce(%x: tensor<8xf32>) -> tensor<8xf32> attributes {llvm.emit_c_interface} {
  %y = shard.all_reduce %x on @grid grid_axes = [1] : tensor<8xf32> -> tensor<8xf32>
  return %y : tensor<8xf32>
}
func.func @all_reduce_flipped(%x: tensor<8xf32>) -> tensor<8xf32> attributes {llvm.emit_c_interface} {
  %y = shard.all_reduce %x on @flipped grid_axes = [1] : tensor<8xf32> -> tensor<8xf32>
  return %y : tensor<8xf32>
}
func.func @all_reduce_relayed(%x: tensor<8xf32>) -> tensor<8xf32> attributes {llvm.emit_c_interface} {
  %y = shard.all_reduce %x on @interleaved grid_axes = [1] : tensor<8xf32> -> tensor<8xf32>
  return %y : tensor<8xf32>
}
func.func @all_gather(%x: tensor<2x3xf32>) -> tensor<4x3xf32> attributes {llvm.emit_c_interface} {
  %y = shard.all_gather %x on @grid grid_axes = [0] gather_axis = 0 : tensor<2x3xf32> -> tensor<4x3xf32>
  return %y : tensor<4x3xf32>
}
func.func @reduce_scatter(%x: tensor<8xf32>) -> tensor<2xf32> attributes {llvm.emit_c_interface} {
  %y = shard.reduce_scatter %x on @grid grid_axes = [1] scatter_axis = 0 : tensor<8xf32> -> tensor<2xf32>
  return %y : tensor<2xf32>
}
func.func @broadcast(%x: tensor<3xf32>) -> tensor<3xf32> attributes {llvm.emit_c_interface} {
  %y = shard.broadcast %x on @grid grid_axes = [1] root = [2] : (tensor<3xf32>) -> tensor<3xf32>
  return %y : tensor<3xf32>
}
func.func @all_to_all(%x: tensor<4x2xf32>) -> tensor<4x2xf32> attributes {llvm.emit_c_interface} {
  %y = shard.all_to_all %x on @grid grid_axes = [1] split_axis = 0 concat_axis = 0 : tensor<4x2xf32> -> tensor<4x2xf32>
  return %y : tensor<4x2xf32>
}
func.func @reduce(%x: tensor<4xf32>) -> tensor<4xf32> attributes {llvm.emit_c_interface} {
  %y = shard.reduce %x on @grid grid_axes = [0] root = [1] : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
func.func @gather(%x: tensor<1x2xf32>) -> tensor<4x2xf32> attributes {llvm.emit_c_interface} {
  %y = shard.gather %x on @grid grid_axes = [1] gather_axis = 0 root = [0] : (tensor<1x2xf32>) -> tensor<4x2xf32>
  return %y : tensor<4x2xf32>
}
func.func @scatter(%x: tensor<4x2xf32>) -> tensor<2x2xf32> attributes {llvm.emit_c_interface} {
  %y = shard.scatter %x on @grid grid_axes = [0] scatter_axis = 0 root = [0] : (tensor<4x2xf32>) -> tensor<2x2xf32>
  return %y : tensor<2x2xf32>
}
func.func @all_gather_inner(%x: tensor<2x2xf32>) -> tensor<2x8xf32> attributes {llvm.emit_c_interface} {
  %y = shard.all_gather %x on @grid grid_axes = [1] gather_axis = 1 : tensor<2x2xf32> -> tensor<2x8xf32>
  return %y : tensor<2x8xf32>
}
func.func @reduce_scatter_inner(%x: tensor<2x8xf32>) -> tensor<2x2xf32> attributes {llvm.emit_c_interface} {
  %y = shard.reduce_scatter %x on @grid grid_axes = [1] scatter_axis = 1 : tensor<2x8xf32> -> tensor<2x2xf32>
  return %y : tensor<2x2xf32>
}
func.func @all_to_all_transposing(%x: tensor<2x4xf32>) -> tensor<8x1xf32> attributes {llvm.emit_c_interface} {
  %y = shard.all_to_all %x on @grid grid_axes = [1] split_axis = 1 concat_axis = 0 : tensor<2x4xf32> -> tensor<8x1xf32>
  return %y : tensor<8x1xf32>
}
