// The data-parallel half of the training step of mlp.mlir: the weight
// gradients are All-Reduced (summed) over the data axis of the 2x4 grid,
// then each device updates its weight shards (SGD, learning rate 1 on i32,
// 1/64 on f32). Kept apart from mlp.mlir because it is the part that
// upstream's convert-shard-to-mpi can lower too (it lowers only
// shard.all_reduce): run.sh compiles it both ways and checks that the results
// agree.
//
// The module names its MPI library (Open MPI): upstream's MPI lowering reads
// this entry and otherwise assumes MPICH's ABI; tacos-lower-shard-collectives
// would write it but has nothing to lower after convert-shard-to-mpi.

#id = affine_map<(a, b) -> (a, b)>

module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">} {
  topo.network @cluster {
    topo.dims [ring(4) link(150 GBps, 0.5 us), line(2) link(25 GBps, 2 us)]
  }
  shard.grid @grid(shape = 2x4) {tacos.network = @cluster}

  func.func @mlp_sync_update(%w1: tensor<8x2xi32>, %w2: tensor<2x4xi32>,
                             %dw1: tensor<8x2xi32>, %dw2: tensor<2x4xi32>)
      -> (tensor<8x2xi32>, tensor<2x4xi32>) attributes {llvm.emit_c_interface} {
    // The gradients of the whole batch.
    %g1 = shard.all_reduce %dw1 on @grid grid_axes = [0] reduction = sum
        : tensor<8x2xi32> -> tensor<8x2xi32>
    %g2 = shard.all_reduce %dw2 on @grid grid_axes = [0] reduction = sum
        : tensor<2x4xi32> -> tensor<2x4xi32>
    %e82 = tensor.empty() : tensor<8x2xi32>
    %e24 = tensor.empty() : tensor<2x4xi32>
    %nw1 = linalg.sub ins(%w1, %g1 : tensor<8x2xi32>, tensor<8x2xi32>)
                      outs(%e82 : tensor<8x2xi32>) -> tensor<8x2xi32>
    %nw2 = linalg.sub ins(%w2, %g2 : tensor<2x4xi32>, tensor<2x4xi32>)
                      outs(%e24 : tensor<2x4xi32>) -> tensor<2x4xi32>
    return %nw1, %nw2 : tensor<8x2xi32>, tensor<2x4xi32>
  }

  // The same on f32, with a learning rate of 1/64.
  func.func @mlp_sync_update_f32(%w1: tensor<8x2xf32>, %w2: tensor<2x4xf32>,
                                 %dw1: tensor<8x2xf32>, %dw2: tensor<2x4xf32>)
      -> (tensor<8x2xf32>, tensor<2x4xf32>) attributes {llvm.emit_c_interface} {
    %g1 = shard.all_reduce %dw1 on @grid grid_axes = [0] reduction = sum
        : tensor<8x2xf32> -> tensor<8x2xf32>
    %g2 = shard.all_reduce %dw2 on @grid grid_axes = [0] reduction = sum
        : tensor<2x4xf32> -> tensor<2x4xf32>
    %e82 = tensor.empty() : tensor<8x2xf32>
    %e24 = tensor.empty() : tensor<2x4xf32>
    %nw1 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%w1, %g1 : tensor<8x2xf32>, tensor<8x2xf32>) outs(%e82 : tensor<8x2xf32>) {
    ^bb0(%w: f32, %g: f32, %o: f32):
      %r = func.call @sgd(%w, %g) : (f32, f32) -> f32
      linalg.yield %r : f32
    } -> tensor<8x2xf32>
    %nw2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%w2, %g2 : tensor<2x4xf32>, tensor<2x4xf32>) outs(%e24 : tensor<2x4xf32>) {
    ^bb0(%w: f32, %g: f32, %o: f32):
      %r = func.call @sgd(%w, %g) : (f32, f32) -> f32
      linalg.yield %r : f32
    } -> tensor<2x4xf32>
    return %nw1, %nw2 : tensor<8x2xf32>, tensor<2x4xf32>
  }
  func.func private @sgd(%w: f32, %g: f32) -> f32 {
    %lr = arith.constant 0.015625 : f32
    %step = arith.mulf %lr, %g : f32
    %r = arith.subf %w, %step : f32
    return %r : f32
  }
}
