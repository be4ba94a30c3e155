// An error names its location and never prints the op under it unless asked
// (issue 10 item 18: a network or an algorithm can be megabytes of text).
// RUN: not tacos-opt %s --topo-allocate-bandwidth=objective=perf-per-cost 2>&1 | FileCheck %s
// RUN: not tacos-opt %s --topo-allocate-bandwidth=objective=perf-per-cost --mlir-print-op-on-diagnostic 2>&1 | FileCheck %s --check-prefix=ASKED

// CHECK: tacos-opt-diagnostics.mlir:[[@LINE+4]]:1: error: 'topo.network' op has no cost for objective=perf-per-cost
// CHECK-NOT: see current operation
// ASKED: has no cost for objective=perf-per-cost
// ASKED: see current operation
topo.network @n {
  topo.dims [ring(4) link(?, 1 us) tier(chip), ring(4) link(?, 1 us) tier(pod)]
  topo.price tier(chip) link(1)
  topo.constraint sum == 100 GBps
}
coll.workload @a on @n compute(1 ms) { coll.all_reduce size(1 MiB) dims [0, 1] }
