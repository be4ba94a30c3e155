// End to end with convert-coll-to-mpi on the other network families: a 2D
// torus (8 ranks), a switch network (unwound by tacos-run before
// synthesis), an irregular network with one-way links and parallel lanes,
// and a process group (ranks outside it return at once). Floats are checked
// within a bound that accounts for reduction order.
// REQUIRES: mpi
// RUN: rm -rf %t && split-file %s %t

// RUN: tacos-run %t/torus.mlir -np 8 --dtype f32 --elements 1000 --iters 1 | FileCheck %s --check-prefix=TORUS
// TORUS: @ar all_reduce 8 1000 f32 {{.*}} ok
// TORUS-NEXT: MPI_Allreduce all_reduce 8 1000 f32 {{.*}} ok
// TORUS-NEXT: @ag all_gather 8 1000 f32 {{.*}} ok
// TORUS-NEXT: MPI_Allgather all_gather 8 1000 f32 {{.*}} ok
// TORUS-NEXT: @a2a all_to_all 8 1000 f32 {{.*}} ok
// TORUS-NEXT: MPI_Alltoall all_to_all 8 1000 f32 {{.*}} ok

// RUN: tacos-run %t/switch.mlir -np 6 --dtype f64 --elements 999 --iters 1 | FileCheck %s --check-prefix=SWITCH
// SWITCH: @bc broadcast 6 999 f64 {{.*}} ok
// SWITCH-NEXT: MPI_Bcast broadcast 6 999 f64 {{.*}} ok
// SWITCH-NEXT: @rd reduce 6 999 f64 {{.*}} ok
// SWITCH-NEXT: MPI_Reduce reduce 6 999 f64 {{.*}} ok
// SWITCH-NEXT: @rs reduce_scatter 6 999 f64 {{.*}} ok
// SWITCH-NEXT: MPI_Reduce_scatter reduce_scatter 6 999 f64 {{.*}} ok

// RUN: tacos-run %t/irregular.mlir -np 5 --dtype i64 --op max --elements 1001 --iters 1 | FileCheck %s --check-prefix=IRREGULAR
// IRREGULAR: @ag all_gather 5 1001 i64 {{.*}} ok
// IRREGULAR-NEXT: MPI_Allgatherv all_gather 5 1001 i64 {{.*}} ok
// IRREGULAR-NEXT: @ar all_reduce 5 1001 i64 {{.*}} ok
// IRREGULAR-NEXT: MPI_Allreduce all_reduce 5 1001 i64 {{.*}} ok
// IRREGULAR-NEXT: @ga gather 5 1001 i64 {{.*}} ok
// IRREGULAR-NEXT: MPI_Gatherv gather 5 1001 i64 {{.*}} ok
// IRREGULAR-NEXT: @ar_group all_reduce 3 1001 i64 {{.*}} ok
// IRREGULAR-NEXT: MPI_Allreduce all_reduce 3 1001 i64 {{.*}} ok
// IRREGULAR-NEXT: @sc_group scatter 3 1001 i64 {{.*}} ok
// IRREGULAR-NEXT: MPI_Scatterv scatter 3 1001 i64 {{.*}} ok

//--- torus.mlir
topo.network @torus { topo.dims [ring(2) link(50 GBps, 1 us), ring(4) link(50 GBps, 1 us)] }
coll.all_reduce @ar on @torus size(4 KB) chunks(3)
coll.all_gather @ag on @torus size(4 KB) chunks(3)
coll.all_to_all @a2a on @torus size(4 KB)

//--- switch.mlir
topo.network @pod { topo.dims [switch(3) link(450 GBps, 0.7 us), switch(2) link(50 GBps, 2 us)] }
coll.broadcast @bc on @pod root(4) size(8 KB) chunks(2)
coll.reduce @rd on @pod root(1) size(8 KB) chunks(2)
coll.reduce_scatter @rs on @pod size(8 KB) chunks(2)

//--- irregular.mlir
topo.network @explicit {
  topo.npus 5
  topo.link 0 <-> 1 link(25 GBps, 1 us)
  topo.link 0 <-> 1 link(25 GBps, 1 us) parallel
  topo.link 1 -> 2 link(25 GBps, 1 us)
  topo.link 2 -> 0 link(25 GBps, 1 us)
  topo.link 2 <-> 3 link(25 GBps, 1 us)
  topo.link 3 -> 4 link(25 GBps, 1 us)
  topo.link 4 -> 2 link(25 GBps, 1 us)
}
coll.all_gather @ag on @explicit size(8 KB) chunks(2)
coll.all_reduce @ar on @explicit size(8 KB)
coll.gather @ga on @explicit root(4) size(8 KB)
coll.all_reduce @ar_group on @explicit group [0, 2, 3] size(8 KB) chunks(2)
coll.scatter @sc_group on @explicit root(3) group [0, 2, 3] size(8 KB)
