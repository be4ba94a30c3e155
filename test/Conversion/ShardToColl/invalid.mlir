// RUN: tacos-opt %s --split-input-file --verify-diagnostics --tacos-lower-shard-collectives
// Every error names the op; nothing is rewritten after one.

topo.network @ring8 { topo.dims [ring(8) link(50 GBps, 1 us)] }
shard.grid @grid(shape = 2x4)
func.func @no_network(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{tacos-lower-shard-collectives: shard.all_reduce: no network for grid @grid: give the grid a tacos.network attribute or pass network=}}
  %y = shard.all_reduce %x on @grid grid_axes = [1] : tensor<8xf32> -> tensor<8xf32>
  return %y : tensor<8xf32>
}

// -----

shard.grid @grid(shape = 2x4) {tacos.network = @nowhere}
func.func @unknown_network(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{shard.all_reduce: no topo.network named @nowhere (for grid @grid)}}
  %y = shard.all_reduce %x on @grid grid_axes = [1] : tensor<8xf32> -> tensor<8xf32>
  return %y : tensor<8xf32>
}

// -----

topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
shard.grid @grid(shape = 2x4) {tacos.network = @ring4}
func.func @too_big(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{shard.all_reduce: grid @grid on network @ring4: the grid has 8 devices but the network has 4 NPUs; every device needs an NPU of its own and every NPU a process}}
  %y = shard.all_reduce %x on @grid grid_axes = [1] : tensor<8xf32> -> tensor<8xf32>
  return %y : tensor<8xf32>
}

// -----

topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
shard.grid @grid(shape = 4) {tacos.network = @ring4, tacos.placement = array<i64: 0, 1, 1, 3>}
func.func @bad_placement(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{shard.all_reduce: grid @grid on network @ring4: the placement puts device 2 on NPU 1, which another device already has}}
  %y = shard.all_reduce %x on @grid grid_axes = [0] : tensor<8xf32> -> tensor<8xf32>
  return %y : tensor<8xf32>
}

// -----

topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
shard.grid @grid(shape = 4) {tacos.network = @ring4, tacos.placement = array<i64: 0, 1, 2>}
func.func @short_placement(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{the placement lists 3 NPUs for 4 devices}}
  %y = shard.all_reduce %x on @grid grid_axes = [0] : tensor<8xf32> -> tensor<8xf32>
  return %y : tensor<8xf32>
}

// -----

topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
shard.grid @grid(shape = 4) {tacos.network = @ring4}
func.func @dynamic_shape(%x: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{shard.all_reduce: dynamic shapes are not supported ('tensor<?xf32>' -> 'tensor<?xf32>')}}
  %y = shard.all_reduce %x on @grid grid_axes = [0] : tensor<?xf32> -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

shard.grid @grid(shape = 2x?)
func.func @dynamic_grid(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{shard.all_reduce: grid @grid has a dynamic shape}}
  %y = shard.all_reduce %x on @grid grid_axes = [0] : tensor<8xf32> -> tensor<8xf32>
  return %y : tensor<8xf32>
}

// -----

topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
shard.grid @grid(shape = 4) {tacos.network = @ring4}
func.func @product(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{shard.all_reduce: reduction product is not supported (sum, max, min)}}
  %y = shard.all_reduce %x on @grid grid_axes = [0] reduction = product : tensor<8xf32> -> tensor<8xf32>
  return %y : tensor<8xf32>
}

// -----

topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
shard.grid @grid(shape = 4) {tacos.network = @ring4}
func.func @half_max(%x: tensor<8xbf16>) -> tensor<2xbf16> {
  // expected-error @+1 {{shard.reduce_scatter: reduction max is not supported for bf16 (only sum)}}
  %y = shard.reduce_scatter %x on @grid grid_axes = [0] reduction = max scatter_axis = 0 : tensor<8xbf16> -> tensor<2xbf16>
  return %y : tensor<2xbf16>
}

// -----

topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
shard.grid @grid(shape = 4) {tacos.network = @ring4}
func.func @i8(%x: tensor<8xi8>) -> tensor<8xi8> {
  // expected-error @+1 {{shard.all_reduce: element type 'i8' is not supported (f32, f64, i32, i64, f16, bf16)}}
  %y = shard.all_reduce %x on @grid grid_axes = [0] : tensor<8xi8> -> tensor<8xi8>
  return %y : tensor<8xi8>
}

// -----

topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
shard.grid @grid(shape = 4) {tacos.network = @ring4}
func.func @accumulate(%x: tensor<8xf32>) -> tensor<8xf64> {
  // expected-error @+1 {{shard.all_reduce: converting 'f32' to 'f64' is not supported}}
  %y = shard.all_reduce %x on @grid grid_axes = [0] : tensor<8xf32> -> tensor<8xf64>
  return %y : tensor<8xf64>
}

// -----

topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
shard.grid @grid(shape = 4) {tacos.network = @ring4}
func.func @too_few(%x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{shard.all_reduce: 3 elements cannot be split into 4 pieces (4 participants, chunks 1)}}
  %y = shard.all_reduce %x on @grid grid_axes = [0] : tensor<3xf32> -> tensor<3xf32>
  return %y : tensor<3xf32>
}

// -----

topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
shard.grid @grid(shape = 4) {tacos.network = @ring4}
func.func @dynamic_root(%x: tensor<4xf32>, %root: index) -> tensor<4xf32> {
  // expected-error @+1 {{shard.broadcast: a dynamic root is not supported}}
  %y = shard.broadcast %x on @grid grid_axes = [0] root = [%root] : (tensor<4xf32>, index) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
shard.grid @grid(shape = 4) {tacos.network = @ring4}
func.func @strided(%x: memref<4xf32, strided<[2]>>) -> memref<4xf32, strided<[2]>> {
  // expected-error @+1 {{shard.all_reduce: a memref with a layout is not supported ('memref<4xf32, strided<[2]>>')}}
  %y = shard.all_reduce %x on @grid grid_axes = [0] : memref<4xf32, strided<[2]>> -> memref<4xf32, strided<[2]>>
  return %y : memref<4xf32, strided<[2]>>
}

// -----

topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
shard.grid @grid(shape = 4) {tacos.network = @ring4}
func.func private @tacos_all_reduce_0_g0()
func.func @taken(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{shard.all_reduce: cannot name a function @tacos_all_reduce_0_g0: the symbol is already defined}}
  %y = shard.all_reduce %x on @grid grid_axes = [0] : tensor<8xf32> -> tensor<8xf32>
  return %y : tensor<8xf32>
}

// -----

// 2305843009213693953 x 8 = 2^64 + 8 elements: counted in 64 bits it wraps
// to 8, and the op would move 32 bytes.
topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
shard.grid @grid(shape = 4) {tacos.network = @ring4}
func.func @wrapping_count(%x: tensor<2305843009213693953x8xf32>) -> tensor<2305843009213693953x8xf32> {
  // expected-error @+1 {{shard.all_reduce: 'tensor<2305843009213693953x8xf32>' is larger than 1 PiB (2^63 bytes or more), the largest buffer a collective may have}}
  %y = shard.all_reduce %x on @grid grid_axes = [0] : tensor<2305843009213693953x8xf32> -> tensor<2305843009213693953x8xf32>
  return %y : tensor<2305843009213693953x8xf32>
}

// -----

// 2^50 f32 elements: 4 PiB.
topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
shard.grid @grid(shape = 4) {tacos.network = @ring4}
func.func @four_pib(%x: tensor<1048576x1073741824xf32>) -> tensor<1048576x1073741824xf32> {
  // expected-error @+1 {{shard.all_reduce: 'tensor<1048576x1073741824xf32>' is larger than 1 PiB (4096 TiB), the largest buffer a collective may have}}
  %y = shard.all_reduce %x on @grid grid_axes = [0] : tensor<1048576x1073741824xf32> -> tensor<1048576x1073741824xf32>
  return %y : tensor<1048576x1073741824xf32>
}

// -----

// Each device's 1 PiB, gathered from 4 devices: the result is 4 PiB.
topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
shard.grid @grid(shape = 4) {tacos.network = @ring4}
func.func @gathered_four_pib(%x: tensor<262144x1073741824xf32>) -> tensor<1048576x1073741824xf32> {
  // expected-error @+1 {{shard.all_gather: 'tensor<1048576x1073741824xf32>' is larger than 1 PiB (4096 TiB), the largest buffer a collective may have}}
  %y = shard.all_gather %x on @grid grid_axes = [0] gather_axis = 0 : tensor<262144x1073741824xf32> -> tensor<1048576x1073741824xf32>
  return %y : tensor<1048576x1073741824xf32>
}

// -----

// 4 x (2^62 + 1) = 2^64 + 4 devices, which 64 bits wrap to 4.
topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
shard.grid @grid(shape = 4x4611686018427387905) {tacos.network = @ring4}
func.func @wrapping_grid(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{shard.all_reduce: grid @grid has more than 2^32 - 1 devices}}
  %y = shard.all_reduce %x on @grid grid_axes = [0] : tensor<8xf32> -> tensor<8xf32>
  return %y : tensor<8xf32>
}

// -----

topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
// expected-error @+1 {{tacos-lower-shard-collectives: shard.grid @grid: tacos.placement must be array<i64: ...> (the NPU of each device), not "3, 2, 1, 0"}}
shard.grid @grid(shape = 4) {tacos.network = @ring4, tacos.placement = "3, 2, 1, 0"}
func.func @string_placement(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  // Reported once for the grid, not once per op.
  %y = shard.all_reduce %x on @grid grid_axes = [0] : tensor<8xf32> -> tensor<8xf32>
  %z = shard.all_reduce %y on @grid grid_axes = [0] : tensor<8xf32> -> tensor<8xf32>
  return %y, %z : tensor<8xf32>, tensor<8xf32>
}

// -----

topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
// expected-error @+1 {{shard.grid @grid: tacos.placement must be array<i64: ...> (the NPU of each device), not array<i32: 3, 2, 1, 0>}}
shard.grid @grid(shape = 4) {tacos.network = @ring4, tacos.placement = array<i32: 3, 2, 1, 0>}
func.func @i32_placement(%x: tensor<8xf32>) -> tensor<8xf32> {
  %y = shard.all_reduce %x on @grid grid_axes = [0] : tensor<8xf32> -> tensor<8xf32>
  return %y : tensor<8xf32>
}

// -----

topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
// expected-error @+1 {{shard.grid @grid: tacos.network must be a symbol such as @net, the name of a topo.network, not "ring4"}}
shard.grid @grid(shape = 4) {tacos.network = "ring4"}
func.func @string_network(%x: tensor<8xf32>) -> tensor<8xf32> {
  %y = shard.all_reduce %x on @grid grid_axes = [0] : tensor<8xf32> -> tensor<8xf32>
  return %y : tensor<8xf32>
}

// -----

topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
// expected-error @+1 {{shard.grid @grid: unknown attribute tacos.placment (tacos reads tacos.network and tacos.placement)}}
shard.grid @grid(shape = 4) {tacos.network = @ring4, tacos.placment = array<i64: 3, 2, 1, 0>}
func.func @misspelt(%x: tensor<8xf32>) -> tensor<8xf32> {
  %y = shard.all_reduce %x on @grid grid_axes = [0] : tensor<8xf32> -> tensor<8xf32>
  return %y : tensor<8xf32>
}
