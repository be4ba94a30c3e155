// A tag so large that tag + groups - 1 overflowed int64 and was accepted.
// RUN: %check-bad-input %s tacos-opt {} --tacos-lower-shard-collectives=tag=9223372036854775807
// RUN: %check-bad-input %s tacos-opt {} --tacos-lower-shard-collectives=tag=32768
// EXPECT: 8:8: of its group functions are outside [0, 32768), the range every MPI library accepts
topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
shard.grid @grid(shape = 4) {tacos.network = @ring4}
func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
  %y = shard.all_reduce %x on @grid grid_axes = [0] : tensor<8xf32> -> tensor<8xf32>
  return %y : tensor<8xf32>
}
