// tacos-run on modules lowered by hand (--lowered, upstream's convert-to-llvm)
// that follow the function ABI: the launcher, the rank driver, the check and
// the run-time errors, independently of convert-coll-to-mpi.
// REQUIRES: mpi
// RUN: rm -rf %t && split-file %s %t
// DEFINE: %{lower} = --pipeline convert-scf-to-cf,convert-to-llvm,reconcile-unrealized-casts

// A correct all_reduce (send to all, receive from all, add): checked, timed,
// and Open MPI's MPI_Allreduce beside it.
// RUN: tacos-run %t/pair.mlir -np 2 --elements 1000 --iters 3 --lowered %t/allreduce.mlir %{lower} | FileCheck %s --check-prefix=OK
// OK: # tacos-run: 2 ranks, f32, sum, median of 3 calls (slowest rank each)
// OK-NEXT: # algorithm collective ranks elements dtype time(us) algbw(GB/s) busbw(GB/s) sent(B) check
// OK-NEXT: @ar all_reduce 2 1000 f32 {{[0-9.]+}} {{[0-9.]+}} {{[0-9.]+}} 8000 ok
// OK-NEXT: MPI_Allreduce all_reduce 2 1000 f32 {{[0-9.]+}} {{[0-9.]+}} {{[0-9.]+}} - ok

// A wrong result (subtracts instead of adding) names the first wrong element.
// RUN: not tacos-run %t/pair.mlir -np 2 --elements 1000 --iters 1 --lowered %t/wrong.mlir %{lower} > %t/wrong.out 2>&1
// RUN: FileCheck %s --check-prefix=WRONG < %t/wrong.out
// WRONG: @ar all_reduce 2 1000 f32 - - - 8000 FAIL
// WRONG: MPI_Allreduce all_reduce 2 1000 f32 {{.*}} ok
// WRONG: tacos-run: error: @ar: wrong output on rank 0, element 0: expected {{-?[0-9]+}}, got {{-?[0-9]+}}

// A nonzero return code is reported with its meaning.
// RUN: not tacos-run %t/pair.mlir -np 2 --elements 1000 --iters 1 --baseline=false --lowered %t/code.mlir %{lower} 2>&1 | FileCheck %s --check-prefix=CODE
// CODE: @ar all_reduce 2 1000 f32 - - - 8000 FAIL
// CODE: tacos-run: error: @ar returned 3 on rank 0: the element count cannot be split

// Without a compiler driver to link the shared object, nothing starts.
// RUN: not tacos-run %t/pair.mlir -np 2 --elements 1000 --cc /nonexistent --lowered %t/code.mlir %{lower} 2>&1 | FileCheck %s --check-prefix=CC
// CC: tacos-run: error: cannot find the compiler driver '/nonexistent' to link the shared object (pass --cc PATH)

// A rank that crashes ends the run with an error, not a report.
// RUN: not tacos-run %t/pair.mlir -np 2 --elements 1000 --baseline=false --lowered %t/crash.mlir %{lower} 2>&1 | FileCheck %s --check-prefix=CRASH
// CRASH-NOT: # algorithm
// CRASH: tacos-run: error: a rank crashed or was killed: mpirun exited with status {{[0-9]+}} before the run finished (2 of 2 ranks had started; Open MPI's message above names the rank)

// A rank that waits for a message nobody sends is stopped by --timeout.
// RUN: not tacos-run %t/pair.mlir -np 2 --elements 1000 --baseline=false --timeout 2 --lowered %t/hang.mlir %{lower} 2>&1 | FileCheck %s --check-prefix=HANG
// HANG: tacos-run: error: the run did not finish within 2 s (--timeout=2; a larger --timeout allows more): a rank may be waiting for a message that is never sent; mpirun and its ranks were stopped

// Signals to tacos-run (SIGTERM, SIGKILL) while its ranks run: signals.mlir.

