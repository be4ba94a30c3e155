// Ranks on hosts named by --hostfile or --host: NPU r runs on slot r, in
// the order the hosts are listed; what every host loads goes into
// --workdir. A stand-in mpirun records its arguments, so the options each
// launcher gets are checked without Open MPI; the last case runs for real
// on this machine through a hostfile that names it.
// RUN: rm -rf %t && split-file %s %t && mkdir %t/work
// RUN: chmod +x %t/mpirun
// DEFINE: %{run} = tacos-run %t/pair.mlir -np 2 --elements 8 --lowered %t/stub.mlir --pipeline convert-to-llvm --mpirun %t/mpirun

// Open MPI: the hostfile as given, slots mapped in order.
// RUN: not %{run} --hostfile %t/two.hosts --workdir %t/work 2>&1
// RUN: FileCheck %s --check-prefix=OMPI < %t/args
// OMPI: -np
// OMPI-NEXT: 2
// OMPI-NEXT: --hostfile
// OMPI-NEXT: {{.*}}two.hosts
// OMPI-NEXT: --map-by
// OMPI-NEXT: slot
// OMPI-NEXT: {{.*}}tacos-run-rank
// OMPI-NEXT: {{.*}}work/tacos-run-{{.*}}/manifest.txt
// RUN: not grep oversubscribe %t/args
// Nothing is left in the work directory.
// RUN: ls %t/work | count 0

// A mapping of the user's own replaces the slot mapping.
// RUN: not %{run} --host a,b --workdir %t/work --mpirun-arg=--map-by=node 2>&1
// RUN: FileCheck %s --check-prefix=OWNMAP < %t/args
// OWNMAP: --host
// OWNMAP-NEXT: a,b
// OWNMAP-NEXT: --map-by=node
// OWNMAP-NEXT: {{.*}}tacos-run-rank

// MPICH's Hydra: -f and -hosts, none of Open MPI's own options.
// RUN: not %{run} --launcher mpich --hostfile %t/two.hosts --workdir %t/work 2>&1
// RUN: FileCheck %s --check-prefix=MPICH < %t/args
// MPICH: -np
// MPICH-NEXT: 2
// MPICH-NEXT: -f
// MPICH-NEXT: {{.*}}two.hosts
// MPICH-NEXT: {{.*}}tacos-run-rank
// RUN: not grep -e --allow-run-as-root -e --map-by %t/args
// RUN: not %{run} --launcher mpich --host a:2 --workdir %t/work 2>&1
// RUN: FileCheck %s --check-prefix=MPICHHOSTS < %t/args
// MPICHHOSTS: -hosts
// MPICHHOSTS-NEXT: a:2

// Errors, before anything is compiled or started.
// RUN: not %{run} --hostfile %t/two.hosts 2>&1 | FileCheck %s --check-prefix=NOWORK
// NOWORK: tacos-run: error: --hostfile may start ranks on other hosts, which must load the compiled shared object: pass --workdir DIR, a directory every host sees at the same path
// RUN: not %{run} --host a --workdir %t/work 2>&1 | FileCheck %s --check-prefix=FEW
// FEW: tacos-run: error: the hosts give 1 slots for 2 ranks (NPU r runs on slot r, one rank a slot)
// RUN: not %{run} --hostfile %t/bad.hosts --workdir %t/work 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: tacos-run: error: {{.*}}bad.hosts:3: slots= must be a positive count, got 'two'
// RUN: not %{run} --hostfile %t/attr.hosts --workdir %t/work 2>&1 | FileCheck %s --check-prefix=ATTR
// ATTR: tacos-run: error: {{.*}}attr.hosts:1: unknown host attribute 'cpus=2' (slots=N, max_slots=N)
// RUN: not %{run} --hostfile %t/empty.hosts --workdir %t/work 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: tacos-run: error: {{.*}}empty.hosts lists no host
// RUN: not %{run} --hostfile %t/missing.hosts --workdir %t/work 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: tacos-run: error: cannot read --hostfile {{.*}}missing.hosts: No such file or directory
// RUN: not %{run} --hostfile %t/two.hosts --host a,b --workdir %t/work 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH: tacos-run: error: --hostfile and --host both name the hosts: pass one of them
// RUN: not %{run} --host a,b --workdir %t/nowhere 2>&1 | FileCheck %s --check-prefix=NODIR
// NODIR: tacos-run: error: --workdir {{.*}}nowhere is not a directory
// RUN: not %{run} --host a,b --workdir %t/work --launcher lam 2>&1 | FileCheck %s --check-prefix=LAUNCHER
// LAUNCHER: tacos-run: error: unknown --launcher 'lam' (openmpi, mpich)
// RUN: ls %t/work | count 0

// For real, with Open MPI on this machine: the placement is in the header.
// REQUIRES: mpi
// RUN: tacos-run %t/pair.mlir -np 2 --iters 1 --hostfile %t/local.hosts --workdir %t/work | FileCheck %s --check-prefix=REAL
// REAL: # hosts: NPU 0-1 on localhost
// REAL: @ag all_gather 2 {{.*}} ok
// RUN: ls %t/work | count 0

//--- mpirun
#!/bin/sh
printf '%s\n' "$@" > "$(dirname "$0")/args"
exit 1

//--- two.hosts
# two nodes, one NPU each
node0 slots=1
node1:1

//--- bad.hosts
node0

node1 slots=two

//--- attr.hosts
node0 cpus=2

//--- empty.hosts
# nothing

//--- local.hosts
localhost slots=2

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
