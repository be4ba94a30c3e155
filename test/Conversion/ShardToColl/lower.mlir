// RUN: tacos-opt %s --tacos-lower-shard-collectives | FileCheck %s
// Grouping by axes on a 2x4 grid, shared requests and the call site.

topo.network @torus {
  topo.dims [ring(4) link(50 GBps, 1 us), line(2) link(25 GBps, 2 us)]
}
shard.grid @grid(shape = 2x4) {tacos.network = @torus}
// The grid is gone (nothing refers to it any more); the network stays.
// CHECK: topo.network @torus
// CHECK-NOT: shard.grid

// CHECK-LABEL: func.func @f(
// CHECK-SAME: %[[X:.*]]: tensor<2x4xf32>
func.func @f(%x: tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) {
  // The tensor becomes a flat buffer, the result a fresh one; a failed call
  // stops the program.
  // CHECK: %[[IN:.*]] = bufferization.to_buffer %[[X]] read_only : tensor<2x4xf32> to memref<2x4xf32>
  // CHECK: %[[OUT:.*]] = memref.alloc() : memref<2x4xf32>
  // CHECK: %[[E:.*]] = arith.constant 8 : index
  // CHECK: %[[FLATIN:.*]] = memref.collapse_shape %[[IN]] {{\[\[}}0, 1]] : memref<2x4xf32> into memref<8xf32>
  // CHECK: %[[DYNIN:.*]] = memref.cast %[[FLATIN]] : memref<8xf32> to memref<?xf32>
  // CHECK: %[[FLATOUT:.*]] = memref.collapse_shape %[[OUT]]
  // CHECK: %[[DYNOUT:.*]] = memref.cast %[[FLATOUT]]
  // CHECK: %[[RC:.*]] = call @tacos_all_reduce_0(%[[DYNIN]], %[[DYNOUT]], %[[E]])
  // CHECK: %[[OK:.*]] = arith.cmpi eq, %[[RC]], %{{.*}} : i32
  // CHECK: cf.assert %[[OK]], "tacos: tacos_all_reduce_0 failed (is MPI_COMM_WORLD the grid?)"
  // CHECK: %[[A:.*]] = bufferization.to_tensor %[[OUT]] restrict writable : memref<2x4xf32> to tensor<2x4xf32>
  %a = shard.all_reduce %x on @grid grid_axes = [1] : tensor<2x4xf32> -> tensor<2x4xf32>
  // The same request again (on the result of the first) shares the
  // functions.
  // CHECK: bufferization.to_buffer %[[A]]
  // CHECK: call @tacos_all_reduce_0(
  %b = shard.all_reduce %a on @grid grid_axes = [1] : tensor<2x4xf32> -> tensor<2x4xf32>
  // Other axes, another reduction: other requests.
  // CHECK: call @tacos_all_reduce_1(
  %c = shard.all_reduce %x on @grid grid_axes = [0] : tensor<2x4xf32> -> tensor<2x4xf32>
  // CHECK: call @tacos_all_reduce_2(
  %d = shard.all_reduce %x on @grid grid_axes = [1] reduction = max : tensor<2x4xf32> -> tensor<2x4xf32>
  return %b, %c, %d, %a : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
}

// A memref operand is used as it is, and the result is the new buffer.
// CHECK-LABEL: func.func @on_memrefs(
// CHECK-SAME: %[[M:.*]]: memref<8xi32>
// CHECK-NOT: bufferization
// CHECK: %[[R:.*]] = memref.alloc() : memref<8xi32>
// CHECK: memref.cast %[[M]] : memref<8xi32> to memref<?xi32>
// CHECK: call @tacos_all_reduce_3(
// CHECK: return %[[R]]
func.func @on_memrefs(%m: memref<8xi32>) -> memref<8xi32> {
  %r = shard.all_reduce %m on @grid grid_axes = [1, 0] : memref<8xi32> -> memref<8xi32>
  return %r : memref<8xi32>
}

