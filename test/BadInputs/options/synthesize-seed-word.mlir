// seed is a number.
// RUN: %check-bad-input %s tacos-opt {} --coll-synthesize=seed=x
// EXPECT: option --seed: 'x' value invalid
topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.all_gather @ag on @n size(4 MB)
coll.all_reduce @ar on @n size(4 MB)
