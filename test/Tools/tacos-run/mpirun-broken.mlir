// An mpirun that is not what tacos-run needs: each case ends at once (or,
// for one that hangs, at --timeout) with exit code 1 and an error naming
// it, and leaves nothing running. Stand-ins for mpirun take its place, so
// no Open MPI is needed (the not-in-PATH and missing cases are in
// errors.mlir). --lowered, with upstream's lowering, keeps the compile short.
// RUN: rm -rf %t && split-file %s %t
// DEFINE: %{run} = tacos-run %t/pair.mlir -np 2 --elements 8 --lowered %t/stub.mlir --pipeline convert-to-llvm

// Not executable: a plain file, a directory.
// RUN: printf '#!/bin/sh\n' > %t/plain
// RUN: bash -c '%{run} --mpirun %t/plain > %t/plain.out 2>&1; echo "exit $?" >> %t/plain.out'
// RUN: FileCheck %s --check-prefix=PLAIN < %t/plain.out
// PLAIN: tacos-run: error: cannot run mpirun: '{{.*}}plain' is not executable (install Open MPI, e.g. Debian's openmpi-bin, or pass --mpirun PATH)
// PLAIN-NEXT: exit 1
// RUN: mkdir %t/dir
// RUN: not %{run} --mpirun %t/dir 2>&1 | FileCheck %s --check-prefix=DIR
// DIR: tacos-run: error: cannot run mpirun: '{{.*}}dir' is not executable

// Executable, but exec fails (its interpreter does not exist).
// RUN: printf '#!/nonexistent/sh\n' > %t/badinterp && chmod +x %t/badinterp
// RUN: bash -c '%{run} --mpirun %t/badinterp > %t/badinterp.out 2>&1; echo "exit $?" >> %t/badinterp.out'
// RUN: FileCheck %s --check-prefix=EXEC < %t/badinterp.out
// EXEC: tacos-run: error: cannot start mpirun: cannot execute {{.*}}badinterp: No such file or directory
// EXEC-NEXT: exit 1

// Exits non-zero at once, prints garbage and exits 0, is killed: no rank
// of the run started, which the error says rather than blaming a rank.
// RUN: bash -c '%{run} --mpirun false > %t/false.out 2>&1; echo "exit $?" >> %t/false.out'
// RUN: FileCheck %s --check-prefix=FALSE < %t/false.out
// FALSE: tacos-run: error: '{{.*}}false' exited with status 1 without starting any rank of the run (is it Open MPI's mpirun? its messages, if any, are above; --mpirun selects another)
// FALSE-NEXT: exit 1
// RUN: printf '#!/bin/sh\necho "Hello from not-mpirun"\necho "%%%%garbage" >&2\n' > %t/garbage && chmod +x %t/garbage
// RUN: bash -c '%{run} --mpirun %t/garbage > %t/garbage.out 2>&1; echo "exit $?" >> %t/garbage.out'
// RUN: FileCheck %s --check-prefix=GARBAGE < %t/garbage.out
// GARBAGE: tacos-run: error: '{{.*}}garbage' exited with status 0 without starting any rank of the run
// GARBAGE-NEXT: exit 1
// RUN: printf '#!/bin/sh\nkill -9 $$\n' > %t/selfkill && chmod +x %t/selfkill
// RUN: bash -c '%{run} --mpirun %t/selfkill > %t/selfkill.out 2>&1; echo "exit $?" >> %t/selfkill.out'
// RUN: FileCheck %s --check-prefix=SIGNAL < %t/selfkill.out
// SIGNAL: tacos-run: error: '{{.*}}selfkill' was killed by signal 9 without starting any rank of the run
// SIGNAL-NEXT: exit 1

// Hangs, with a child in the background: the watchdog stops both.
// RUN: cp /bin/sleep %t/mr-sleeper
// RUN: printf '#!/bin/sh\n%t/mr-sleeper 600 &\n%t/mr-sleeper 600\n' > %t/hung && chmod +x %t/hung
// RUN: bash -c '%{run} --mpirun %t/hung --timeout 1 > %t/hung.out 2>&1; echo "exit $?" >> %t/hung.out'
// RUN: FileCheck %s --check-prefix=HUNG < %t/hung.out
// HUNG: tacos-run: error: the run did not finish within 1 s (--timeout=1; a larger --timeout allows more): no rank had started (got past MPI_Init); mpirun and its ranks were stopped
// HUNG-NEXT: exit 1
// RUN: not pgrep -x mr-sleeper

// A child that leaves mpirun's session (setsid) and outlives it is an
// orphan re-parented to tacos-run, which kills it too.
// RUN: cp /bin/sleep %t/mr-escapee
// RUN: printf '#!/bin/sh\nsetsid %t/mr-escapee 600 &\nsleep 0.2\nexit 1\n' > %t/escape && chmod +x %t/escape
// RUN: not %{run} --mpirun %t/escape 2>&1 | FileCheck %s --check-prefix=ESCAPE
// ESCAPE: tacos-run: error: '{{.*}}escape' exited with status 1 without starting any rank of the run
// RUN: not pgrep -x mr-escapee

//--- pair.mlir
topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
coll.algorithm @ag all_gather on @pair size(8 B) time(1.00008 us) {
  coll.transfer copy 1 over 1 -> 0 at [0, 1000080]
  coll.transfer copy 0 over 0 -> 1 at [0, 1000080]
}

//--- stub.mlir
func.func @ag(%in: memref<?xf32>, %out: memref<?xf32>, %e: index) -> i32 attributes {llvm.emit_c_interface} {
  %c = arith.constant 0 : i32
  return %c : i32
}
