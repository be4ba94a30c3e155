// RUN: tacos-opt %s -split-input-file --coll-synthesize="algorithm=exact frontier=true" -verify-diagnostics
// REQUIRES: z3

// The frontier is SCCL's for non-combining collectives; a Reduce-Scatter
// would be the inverse of an All-Gather point (not done).
topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
// expected-error @+1 {{coll-synthesize: the frontier takes non-combining collectives (all_gather, broadcast, scatter, gather, all_to_all), not reduce_scatter}}
coll.reduce_scatter @rs on @ring4 size(4 MB)

// -----

topo.network @big { topo.dims [ring(5) link(50 GBps, 1 us), ring(4) link(50 GBps, 1 us)] }
// expected-error @+1 {{coll-synthesize: exact synthesis takes networks of at most 16 NPUs, not 20}}
coll.all_gather @ag on @big size(20 MB)

// -----

topo.network @split {
  topo.npus 4
  topo.link 0 <-> 1 link(50 GBps, 1 us)
  topo.link 2 <-> 3 link(50 GBps, 1 us)
}
// expected-error @+1 {{coll-synthesize: npu 0 cannot reach npu 2 (chunk 0)}}
coll.all_gather @ag on @split size(4 MB)

// -----

// A point's name must be free.
topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
topo.network @ag_s2_r3_c2 { topo.dims [ring(4) link(50 GBps, 1 us)] }
// expected-error @+1 {{coll-synthesize: frontier point @ag_s2_r3_c2 has the name of another symbol}}
coll.all_gather @ag on @ring4 size(4 MB)
