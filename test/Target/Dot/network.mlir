// RUN: tacos-translate --export-dot %s --split-input-file | FileCheck %s

// A product of dims: ring links are plain edges, a switch dimension's
// switches are filled diamonds named after their dimension.
topo.network @torus {
  topo.dims [ring(3) link(50 GBps, 1 us), switch(2) link(25 GBps, 1 us)]
}

// CHECK-LABEL: digraph "torus" {
// CHECK-NEXT:    node [shape=box];
// CHECK-NEXT:    n0 [label="0"];
// CHECK:         n5 [label="5"];
// CHECK-NEXT:    n6 [shape=diamond, style=filled, fillcolor="#dddddd", label="dim1_0"];
// CHECK-NEXT:    n7 [shape=diamond, style=filled, fillcolor="#dddddd", label="dim1_1"];
// CHECK-NEXT:    n8 [shape=diamond, style=filled, fillcolor="#dddddd", label="dim1_2"];
// CHECK-NEXT:    n0 -> n1 [label=""];
// CHECK-NEXT:    n0 -> n2 [label=""];
// CHECK-NEXT:    n0 -> n6 [label=""];
// CHECK:         n8 -> n5 [label=""];
// CHECK-NEXT:  }

// -----

// Explicit links: three links 0 -> 1 and two 1 -> 0 are one edge each with
// a count; named and unnamed switches.
topo.network @mixed {
  topo.npus 4
  topo.link 0 <-> 1 link(50 GBps, 1 us)
  topo.link 0 <-> 1 link(50 GBps, 1 us) parallel
  topo.link 0 -> 1 link(50 GBps, 1 us) parallel
  topo.switch @"nv\"s" [1, 2, 3] link(25 GBps, 1 us)
  topo.switch [0, 3] link(25 GBps, 1 us)
}

// CHECK-LABEL: digraph "mixed" {
// CHECK-NEXT:    node [shape=box];
// CHECK-NEXT:    n0 [label="0"];
// CHECK-NEXT:    n1 [label="1"];
// CHECK-NEXT:    n2 [label="2"];
// CHECK-NEXT:    n3 [label="3"];
// CHECK-NEXT:    n4 [shape=diamond, style=filled, fillcolor="#dddddd", label="nv\"s"];
// CHECK-NEXT:    n5 [shape=diamond, style=filled, fillcolor="#dddddd", label="switch 1"];
// CHECK-NEXT:    n0 -> n1 [label="3 links"];
// CHECK-NEXT:    n0 -> n5 [label=""];
// CHECK-NEXT:    n1 -> n0 [label="2 links"];
// CHECK-NEXT:    n1 -> n4 [label=""];
// CHECK-NEXT:    n2 -> n4 [label=""];
// CHECK-NEXT:    n3 -> n4 [label=""];
// CHECK-NEXT:    n3 -> n5 [label=""];
// CHECK-NEXT:    n4 -> n1 [label=""];
// CHECK-NEXT:    n4 -> n2 [label=""];
// CHECK-NEXT:    n4 -> n3 [label=""];
// CHECK-NEXT:    n5 -> n0 [label=""];
// CHECK-NEXT:    n5 -> n3 [label=""];
// CHECK-NEXT:  }

// -----

// Several networks: a cluster each, node ids prefixed by the network's index.
topo.network @a { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
topo.network @b { topo.npus 2  topo.link 0 -> 1 link(50 GBps, 1 us) }

// CHECK-LABEL: digraph networks {
// CHECK-NEXT:    node [shape=box];
// CHECK-NEXT:    subgraph cluster_0 {
// CHECK-NEXT:      label="@a";
// CHECK-NEXT:      g0n0 [label="0"];
// CHECK-NEXT:      g0n1 [label="1"];
// CHECK-NEXT:      g0n0 -> g0n1 [label=""];
// CHECK-NEXT:      g0n1 -> g0n0 [label=""];
// CHECK-NEXT:    }
// CHECK-NEXT:    subgraph cluster_1 {
// CHECK-NEXT:      label="@b";
// CHECK-NEXT:      g1n0 [label="0"];
// CHECK-NEXT:      g1n1 [label="1"];
// CHECK-NEXT:      g1n0 -> g1n1 [label=""];
// CHECK-NEXT:    }
// CHECK-NEXT:  }
