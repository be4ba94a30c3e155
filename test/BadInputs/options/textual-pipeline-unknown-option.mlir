// An option coll-synthesize does not have, in a textual pipeline.
// RUN: %check-bad-input %s tacos-opt {} '--pass-pipeline=builtin.module(coll-synthesize{bogus=1})'
// EXPECT: option bogus: no such option bogus
topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.all_gather @ag on @n size(4 MB)
