topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
// Chunk 1 never reaches NPU 1: coll-verify rejects it.
coll.algorithm @undelivered broadcast on @pair root(0) size(8 B) chunks(2) time(1.00008 us) {
  coll.transfer copy 0 over 0 -> 1 at [0, 1000080]
}
coll.all_reduce @lazy on @pair size(8 B)
