topo.network @torus {
  topo.dims [ring(8) link(50 GiBps, 500 ns), ring(8) link(50 GiBps, 500 ns)]
}
coll.all_gather @ag on @torus size(1 MiB)
