topo.network @slow { topo.dims [ring(3) link(3 KBps, 1 us)] }
coll.all_gather @ag on @slow size(1 GB)
