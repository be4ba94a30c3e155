// RUN: tacos-opt %s -split-input-file --coll-synthesize=algorithm=exact -verify-diagnostics
// REQUIRES: z3

topo.network @big { topo.dims [ring(5) link(50 GBps, 1 us), ring(8) link(50 GBps, 1 us)] }
// expected-error @+1 {{coll-synthesize: exact synthesis takes at most 32 NPUs, not 40}}
coll.all_gather @ag on @big size(40 MB)

// -----

topo.network @split {
  topo.npus 4
  topo.link 0 <-> 1 link(50 GBps, 1 us)
  topo.link 2 <-> 3 link(50 GBps, 1 us)
}
// expected-error @+1 {{coll-synthesize: npu 0 cannot reach npu 2 (chunk 0)}}
coll.all_gather @ag on @split size(4 MB)
