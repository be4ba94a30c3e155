// The data-parallel half of the training step of mlp.mlir: the weight
// gradients are All-Reduced (summed) over the data axis of the 2x4 grid,
// then each device updates its weight shards (SGD, learning rate 1). Kept
// apart from mlp.mlir because it is the part that upstream's
// convert-shard-to-mpi can lower too (it lowers only shard.all_reduce):
// run.sh compiles it both ways and checks that the results agree.
//
// The module names its MPI library (Open MPI): upstream's MPI lowering reads
// this entry and otherwise assumes MPICH's ABI; tacos-lower-shard-collectives
// would write it but has nothing to lower after convert-shard-to-mpi.

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
}
