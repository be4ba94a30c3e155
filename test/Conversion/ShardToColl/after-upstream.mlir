// The bridge after upstream's convert-shard-to-mpi (the comparison path of
// examples/mlp): upstream has lowered the all_reduce and left the grid; the
// bridge has nothing to lower but still erases the grid, which would stop
// tacos-lower-to-llvm, and leaves the network to strip-topo-coll.
// RUN: tacos-opt %s --convert-shard-to-mpi --tacos-lower-shard-collectives | FileCheck %s
// A grid that something still refers to (here process_linear_index, which
// the bridge leaves to upstream) stays.
// RUN: tacos-opt %s --tacos-lower-shard-collectives | FileCheck %s --check-prefix=KEEP

// CHECK-NOT: shard.grid
// CHECK: topo.network @ring
// CHECK-NOT: shard.grid
// CHECK: mpi.comm_split
// CHECK: mpi.allreduce
// CHECK-NOT: shard.grid

// KEEP: shard.grid @grid
// KEEP-NOT: shard.all_reduce
// KEEP: shard.process_linear_index on @grid

topo.network @ring {
  topo.dims [ring(4) link(50 GBps, 1 us)]
}
shard.grid @grid(shape = 4) {tacos.network = @ring}
func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
  %y = shard.all_reduce %x on @grid grid_axes = [0] : tensor<8xf32> -> tensor<8xf32>
  return %y : tensor<8xf32>
}
func.func @index() -> index {
  %i = shard.process_linear_index on @grid : index
  return %i : index
}
