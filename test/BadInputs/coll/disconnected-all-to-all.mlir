// An all-to-all on two islands.
// RUN: %check-bad-input %s tacos-opt {} --coll-synthesize
// RUN: %check-bad-input %s tacos-opt {} --coll-synthesize=algorithm=direct
// EXPECT: 10:1: coll-synthesize: npu 0 cannot reach npu 2 (chunk 2)
topo.network @n {
  topo.npus 4
  topo.link 0 <-> 1 link(50 GBps, 1 us)
  topo.link 2 <-> 3 link(50 GBps, 1 us)
}
coll.all_to_all @a2a on @n size(1 MiB)
