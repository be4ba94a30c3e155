topo.network @irr { topo.npus 5  topo.link 0 <-> 1 link(50 GBps, 1 us) topo.link 1 <-> 2 link(25 GBps, 1 us) topo.link 2 <-> 3 link(50 GBps, 2 us) topo.link 3 <-> 4 link(50 GBps, 1 us) topo.link 1 <-> 4 link(10 GBps, 1 us) }
topo.network @sw { topo.dims [switch(4) link(50 GBps, 1 us)] }
coll.all_reduce @ar_irr on @irr size(5 MB)
coll.all_to_all @a2a_irr on @irr size(5 MB)
coll.reduce_scatter @rs_irr on @irr size(5 MB) chunks(2)
coll.gather @ga_irr on @irr root(2) size(5 MB)
coll.all_reduce @ar_sw on @sw size(4 MB)
coll.scatter @sc_sw on @sw root(1) size(4 MB)
