// RUN: tacos-translate --export-dot --algorithm=@ag %s | FileCheck %s
// RUN: tacos-opt %s --coll-materialize=form=packed | tacos-translate --export-dot --algorithm=@ag | FileCheck %s

// Utilization = time a link carries at least one transfer / algorithm time,
// averaged over parallel links: 0 -> 1 lane 0 is busy 60 us (overlapping
// transfers count once), lane 1 20 us, so the edge is (60 + 20) / 200 = 40%.
topo.network @net {
  topo.npus 3
  topo.link 0 <-> 1 link(50 GBps, 1 us)
  topo.link 0 <-> 1 link(50 GBps, 1 us) parallel
  topo.link 1 <-> 2 link(50 GBps, 1 us)
}
coll.algorithm @ag all_gather on @net size(3 MB) time(100 us) latency(pipelined) {
  coll.transfer copy 0 over 0 -> 1 at [0, 40000000]
  coll.transfer copy 0 over 0 -> 1 lane 1 at [0, 20000000]
  coll.transfer copy 0 over 0 -> 1 at [20000000, 60000000]
  coll.transfer copy 1 over 1 -> 2 at [0, 100000000]
  coll.transfer copy 2 over 2 -> 1 at [0, 19000000]
}

// CHECK-LABEL: digraph "net" {
// CHECK-NEXT:    label="@ag on @net";
// CHECK-NEXT:    node [shape=box];
// CHECK-NEXT:    n0 [label="0"];
// CHECK-NEXT:    n1 [label="1"];
// CHECK-NEXT:    n2 [label="2"];
// CHECK-NEXT:    n0 -> n1 [label="2 links, 40%", color="#fd8d3c", penwidth=2.60];
// CHECK-NEXT:    n1 -> n0 [label="2 links, 0%", color="#bdbdbd", style=dashed];
// CHECK-NEXT:    n1 -> n2 [label="100%", color="#bd0026", penwidth=5.00];
// CHECK-NEXT:    n2 -> n1 [label="19%", color="#ffffb2", penwidth=1.76];
// CHECK-NEXT:    subgraph cluster_legend {
// CHECK-NEXT:      label="link utilization (busy time / algorithm time)";
// CHECK-NEXT:      legend [shape=plaintext, label=<<table border="0" cellborder="1" cellspacing="0"><tr><td bgcolor="#bdbdbd">idle (dashed)</td></tr><tr><td bgcolor="#ffffb2">0-19%</td></tr><tr><td bgcolor="#fecc5c">20-39%</td></tr><tr><td bgcolor="#fd8d3c">40-59%</td></tr><tr><td bgcolor="#f03b20">60-79%</td></tr><tr><td bgcolor="#bd0026">80-100%</td></tr></table>>];
// CHECK-NEXT:    }
// CHECK-NEXT:  }
