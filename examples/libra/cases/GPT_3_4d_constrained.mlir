module {
  topo.network @libra4d {
    topo.dims [ring(4) link(?, 1 us) tier(InterChiplet), fully_connected(8) link(?, 1 us) tier(InterPackage), ring(4) link(?, 1 us) tier(InterNode), switch(32) link(?, 1 us) tier(InterPod)]
    topo.price tier(InterChiplet) link(2.00001)
    topo.price tier(InterPackage) link(4.00002) switch(13.00002)
    topo.price tier(InterNode) link(4.00003) switch(13.00003)
    topo.price tier(InterPod) link(7.80004) switch(18.00004) nic(31.60004)
    topo.constraint sum == 1000 GBps
    topo.constraint bw(0) == 500 GBps
    topo.constraint bw(0) >= bw(1)
    topo.constraint bw(1) >= bw(2)
    topo.constraint bw(2) + bw(3) == 200 GBps
  }
  coll.workload @GPT_3 on @libra4d compute(684.4 ms + 48.242 us) {
    coll.all_reduce size(768 MiB) dims [0, 1] groups [4, 4] count(8)
    coll.all_gather size(768 MiB) dims [0, 1] groups [4, 4] count(2)
    coll.all_reduce size(432 MiB) dims [1, 2, 3] groups [2, 4, 32]
  }
}
