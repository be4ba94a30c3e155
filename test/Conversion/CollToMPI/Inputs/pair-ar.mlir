topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
coll.algorithm @ar all_reduce on @pair size(8 B) time(2.00016 us) {
  coll.transfer reduce 1 over 0 -> 1 at [0, 1000080]
  coll.transfer reduce 0 over 1 -> 0 at [0, 1000080]
  coll.transfer copy 1 over 1 -> 0 at [1000080, 2000160]
  coll.transfer copy 0 over 0 -> 1 at [1000080, 2000160]
}
