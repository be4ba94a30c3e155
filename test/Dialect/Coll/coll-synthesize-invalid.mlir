// RUN: tacos-opt %s -split-input-file --coll-synthesize -verify-diagnostics
// RUN: not tacos-opt %s -split-input-file --coll-synthesize=algorithm=magic 2>&1 | FileCheck %s --check-prefix=ALGO
// RUN: not tacos-opt %s -split-input-file --coll-synthesize=latency=eager 2>&1 | FileCheck %s --check-prefix=LATENCY

// ALGO: unknown algorithm 'magic'; expected tacos, exact, ring, direct, rhd or dbt
// LATENCY: unknown latency model 'eager'; expected blocking or pipelined

topo.network @split {
  topo.npus 4
  topo.link 0 <-> 1 link(50 GBps, 1 us)
  topo.link 2 <-> 3 link(50 GBps, 1 us)
}
// expected-error @+1 {{coll-synthesize: npu 0 cannot reach npu 2 (chunk 0)}}
coll.all_gather @ag on @split size(4 MB)

// -----

topo.network @oneway {
  topo.npus 2
  topo.link 0 -> 1 link(50 GBps, 1 us)
}
// expected-error @+1 {{coll-synthesize: npu 1 cannot reach npu 0}}
coll.all_gather @ag on @oneway size(2 MB)

// -----

topo.network @sw { topo.dims [switch(4) link(50 GBps, 1 us)] }
// expected-error @+1 {{coll-synthesize: the network has switches; unwind them first (topo-unwind-switches)}}
coll.all_gather @ag on @sw size(4 MB)

// -----

topo.network @undecided { topo.dims [ring(4) link(?, 1 us)] }
// expected-error @+1 {{coll-synthesize: the network has undecided ('?') bandwidths}}
coll.all_gather @ag on @undecided size(4 MB)
