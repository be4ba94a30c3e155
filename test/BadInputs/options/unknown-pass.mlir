// A textual pipeline naming a pass tacos does not have.
// RUN: %check-bad-input %s tacos-opt {} '--pass-pipeline=builtin.module(coll-nope)'
// EXPECT: option coll-nope: 'coll-nope' does not refer to a registered pass or pass pipeline
topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.all_gather @ag on @n size(4 MB)
coll.all_reduce @ar on @n size(4 MB)
