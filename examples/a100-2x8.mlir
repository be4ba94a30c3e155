// ForestColl's A100 model: 2 DGX A100 nodes of 8 GPUs (16 GPUs).
//
// Sources:
// - ForestColl (Zhao et al., "ForestColl: Throughput-Optimal Collective
//   Communications on Heterogeneous Network Fabrics"), public code
//   liangyuRain/ForestColl, topologies.py, a100_topology: per node one
//   NVSwitch node with a 300 GB/s link each way to every GPU
//   (NVLINK_BW = 300); GPU b has its own NIC (mlx5_b) at 25 GB/s
//   (A100_IB_BW = 25); the NICs of even GPUs are on one IB switch, those of
//   odd GPUs on another ("separate IBs for odd/even channel mlx5").
// - NVIDIA DGX A100 user guide / datasheet: 8 A100 GPUs on 6 NVSwitches,
//   12 third-generation NVLinks per GPU, 600 GB/s bidirectional (300 GB/s
//   each way); 8 single-port ConnectX-6 200 Gb/s HDR InfiniBand adapters
//   for the compute fabric, one per GPU (200 Gb/s = 25 GB/s).
//
// The six NVSwitches act as one non-blocking switch (as in ForestColl), so
// each node is one switch with a 300 GBps port per GPU. ForestColl's NIC
// node sits between a GPU and its IB switch with 25 GB/s on both sides; it
// is folded into the IB port here (same capacity either side, so every cut
// and every bound is the same).
//
// Latencies are not in ForestColl's model (it bounds throughput only). The
// ones here are stated assumptions so that the network is complete: 0.35
// us per NVSwitch port, 1.3 us per IB port (2.6 us per InfiniBand
// transfer, as TACCL's NDv2 model has it). The throughput bound does not
// depend on them.
//
// GPU ids: node n, GPU g is 8n + g.
//
//   build/bin/tacos-opt examples/a100-2x8.mlir --topo-summary -o /dev/null
//   build/bin/tacos-opt examples/a100-2x8.mlir --topo-unwind-switches \
//       --coll-synthesize --coll-report -o /dev/null
topo.network @a100_2x8 {
  topo.npus 16
  topo.switch @nvs0 [0, 1, 2, 3, 4, 5, 6, 7] link(300 GBps, 0.35 us)
  topo.switch @nvs1 [8, 9, 10, 11, 12, 13, 14, 15] link(300 GBps, 0.35 us)
  topo.switch @ib0 [0, 2, 4, 6, 8, 10, 12, 14] link(25 GBps, 1.3 us)
  topo.switch @ib1 [1, 3, 5, 7, 9, 11, 13, 15] link(25 GBps, 1.3 us)
}

coll.all_gather @ag on @a100_2x8 size(1 GiB)
