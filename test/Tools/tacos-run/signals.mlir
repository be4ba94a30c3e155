// tacos-run ended by signals while its ranks run leaves nothing behind: no
// mpirun, rank or helper process, no temporary directory (Open MPI's
// session directory is inside it: mpirun's TMPDIR), and no shared-memory
// directory (Open MPI's segments, btl_vader_backing_directory). SIGKILL
// cannot be caught: mpirun dies with tacos-run (PR_SET_PDEATHSIG), its
// ranks with it, and tacos-run's guardian process removes the rest. A
// second SIGTERM while the first one's clean stop is under way kills
// mpirun and its ranks at once and removes the temporaries before
// tacos-run ends by the signal.
//
// signal.sh starts tacos-run with a TMPDIR of its own, waits until both
// ranks have started (their marker files, not a guess of how long that
// takes), sends the signals, then polls until nothing of the run is left
// (at most 120 s, so that a slow machine only takes longer): processes are
// found by the run's own copy of the rank driver, whose path every process
// of the run has in its command line (zombies that init has yet to reap
// do not count).
// REQUIRES: mpi
// RUN: rm -rf %t && split-file %s %t && chmod +x %t/signal.sh %t/stubborn-mpirun
// DEFINE: %{run} = tacos-run %t/pair.mlir -np 2 --elements 1000 --baseline=false --timeout 600 --lowered %t/hang.mlir --pipeline convert-scf-to-cf,convert-to-llvm,reconcile-unrealized-casts

// SIGKILL.
// RUN: cp %tacos_build/bin/tacos-run-rank %t/trr-sigkill
// RUN: %t/signal.sh KILL %t/kill %t/trr-sigkill %{run} --rank-driver %t/trr-sigkill | FileCheck %s --check-prefix=KILL
// KILL: ranks started; shared-memory segments in the run's directory: {{[1-9]}}
// KILL-NEXT: exit 137
// KILL-NEXT: processes left: none
// KILL-NEXT: files left: none

// One SIGTERM (as a batch system sends): the clean stop, mpirun stopping
// its ranks, the temporaries removed; then tacos-run ends by the signal.
// RUN: cp %tacos_build/bin/tacos-run-rank %t/trr-term
// RUN: %t/signal.sh TERM %t/term %t/trr-term %{run} --rank-driver %t/trr-term | FileCheck %s --check-prefix=TERM
// TERM: ranks started; shared-memory segments in the run's directory: {{[1-9]}}
// TERM-NEXT: exit 143
// TERM-NEXT: processes left: none
// TERM-NEXT: files left: none
// RUN: FileCheck %s --check-prefix=TERM-OUT < %t/term/out
// TERM-OUT: tacos-run: error: interrupted by signal 15; mpirun and its ranks were stopped

// Two SIGTERMs half a second apart (a batch system's cancel, repeated).
// RUN: cp %tacos_build/bin/tacos-run-rank %t/trr-term2
// RUN: %t/signal.sh TERM,TERM %t/term2 %t/trr-term2 %{run} --rank-driver %t/trr-term2 | FileCheck %s --check-prefix=TERM2
// TERM2: ranks started; shared-memory segments in the run's directory: {{[1-9]}}
// TERM2-NEXT: exit 143
// TERM2-NEXT: processes left: none
// TERM2-NEXT: files left: none
// RUN: FileCheck %s --check-prefix=TERM2-OUT < %t/term2/out
// TERM2-OUT: tacos-run: error: interrupted by signal 15

