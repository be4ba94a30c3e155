// A two-level leaf-spine fat-tree: 4 leaf switches of 8 GPUs each (32
// GPUs), 2 spine switches, non-blocking.
//
// The shape is the one of NVIDIA's DGX SuperPOD and HGX reference
// architectures for the compute fabric (a leaf-spine InfiniBand network,
// every GPU on a leaf through its own 400 Gb/s NIC), cut down to a size
// that is read at a glance:
// - GPU ports: one 400 Gb/s NDR NIC per GPU (ConnectX-7, as in the DGX
//   H100 user guide): 50 GBps each way.
// - Leaf uplinks: non-blocking, as many uplink as downlink cables, so a
//   leaf's 8 x 400 Gb/s down are matched by 8 x 400 Gb/s up, 4 cables to
//   each spine. Each cable is its own 50 GBps link (a spine lists its
//   leaves, one cable each; the three more of each bundle are `parallel`
//   links), as a flow crosses one cable.
// - Latencies are assumptions (1.3 us per GPU port: 2.6 us per
//   InfiniBand transfer, as TACCL's NDv2 model has it; 0.5 us per
//   switch-to-switch hop); throughput bounds do not depend on them.
//
// GPU g of leaf l is 8l + g.
//
//   build/bin/tacos-opt examples/fat-tree.mlir --topo-summary -o /dev/null
//   build/bin/tacos-opt examples/fat-tree.mlir --topo-unwind-switches \
//       --coll-synthesize --coll-report -o /dev/null
topo.network @fat_tree {
  topo.npus 32
  topo.switch @leaf0 [0, 1, 2, 3, 4, 5, 6, 7] link(50 GBps, 1.3 us)
  topo.switch @leaf1 [8, 9, 10, 11, 12, 13, 14, 15] link(50 GBps, 1.3 us)
  topo.switch @leaf2 [16, 17, 18, 19, 20, 21, 22, 23] link(50 GBps, 1.3 us)
  topo.switch @leaf3 [24, 25, 26, 27, 28, 29, 30, 31] link(50 GBps, 1.3 us)
  topo.switch @spine0 [@leaf0, @leaf1, @leaf2, @leaf3] link(50 GBps, 0.5 us)
  topo.switch @spine1 [@leaf0, @leaf1, @leaf2, @leaf3] link(50 GBps, 0.5 us)
  // The other three cables of each leaf-spine bundle.
  topo.link @leaf0 <-> @spine0 link(50 GBps, 0.5 us) parallel
  topo.link @leaf0 <-> @spine0 link(50 GBps, 0.5 us) parallel
  topo.link @leaf0 <-> @spine0 link(50 GBps, 0.5 us) parallel
  topo.link @leaf1 <-> @spine0 link(50 GBps, 0.5 us) parallel
  topo.link @leaf1 <-> @spine0 link(50 GBps, 0.5 us) parallel
  topo.link @leaf1 <-> @spine0 link(50 GBps, 0.5 us) parallel
  topo.link @leaf2 <-> @spine0 link(50 GBps, 0.5 us) parallel
  topo.link @leaf2 <-> @spine0 link(50 GBps, 0.5 us) parallel
  topo.link @leaf2 <-> @spine0 link(50 GBps, 0.5 us) parallel
  topo.link @leaf3 <-> @spine0 link(50 GBps, 0.5 us) parallel
  topo.link @leaf3 <-> @spine0 link(50 GBps, 0.5 us) parallel
  topo.link @leaf3 <-> @spine0 link(50 GBps, 0.5 us) parallel
  topo.link @leaf0 <-> @spine1 link(50 GBps, 0.5 us) parallel
  topo.link @leaf0 <-> @spine1 link(50 GBps, 0.5 us) parallel
  topo.link @leaf0 <-> @spine1 link(50 GBps, 0.5 us) parallel
  topo.link @leaf1 <-> @spine1 link(50 GBps, 0.5 us) parallel
  topo.link @leaf1 <-> @spine1 link(50 GBps, 0.5 us) parallel
  topo.link @leaf1 <-> @spine1 link(50 GBps, 0.5 us) parallel
  topo.link @leaf2 <-> @spine1 link(50 GBps, 0.5 us) parallel
  topo.link @leaf2 <-> @spine1 link(50 GBps, 0.5 us) parallel
  topo.link @leaf2 <-> @spine1 link(50 GBps, 0.5 us) parallel
  topo.link @leaf3 <-> @spine1 link(50 GBps, 0.5 us) parallel
  topo.link @leaf3 <-> @spine1 link(50 GBps, 0.5 us) parallel
  topo.link @leaf3 <-> @spine1 link(50 GBps, 0.5 us) parallel
}

coll.all_gather @ag on @fat_tree size(1 GiB)
