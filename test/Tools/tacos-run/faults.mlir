// Faults while a run is under way: a rank that dies, a rank that hangs, a
// schedule that deadlocks, mpirun starting the wrong number of ranks. Each
// ends within seconds with exit code 1 and an error that says what
// happened, and leaves no process behind: every case runs its own copy of
// the rank driver, under a name no other test uses, and pgrep finds none
// of it afterwards (tacos-run kills mpirun's session and reaps the
// orphans; zombies would show up too).
// The faults come from tacos-run's hidden --test-rank-fault=KIND@RANK
// (docs/Running.md, Faults): rank RANK aborts, SIGKILLs itself, exits
// without MPI_Finalize, or sleeps, just before its first call, while the
// other rank is inside its call waiting for it.
// REQUIRES: mpi
// RUN: rm -rf %t && split-file %s %t
// DEFINE: %{lower} = --pipeline convert-scf-to-cf,convert-to-llvm,reconcile-unrealized-casts
// DEFINE: %{run} = tacos-run %t/pair.mlir -np 2 --elements 1000 --iters 1 %{lower}

// A rank that aborts (SIGABRT) mid-run.
// RUN: cp %tacos_build/bin/tacos-run-rank %t/trr-abort
// RUN: bash -c '%{run} --baseline=false --lowered %t/allreduce.mlir --rank-driver %t/trr-abort --test-rank-fault=abort@1 > %t/abort.out 2>&1; echo "exit $?" >> %t/abort.out'
// RUN: FileCheck %s --check-prefix=ABORT < %t/abort.out
// ABORT: rank 1: injected fault 'abort'
// ABORT-NOT: # algorithm
// ABORT: tacos-run: error: a rank crashed or was killed: mpirun exited with status {{[0-9]+}} before the run finished (2 of 2 ranks had started; Open MPI's message above names the rank)
// ABORT-NEXT: exit 1
// RUN: not pgrep -x trr-abort

// A rank killed by SIGKILL (as the OOM killer does).
// RUN: cp %tacos_build/bin/tacos-run-rank %t/trr-kill
// RUN: bash -c '%{run} --baseline=false --lowered %t/allreduce.mlir --rank-driver %t/trr-kill --test-rank-fault=kill@0 > %t/kill.out 2>&1; echo "exit $?" >> %t/kill.out'
// RUN: FileCheck %s --check-prefix=KILL < %t/kill.out
// KILL: tacos-run: error: a rank crashed or was killed: mpirun exited with status {{[0-9]+}} before the run finished
// KILL-NEXT: exit 1
// RUN: not pgrep -x trr-kill

// A rank that exits without MPI_Finalize.
// RUN: cp %tacos_build/bin/tacos-run-rank %t/trr-exit
// RUN: bash -c '%{run} --baseline=false --lowered %t/allreduce.mlir --rank-driver %t/trr-exit --test-rank-fault=exit@1 > %t/exit.out 2>&1; echo "exit $?" >> %t/exit.out'
// RUN: FileCheck %s --check-prefix=EXIT < %t/exit.out
// EXIT: tacos-run: error: a rank crashed or was killed: mpirun exited with status 3 before the run finished
// EXIT-NEXT: exit 1
// RUN: not pgrep -x trr-exit

// A rank that stops answering: the watchdog (--timeout) stops the run.
// RUN: cp %tacos_build/bin/tacos-run-rank %t/trr-hang
// RUN: bash -c '%{run} --baseline=false --lowered %t/allreduce.mlir --rank-driver %t/trr-hang --test-rank-fault=hang@1 --timeout 2 > %t/hang.out 2>&1; echo "exit $?" >> %t/hang.out'
// RUN: FileCheck %s --check-prefix=HANG < %t/hang.out
// HANG: tacos-run: error: the run did not finish within 2 s (--timeout=2; a larger --timeout allows more): a rank may be waiting for a message that is never sent; mpirun and its ranks were stopped
// HANG-NEXT: exit 1
// RUN: not pgrep -x trr-hang

// A schedule edited by hand into a deadlock (a receive that no rank
// matches), under the default watchdog: derived from the predicted time,
// with the start-up allowance cut from 60 s to 1 s (hidden
// --test-watchdog-startup) so that the test takes seconds.
// RUN: cp %tacos_build/bin/tacos-run-rank %t/trr-deadlock
// RUN: bash -c '%{run} --baseline=false --lowered %t/deadlock.mlir --rank-driver %t/trr-deadlock --test-watchdog-startup=1 > %t/deadlock.out 2>&1; echo "exit $?" >> %t/deadlock.out'
// RUN: FileCheck %s --check-prefix=DEADLOCK < %t/deadlock.out
// DEADLOCK: tacos-run: error: the run did not finish within 2 s (the default for this run, derived from its predicted time; --timeout=SECONDS allows more): a rank may be waiting for a message that is never sent; mpirun and its ranks were stopped
// DEADLOCK-NEXT: exit 1
// RUN: not pgrep -x trr-deadlock

