// ForestColl's MI250 model: 2 nodes of 16 MI250 GCDs (32 GCDs).
//
// Sources:
// - ForestColl (Zhao et al.), public code liangyuRain/ForestColl,
//   topologies.py, mi250_topology: per node a 16 x 16 matrix of xGMI link
//   counts (MI250_ADJ_MAT, entries 1, 2 or 4) at 50 GB/s per link each way
//   (xGMI_BW = 50); every GCD of every node on one IB switch at 16 GB/s
//   each way (MI250_IB_BW = 16).
// - AMD ROCm documentation, "AMD Instinct MI250 microarchitecture": each
//   AMD Infinity Fabric link between GPUs runs at up to 25 GT/s, a peak of
//   50 GB/s for a 16-wide link; the two GCDs of one MI250 package are
//   joined by four of them (the 4s of the matrix).
//
// A count of m links is written as m parallel links of 50 GBps (a chunk
// crosses one of them at 50 GB/s, as on the hardware); ForestColl merges
// them into one edge of m x 50 GB/s, which bounds the same. Every GCD has
// 7 xGMI links (350 GB/s) and one 16 GB/s IB port. GCD g of node n is
// 16n + g, g numbered as ForestColl's matrix.
//
// Latencies are not in ForestColl's model; these are stated assumptions so
// that the network is complete: 1 us per xGMI link, 1.3 us per IB port
// (2.6 us per InfiniBand transfer, as TACCL's NDv2 model has it). The
// throughput bound does not depend on them.
//
//   build/bin/tacos-opt examples/mi250-2x16.mlir --topo-summary -o /dev/null
topo.network @mi250_2x16 {
  topo.npus 32
  // node 0: GCDs 0..15
  topo.link 0 <-> 1 link(50 GBps, 1 us)
  topo.link 0 <-> 1 link(50 GBps, 1 us) parallel
  topo.link 0 <-> 1 link(50 GBps, 1 us) parallel
  topo.link 0 <-> 1 link(50 GBps, 1 us) parallel
  topo.link 0 <-> 4 link(50 GBps, 1 us)
  topo.link 0 <-> 4 link(50 GBps, 1 us) parallel
  topo.link 0 <-> 8 link(50 GBps, 1 us)
  topo.link 1 <-> 5 link(50 GBps, 1 us)
  topo.link 1 <-> 9 link(50 GBps, 1 us)
  topo.link 1 <-> 10 link(50 GBps, 1 us)
  topo.link 2 <-> 3 link(50 GBps, 1 us)
  topo.link 2 <-> 3 link(50 GBps, 1 us) parallel
  topo.link 2 <-> 3 link(50 GBps, 1 us) parallel
  topo.link 2 <-> 3 link(50 GBps, 1 us) parallel
  topo.link 2 <-> 6 link(50 GBps, 1 us)
  topo.link 2 <-> 9 link(50 GBps, 1 us)
  topo.link 2 <-> 10 link(50 GBps, 1 us)
  topo.link 3 <-> 7 link(50 GBps, 1 us)
  topo.link 3 <-> 7 link(50 GBps, 1 us) parallel
  topo.link 3 <-> 11 link(50 GBps, 1 us)
  topo.link 4 <-> 5 link(50 GBps, 1 us)
  topo.link 4 <-> 5 link(50 GBps, 1 us) parallel
  topo.link 4 <-> 5 link(50 GBps, 1 us) parallel
  topo.link 4 <-> 5 link(50 GBps, 1 us) parallel
  topo.link 4 <-> 6 link(50 GBps, 1 us)
  topo.link 5 <-> 6 link(50 GBps, 1 us)
  topo.link 5 <-> 7 link(50 GBps, 1 us)
  topo.link 6 <-> 7 link(50 GBps, 1 us)
  topo.link 6 <-> 7 link(50 GBps, 1 us) parallel
  topo.link 6 <-> 7 link(50 GBps, 1 us) parallel
  topo.link 6 <-> 7 link(50 GBps, 1 us) parallel
  topo.link 8 <-> 9 link(50 GBps, 1 us)
  topo.link 8 <-> 9 link(50 GBps, 1 us) parallel
  topo.link 8 <-> 9 link(50 GBps, 1 us) parallel
  topo.link 8 <-> 9 link(50 GBps, 1 us) parallel
  topo.link 8 <-> 12 link(50 GBps, 1 us)
  topo.link 8 <-> 12 link(50 GBps, 1 us) parallel
  topo.link 9 <-> 13 link(50 GBps, 1 us)
  topo.link 10 <-> 11 link(50 GBps, 1 us)
  topo.link 10 <-> 11 link(50 GBps, 1 us) parallel
  topo.link 10 <-> 11 link(50 GBps, 1 us) parallel
  topo.link 10 <-> 11 link(50 GBps, 1 us) parallel
  topo.link 10 <-> 14 link(50 GBps, 1 us)
  topo.link 11 <-> 15 link(50 GBps, 1 us)
  topo.link 11 <-> 15 link(50 GBps, 1 us) parallel
  topo.link 12 <-> 13 link(50 GBps, 1 us)
  topo.link 12 <-> 13 link(50 GBps, 1 us) parallel
  topo.link 12 <-> 13 link(50 GBps, 1 us) parallel
  topo.link 12 <-> 13 link(50 GBps, 1 us) parallel
  topo.link 12 <-> 14 link(50 GBps, 1 us)
  topo.link 13 <-> 14 link(50 GBps, 1 us)
  topo.link 13 <-> 15 link(50 GBps, 1 us)
  topo.link 14 <-> 15 link(50 GBps, 1 us)
  topo.link 14 <-> 15 link(50 GBps, 1 us) parallel
  topo.link 14 <-> 15 link(50 GBps, 1 us) parallel
  topo.link 14 <-> 15 link(50 GBps, 1 us) parallel
  // node 1: GCDs 16..31
  topo.link 16 <-> 17 link(50 GBps, 1 us)
  topo.link 16 <-> 17 link(50 GBps, 1 us) parallel
  topo.link 16 <-> 17 link(50 GBps, 1 us) parallel
  topo.link 16 <-> 17 link(50 GBps, 1 us) parallel
  topo.link 16 <-> 20 link(50 GBps, 1 us)
  topo.link 16 <-> 20 link(50 GBps, 1 us) parallel
  topo.link 16 <-> 24 link(50 GBps, 1 us)
  topo.link 17 <-> 21 link(50 GBps, 1 us)
  topo.link 17 <-> 25 link(50 GBps, 1 us)
  topo.link 17 <-> 26 link(50 GBps, 1 us)
  topo.link 18 <-> 19 link(50 GBps, 1 us)
  topo.link 18 <-> 19 link(50 GBps, 1 us) parallel
  topo.link 18 <-> 19 link(50 GBps, 1 us) parallel
  topo.link 18 <-> 19 link(50 GBps, 1 us) parallel
  topo.link 18 <-> 22 link(50 GBps, 1 us)
  topo.link 18 <-> 25 link(50 GBps, 1 us)
  topo.link 18 <-> 26 link(50 GBps, 1 us)
  topo.link 19 <-> 23 link(50 GBps, 1 us)
  topo.link 19 <-> 23 link(50 GBps, 1 us) parallel
  topo.link 19 <-> 27 link(50 GBps, 1 us)
  topo.link 20 <-> 21 link(50 GBps, 1 us)
  topo.link 20 <-> 21 link(50 GBps, 1 us) parallel
  topo.link 20 <-> 21 link(50 GBps, 1 us) parallel
  topo.link 20 <-> 21 link(50 GBps, 1 us) parallel
  topo.link 20 <-> 22 link(50 GBps, 1 us)
  topo.link 21 <-> 22 link(50 GBps, 1 us)
  topo.link 21 <-> 23 link(50 GBps, 1 us)
  topo.link 22 <-> 23 link(50 GBps, 1 us)
  topo.link 22 <-> 23 link(50 GBps, 1 us) parallel
  topo.link 22 <-> 23 link(50 GBps, 1 us) parallel
  topo.link 22 <-> 23 link(50 GBps, 1 us) parallel
  topo.link 24 <-> 25 link(50 GBps, 1 us)
  topo.link 24 <-> 25 link(50 GBps, 1 us) parallel
  topo.link 24 <-> 25 link(50 GBps, 1 us) parallel
  topo.link 24 <-> 25 link(50 GBps, 1 us) parallel
  topo.link 24 <-> 28 link(50 GBps, 1 us)
  topo.link 24 <-> 28 link(50 GBps, 1 us) parallel
  topo.link 25 <-> 29 link(50 GBps, 1 us)
  topo.link 26 <-> 27 link(50 GBps, 1 us)
  topo.link 26 <-> 27 link(50 GBps, 1 us) parallel
  topo.link 26 <-> 27 link(50 GBps, 1 us) parallel
  topo.link 26 <-> 27 link(50 GBps, 1 us) parallel
  topo.link 26 <-> 30 link(50 GBps, 1 us)
  topo.link 27 <-> 31 link(50 GBps, 1 us)
  topo.link 27 <-> 31 link(50 GBps, 1 us) parallel
  topo.link 28 <-> 29 link(50 GBps, 1 us)
  topo.link 28 <-> 29 link(50 GBps, 1 us) parallel
  topo.link 28 <-> 29 link(50 GBps, 1 us) parallel
  topo.link 28 <-> 29 link(50 GBps, 1 us) parallel
  topo.link 28 <-> 30 link(50 GBps, 1 us)
  topo.link 29 <-> 30 link(50 GBps, 1 us)
  topo.link 29 <-> 31 link(50 GBps, 1 us)
  topo.link 30 <-> 31 link(50 GBps, 1 us)
  topo.link 30 <-> 31 link(50 GBps, 1 us) parallel
  topo.link 30 <-> 31 link(50 GBps, 1 us) parallel
  topo.link 30 <-> 31 link(50 GBps, 1 us) parallel
  // One IB switch for all 32 GCDs.
  topo.switch @ib [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
                   16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]
      link(16 GBps, 1.3 us)
}

coll.all_gather @ag on @mi250_2x16 size(1 GiB)