// The baseline of every collective, checked like the algorithms, on a
// group of three of four ranks and element counts that split unevenly
// (the lowered functions are deliberate stand-ins that return 0 and leave
// `out` untouched: their rows must FAIL while Open MPI's rows beside them,
// on the same data, pass).
// RUN: not tacos-run %t/group.mlir -np 4 --iters 1 --elements 1003 --algorithm ag --algorithm rs --algorithm ar --algorithm bc --algorithm rd --algorithm ga --algorithm sc --lowered %t/stubs.mlir %{lower} > %t/group.out 2>&1
// RUN: FileCheck %s --check-prefix=GROUP < %t/group.out
// GROUP: @ag all_gather 3 1003 f32 - - - {{[0-9]+}} FAIL
// GROUP-NEXT: MPI_Allgatherv all_gather 3 1003 f32 {{.*}} - ok
// GROUP-NEXT: @rs reduce_scatter 3 1003
// GROUP-NEXT: MPI_Reduce_scatter reduce_scatter 3 1003 f32 {{.*}} - ok
// GROUP-NEXT: @ar all_reduce 3 1003
// GROUP-NEXT: MPI_Allreduce all_reduce 3 1003 f32 {{.*}} - ok
// GROUP-NEXT: @bc broadcast 3 1003
// GROUP-NEXT: MPI_Bcast broadcast 3 1003 f32 {{.*}} - ok
// GROUP-NEXT: @rd reduce 3 1003
// GROUP-NEXT: MPI_Reduce reduce 3 1003 f32 {{.*}} - ok
// GROUP-NEXT: @ga gather 3 1003
// GROUP-NEXT: MPI_Gatherv gather 3 1003 f32 {{.*}} - ok
// GROUP-NEXT: @sc scatter 3 1003
// GROUP-NEXT: MPI_Scatterv scatter 3 1003 f32 {{.*}} - ok
// GROUP: tacos-run: error: @ag: wrong output on rank 0, element 0: expected {{-?[0-9]+}}, got nan
// Rank 1 is outside the group: the first wrong element of Reduce is at the root.
// GROUP: tacos-run: error: @rd: wrong output on rank 3, element 0
// RUN: not tacos-run %t/group.mlir -np 4 --iters 1 --elements 1005 --dtype bf16 --op max --algorithm a2a --lowered %t/stubs-bf16.mlir %{lower} 2>&1 | FileCheck %s --check-prefix=A2A
// A2A: @a2a all_to_all 3 1005 bf16 - - - {{[0-9]+}} FAIL
// A2A-NEXT: MPI_Alltoall all_to_all 3 1005 bf16 {{.*}} - ok

//--- pair.mlir
topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
coll.algorithm @ar all_reduce on @pair size(2 MB) time(42 us) {
  coll.transfer reduce 1 over 0 -> 1 at [0, 21000000]
  coll.transfer reduce 0 over 1 -> 0 at [0, 21000000]
  coll.transfer copy 1 over 1 -> 0 at [21000000, 42000000]
  coll.transfer copy 0 over 0 -> 1 at [21000000, 42000000]
}

//--- allreduce.mlir
module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">} {
func.func @ar(%in: memref<?xf32>, %out: memref<?xf32>, %e: index) -> i32 attributes {llvm.emit_c_interface} {
  %comm = mpi.comm_world : !mpi.comm
  %rank_i32 = mpi.comm_rank(%comm) : i32
  // Two ranks: the peer is 1 - rank. (MLIR 22 does not lower mpi.comm_size.)
  %one = arith.constant 1 : i32
  %peer = arith.subi %one, %rank_i32 : i32
  %tag = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  memref.copy %in, %out : memref<?xf32> to memref<?xf32>
  %tmp = memref.alloc(%e) : memref<?xf32>
  // Lowest rank sends first, so that the blocking calls pair up.
  %first = arith.cmpi eq, %rank_i32, %tag : i32
  scf.if %first {
    mpi.send(%in, %tag, %peer, %comm) : memref<?xf32>, i32, i32
    mpi.recv(%tmp, %tag, %peer, %comm) : memref<?xf32>, i32, i32
  } else {
    mpi.recv(%tmp, %tag, %peer, %comm) : memref<?xf32>, i32, i32
    mpi.send(%in, %tag, %peer, %comm) : memref<?xf32>, i32, i32
  }
  scf.for %i = %c0 to %e step %c1 {
    %a = memref.load %out[%i] : memref<?xf32>
    %b = memref.load %tmp[%i] : memref<?xf32>
    %s = arith.addf %a, %b : f32
    memref.store %s, %out[%i] : memref<?xf32>
  }
  memref.dealloc %tmp : memref<?xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
}