// The default watchdog follows the predicted time: 60 s to start, plus 10
// times each call's time (the checked call, --iters timed ones, as many of
// Open MPI's), here the 2.000001 s @slow predicts: 60 + 10 * 4 * 2.000001,
// rounded up. A fast algorithm gets the start-up allowance and a little
// more for this machine (100 MB/s and 1 ms per transfer, docs/Running.md).
// RUN: not %{run} --lowered %t/stub.mlir | FileCheck %s --check-prefix=FAST
// FAST: # tacos-run: 2 ranks, f32, sum, median of 1 calls (slowest rank each), timeout 61 s
// RUN: not tacos-run %t/slow.mlir -np 2 --elements 1000 --iters 1 %{lower} --lowered %t/stub.mlir | FileCheck %s --check-prefix=SLOW
// SLOW: # tacos-run: 2 ranks, f32, sum, median of 1 calls (slowest rank each), timeout 141 s

// mpirun starts a rank more than -np says (a wrapper around Open MPI's):
// the rank driver refuses to run, and says why.
// RUN: cp %tacos_build/bin/tacos-run-rank %t/trr-np
// RUN: printf '#!/bin/sh\nfor a; do shift; [ "$prev" = -np ] && a=$((a + 1)); prev=$a; set -- "$@" "$a"; done\nexec %mpirun "$@"\n' > %t/mpirun-np && chmod +x %t/mpirun-np
// RUN: bash -c '%{run} --baseline=false --lowered %t/allreduce.mlir --rank-driver %t/trr-np --mpirun %t/mpirun-np --baseline=false > %t/np.out 2>&1; echo "exit $?" >> %t/np.out'
// RUN: FileCheck %s --check-prefix=NP < %t/np.out
// NP: tacos-run: error: @ar needs 2 ranks, mpirun started 3
// NP-NEXT: exit 1
// RUN: not pgrep -x trr-np

// The hook's own errors.
// RUN: not %{run} --lowered %t/allreduce.mlir --test-rank-fault=abort@2 2>&1 | FileCheck %s --check-prefix=FAULT
// RUN: not %{run} --lowered %t/allreduce.mlir --test-rank-fault=explode@0 2>&1 | FileCheck %s --check-prefix=FAULT
// FAULT: tacos-run: error: --test-rank-fault must be KIND@RANK, KIND one of abort, kill, exit, hang and RANK below -np, got '{{.*}}'

//--- pair.mlir
topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
coll.algorithm @ar all_reduce on @pair size(2 MB) time(42 us) {
  coll.transfer reduce 1 over 0 -> 1 at [0, 21000000]
  coll.transfer reduce 0 over 1 -> 0 at [0, 21000000]
  coll.transfer copy 1 over 1 -> 0 at [21000000, 42000000]
  coll.transfer copy 0 over 0 -> 1 at [21000000, 42000000]
}

//--- slow.mlir
topo.network @slowpair { topo.npus 2  topo.link 0 <-> 1 link(1 MBps, 1 us) }
coll.algorithm @slow all_gather on @slowpair size(4 MB) time(2000.001 ms) {
  coll.transfer copy 0 over 0 -> 1 at [0, 2000001000000]
  coll.transfer copy 1 over 1 -> 0 at [0, 2000001000000]
}

//--- allreduce.mlir
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
    %s = arith.addf %a, %b : f32
    memref.store %s, %out[%i] : memref<?xf32>
  }
  memref.dealloc %tmp : memref<?xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
}

//--- deadlock.mlir
// The all_reduce above with rank 1's send deleted: rank 0 waits forever.
module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">} {
func.func @ar(%in: memref<?xf32>, %out: memref<?xf32>, %e: index) -> i32 attributes {llvm.emit_c_interface} {
  %comm = mpi.comm_world : !mpi.comm
  %rank_i32 = mpi.comm_rank(%comm) : i32
  %one = arith.constant 1 : i32
  %peer = arith.subi %one, %rank_i32 : i32
  %tag = arith.constant 0 : i32
  %tmp = memref.alloc(%e) : memref<?xf32>
  %first = arith.cmpi eq, %rank_i32, %tag : i32
  scf.if %first {
    mpi.send(%in, %tag, %peer, %comm) : memref<?xf32>, i32, i32
    mpi.recv(%tmp, %tag, %peer, %comm) : memref<?xf32>, i32, i32
  } else {
    mpi.recv(%tmp, %tag, %peer, %comm) : memref<?xf32>, i32, i32
  }
  memref.dealloc %tmp : memref<?xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
}

//--- stub.mlir
// Functions that return at once (the rows FAIL; only the header matters).
func.func @ar(%in: memref<?xf32>, %out: memref<?xf32>, %e: index) -> i32 attributes {llvm.emit_c_interface} {
  %c = arith.constant 0 : i32
  return %c : i32
}
func.func @slow(%in: memref<?xf32>, %out: memref<?xf32>, %e: index) -> i32 attributes {llvm.emit_c_interface} {
  %c = arith.constant 0 : i32
  return %c : i32
}
