topo.network @ring8 { topo.dims [ring(8) link(50 GBps, 1 us)] }
coll.all_reduce @ar on @ring8 size(8 MB)
coll.all_to_all @a2a on @ring8 size(8 MB)
coll.reduce_scatter @rs on @ring8 size(8 MB)
