// RUN: tacos-translate --export-dot %s | FileCheck %s

// A leaf-spine fabric: every switch is a node (a filled diamond), the
// switch-to-switch links are edges between them, and NPU 3's second port
// (on the spine) is an edge of its own.
topo.network @leafspine {
  topo.npus 4
  topo.switch @leaf0 [0, 1] link(100 GBps, 0.5 us)
  topo.switch @leaf1 [2, 3] link(100 GBps, 0.5 us)
  topo.switch @spine [@leaf0, @leaf1] link(200 GBps, 1 us)
  topo.link 3 <-> @spine link(25 GBps, 2 us)
  topo.link @leaf1 <-> @spine link(200 GBps, 1 us) parallel
}

// CHECK-LABEL: digraph "leafspine" {
// CHECK:         n3 [label="3"];
// CHECK-NEXT:    n4 [shape=diamond, style=filled, fillcolor="#dddddd", label="leaf0"];
// CHECK-NEXT:    n5 [shape=diamond, style=filled, fillcolor="#dddddd", label="leaf1"];
// CHECK-NEXT:    n6 [shape=diamond, style=filled, fillcolor="#dddddd", label="spine"];
// CHECK:         n3 -> n5 [label=""];
// CHECK-NEXT:    n3 -> n6 [label=""];
// CHECK:         n4 -> n6 [label=""];
// CHECK:         n5 -> n6 [label="2 links"];
// CHECK-NEXT:    n6 -> n3 [label=""];
// CHECK-NEXT:    n6 -> n4 [label=""];
// CHECK-NEXT:    n6 -> n5 [label="2 links"];
// CHECK-NEXT:  }
