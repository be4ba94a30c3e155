// A 2x3 mesh (fast links within a pair, slower along the lines of 3) and an
// All-Reduce to synthesize on it (docs/Traces.md).
topo.network @mesh {
  topo.dims [line(2) link(50 GBps, 500 ns), line(3) link(25 GBps, 1 us)]
}
coll.all_reduce @ar on @mesh size(6 MB) chunks(2)