// The same where the first SIGTERM cannot stop mpirun (a wrapper that
// ignores it), so that the second one surely comes while tacos-run is
// still waiting for mpirun to end.
// RUN: cp %tacos_build/bin/tacos-run-rank %t/trr-stubborn
// RUN: sed -i 's|MPIRUN|%mpirun|' %t/stubborn-mpirun
// RUN: %t/signal.sh TERM,TERM %t/stubborn %t/trr-stubborn %{run} --rank-driver %t/trr-stubborn --mpirun %t/stubborn-mpirun | FileCheck %s --check-prefix=STUBBORN
// STUBBORN: ranks started; shared-memory segments in the run's directory: {{[1-9]}}
// STUBBORN-NEXT: exit 143
// STUBBORN-NEXT: processes left: none
// STUBBORN-NEXT: files left: none
// RUN: FileCheck %s --check-prefix=STUBBORN-OUT < %t/stubborn/out
// STUBBORN-OUT: tacos-run: error: interrupted by signal 15 again: mpirun and its ranks were killed

//--- signal.sh
#!/usr/bin/env bash
# signal.sh SIGNALS DIR MARKER COMMAND...: runs COMMAND in the background
# with TMPDIR=DIR/tmp, waits until its two ranks have started, sends it
# SIGNALS (comma-separated, half a second apart), and waits until no process
# whose command line holds MARKER is left and neither DIR/tmp nor /dev/shm
# holds anything of the run. Prints what it saw; kills what is left, by
# pid, if anything still is after 120 s.
set -u
signals=$1 dir=$2 marker=$3
shift 3
mkdir -p "$dir/tmp"
TMPDIR=$dir/tmp "$@" > "$dir/out" 2>&1 &
pid=$!

started() {
  ls "$dir"/tmp/tacos-run-*/results.txt.started.0 \
     "$dir"/tmp/tacos-run-*/results.txt.started.1 > /dev/null 2>&1
}
for _ in $(seq 1200); do
  started && break
  kill -0 $pid 2> /dev/null || break
  sleep 0.1
done
if ! started; then
  echo "the ranks did not start"
  cat "$dir/out"
fi
run=$(basename "$(ls -d "$dir"/tmp/tacos-run-* | head -1)")
segments=$(ls /dev/shm/"$run"-*/ 2> /dev/null | grep -c segment)
echo "ranks started; shared-memory segments in the run's directory: $segments"

first=1
for signal in ${signals//,/ }; do
  [ $first = 1 ] || sleep 0.5
  first=0
  kill -s "$signal" $pid 2> /dev/null
done
wait $pid
echo "exit $?"

# Processes of the run (not zombies); ps writes a file first, so that awk
# is not among them, and this script (and the subshell running this) has
# the marker in its command line too.
processes() {
  ps -eo pid=,stat=,args= > "$dir/ps"
  awk -v self=$$ -v subshell=$BASHPID -v marker="$marker" \
    '$1 != self && $1 != subshell && $2 !~ /^Z/ && index($0, marker)' "$dir/ps"
}
files() {
  ls -A "$dir/tmp"
  ls -d /dev/shm/"$run"-* 2> /dev/null
}
for _ in $(seq 1200); do
  [ -z "$(processes)" ] && [ -z "$(files)" ] && break
  sleep 0.1
done
left=$(processes)
echo "processes left: ${left:-none}"
left_files=$(files)
echo "files left: ${left_files:-none}"
# A failing run must not leave its ranks spinning on the machine.
[ -z "$left" ] || kill -KILL $(echo "$left" | awk '{print $1}') 2> /dev/null
exit 0

//--- stubborn-mpirun
#!/usr/bin/env bash
# Open MPI's mpirun under a shell that ignores SIGTERM and stays until it is
# killed: tacos-run's first SIGTERM to mpirun's group cannot end it.
trap '' TERM
MPIRUN "$@" &
wait
while :; do sleep 1; done

//--- pair.mlir
topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
coll.algorithm @ar all_reduce on @pair size(2 MB) time(42 us) {
  coll.transfer reduce 1 over 0 -> 1 at [0, 21000000]
  coll.transfer reduce 0 over 1 -> 0 at [0, 21000000]
  coll.transfer copy 1 over 1 -> 0 at [21000000, 42000000]
  coll.transfer copy 0 over 0 -> 1 at [21000000, 42000000]
}

//--- hang.mlir
// Every rank waits for a message from rank 0 that is never sent.
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
