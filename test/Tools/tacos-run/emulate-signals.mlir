// tacos-run --emulate ended by a signal while its ranks run leaves no
// namespace (and so no veth, bridge or qdisc, which live inside them) and
// no process behind. SIGTERM: the clean stop, the namespaces deleted on
// the way out. SIGKILL: tacos-run's guardian, told of every namespace
// before it was made, deletes them.
//
// signal.sh starts the run with a rank that hangs (a fault for tests),
// waits until the ranks exist (processes named after the run's own copy
// of the rank driver, not a guess of how long that takes), sends the signal, then
// polls until nothing is left (at most 120 s).
// REQUIRES: mpi, netns
// RUN: rm -rf %t && split-file %s %t && chmod +x %t/signal.sh
// DEFINE: %{run} = tacos-run %t/ring.mlir -np 4 --elements 4096 --iters 1 --baseline=false --timeout 600 --emulate --test-rank-fault hang@1

// RUN: cp %tacos_build/bin/tacos-run-rank %t/trr-term
// RUN: %t/signal.sh TERM tcbt-sigterm- %t/trr-term %t/term.out %{run} --emulate-prefix tcbt-sigterm- --rank-driver %t/trr-term | FileCheck %s --check-prefix=TERM
// TERM: namespaces while running: 5
// TERM-NEXT: exit 143
// TERM-NEXT: namespaces left: none
// TERM-NEXT: processes left: none
// RUN: FileCheck %s --check-prefix=TERM-OUT < %t/term.out
// TERM-OUT: tacos-run: error: interrupted by signal 15; mpirun and its ranks were stopped

// RUN: cp %tacos_build/bin/tacos-run-rank %t/trr-kill
// RUN: %t/signal.sh KILL tcbt-sigkill- %t/trr-kill %t/kill.out %{run} --emulate-prefix tcbt-sigkill- --rank-driver %t/trr-kill | FileCheck %s --check-prefix=KILL
// KILL: namespaces while running: 5
// KILL-NEXT: exit 137
// KILL-NEXT: namespaces left: none
// KILL-NEXT: processes left: none

//--- signal.sh
#!/bin/sh
# signal.sh SIGNAL PREFIX DRIVER OUT COMMAND...
sig=$1 prefix=$2 driver=$3 out=$4
shift 4
"$@" > "$out" 2>&1 &
pid=$!
# The ranks are the processes named after the driver's copy.
name=$(basename "$driver")
tries=0
while [ "$(pgrep -xc "$name")" -lt 4 ]; do
  tries=$((tries + 1))
  if [ $tries -gt 1200 ]; then echo "the ranks never started"; kill -9 $pid; exit 1; fi
  sleep 0.1
done
echo "namespaces while running: $(ip netns list | grep -c "^$prefix")"
kill -$sig $pid
wait $pid
echo "exit $?"
tries=0
while { ip netns list | grep -q "^$prefix" || pgrep -x "$name" > /dev/null; } && [ $tries -lt 1200 ]; do
  tries=$((tries + 1))
  sleep 0.1
done
left=$(ip netns list | grep "^$prefix" | tr '\n' ' ')
echo "namespaces left: ${left:-none}"
processes=$(pgrep -x "$name" | tr '\n' ' ')
echo "processes left: ${processes:-none}"

//--- ring.mlir
topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.all_gather @ag on @ring4 size(16 KB) chunks(1)
