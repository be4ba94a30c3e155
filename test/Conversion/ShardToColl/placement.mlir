// RUN: tacos-opt %s --tacos-lower-shard-collectives=network=path | FileCheck %s --check-prefix=IDENTITY
// RUN: tacos-opt %s --tacos-lower-shard-collectives="network=path placement=0,2,1,3" | FileCheck %s --check-prefix=PLACED
// RUN: sed -e 's/shard.grid @grid(shape = 2x2)/& {tacos.placement = array<i64: 0, 2, 1, 3>}/' %s \
// RUN:   | tacos-opt --tacos-lower-shard-collectives="network=path placement=3,2,1,0" | FileCheck %s --check-prefix=PLACED
// Placements, and groups whose algorithms relay through other groups.

// The path 0 - 2 - 1 - 3.
topo.network @path {
  topo.npus 4
  topo.link 0 <-> 2 link(50 GBps, 1 us)
  topo.link 2 <-> 1 link(50 GBps, 1 us)
  topo.link 1 <-> 3 link(50 GBps, 1 us)
}
shard.grid @grid(shape = 2x2)

func.func @f(%x: tensor<4xi64>) -> tensor<4xi64> {
  %y = shard.all_gather %x on @grid grid_axes = [1] gather_axis = 0 : tensor<4xi64> -> tensor<8xi64>
  %z = shard.reduce_scatter %y on @grid grid_axes = [1] scatter_axis = 0 : tensor<8xi64> -> tensor<4xi64>
  return %z : tensor<4xi64>
}

// Device d on NPU d: groups {0, 1} and {2, 3} are not adjacent. Group 0's
// chunks go through NPU 2 (device 2), group 1's through NPU 1: ranks 1 and
// 2 run both groups' functions, group 0's first.
// IDENTITY: @tacos_all_gather_0_runs : memref<4xi32> = dense<[0, 1, 1, 2]>
// IDENTITY: func.func private @tacos_all_gather_0(
// IDENTITY: case 0 {
// IDENTITY-NEXT: func.call @tacos_all_gather_0_g0(
// IDENTITY: case 1 {
// IDENTITY-NEXT: %[[FIRST:.*]] = func.call @tacos_all_gather_0_g0(
// IDENTITY-NEXT: arith.constant 0 : i32
// IDENTITY-NEXT: %[[OK:.*]] = arith.cmpi eq, %[[FIRST]]
// IDENTITY-NEXT: scf.if %[[OK]] -> (i32) {
// IDENTITY-NEXT: %[[SECOND:.*]] = func.call @tacos_all_gather_0_g1(
// IDENTITY-NEXT: scf.yield %[[SECOND]]
// IDENTITY-NEXT: } else {
// IDENTITY-NEXT: scf.yield %[[FIRST]]
// IDENTITY: case 2 {
// IDENTITY-NEXT: func.call @tacos_all_gather_0_g1(
// IDENTITY: @tacos_reduce_scatter_1_runs : memref<4xi32> = dense<[0, 1, 1, 2]>

// Devices 0, 1 on NPUs 0, 2 and devices 2, 3 on NPUs 1, 3: each group is
// a link of its own, and every rank runs its group only. (The grid's
// attribute wins over the option.)
// PLACED: @tacos_all_gather_0_runs : memref<4xi32> = dense<[0, 0, 1, 1]>
// PLACED: @tacos_reduce_scatter_1_runs : memref<4xi32> = dense<[0, 0, 1, 1]>
