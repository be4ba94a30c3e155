// A group on a one-way path: NPU 3 cannot send back to NPU 1.
// RUN: %check-bad-input %s tacos-opt {} --coll-synthesize
// RUN: %check-bad-input %s tacos-opt {} --coll-synthesize=algorithm=dbt
// EXPECT: 11:1: coll-synthesize: npu 3 cannot reach npu 1 (chunk 1)
topo.network @n {
  topo.npus 4
  topo.link 0 -> 1 link(50 GBps, 1 us)
  topo.link 1 -> 2 link(50 GBps, 1 us)
  topo.link 2 -> 3 link(50 GBps, 1 us)
}
coll.all_gather @ag on @n group [1, 3] size(1 MiB)
