// An emulated cluster of 4 hosts in a ring (tacos-run --emulate): every
// NPU a network namespace, every link a veth pair shaped at 100 Mbit/s
// each way. All-Gather and All-Reduce, synthesized by tacos, run under
// Open MPI on real data over the emulated links, every output element
// checked; the byte counter of each link direction carries at least what
// the schedules put there and no more than that with TCP's overheads.
// Correctness only: no time is checked. Then the same ring with a failed
// link (`topo.drop`), which the emulation leaves out. Nothing of the runs
// is left afterwards.
// REQUIRES: mpi, netns
// RUN: tacos-run %s -np 4 --emulate --emulate-prefix tcbt-ring- --baseline=false --iters 1 --elements 262144 --algorithm @ag --algorithm @ar | FileCheck %s
// CHECK: # hosts: NPU 0 on tcbt-ring-h0, NPU 1 on tcbt-ring-h1, NPU 2 on tcbt-ring-h2, NPU 3 on tcbt-ring-h3
// CHECK: @ag all_gather 4 262144 f32 {{.*}} ok
// CHECK: @ar all_reduce 4 262144 f32 {{.*}} ok
// CHECK: # emulated @ring4: 4 hosts, 0 switches, 4 wires, fastest 100 Mbit/s (the network's rates / 4000), no added latency; bytes of 2 calls of each algorithm
// CHECK-NEXT: # link Mbit/s predicted(B) measured(B) check
// CHECK-COUNT-8: {{^npu[0-3] -> npu[0-3] +100.000 +[1-9][0-9]+ +[1-9][0-9]+  ok$}}
// CHECK-NOT: FAIL
// RUN: ip netns list | not grep tcbt-ring-

// The failed link 0 <-> 1 is no wire: 3 wires, none between npu0 and npu1,
// and data between them goes round the other way.
// RUN: tacos-run %s -np 4 --emulate --emulate-prefix tcbt-line- --baseline=false --iters 1 --elements 262144 --algorithm @agline | FileCheck %s --check-prefix=LINE
// LINE: @agline all_gather 4 262144 f32 {{.*}} ok
// LINE: # emulated @line4: 4 hosts, 0 switches, 3 wires
// LINE-NOT: npu0 -> npu1
// LINE-NOT: npu1 -> npu0
// LINE-COUNT-6: {{^npu[0-3] -> npu[0-3] +100.000 +[1-9][0-9]+ +[1-9][0-9]+  ok$}}
// RUN: ip netns list | not grep tcbt-line-

topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.all_gather @ag on @ring4 size(4 MB) chunks(1)
coll.all_reduce @ar on @ring4 size(4 MB) chunks(1)

topo.network @line4 {
  topo.dims [ring(4) link(50 GBps, 1 us)]
  topo.drop 0 <-> 1
}
coll.all_gather @agline on @line4 size(4 MB) chunks(1)
