// The frontier is the exact synthesizer's (SCCL's steps and rounds), not the
// default's.
// RUN: %check-bad-input %s tacos-opt {} --coll-synthesize=frontier=true
// EXPECT: option frontier: coll-synthesize: frontier=true needs algorithm=exact, not 'best'
topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.all_gather @ag on @n size(4 MB)
