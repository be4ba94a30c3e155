// The forward and backward passes of one training step of a two-layer MLP,
// y = relu(x W1) W2, with the loss L = 1/2 |y - t|^2, on a 2x4 grid of
// devices: axis 0 is data parallel (each row of the grid sees its own half of
// the batch), axis 1 is model (tensor) parallel (device (i, j) holds columns
// 2j, 2j+1 of W1 [8x8] and rows 2j, 2j+1 of W2 [8x4], Megatron style).
// On i32, so that every result can be checked exactly, and on f32.
//
// Communication over the model axis, written as shard collectives:
//   - the hidden activations are All-Gathered (the full [4x8] hidden layer
//     of the device's batch half, a result of the step);
//   - the output's partial sums are Reduce-Scattered (device (i, j) gets row
//     j of its batch half's output, as in sequence parallelism), and the
//     output gradient is All-Gathered back.
// The step returns this device's weight gradients; sync.mlir All-Reduces
// them over the data axis and updates the weights.
//
// examples/mlp/run.sh compiles both with tacos-opt and runs them under
// mpirun; main.c checks every rank's results against a direct computation.

// 4 NPUs on a ring in each of 2 nodes, the nodes linked NPU to NPU.
topo.network @cluster {
  topo.dims [ring(4) link(150 GBps, 0.5 us), line(2) link(25 GBps, 2 us)]
}
shard.grid @grid(shape = 2x4) {tacos.network = @cluster}

#id = affine_map<(a, b) -> (a, b)>

func.func @mlp_forward_backward(%x: tensor<4x8xi32>, %t: tensor<1x4xi32>,
                                %w1: tensor<8x2xi32>, %w2: tensor<2x4xi32>)
    -> (tensor<1x4xi32>, tensor<4x8xi32>, tensor<8x2xi32>, tensor<2x4xi32>)
    attributes {llvm.emit_c_interface} {
  %zero = arith.constant 0 : i32

  // Forward, layer 1: this device's 2 hidden units.
  %e42 = tensor.empty() : tensor<4x2xi32>
  %f42 = linalg.fill ins(%zero : i32) outs(%e42 : tensor<4x2xi32>) -> tensor<4x2xi32>
  %z = linalg.matmul ins(%x, %w1 : tensor<4x8xi32>, tensor<8x2xi32>)
                     outs(%f42 : tensor<4x2xi32>) -> tensor<4x2xi32>
  %h = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%z : tensor<4x2xi32>) outs(%e42 : tensor<4x2xi32>) {
  ^bb0(%a: i32, %o: i32):
    %r = arith.maxsi %a, %zero : i32
    linalg.yield %r : i32
  } -> tensor<4x2xi32>
  %hidden = shard.all_gather %h on @grid grid_axes = [1] gather_axis = 1
      : tensor<4x2xi32> -> tensor<4x8xi32>

  // Forward, layer 2: partial sums over this device's hidden units, summed
  // and split by batch row over the model axis.
  %e44 = tensor.empty() : tensor<4x4xi32>
  %f44 = linalg.fill ins(%zero : i32) outs(%e44 : tensor<4x4xi32>) -> tensor<4x4xi32>
  %yp = linalg.matmul ins(%h, %w2 : tensor<4x2xi32>, tensor<2x4xi32>)
                      outs(%f44 : tensor<4x4xi32>) -> tensor<4x4xi32>
  %y = shard.reduce_scatter %yp on @grid grid_axes = [1] scatter_axis = 0
      : tensor<4x4xi32> -> tensor<1x4xi32>

  // Backward: dL/dy = y - t, gathered back to the whole batch half.
  %e14 = tensor.empty() : tensor<1x4xi32>
  %dy = linalg.sub ins(%y, %t : tensor<1x4xi32>, tensor<1x4xi32>)
                   outs(%e14 : tensor<1x4xi32>) -> tensor<1x4xi32>
  %dyAll = shard.all_gather %dy on @grid grid_axes = [1] gather_axis = 0
      : tensor<1x4xi32> -> tensor<4x4xi32>

  // dW2 = h^T dy.
  %e24 = tensor.empty() : tensor<2x4xi32>
  %hT = linalg.transpose ins(%h : tensor<4x2xi32>) outs(%e24 : tensor<2x4xi32>) permutation = [1, 0]
  %f24 = linalg.fill ins(%zero : i32) outs(%e24 : tensor<2x4xi32>) -> tensor<2x4xi32>
  %dw2 = linalg.matmul ins(%hT, %dyAll : tensor<2x4xi32>, tensor<4x4xi32>)
                       outs(%f24 : tensor<2x4xi32>) -> tensor<2x4xi32>

  // dz = (dy W2^T) where z > 0.
  %w2T = linalg.transpose ins(%w2 : tensor<2x4xi32>) outs(%e42 : tensor<4x2xi32>) permutation = [1, 0]
  %dh = linalg.matmul ins(%dyAll, %w2T : tensor<4x4xi32>, tensor<4x2xi32>)
                      outs(%f42 : tensor<4x2xi32>) -> tensor<4x2xi32>
  %dz = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%dh, %z : tensor<4x2xi32>, tensor<4x2xi32>) outs(%e42 : tensor<4x2xi32>) {
  ^bb0(%g: i32, %a: i32, %o: i32):
    %pos = arith.cmpi sgt, %a, %zero : i32
    %r = arith.select %pos, %g, %zero : i32
    linalg.yield %r : i32
  } -> tensor<4x2xi32>

  // dW1 = x^T dz.
  %e84 = tensor.empty() : tensor<8x4xi32>
  %xT = linalg.transpose ins(%x : tensor<4x8xi32>) outs(%e84 : tensor<8x4xi32>) permutation = [1, 0]
  %e82 = tensor.empty() : tensor<8x2xi32>
  %f82 = linalg.fill ins(%zero : i32) outs(%e82 : tensor<8x2xi32>) -> tensor<8x2xi32>
  %dw1 = linalg.matmul ins(%xT, %dz : tensor<8x4xi32>, tensor<4x2xi32>)
                       outs(%f82 : tensor<8x2xi32>) -> tensor<8x2xi32>

  return %y, %hidden, %dw1, %dw2
      : tensor<1x4xi32>, tensor<4x8xi32>, tensor<8x2xi32>, tensor<2x4xi32>
}

