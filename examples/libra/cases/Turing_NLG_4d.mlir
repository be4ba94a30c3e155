module {
  topo.network @libra4d {
    topo.dims [ring(4) link(?, 1 us) tier(InterChiplet), fully_connected(8) link(?, 1 us) tier(InterPackage), ring(4) link(?, 1 us) tier(InterNode), switch(32) link(?, 1 us) tier(InterPod)]
    topo.price tier(InterChiplet) link(2.00001)
    topo.price tier(InterPackage) link(4.00002) switch(13.00002)
    topo.price tier(InterNode) link(4.00003) switch(13.00003)
    topo.price tier(InterPod) link(7.80004) switch(18.00004) nic(31.60004)
    topo.constraint sum == 500 GBps
  }
  coll.workload @Turing_NLG on @libra4d compute(327.1 ms + 48.662 us) {
    coll.all_reduce size(849072 KiB) dims [0, 1, 2, 3]
  }
}
