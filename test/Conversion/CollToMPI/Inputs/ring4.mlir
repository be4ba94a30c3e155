topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.all_reduce @all_reduce on @ring4 size(4 MB)
coll.all_gather @all_gather on @ring4 size(4 MB)
coll.reduce_scatter @reduce_scatter on @ring4 size(4 MB)
coll.all_to_all @all_to_all on @ring4 size(4 MB)
coll.broadcast @broadcast on @ring4 root(0) size(4 MB)
