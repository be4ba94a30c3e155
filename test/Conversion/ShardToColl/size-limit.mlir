// RUN: tacos-opt %s --tacos-lower-shard-collectives | FileCheck %s
// A buffer of exactly 1 PiB, the largest a collective may have (as for
// coll requests' size()), is lowered: 2^48 f32 elements. A larger one
// is an error (invalid.mlir), and so is one whose count wraps.

topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
shard.grid @grid(shape = 4) {tacos.network = @ring4}
// CHECK-LABEL: func.func @one_pib(
func.func @one_pib(%x: tensor<262144x1073741824xf32>) -> tensor<262144x1073741824xf32> {
  // CHECK: %[[E:.*]] = arith.constant 281474976710656 : index
  // CHECK: call @tacos_all_reduce_0(%{{.*}}, %{{.*}}, %[[E]])
  %y = shard.all_reduce %x on @grid grid_axes = [0] : tensor<262144x1073741824xf32> -> tensor<262144x1073741824xf32>
  return %y : tensor<262144x1073741824xf32>
}
