// A reduce-scatter with an NPU that has no link at all.
// RUN: %check-bad-input %s tacos-opt {} --coll-synthesize
// RUN: %check-bad-input %s tacos-opt {} --coll-synthesize=algorithm=ring
// EXPECT: 9:1: coll-synthesize: npu 0 cannot reach npu 2 (chunk 0)
topo.network @n {
  topo.npus 3
  topo.link 0 <-> 1 link(50 GBps, 1 us)
}
coll.reduce_scatter @rs on @n size(1 MiB)
