topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
topo.network @torus { topo.dims [ring(3) link(50 GBps, 1 us), ring(3) link(50 GBps, 1 us)] }
coll.all_reduce @ar_far on @ring4 group [0, 2] size(4 MB)
coll.all_gather @ag_row on @torus group [3, 4, 5] size(3 MB)
coll.broadcast @bc_row on @torus root(5) group [3, 4, 5] size(3 MB)
coll.reduce_scatter @rs_row on @torus group [3, 4, 5] size(3 MB)
coll.all_to_all @a2a_row on @torus group [3, 4, 5] size(3 MB)