// The same step on f32.
func.func @mlp_forward_backward_f32(%x: tensor<4x8xf32>, %t: tensor<1x4xf32>,
                                    %w1: tensor<8x2xf32>, %w2: tensor<2x4xf32>)
    -> (tensor<1x4xf32>, tensor<4x8xf32>, tensor<8x2xf32>, tensor<2x4xf32>)
    attributes {llvm.emit_c_interface} {
  %zero = arith.constant 0.0 : f32

  %e42 = tensor.empty() : tensor<4x2xf32>
  %f42 = linalg.fill ins(%zero : f32) outs(%e42 : tensor<4x2xf32>) -> tensor<4x2xf32>
  %z = linalg.matmul ins(%x, %w1 : tensor<4x8xf32>, tensor<8x2xf32>)
                     outs(%f42 : tensor<4x2xf32>) -> tensor<4x2xf32>
  %h = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%z : tensor<4x2xf32>) outs(%e42 : tensor<4x2xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.maximumf %a, %zero : f32
    linalg.yield %r : f32
  } -> tensor<4x2xf32>
  %hidden = shard.all_gather %h on @grid grid_axes = [1] gather_axis = 1
      : tensor<4x2xf32> -> tensor<4x8xf32>

  %e44 = tensor.empty() : tensor<4x4xf32>
  %f44 = linalg.fill ins(%zero : f32) outs(%e44 : tensor<4x4xf32>) -> tensor<4x4xf32>
  %yp = linalg.matmul ins(%h, %w2 : tensor<4x2xf32>, tensor<2x4xf32>)
                      outs(%f44 : tensor<4x4xf32>) -> tensor<4x4xf32>
  %y = shard.reduce_scatter %yp on @grid grid_axes = [1] scatter_axis = 0
      : tensor<4x4xf32> -> tensor<1x4xf32>

  %e14 = tensor.empty() : tensor<1x4xf32>
  %dy = linalg.sub ins(%y, %t : tensor<1x4xf32>, tensor<1x4xf32>)
                   outs(%e14 : tensor<1x4xf32>) -> tensor<1x4xf32>
  %dyAll = shard.all_gather %dy on @grid grid_axes = [1] gather_axis = 0
      : tensor<1x4xf32> -> tensor<4x4xf32>

  %e24 = tensor.empty() : tensor<2x4xf32>
  %hT = linalg.transpose ins(%h : tensor<4x2xf32>) outs(%e24 : tensor<2x4xf32>) permutation = [1, 0]
  %f24 = linalg.fill ins(%zero : f32) outs(%e24 : tensor<2x4xf32>) -> tensor<2x4xf32>
  %dw2 = linalg.matmul ins(%hT, %dyAll : tensor<2x4xf32>, tensor<4x4xf32>)
                       outs(%f24 : tensor<2x4xf32>) -> tensor<2x4xf32>

  %w2T = linalg.transpose ins(%w2 : tensor<2x4xf32>) outs(%e42 : tensor<4x2xf32>) permutation = [1, 0]
  %dh = linalg.matmul ins(%dyAll, %w2T : tensor<4x4xf32>, tensor<4x2xf32>)
                      outs(%f42 : tensor<4x2xf32>) -> tensor<4x2xf32>
  %dz = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%dh, %z : tensor<4x2xf32>, tensor<4x2xf32>) outs(%e42 : tensor<4x2xf32>) {
  ^bb0(%g: f32, %a: f32, %o: f32):
    %pos = arith.cmpf ogt, %a, %zero : f32
    %r = arith.select %pos, %g, %zero : f32
    linalg.yield %r : f32
  } -> tensor<4x2xf32>

  %e84 = tensor.empty() : tensor<8x4xf32>
  %xT = linalg.transpose ins(%x : tensor<4x8xf32>) outs(%e84 : tensor<8x4xf32>) permutation = [1, 0]
  %e82 = tensor.empty() : tensor<8x2xf32>
  %f82 = linalg.fill ins(%zero : f32) outs(%e82 : tensor<8x2xf32>) -> tensor<8x2xf32>
  %dw1 = linalg.matmul ins(%xT, %dz : tensor<8x4xf32>, tensor<4x2xf32>)
                       outs(%f82 : tensor<8x2xf32>) -> tensor<8x2xf32>

  return %y, %hidden, %dw1, %dw2
      : tensor<1x4xf32>, tensor<4x8xf32>, tensor<8x2xf32>, tensor<2x4xf32>
}