//--- wrong.mlir
module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">} {
func.func @ar(%in: memref<?xf32>, %out: memref<?xf32>, %e: index) -> i32 attributes {llvm.emit_c_interface} {
  %comm = mpi.comm_world : !mpi.comm
  %rank_i32 = mpi.comm_rank(%comm) : i32
  %one = arith.constant 1 : i32
  %peer = arith.subi %one, %rank_i32 : i32
  %tag = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  memref.copy %in, %out : memref<?xf32> to memref<?xf32>
  %tmp = memref.alloc(%e) : memref<?xf32>
  %first = arith.cmpi eq, %rank_i32, %tag : i32
  scf.if %first {
    mpi.send(%in, %tag, %peer, %comm) : memref<?xf32>, i32, i32
    mpi.recv(%tmp, %tag, %peer, %comm) : memref<?xf32>, i32, i32
  } else {
    mpi.recv(%tmp, %tag, %peer, %comm) : memref<?xf32>, i32, i32
    mpi.send(%in, %tag, %peer, %comm) : memref<?xf32>, i32, i32
  }
  scf.for %i = %c0 to %e step %c1 {
    %a = memref.load %out[%i] : memref<?xf32>
    %b = memref.load %tmp[%i] : memref<?xf32>
    %s = arith.subf %a, %b : f32
    memref.store %s, %out[%i] : memref<?xf32>
  }
  memref.dealloc %tmp : memref<?xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
}

//--- code.mlir
func.func @ar(%in: memref<?xf32>, %out: memref<?xf32>, %e: index) -> i32 attributes {llvm.emit_c_interface} {
  %c = arith.constant 3 : i32
  return %c : i32
}

//--- crash.mlir
func.func @ar(%in: memref<?xf32>, %out: memref<?xf32>, %e: index) -> i32 attributes {llvm.emit_c_interface} {
  %null = llvm.mlir.zero : !llvm.ptr
  %v = llvm.load volatile %null : !llvm.ptr -> i32
  return %v : i32
}

//--- hang.mlir
module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">} {
func.func @ar(%in: memref<?xf32>, %out: memref<?xf32>, %e: index) -> i32 attributes {llvm.emit_c_interface} {
  %comm = mpi.comm_world : !mpi.comm
  %tag = arith.constant 0 : i32
  %src = arith.constant 0 : i32
  mpi.recv(%out, %tag, %src, %comm) : memref<?xf32>, i32, i32
  %c = arith.constant 0 : i32
  return %c : i32
}
}

//--- group.mlir
topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.all_gather @ag on @ring4 group [0, 2, 3] size(4 KB) chunks(2)
coll.reduce_scatter @rs on @ring4 group [0, 2, 3] size(4 KB) chunks(2)
coll.all_reduce @ar on @ring4 group [0, 2, 3] size(4 KB) chunks(2)
coll.all_to_all @a2a on @ring4 group [0, 2, 3] size(4 KB) chunks(2)
coll.broadcast @bc on @ring4 root(2) group [0, 2, 3] size(4 KB) chunks(2)
coll.reduce @rd on @ring4 root(3) group [0, 2, 3] size(4 KB) chunks(2)
coll.gather @ga on @ring4 root(0) group [0, 2, 3] size(4 KB) chunks(2)
coll.scatter @sc on @ring4 root(3) group [0, 2, 3] size(4 KB) chunks(2)

//--- stubs.mlir
func.func @ag(%in: memref<?xf32>, %out: memref<?xf32>, %e: index) -> i32 attributes {llvm.emit_c_interface} {
  %c = arith.constant 0 : i32
  return %c : i32
}
func.func @rs(%in: memref<?xf32>, %out: memref<?xf32>, %e: index) -> i32 attributes {llvm.emit_c_interface} {
  %c = arith.constant 0 : i32
  return %c : i32
}
func.func @ar(%in: memref<?xf32>, %out: memref<?xf32>, %e: index) -> i32 attributes {llvm.emit_c_interface} {
  %c = arith.constant 0 : i32
  return %c : i32
}
func.func @bc(%in: memref<?xf32>, %out: memref<?xf32>, %e: index) -> i32 attributes {llvm.emit_c_interface} {
  %c = arith.constant 0 : i32
  return %c : i32
}
func.func @rd(%in: memref<?xf32>, %out: memref<?xf32>, %e: index) -> i32 attributes {llvm.emit_c_interface} {
  %c = arith.constant 0 : i32
  return %c : i32
}
func.func @ga(%in: memref<?xf32>, %out: memref<?xf32>, %e: index) -> i32 attributes {llvm.emit_c_interface} {
  %c = arith.constant 0 : i32
  return %c : i32
}
func.func @sc(%in: memref<?xf32>, %out: memref<?xf32>, %e: index) -> i32 attributes {llvm.emit_c_interface} {
  %c = arith.constant 0 : i32
  return %c : i32
}

//--- stubs-bf16.mlir
func.func @a2a(%in: memref<?xbf16>, %out: memref<?xbf16>, %e: index) -> i32 attributes {llvm.emit_c_interface} {
  %c = arith.constant 0 : i32
  return %c : i32
}
