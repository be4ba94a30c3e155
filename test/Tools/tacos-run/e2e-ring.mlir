// End to end with convert-coll-to-mpi: every collective, synthesized by
// tacos on a 4-NPU ring, lowered, compiled and run in ONE program (eight
// functions in one shared object, each with its own tag), every output
// element checked, beside Open MPI's own collective. chunks(3) and 1004
// elements: pieces of 83 and 84 elements (1004 is not a multiple of 12).
// REQUIRES: mpi
// RUN: tacos-run %s -np 4 --dtype i32 --elements 1004 --iters 2 | FileCheck %s
// CHECK: # tacos-run: 4 ranks, i32, sum
// CHECK: @ag all_gather 4 1004 i32 {{[0-9.]+ [0-9.]+ [0-9.]+ [0-9]+}} ok
// CHECK-NEXT: MPI_Allgather all_gather 4 1004 i32 {{.*}} ok
// CHECK-NEXT: @rs reduce_scatter 4 1004 i32 {{[0-9.]+ [0-9.]+ [0-9.]+ [0-9]+}} ok
// CHECK-NEXT: MPI_Reduce_scatter_block reduce_scatter 4 1004 i32 {{.*}} ok
// CHECK-NEXT: @ar all_reduce 4 1004 i32 {{[0-9.]+ [0-9.]+ [0-9.]+ [0-9]+}} ok
// CHECK-NEXT: MPI_Allreduce all_reduce 4 1004 i32 {{.*}} ok
// CHECK-NEXT: @a2a all_to_all 4 1004 i32 {{[0-9.]+ [0-9.]+ [0-9.]+ [0-9]+}} ok
// CHECK-NEXT: MPI_Alltoall all_to_all 4 1004 i32 {{.*}} ok
// CHECK-NEXT: @bc broadcast 4 1004 i32 {{[0-9.]+ [0-9.]+ [0-9.]+ [0-9]+}} ok
// CHECK-NEXT: MPI_Bcast broadcast 4 1004 i32 {{.*}} ok
// CHECK-NEXT: @rd reduce 4 1004 i32 {{[0-9.]+ [0-9.]+ [0-9.]+ [0-9]+}} ok
// CHECK-NEXT: MPI_Reduce reduce 4 1004 i32 {{.*}} ok
// CHECK-NEXT: @ga gather 4 1004 i32 {{[0-9.]+ [0-9.]+ [0-9.]+ [0-9]+}} ok
// CHECK-NEXT: MPI_Gather gather 4 1004 i32 {{.*}} ok
// CHECK-NEXT: @sc scatter 4 1004 i32 {{[0-9.]+ [0-9.]+ [0-9.]+ [0-9]+}} ok
// CHECK-NEXT: MPI_Scatter scatter 4 1004 i32 {{.*}} ok

// The table form (one loop over constant step tables) computes the same.
// RUN: tacos-run %s -np 4 --dtype i64 --elements 1004 --iters 1 --form table --baseline=false | FileCheck %s --check-prefix=TABLE
// TABLE-COUNT-8: {{^@[a-z0-9]+ .* ok$}}

// Eleven elements for twelve pieces: some pieces are empty.
// RUN: tacos-run %s -np 4 --elements 11 --iters 1 --algorithm @ag --algorithm @rs --algorithm @ar --baseline=false | FileCheck %s --check-prefix=TINY
// TINY-COUNT-3: {{^@[a-z0-9]+ .* 11 f32 .* ok$}}

// A buffer passed one element short: the function refuses (code 2), it
// does not write past the end.
// RUN: not tacos-run %s -np 4 --elements 1004 --algorithm @ar --test-shorten-buffers 1 --baseline=false 2>&1 | FileCheck %s --check-prefix=SHORT
// SHORT: tacos-run: error: @ar returned 2 on rank 0: a buffer is shorter than required

topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.all_gather @ag on @ring4 size(4 KB) chunks(3)
coll.reduce_scatter @rs on @ring4 size(4 KB) chunks(3)
coll.all_reduce @ar on @ring4 size(4 KB) chunks(3)
coll.all_to_all @a2a on @ring4 size(4 KB) chunks(3)
coll.broadcast @bc on @ring4 root(2) size(4 KB) chunks(3)
coll.reduce @rd on @ring4 root(1) size(4 KB) chunks(3)
coll.gather @ga on @ring4 root(3) size(4 KB) chunks(3)
coll.scatter @sc on @ring4 root(0) size(4 KB) chunks(3)
