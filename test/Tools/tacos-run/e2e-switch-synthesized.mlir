// Requests on a switch network with no routes given: tacos-run synthesizes
// them on the switches as nodes (not unwound), so the algorithms it runs
// route their transfers through the switches (`via`), and the MPI lowering
// runs them on real data, every element checked. Two nodes of two NPUs,
// an NVSwitch per node, and every NPU's NIC on one IB switch.
// REQUIRES: mpi
// RUN: tacos-run %s -np 4 --iters 1 --baseline=false --synthesized-output=%t.best.mlir | FileCheck %s
// RUN: FileCheck %s --input-file=%t.best.mlir --check-prefix=ROUTED
// RUN: not grep -E -- '-> [0-9]+ at \[' %t.best.mlir
// RUN: tacos-run %s -np 4 --iters 1 --baseline=false --synthesize=tacos --synthesized-output=%t.tacos.mlir | FileCheck %s
// RUN: FileCheck %s --input-file=%t.tacos.mlir --check-prefix=ROUTED
// RUN: not grep -E -- '-> [0-9]+ at \[' %t.tacos.mlir
// CHECK: @ag all_gather 4 {{.*}} ok
// CHECK: @ar all_reduce 4 {{.*}} ok
// CHECK: @rs reduce_scatter 4 {{.*}} ok
// CHECK: @bc broadcast 4 {{.*}} ok
// CHECK-NOT: FAIL

// The network keeps its switches and gains no point-to-point link; each
// algorithm moves its chunks within a node through its NVSwitch and
// between nodes through the IB switch, and never over a link of its own.
// ROUTED:      topo.network @dgx2x2 {
// ROUTED-NEXT:   topo.npus 4
// ROUTED-NEXT:   topo.switch @nvs0 [0, 1]
// ROUTED-NEXT:   topo.switch @nvs1 [2, 3]
// ROUTED-NEXT:   topo.switch @ib [0, 1, 2, 3]
// ROUTED-NEXT: }
// ROUTED-NOT:  topo.link
// ROUTED:      coll.algorithm @ag all_gather
// ROUTED-DAG:  over 0 -> 1 via @nvs0 at
// ROUTED-DAG:  via @ib at
// ROUTED:      coll.algorithm @ar all_reduce
// ROUTED-DAG:  reduce {{[0-9]+}} over {{[0-9]}} -> {{[0-9]}} via @ib at
// ROUTED-DAG:  copy {{[0-9]+}} over {{[0-9]}} -> {{[0-9]}} via @nvs1 at
// ROUTED:      coll.algorithm @rs reduce_scatter
// ROUTED-DAG:  reduce {{[0-9]+}} over {{[0-9]}} -> {{[0-9]}} via @ib at
// ROUTED:      coll.algorithm @bc broadcast
// ROUTED-DAG:  copy {{[0-9]+}} over 1 -> {{[0-9]}} via @ib at

topo.network @dgx2x2 {
  topo.npus 4
  topo.switch @nvs0 [0, 1] link(100 GBps, 500 ns)
  topo.switch @nvs1 [2, 3] link(100 GBps, 500 ns)
  topo.switch @ib [0, 1, 2, 3] link(25 GBps, 2 us)
}
coll.all_gather @ag on @dgx2x2 size(4 MiB)
coll.all_reduce @ar on @dgx2x2 size(4 MiB)
coll.reduce_scatter @rs on @dgx2x2 size(4 MiB)
coll.broadcast @bc on @dgx2x2 root(1) size(4 MiB)
