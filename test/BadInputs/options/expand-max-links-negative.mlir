// max-links below the links of the network.
// RUN: %check-bad-input %s tacos-opt {} --topo-expand=max-links=-1
// EXPECT: 4:1: network has 8 directed links, more than max-links=-1 allows to expand
topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.all_gather @ag on @n size(4 MB)
coll.all_reduce @ar on @n size(4 MB)
