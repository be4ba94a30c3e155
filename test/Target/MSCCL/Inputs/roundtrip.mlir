// Networks beyond rings and tori for the import round trips: a switch
// (unwound before synthesis), a switch beside a slower direct link (two
// lanes of different speed), and an irregular network.
topo.network @switch4 { topo.dims [switch(4) link(90 GBps, 0.5 us)] }
topo.network @mixed {
  topo.npus 4
  topo.link 0 <-> 1 link(10 GBps, 1 us)
  topo.switch @nvs [0, 1, 2, 3] link(100 GBps, 0.5 us)
}
topo.network @irregular {
  topo.npus 5
  topo.link 0 <-> 1 link(50 GBps, 1 us)
  topo.link 1 <-> 2 link(25 GBps, 2 us)
  topo.link 2 <-> 3 link(50 GBps, 1 us)
  topo.link 3 <-> 0 link(100 GBps, 0.5 us)
  topo.link 1 -> 4 link(50 GBps, 1 us)
  topo.link 4 -> 3 link(50 GBps, 1 us)
}
coll.all_gather @ag_sw on @switch4 size(4 MB)
coll.reduce_scatter @rs_sw on @switch4 size(4 MB)
coll.all_reduce @ar_sw on @switch4 size(4 MB) chunks(2)
coll.all_to_all @a2a_sw on @switch4 size(4 MB)
coll.broadcast @bc_sw on @switch4 root(2) size(4 MB) chunks(2)
coll.reduce @rd_sw on @switch4 root(1) size(4 MB) chunks(2)
coll.gather @ga_sw on @switch4 root(0) size(4 MB)
coll.scatter @sc_sw on @switch4 root(3) size(4 MB)
coll.all_gather @ag_mixed on @mixed size(4 MB)
coll.all_reduce @ar_mixed on @mixed size(4 MB)
coll.all_gather @ag_irr on @irregular size(5 MB)
coll.reduce_scatter @rs_irr on @irregular size(5 MB)
coll.all_reduce @ar_irr on @irregular size(5 MB)
coll.all_to_all @a2a_irr on @irregular size(5 MB)
coll.broadcast @bc_irr on @irregular root(4) size(5 MB)
coll.reduce @rd_irr on @irregular root(0) size(5 MB)
coll.gather @ga_irr on @irregular root(2) size(5 MB)
coll.scatter @sc_irr on @irregular root(1) size(5 MB)
coll.all_reduce @ar_irr_group on @irregular group [0, 1, 2, 3] size(4 MB)
