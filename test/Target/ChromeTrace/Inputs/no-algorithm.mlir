topo.network @ring4 {
  topo.dims [ring(4) link(50 GBps, 1 us)]
}
coll.all_gather @ag on @ring4 size(4 MB)