// Gathering along an inner axis: the call fills the blocks one after the
// other, and a loop nest puts block q at columns 2q..2q+1.
// CHECK-LABEL: func.func @inner(
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<2x8xf32>
// CHECK: %[[BLOCKS:.*]] = memref.alloc() : memref<4x2x2xf32>
// CHECK: call @tacos_all_gather_4(
// CHECK: cf.assert
// CHECK: scf.for %[[Q:.*]] = %{{.*}} to %{{.*}} step
// CHECK: scf.for %[[A:.*]] = %{{.*}} to %{{.*}} step
// CHECK: scf.for %[[B:.*]] = %{{.*}} to %[[TWO:.*]] step
// CHECK: %[[BASE:.*]] = arith.muli %[[Q]], %[[TWO]] : index
// CHECK: %[[COL:.*]] = arith.addi %[[BASE]], %[[B]] : index
// CHECK: %[[V:.*]] = memref.load %[[BLOCKS]][%[[Q]], %[[A]], %[[B]]]
// CHECK: memref.store %[[V]], %[[OUT]][%[[A]], %[[COL]]]
// CHECK: memref.dealloc %[[BLOCKS]]
// CHECK: bufferization.to_tensor %[[OUT]]
func.func @inner(%x: tensor<2x2xf32>) -> tensor<2x8xf32> {
  %y = shard.all_gather %x on @grid grid_axes = [1] gather_axis = 1 : tensor<2x2xf32> -> tensor<2x8xf32>
  return %y : tensor<2x8xf32>
}

// A group of one (no axes) has nothing to send.
// CHECK-LABEL: func.func @alone(
// CHECK: call @tacos_all_reduce_5(
func.func @alone(%x: tensor<f32>) -> tensor<f32> {
  %r = shard.all_reduce %x on @grid : tensor<f32> -> tensor<f32>
  return %r : tensor<f32>
}

// Axes [1]: devices 4i..4i+3 form group i, each run by its members only.
// CHECK: func.func private @tacos_all_reduce_0_g0(%{{.*}}: memref<?xf32>, %{{.*}}: memref<?xf32>, %{{.*}}: index) -> i32 {
// CHECK: func.func private @tacos_all_reduce_0_g1(
// CHECK: memref.global "private" constant @tacos_all_reduce_0_runs : memref<8xi32> = dense<[0, 0, 0, 0, 1, 1, 1, 1]>
// CHECK: func.func private @tacos_all_reduce_0(%[[IN:.*]]: memref<?xf32>, %[[OUT:.*]]: memref<?xf32>, %[[E:.*]]: index) -> i32 {
// CHECK: %[[WORLD:.*]] = mpi.comm_world
// CHECK: %[[RANK:.*]] = mpi.comm_rank(%[[WORLD]]) : i32
// CHECK: %[[SIZE:.*]] = mpi.comm_size(%[[WORLD]]) : i32
// CHECK: %[[WRONG:.*]] = arith.cmpi ne, %[[SIZE]], %{{.*}} : i32
// CHECK: scf.if %[[WRONG]] -> (i32) {
// CHECK: } else {
// CHECK: %[[TABLE:.*]] = memref.get_global @tacos_all_reduce_0_runs
// CHECK: %[[R:.*]] = arith.index_cast %[[RANK]] : i32 to index
// CHECK: %[[CLASS:.*]] = memref.load %[[TABLE]][%[[R]]]
// CHECK: %[[C:.*]] = arith.index_cast %[[CLASS]] : i32 to index
// CHECK: scf.index_switch %[[C]] -> i32
// CHECK: case 0 {
// CHECK: func.call @tacos_all_reduce_0_g0(%[[IN]], %[[OUT]], %[[E]])
// CHECK: case 1 {
// CHECK: func.call @tacos_all_reduce_0_g1(%[[IN]], %[[OUT]], %[[E]])
// CHECK: default {

// Axes [0]: devices j and 4+j form group j.
// CHECK: func.func private @tacos_all_reduce_1_g3(
// CHECK: @tacos_all_reduce_1_runs : memref<8xi32> = dense<[0, 1, 2, 3, 0, 1, 2, 3]>
// The max reduction's group functions combine with maximumf.
// CHECK: func.func private @tacos_all_reduce_2_g0(
// CHECK: arith.maximumf
// CHECK: @tacos_all_reduce_2_runs : memref<8xi32> = dense<[0, 0, 0, 0, 1, 1, 1, 1]>
// CHECK: func.func private @tacos_all_reduce_2(
// Axes [1, 0]: one group of all devices, in the listed order.
// CHECK: @tacos_all_reduce_3_runs : memref<8xi32> = dense<0>
// CHECK: func.func private @tacos_all_reduce_3(%{{.*}}: memref<?xi32>
// No axes: eight groups of one.
// CHECK: @tacos_all_reduce_5_runs : memref<8xi32> = dense<[0, 1, 2, 3, 4, 5, 6, 7]>
// CHECK: func.func private @tacos_all_reduce_5(
// CHECK-NOT: func.func
