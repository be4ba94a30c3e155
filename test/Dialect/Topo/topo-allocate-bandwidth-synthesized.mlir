// model=synthesized on a 64-NPU network: the search never loses to the
// analytic optimum, meets the constraints, and is deterministic.
// RUN: tacos-opt %s --topo-allocate-bandwidth="model=synthesized report=%t.perf.json" -o %t.perf.mlir
// RUN: %python %S/Inputs/check_synthesized_report.py %t.perf.json 300 | FileCheck %s --check-prefix=PROPS
// RUN: tacos-opt %s --topo-allocate-bandwidth="model=synthesized report=%t.again.json" -o %t.again.mlir
// RUN: diff %t.perf.json %t.again.json
// RUN: diff %t.perf.mlir %t.again.mlir
// The trials' thread count changes nothing.
// RUN: tacos-opt %s --topo-allocate-bandwidth="model=synthesized trials=2 threads=1 report=%t.t1.json" -o %t.t1.mlir
// RUN: tacos-opt %s --topo-allocate-bandwidth="model=synthesized trials=2 threads=2 report=%t.t2.json" -o %t.t2.mlir
// RUN: diff %t.t1.json %t.t2.json
// RUN: diff %t.t1.mlir %t.t2.mlir
// RUN: tacos-opt %s --topo-allocate-bandwidth="model=synthesized objective=perf-per-cost report=%t.cost.json" -o /dev/null
// RUN: %python %S/Inputs/check_synthesized_report.py %t.cost.json 300 | FileCheck %s --check-prefix=PROPS
// RUN: FileCheck %s --input-file=%t.perf.json --check-prefix=JSON
// RUN: FileCheck %s --input-file=%t.perf.mlir --check-prefix=IR
// The result is a network synthesis can run on directly.
// RUN: tacos-opt %t.perf.mlir | FileCheck %s --check-prefix=IR

// PROPS: synthesized report ok
// JSON:      "analytic_optimum": {
// JSON-NEXT:   "bandwidth_gbps": [
// JSON:        "model_time_ns":
// JSON:        "synthesized_time_ns":
// JSON:      "model": "synthesized",
// JSON:      "search_speedup":
// IR:        topo.dims [ring(4) link({{[0-9.]+}} GBps, 500 ns) tier(chip), fully_connected(4) link({{[0-9.]+}} GBps, 1 us) tier(node), switch(4) link({{[0-9.]+}} GBps, 2 us) tier(pod)]

topo.network @small {
  topo.dims [ring(4) link(?, 0.5 us) tier(chip), fully_connected(4) link(?, 1 us) tier(node),
             switch(4) link(?, 2 us) tier(pod)]
  topo.price tier(chip) link(2)
  topo.price tier(node) link(4) switch(13)
  topo.price tier(pod) link(7.8) switch(18) nic(31.6)
  topo.constraint sum == 300 GBps
}
coll.workload @tp on @small compute(100 us) {
  coll.all_reduce size(16 MiB) dims [0] count(4)
  coll.all_gather size(4 MiB) dims [0] count(2)
  coll.all_reduce size(8 MiB) dims [1, 2]
}
