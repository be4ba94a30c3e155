topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
topo.network @ring2 { topo.dims [ring(2) link(50 GBps, 1 us)] }
coll.all_gather @ag on @ring4 size(4 MB)
coll.all_reduce @ar on @ring2 size(2 MB)
