// A one-way ring of 3 GPUs: each sends its 3 chunks back to back, and the
// next forwards them the same way; places are contiguous, so each link
// carries one step of cnt=3 per direction of travel.
topo.network @ring3 { topo.npus 3  topo.link 0 -> 1 link(50 GBps, 1 us)  topo.link 1 -> 2 link(50 GBps, 1 us)  topo.link 2 -> 0 link(50 GBps, 1 us) }
coll.algorithm @ag_cnt3 all_gather on @ring3 size(900 B) chunks(3) time(6.012 us) {
  coll.transfer copy 0 over 0 -> 1 at [0, 1002000]
  coll.transfer copy 1 over 0 -> 1 at [1002000, 2004000]
  coll.transfer copy 2 over 0 -> 1 at [2004000, 3006000]
  coll.transfer copy 3 over 1 -> 2 at [0, 1002000]
  coll.transfer copy 4 over 1 -> 2 at [1002000, 2004000]
  coll.transfer copy 5 over 1 -> 2 at [2004000, 3006000]
  coll.transfer copy 6 over 2 -> 0 at [0, 1002000]
  coll.transfer copy 7 over 2 -> 0 at [1002000, 2004000]
  coll.transfer copy 8 over 2 -> 0 at [2004000, 3006000]
  coll.transfer copy 0 over 1 -> 2 at [3006000, 4008000]
  coll.transfer copy 1 over 1 -> 2 at [4008000, 5010000]
  coll.transfer copy 2 over 1 -> 2 at [5010000, 6012000]
  coll.transfer copy 3 over 2 -> 0 at [3006000, 4008000]
  coll.transfer copy 4 over 2 -> 0 at [4008000, 5010000]
  coll.transfer copy 5 over 2 -> 0 at [5010000, 6012000]
  coll.transfer copy 6 over 0 -> 1 at [3006000, 4008000]
  coll.transfer copy 7 over 0 -> 1 at [4008000, 5010000]
  coll.transfer copy 8 over 0 -> 1 at [5010000, 6012000]
}
