// tacos-lower-shard-collectives synthesizes and lowers within max-memory=
// and timeout= (docs/ResourceLimits.md), as coll-synthesize and
// convert-coll-to-mpi do.
// RUN: not tacos-opt %s --tacos-lower-shard-collectives="max-memory=1KB" 2>&1 | FileCheck %s --check-prefix=MEMORY
// MEMORY: limits.mlir:[[@LINE+9]]:8: error: {{.*}}synthesizing this all_reduce with best needs about {{[0-9.]+}} {{[KM]}}B of memory{{.*}}, more than max-memory=1 KB
// RUN: not tacos-opt %s --tacos-lower-shard-collectives="timeout=0.000001" 2>&1 | FileCheck %s --check-prefix=TIMEOUT
// TIMEOUT: limits.mlir:[[@LINE+7]]:8: error: {{.*}}synthesis did not finish within timeout=1e-06 s
// RUN: tacos-opt %s --tacos-lower-shard-collectives="max-memory=1GB timeout=600" | FileCheck %s --check-prefix=OK
// OK: func.func private @tacos_all_reduce_0_g0

topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
shard.grid @grid(shape = 4) {tacos.network = @ring4}
func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
  %y = shard.all_reduce %x on @grid grid_axes = [0] : tensor<8xf32> -> tensor<8xf32>
  return %y : tensor<8xf32>
}
