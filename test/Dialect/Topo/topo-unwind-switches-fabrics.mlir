// RUN: tacos-opt %s --topo-unwind-switches | FileCheck %s
// The unwound form reads back as the same networks:
// RUN: tacos-opt %s --topo-unwind-switches | tacos-opt --topo-summary -o /dev/null | FileCheck %s --check-prefix=COUNT
// and its records describe the hardware, per-port links included, so the
// report bounds an unwound fabric by the fabric's throughput bound:
// RUN: tacos-opt %s --topo-unwind-switches --coll-synthesize --coll-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT

// A leaf-spine fabric (docs/Algorithms.md, switch unwinding): leaves
// {0, 1} and {2, 3} with 100 GBps ports (0.5 us), two spines at 20 GBps
// (1 us) per leaf link, and a second port of NPU 3 on leaf0 at 10 GBps
// (1 us). Each pair takes its shortest routes (latency, then hops), split
// equally where they branch, and gets the least bandwidth / load on them:
// - 0 -> 2 crosses leaf0, a spine (half its unit each) and leaf1, 3 us.
//   Loads: 0's port 3 destinations, leaf0 -> each spine 2 halves = 1 (0
//   and 1 to 2; 3 is reached over its own port), each spine -> leaf1 1,
//   leaf1 -> 2 3 sources: min(100/3, 20, 20, 100/3) = 20 GBps;
// - 0 -> 3 goes 0 -> leaf0 -> 3 (1.5 us, not 3 us round the spines); the
//   10 GBps port carries 0 and 1: 5 GBps;
// - 2 -> 3 on leaf1, 1 us: leaf1 -> 3 carries only 2, 2's port 3
//   destinations: 100/3 GBps.
// CHECK-LABEL: topo.network @leafspine
// CHECK-NEXT: topo.npus 4
// CHECK-NEXT: topo.link 0 <-> 1 link(100 GBps / 3, 1 us) {via = "leaf0"}
// CHECK-NEXT: topo.link 0 <-> 2 link(20 GBps, 3 us) {via = "leaf0, leaf1, spine0, spine1"}
// CHECK-NEXT: topo.link 0 <-> 3 link(5 GBps, 1.5 us) {via = "leaf0"}
// CHECK-NEXT: topo.link 1 <-> 2 link(20 GBps, 3 us) {via = "leaf0, leaf1, spine0, spine1"}
// CHECK-NEXT: topo.link 1 <-> 3 link(5 GBps, 1.5 us) {via = "leaf0"}
// CHECK-NEXT: topo.link 2 <-> 3 link(100 GBps / 3, 1 us) {via = "leaf1"}
// The hardware, as written (lists, then the ports no list holds):
// CHECK-NEXT: topo.switch @leaf0 [0, 1] link(100 GBps, 500 ns) unwound
// CHECK-NEXT: topo.switch @leaf1 [2, 3] link(100 GBps, 500 ns) unwound
// CHECK-NEXT: topo.switch @spine0 [@leaf0, @leaf1] link(20 GBps, 1 us) unwound
// CHECK-NEXT: topo.switch @spine1 [@leaf0, @leaf1] link(20 GBps, 1 us) unwound
// CHECK-NEXT: topo.link 3 <-> @leaf0 link(10 GBps, 1 us)
// CHECK-NEXT: }
// COUNT-LABEL: network @leafspine
// COUNT-NEXT: NPUs 4
// COUNT-NEXT: directed links 12
// COUNT-NEXT: hop diameter 1
// COUNT-NEXT: latency diameter 2.5 us
topo.network @leafspine {
  topo.npus 4
  topo.switch @leaf0 [0, 1] link(100 GBps, 0.5 us)
  topo.switch @leaf1 [2, 3] link(100 GBps, 0.5 us)
  topo.switch @spine0 [@leaf0, @leaf1] link(20 GBps, 1 us)
  topo.switch @spine1 [@leaf0, @leaf1] link(20 GBps, 1 us)
  topo.link 3 <-> @leaf0 link(10 GBps, 1 us)
}

// The hardware bound of an All-Gather of 4 GB (1 GB per NPU): leaf0's side
// {0, 1, leaf0} holds 2 GB that 2 and 3 need, and 50 GBps leave it (the
// two spine links and NPU 3's port): 40 ms. Without the per-port link in
// the record it would be 2 GB / 40 GBps = 50 ms.
coll.all_gather @ag on @leafspine size(4 GB)
// REPORT-LABEL: algorithm @ag:
// REPORT: network switches unwound (the TACOS paper's model): the bounds above hold for it only; hardware throughput 40000.000 us

// One switch is the (k-1)-way split, as ever: 3 ports, 90 GBps / 2.
// CHECK-LABEL: topo.network @one
// CHECK-NEXT: topo.npus 3
// CHECK-NEXT: topo.link 0 <-> 1 link(45 GBps, 1 us) {via = "dim0_0"}
topo.network @one { topo.dims [switch(3) link(90 GBps, 0.5 us)] }

// Rails joined by a spine: [switch(2), switch(2)] with a spine over the two
// rails of dimension 1. The NVSwitches are fabrics of their own; the rails
// and the spine are one, which joins every GPU pair: 0 -> 3 goes 0 ->
// dim1_0 -> spine -> dim1_1 -> 3 (4 us). GPU 0's rail port carries its 3
// destinations (50/3 GBps), dim1_0 -> spine the 4 units {0, 2} -> {1, 3}
// (25 GBps): 50/3 GBps. 0 -> 1 has both fabrics: two parallel links.
// CHECK-LABEL: topo.network @rails
// CHECK-NEXT: topo.npus 4
// CHECK-NEXT: topo.link 0 <-> 1 link(300 GBps, 2 us) {via = "dim0_0"}
// CHECK-NEXT: topo.link 0 <-> 1 link(50 GBps / 3, 4 us) parallel {via = "dim1_0, dim1_1, spine"}
// CHECK-NEXT: topo.link 0 <-> 2 link(50 GBps / 3, 2 us) {via = "dim1_0"}
// CHECK-NEXT: topo.link 0 <-> 3 link(50 GBps / 3, 4 us) {via = "dim1_0, dim1_1, spine"}
// CHECK: topo.switch @spine [@dim1_0, @dim1_1] link(100 GBps, 1 us) unwound
topo.network @rails {
  topo.dims [switch(2) link(300 GBps, 1 us), switch(2) link(50 GBps, 1 us)]
  topo.switch @spine [@dim1_0, @dim1_1] link(100 GBps, 1 us)
}
