// RUN: tacos-opt %s --topo-unwind-switches | FileCheck %s
// RUN: tacos-opt %s --topo-unwind-switches --topo-summary -o /dev/null | FileCheck %s --check-prefix=COUNT
// The output reads back as the same networks.
// RUN: tacos-opt %s --topo-unwind-switches | tacos-opt --topo-summary -o /dev/null | FileCheck %s --check-prefix=COUNT
// Unwound switch networks synthesize like any other; on one switch the
// All-Gather reaches the bound of the unwound model.
// RUN: tacos-opt %s --topo-unwind-switches --tacos-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=SYNTH

// Port bandwidth 90 GBps shared by 2 peers: 45 GBps each; 0.5 + 0.5 us.
// CHECK-LABEL: topo.network @node
// CHECK-NEXT: topo.npus 3
// CHECK-NEXT: topo.link 0 <-> 1 link(45 GBps, 1 us) {via = "dim0_0"}
// CHECK-NEXT: topo.link 0 <-> 2 link(45 GBps, 1 us) {via = "dim0_0"}
// CHECK-NEXT: topo.link 1 <-> 2 link(45 GBps, 1 us) {via = "dim0_0"}
// CHECK-NEXT: topo.switch @dim0_0 [0, 1, 2] link(90 GBps, 500 ns) unwound
// CHECK-NEXT: }
// COUNT-LABEL: network @node
// COUNT-NEXT: NPUs 3
// COUNT-NEXT: directed links 6
// COUNT-NEXT: hop diameter 1
// COUNT-NEXT: latency diameter 1 us
// COUNT-NEXT: ingress per NPU 90 GBps
topo.network @node { topo.dims [switch(3) link(90 GBps, 0.5 us)] }

// Explicit switches keep their name; a direct link next to a switch path
// becomes a parallel link; ports of different speed take the slower side.
// CHECK-LABEL: topo.network @mixed
// CHECK-NEXT: topo.npus 4
// CHECK-NEXT: topo.link 0 <-> 1 link(10 GBps, 1 us)
// CHECK-NEXT: topo.link 0 <-> 1 link(50 GBps, 1 us) parallel {via = "nvs"}
// CHECK-NEXT: topo.link 0 <-> 2 link(50 GBps, 1 us) {via = "nvs"}
// CHECK-NEXT: topo.link 1 <-> 2 link(50 GBps, 1 us) {via = "nvs"}
// CHECK-NEXT: topo.link 2 <-> 3 link(10 GBps, 1 us)
// CHECK-NEXT: topo.switch @nvs [0, 1, 2] link(100 GBps, 500 ns) unwound
// CHECK-NEXT: }
topo.network @mixed {
  topo.npus 4
  topo.link 0 <-> 1 link(10 GBps, 1 us)
  topo.link 2 <-> 3 link(10 GBps, 1 us)
  topo.switch @nvs [0, 1, 2] link(100 GBps, 0.5 us)
}

// One-way links of different specs in both directions next to a switch: the
// one-way link 2 -> 1 parallels the `1 <-> 2` written before it.
// CHECK-LABEL: topo.network @oneway
// CHECK-NEXT: topo.npus 3
// CHECK-NEXT: topo.link 0 <-> 1 link(49 GBps, 2 us) {via = "sw"}
// CHECK-NEXT: topo.link 0 <-> 2 link(49 GBps, 2 us) {via = "sw"}
// CHECK-NEXT: topo.link 1 -> 2 link(67 GBps, 1 us)
// CHECK-NEXT: topo.link 1 <-> 2 link(49 GBps, 2 us) parallel {via = "sw"}
// CHECK-NEXT: topo.link 2 -> 1 link(87 GBps, 1 us) parallel
// CHECK-NEXT: topo.switch @sw [0, 1, 2] link(98 GBps, 1 us) unwound
// CHECK-NEXT: }
// COUNT-LABEL: network @oneway
// COUNT-NEXT: NPUs 3
// COUNT-NEXT: directed links 8
topo.network @oneway {
  topo.npus 3
  topo.link 1 -> 2 link(67 GBps, 1 us)
  topo.link 2 -> 1 link(87 GBps, 1 us)
  topo.switch @sw [0, 1, 2] link(98 GBps, 1 us)
}

// Two switch dimensions: 4 switches of 8 ports, 8 of 4.
// COUNT-LABEL: network @pod
// COUNT-NEXT: NPUs 32
// COUNT-NEXT: directed links 320
topo.network @pod { topo.dims [switch(8) link(450 GBps, 0.7 us), switch(4) link(50 GBps, 2 us) tier(pod)] }

// And a ring of switches.
// COUNT-LABEL: network @ringsw
// COUNT-NEXT: NPUs 16
// COUNT-NEXT: directed links 80
topo.network @ringsw { topo.dims [ring(4) link(100 GBps, 1 us), switch(4) link(50 GBps, 2 us)] }

// A port's share prints as the share it is (exact and readable), not as
// 59.87073693956648 GiBps.
// CHECK-LABEL: topo.network @eight
// CHECK-NEXT: topo.npus 8
// CHECK-NEXT: topo.link 0 <-> 1 link(450 GBps / 7, 1.4 us) {via = "dim0_0"}
coll.all_gather @ag8 on @eight size(8 MB)
topo.network @eight { topo.dims [switch(8) link(450 GBps, 0.7 us)] }

// SYNTH-LABEL: algorithm @ag8: all_gather, 8 NPUs
// SYNTH: lower bound {{.*}} (ratio 1.0000;
