// RUN: tacos-opt %s | tacos-opt | FileCheck %s
// RUN: tacos-opt %s --emit-bytecode | tacos-opt | FileCheck %s
// RUN: tacos-opt %s --mlir-print-op-generic | tacos-opt | FileCheck %s

// Workloads (LIBRA): docs/Syntax.md, collective requests's example, groups, weights, attributes.
topo.network @libra3d {
  topo.dims [ring(16) link(?, 0.5 us) tier(package),
             fully_connected(8) link(?, 1 us) tier(node),
             switch(32) link(?, 2 us) tier(pod)]
}
// CHECK-LABEL: coll.workload @gpt3 on @libra3d compute(684.4 ms + 48.242 us) {
// CHECK-NEXT:    coll.all_reduce size(768 MiB) dims [0] count(8)
// CHECK-NEXT:    coll.all_gather size(48 MiB) dims [0] count(2)
// CHECK-NEXT:    coll.all_reduce size(432 MiB) dims [1, 2]
// CHECK-NEXT:  }
coll.workload @gpt3 on @libra3d compute(684448242 ns) {
  coll.all_reduce size(768 MiB) dims [0] count(8)        // TP collectives, dimension 0
  coll.all_gather size(48 MiB) dims [0] count(2)
  coll.all_reduce size(432 MiB) dims [1, 2] count(1)     // DP collective
}
// CHECK-LABEL: coll.workload @mixed on @libra3d compute(1.5 ms) weight(0.25) attributes {note = "x"} {
// CHECK-NEXT:    coll.reduce_scatter size(1 MiB) dims [2, 0] groups [4, 2]
// CHECK-NEXT:    coll.all_to_all size(4 MiB) dims [0, 1, 2] count(3)
// CHECK-NEXT:  }
coll.workload @mixed on @libra3d compute(1500 us) weight(0.25) attributes {note = "x"} {
  coll.reduce_scatter size(1 MiB) dims [2, 0] groups [4, 2]
  coll.all_to_all size(4 MiB) dims [0, 1, 2] count(3)
}
// CHECK-LABEL: coll.workload @idle on @libra3d compute(0 ps) {
// CHECK-NEXT:  }
coll.workload @idle on @libra3d compute(0 ns) {
}
// CHECK: attr = #coll.workload_collective<all_gather size(1 GiB) dims [1] count(2)>
topo.network @holder { topo.npus 1 {"attr" = #coll.workload_collective<all_gather size(1 GiB) dims [1] count(2)>} }
