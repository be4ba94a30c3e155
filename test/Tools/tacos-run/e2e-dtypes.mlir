// End to end with convert-coll-to-mpi: every element type and reduction,
// in place and not, TACOS and baseline algorithms side by side.
// REQUIRES: mpi
// RUN: rm -rf %t && split-file %s %t

// Sums of small integers are exact in every type, f16 and bf16 included.
// RUN: tacos-run %t/ring.mlir -np 4 --dtype f16 --elements 1003 --iters 1 --algorithm @ar | FileCheck %s --check-prefix=F16
// F16: @ar all_reduce 4 1003 f16 {{.*}} ok
// F16-NEXT: MPI_Allreduce all_reduce 4 1003 f16 {{.*}} ok
// RUN: tacos-run %t/ring.mlir -np 4 --dtype bf16 --elements 1003 --iters 1 --algorithm @rs | FileCheck %s --check-prefix=BF16
// BF16: @rs reduce_scatter 4 1003 bf16 {{.*}} ok
// BF16-NEXT: MPI_Reduce_scatter reduce_scatter 4 1003 bf16 {{.*}} ok
// RUN: tacos-run %t/ring.mlir -np 4 --dtype f64 --op min --elements 1003 --iters 1 --algorithm @ar | FileCheck %s --check-prefix=MIN
// MIN: @ar all_reduce 4 1003 f64 {{.*}} ok
// RUN: tacos-run %t/ring.mlir -np 4 --dtype i32 --op max --elements 1003 --iters 1 --algorithm @rd | FileCheck %s --check-prefix=MAX
// MAX: @rd reduce 4 1003 i32 {{.*}} ok

// In place: `in` is `out` (All-Reduce) or its own slice of `out` (All-Gather).
// RUN: tacos-run %t/ring.mlir -np 4 --elements 1003 --iters 1 --in-place --algorithm @ar --algorithm @ag --baseline=false | FileCheck %s --check-prefix=INPLACE
// INPLACE: @ar all_reduce 4 1003 f32 {{.*}} ok
// INPLACE-NEXT: @ag all_gather 4 1003 f32 {{.*}} ok

// A baseline algorithm (ring) and an exact (Z3) one through the same path.
// RUN: tacos-run %t/ring.mlir -np 4 --synthesize ring --elements 1003 --iters 1 --algorithm @ar --algorithm @ag --baseline=false | FileCheck %s --check-prefix=RING
// RING-COUNT-2: {{^@a[rg] .* ok$}}
// RUN: tacos-run %t/ring.mlir -np 4 --synthesize exact --elements 1003 --iters 1 --algorithm @ar --algorithm @ag --baseline=false | FileCheck %s --check-prefix=EXACT
// EXACT-COUNT-2: {{^@a[rg] .* ok$}}

//--- ring.mlir
topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.all_reduce @ar on @ring4 size(4 KB) chunks(2)
coll.all_gather @ag on @ring4 size(4 KB) chunks(2)
coll.reduce_scatter @rs on @ring4 size(4 KB) chunks(2)
coll.reduce @rd on @ring4 root(2) size(4 KB) chunks(2)
