// RUN: tacos-opt %s -split-input-file --coll-synthesize -verify-diagnostics
// RUN: not tacos-opt %s -split-input-file --coll-synthesize=algorithm=magic 2>&1 | FileCheck %s --check-prefix=ALGO
// RUN: not tacos-opt %s -split-input-file --coll-synthesize=latency=eager 2>&1 | FileCheck %s --check-prefix=LATENCY
// RUN: not tacos-opt %s -split-input-file --coll-synthesize=trials=0 2>&1 | FileCheck %s --check-prefix=TRIALS

// ALGO: unknown algorithm 'magic'; expected tacos, exact, ring, direct, rhd, dbt, hierarchical or best
// LATENCY: unknown latency model 'eager'; expected blocking or pipelined
// TRIALS: coll-synthesize: trials must be at least 1, got 0

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

topo.network @undecided { topo.dims [ring(4) link(?, 1 us)] }
// expected-error @+1 {{coll-synthesize: the network has undecided ('?') bandwidths}}
coll.all_gather @ag on @undecided size(4 MB)

// -----

// 100 GB over 1 KBps links would run past the picosecond clock: refused up
// front on the request, not an overflow inside the synthesizer.
topo.network @slow { topo.dims [ring(4) link(1 KBps, 1 us)] }
// expected-error @+1 {{times may exceed the picosecond clock (2^62 ps, about 53 days): one chunk takes up to 2.5e+07 s on the slowest hop and a schedule up to 3e+08 s}}
coll.all_gather @ag on @slow size(100 GB)
