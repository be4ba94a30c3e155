// Collectives to synthesize:
//   build/bin/tacos-opt examples/synthesis.mlir --coll-synthesize=trials=32 \
//       --coll-report=baselines=true -o /tmp/algorithms.mlir

// TACOS's 5x5 mesh, 50 GiB/s, 0.5 us.
topo.network @mesh5x5 {
  topo.dims [line(5) link(50 GiBps, 0.5 us), line(5) link(50 GiBps, 0.5 us)]
}
// A heterogeneous mesh: 80 GiB/s in dimension 0, 35 GiB/s in dimension 1.
topo.network @hetero8x5 {
  topo.dims [line(8) link(80 GiBps, 1 us), line(5) link(35 GiBps, 1 us)]
}
// A 3D torus and a torus with a failed link.
topo.network @torus3x4x5 {
  topo.dims [ring(3) link(50 GiBps, 0.5 us), ring(4) link(50 GiBps, 0.5 us),
             ring(5) link(50 GiBps, 0.5 us)]
}
topo.network @degraded {
  topo.dims [ring(4) link(50 GBps, 1 us), ring(4) link(50 GBps, 1 us)]
  topo.drop 5 <-> 6
}

coll.all_gather @ag_mesh   on @mesh5x5 size(1 GiB)
coll.all_gather @ag_hetero on @hetero8x5 size(1 GiB) chunks(2)
coll.all_gather @ag_torus  on @torus3x4x5 size(1 GiB)
coll.broadcast  @bc        on @degraded root(5) size(256 MiB) chunks(4)
coll.all_to_all @a2a       on @degraded size(64 MiB)
coll.all_gather @ag_group  on @degraded group [0, 5, 10, 15] size(64 MiB)
