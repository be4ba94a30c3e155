// Synthesis options pass through to the synthesizer, per group.
// RUN: tacos-opt %s --tacos-lower-shard-collectives="algorithm=ring trials=2 form=table tag=7 mpi=mpich" | FileCheck %s --check-prefix=RING
// RUN: tacos-opt %s --tacos-lower-shard-collectives="trials=3 threads=1" > %t.1
// RUN: tacos-opt %s --tacos-lower-shard-collectives="trials=3 threads=2" > %t.2
// RUN: diff %t.1 %t.2
// RUN: not tacos-opt %s --tacos-lower-shard-collectives=chunks=3 2>&1 | FileCheck %s --check-prefix=CHUNKS
// RUN: not tacos-opt %s --tacos-lower-shard-collectives=algorithm=hierarchical 2>&1 | FileCheck %s --check-prefix=NODES
// RUN: not tacos-opt %s --tacos-lower-shard-collectives=algorithm=magic 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not tacos-opt %s --tacos-lower-shard-collectives=tag=32768 2>&1 | FileCheck %s --check-prefix=TAG

topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
shard.grid @grid(shape = 4) {tacos.network = @ring4}
func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
  %y = shard.all_reduce %x on @grid grid_axes = [0] : tensor<8xf32> -> tensor<8xf32>
  return %y : tensor<8xf32>
}

// RING: module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH">}
// The table form, with the tag given.
// RING: memref.global "private" constant @tacos_all_reduce_0_g0_steps
// RING: func.func private @tacos_all_reduce_0_g0(
// RING: arith.constant 7 : i32
// RING: scf.for

// 3 chunks per participant: 12 pieces of 8 elements.
// CHUNKS: options.mlir:{{[0-9]+}}:8: error: tacos-lower-shard-collectives: shard.all_reduce: 8 elements cannot be split into 12 pieces (4 participants, chunks 3)

// The hierarchical baseline needs nodes, which a ring has not; the
// synthesizer's error names the group.
// NODES: error: tacos-lower-shard-collectives: shard.all_reduce: group of devices [0, 1, 2, 3] on NPUs [0, 1, 2, 3]: hierarchical needs nodes: a topo.dims product of two or more dimensions, or groups of npus joined by links at least twice as fast as the others

// UNKNOWN: tacos-lower-shard-collectives: unknown algorithm 'magic'

// TAG: options.mlir:{{[0-9]+}}:8: error: tacos-lower-shard-collectives: shard.all_reduce: tags 32768..32768 of its group functions are outside [0, 32768), the range every MPI library accepts
