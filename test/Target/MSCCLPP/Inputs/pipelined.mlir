topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
coll.algorithm @bc broadcast on @pair root(0) size(8 B) chunks(2) time(1.00016 us) latency(pipelined) {
  coll.transfer copy 0 over 0 -> 1 at [0, 1000080]
  coll.transfer copy 1 over 0 -> 1 at [80, 1000160]
}
