module {
  topo.network @libra3d {
    topo.dims [ring(16) link(?, 1 us) tier(InterPackage), fully_connected(8) link(?, 1 us) tier(InterNode), switch(32) link(?, 1 us) tier(InterPod)]
    topo.price tier(InterPackage) link(4.00001) switch(13.00001)
    topo.price tier(InterNode) link(4.00002) switch(13.00002)
    topo.price tier(InterPod) link(7.80003) switch(18.00003) nic(31.60003)
    topo.constraint sum == 500 GBps
  }
  coll.workload @ResNet_50 on @libra3d compute(1.095314 ms) {
    coll.all_reduce size(51005824 B) dims [0, 1, 2]
  }
}
