// model=synthesized within the resource limits (docs/ResourceLimits.md):
// chunk and trial counts out of range are refused (chunks as every request
// is, before its problem is built: -1 used to become 2^32 - 1 chunks); a
// synthesis that would not fit in max-memory= is refused with its
// estimate, and the search stops at timeout=.
// RUN: not tacos-opt %s --topo-allocate-bandwidth="model=synthesized chunks=0" 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: limits.mlir:[[@LINE+13]]:1: error: topo-allocate-bandwidth: @net cannot be sized with model=synthesized: synthesizing all_reduce: chunks must be at least 1, got 0
// RUN: not tacos-opt %s --topo-allocate-bandwidth="model=synthesized chunks=-1" 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: limits.mlir:[[@LINE+11]]:1: error: topo-allocate-bandwidth: @net cannot be sized with model=synthesized: synthesizing all_reduce: chunks must be at least 1, got -1
// RUN: not tacos-opt %s --topo-allocate-bandwidth="model=synthesized trials=4294967295" 2>&1 | FileCheck %s --check-prefix=TRIALS
// TRIALS: error: topo-allocate-bandwidth: trials must be at most 100000, got 4294967295
// 10^8 chunks per rank: 4 * 10^8 chunks on 4 NPUs.
// RUN: not tacos-opt %s --topo-allocate-bandwidth="model=synthesized chunks=100000000 max-memory=1GB" 2>&1 | FileCheck %s --check-prefix=MEMORY
// MEMORY: limits.mlir:[[@LINE+6]]:1: error: topo-allocate-bandwidth: @net cannot be sized with model=synthesized: synthesizing all_reduce: synthesizing this all_reduce with tacos needs about {{[0-9.]+}} {{[GT]}}B of memory ({{.*}}), more than max-memory=1 GB; use fewer chunks, fewer threads or materialize=none, or raise max-memory=
// RUN: not tacos-opt %s --topo-allocate-bandwidth="model=synthesized timeout=0.000001" 2>&1 | FileCheck %s --check-prefix=TIMEOUT
// TIMEOUT: limits.mlir:[[@LINE+4]]:1: error: topo-allocate-bandwidth: @net cannot be sized with model=synthesized: the search of model=synthesized did not finish within timeout=1e-06 s; raise timeout= (0: no limit)
// Within the limits, the same options size the network.
// RUN: tacos-opt %s --topo-allocate-bandwidth="model=synthesized max-memory=1GB timeout=600" | FileCheck %s --check-prefix=OK
// OK: topo.dims [ring(4) link({{[0-9.]+}} GBps, 1 us)
topo.network @net {
  topo.dims [ring(4) link(?, 1 us), ring(2) link(?, 1 us)]
  topo.constraint sum == 100 GBps
}
coll.workload @w on @net compute(1 ms) {
  coll.all_reduce size(1 GiB) dims [0]
  coll.all_gather size(64 MiB) dims [1]
}
