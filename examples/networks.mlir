// Example networks from docs/Syntax.md and the collective-synthesis literature.
// Summarize them with:
//   build/bin/tacos-opt examples/networks.mlir --topo-summary -o /dev/null
// or see every link with --topo-expand.

// TACOS's 2D mesh: 25 NPUs, 50 GiB/s links, 0.5 us.
topo.network @mesh5x5 {
  topo.dims [line(5) link(50 GiBps, 0.5 us), line(5) link(50 GiBps, 0.5 us)]
}

// A 3D torus.
topo.network @torus3x4x5 {
  topo.dims [ring(3) link(50 GiBps, 0.5 us), ring(4) link(50 GiBps, 0.5 us),
             ring(5) link(50 GiBps, 0.5 us)]
}

// Eight NPUs per node on a switch, four nodes on a slower switch.
topo.network @pod {
  topo.dims [switch(8) link(450 GBps, 0.7 us), switch(4) link(50 GBps, 2 us) tier(pod)]
}

// A torus with a failed link.
topo.network @degraded {
  topo.dims [ring(4) link(50 GBps, 1 us), ring(4) link(50 GBps, 1 us)]
  topo.drop 5 <-> 6
}

// NVIDIA DGX-1 (8x V100, hybrid cube-mesh): NVLink bundles are parallel links
// of 25 GB/s each. Sources: NVIDIA's DGX-1 system architecture white paper
// (each V100 has 6 NVLink 2.0 links of 25 GB/s each way, wired as a hybrid
// cube-mesh of two fully connected quads joined GPU i to GPU i + 4, some
// pairs by two links); the link counts are those SCCL and TACCL use for
// DGX-1 / Azure NDv2, and 0.3 us per NVLink transfer is TACCL's NDv2
// latency. Its All-Gather bound: test/Examples/dgx1.mlir.
topo.network @dgx1 {
  topo.npus 8
  topo.link 0 <-> 1 link(25 GBps, 0.3 us)
  topo.link 0 <-> 1 link(25 GBps, 0.3 us) parallel
  topo.link 0 <-> 2 link(25 GBps, 0.3 us)
  topo.link 0 <-> 3 link(25 GBps, 0.3 us)
  topo.link 0 <-> 4 link(25 GBps, 0.3 us)
  topo.link 0 <-> 4 link(25 GBps, 0.3 us) parallel
  topo.link 1 <-> 2 link(25 GBps, 0.3 us)
  topo.link 1 <-> 3 link(25 GBps, 0.3 us)
  topo.link 1 <-> 3 link(25 GBps, 0.3 us) parallel
  topo.link 1 <-> 5 link(25 GBps, 0.3 us)
  topo.link 2 <-> 3 link(25 GBps, 0.3 us)
  topo.link 2 <-> 3 link(25 GBps, 0.3 us) parallel
  topo.link 2 <-> 6 link(25 GBps, 0.3 us)
  topo.link 2 <-> 6 link(25 GBps, 0.3 us) parallel
  topo.link 3 <-> 7 link(25 GBps, 0.3 us)
  topo.link 4 <-> 5 link(25 GBps, 0.3 us)
  topo.link 4 <-> 5 link(25 GBps, 0.3 us) parallel
  topo.link 4 <-> 6 link(25 GBps, 0.3 us)
  topo.link 4 <-> 7 link(25 GBps, 0.3 us)
  topo.link 5 <-> 6 link(25 GBps, 0.3 us)
  topo.link 5 <-> 7 link(25 GBps, 0.3 us)
  topo.link 5 <-> 7 link(25 GBps, 0.3 us) parallel
  topo.link 6 <-> 7 link(25 GBps, 0.3 us)
  topo.link 6 <-> 7 link(25 GBps, 0.3 us) parallel
}

// LIBRA's 3D network with bandwidths still to be decided.
topo.network @libra3d {
  topo.dims [ring(16) link(?, 0.5 us) tier(package),
             fully_connected(8) link(?, 1 us) tier(node),
             switch(32) link(?, 2 us) tier(pod)]
}

// Requests on these networks (synthesis will turn them into algorithms).
coll.all_gather @ag  on @mesh5x5 size(1 GiB) chunks(1)
coll.all_reduce @ar  on @torus3x4x5 size(1 GiB) chunks(2)
coll.broadcast  @bc  on @pod root(3) size(16 MiB)
coll.all_reduce @tp  on @torus3x4x5 group [0, 1, 2, 3] size(256 MiB)
