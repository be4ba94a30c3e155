// RUN: tacos-opt %s --topo-expand | FileCheck %s
// The expanded form describes the same networks (counts rebuilt from it):
// RUN: tacos-opt %s --topo-summary -o /dev/null | FileCheck %s --check-prefix=COUNT
// RUN: tacos-opt %s --topo-expand | tacos-opt --topo-summary -o /dev/null | FileCheck %s --check-prefix=COUNT
// and expanding is idempotent:
// RUN: tacos-opt %s --topo-expand | tacos-opt --topo-expand | FileCheck %s

// Switch fabrics (docs/Syntax.md, switch fabrics). Every port is written
// once: a switch lists the ports that have the spec most of its ports
// have; a switch pair goes in the list of the later switch, or of the
// earlier one if only its spec fits; every other port is a topo.link. So
// the link leaf1 <-> spine1, which has spine1's spec, moves into its list.
// CHECK-LABEL: topo.network @leafspine
// CHECK-NEXT: topo.npus 4
// CHECK-NEXT: topo.switch @spine0 [@leaf0, @leaf1] link(50 GBps, 1 us)
// CHECK-NEXT: topo.switch @leaf0 [0, 1] link(100 GBps, 500 ns)
// CHECK-NEXT: topo.switch @leaf1 [2, 3] link(100 GBps, 500 ns)
// CHECK-NEXT: topo.switch @spine1 [@leaf0, @leaf1] link(50 GBps, 1 us)
// CHECK-NEXT: topo.link 3 <-> @spine1 link(25 GBps, 2 us)
// CHECK-NEXT: }
// COUNT-LABEL: network @leafspine
// COUNT-NEXT: NPUs 4
// COUNT-NEXT: switches 4
// COUNT-NEXT: switch-switch links 8
// COUNT-NEXT: directed links 18
// COUNT-NEXT: hop diameter 4
// COUNT-NEXT: latency diameter 3 us
// COUNT-NEXT: ingress per NPU 100 GBps .. 125 GBps
topo.network @leafspine {
  topo.npus 4
  topo.switch @spine0 [@leaf0, @leaf1] link(50 GBps, 1 us)
  topo.switch @leaf0 [0, 1] link(100 GBps, 0.5 us)
  topo.switch @leaf1 [2, 3] link(100 GBps, 0.5 us)
  topo.switch @spine1 [@leaf0] link(50 GBps, 1 us)
  topo.link 3 <-> @spine1 link(25 GBps, 2 us)
  topo.link @leaf1 <-> @spine1 link(50 GBps, 1 us)
}

// A switch pair whose spec fits neither switch stays a link, and so does
// a one-way parallel link.
// CHECK-LABEL: topo.network @odd
// CHECK-NEXT: topo.npus 4
// CHECK-NEXT: topo.switch @a [0, 1] link(100 GBps, 1 us)
// CHECK-NEXT: topo.switch @b [2, 3] link(100 GBps, 1 us)
// CHECK-NEXT: topo.link @a <-> @b link(40 GBps, 1 us)
// CHECK-NEXT: topo.link @b -> @a link(10 GBps, 1 us) parallel
// CHECK-NEXT: }
topo.network @odd {
  topo.npus 4
  topo.switch @a [0, 1] link(100 GBps, 1 us)
  topo.switch @b [2, 3] link(100 GBps, 1 us)
  topo.link @a <-> @b link(40 GBps, 1 us)
  topo.link @b -> @a link(10 GBps, 1 us) parallel
}
// COUNT-LABEL: network @odd
// COUNT-NEXT: NPUs 4
// COUNT-NEXT: switches 2
// COUNT-NEXT: switch-switch links 3

// Rails from topo.dims, a spine over them by their dimD_R names, and an
// unnamed switch that names one of them.
// CHECK-LABEL: topo.network @rails
// CHECK-NEXT: topo.npus 4
// CHECK-NEXT: topo.switch @dim0_0 [0, 1] link(300 GBps, 1 us)
// CHECK-NEXT: topo.switch @dim0_1 [2, 3] link(300 GBps, 1 us)
// CHECK-NEXT: topo.switch @dim1_0 [0, 2] link(50 GBps, 2 us)
// CHECK-NEXT: topo.switch @dim1_1 [1, 3] link(50 GBps, 2 us)
// CHECK-NEXT: topo.switch @spine [@dim1_0, @dim1_1] link(100 GBps, 1 us)
// CHECK-NEXT: topo.switch [0, 3, @dim0_0] link(5 GBps, 1 us)
// CHECK-NEXT: }
// COUNT-LABEL: network @rails
// COUNT-NEXT: NPUs 4
// COUNT-NEXT: switches 6
// COUNT-NEXT: switch-switch links 6
topo.network @rails {
  topo.dims [switch(2) link(300 GBps, 1 us), switch(2) link(50 GBps, 2 us)]
  topo.switch @spine [@dim1_0, @dim1_1] link(100 GBps, 1 us)
  topo.switch [0, 3, @dim0_0] link(5 GBps, 1 us)
}
