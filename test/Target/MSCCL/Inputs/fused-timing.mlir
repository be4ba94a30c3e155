// Fused exports whose importer time must equal the original's: a
// bidirectional ring and tori as tacos synthesizes them, where a chunk often
// leaves a GPU over two links at once, and a one-way ring All-Reduce written
// by hand, where each completed sum is kept and forwarded (rrcs).
topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
topo.network @ring8 { topo.dims [ring(8) link(50 GBps, 1 us)] }
topo.network @torus4x4 { topo.dims [ring(4) link(50 GBps, 1 us), ring(4) link(50 GBps, 1 us)] }
topo.network @torus3x3 { topo.dims [ring(3) link(50 GBps, 1 us), ring(3) link(50 GBps, 1 us)] }
coll.all_reduce @ar_ring4 on @ring4 size(4 MB)
coll.all_reduce @ar_ring8 on @ring8 size(4 MB)
coll.all_gather @ag_torus4x4 on @torus4x4 size(4 MB)
coll.all_gather @ag_torus3x3 on @torus3x3 size(4 MB)
coll.all_to_all @a2a_torus3x3 on @torus3x3 size(4 MB)
topo.network @oneway3 { topo.npus 3  topo.link 0 -> 1 link(50 GBps, 1 us)  topo.link 1 -> 2 link(50 GBps, 1 us)  topo.link 2 -> 0 link(50 GBps, 1 us) }
coll.algorithm @ar_oneway3 all_reduce on @oneway3 size(300 B) time(4.008 us) {
  coll.transfer reduce 0 over 0 -> 1 at [0, 1002000]
  coll.transfer reduce 1 over 1 -> 2 at [0, 1002000]
  coll.transfer reduce 2 over 2 -> 0 at [0, 1002000]
  coll.transfer reduce 0 over 1 -> 2 at [1002000, 2004000]
  coll.transfer reduce 1 over 2 -> 0 at [1002000, 2004000]
  coll.transfer reduce 2 over 0 -> 1 at [1002000, 2004000]
  coll.transfer copy 0 over 2 -> 0 at [2004000, 3006000]
  coll.transfer copy 1 over 0 -> 1 at [2004000, 3006000]
  coll.transfer copy 2 over 1 -> 2 at [2004000, 3006000]
  coll.transfer copy 0 over 0 -> 1 at [3006000, 4008000]
  coll.transfer copy 1 over 1 -> 2 at [3006000, 4008000]
  coll.transfer copy 2 over 2 -> 0 at [3006000, 4008000]
}
