// A ring cut in two places by topo.drop.
// RUN: %check-bad-input %s tacos-opt {} --tacos-pipeline
// EXPECT: 9:1: coll-decompose: npu 0 cannot reach npu 1 (chunk 0)
topo.network @n {
  topo.dims [ring(4) link(50 GBps, 1 us)]
  topo.drop 0 <-> 1
  topo.drop 2 <-> 3
}
coll.all_reduce @ar on @n size(1 MiB)
