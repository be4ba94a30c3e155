// A broadcast on two islands: the root cannot reach NPUs 2 and 3 (every algorithm).
// RUN: %check-bad-input %s tacos-opt {} --coll-synthesize=algorithm=tacos
// RUN: %check-bad-input %s tacos-opt {} --coll-synthesize=algorithm=ring
// RUN: %check-bad-input %s tacos-opt {} --coll-synthesize=algorithm=direct
// RUN: %check-bad-input %s tacos-opt {} --coll-synthesize=algorithm=rhd
// RUN: %check-bad-input %s tacos-opt {} --coll-synthesize=algorithm=dbt
// EXPECT: 13:1: coll-synthesize: npu 0 cannot reach npu 2 (chunk 0)
topo.network @n {
  topo.npus 4
  topo.link 0 <-> 1 link(50 GBps, 1 us)
  topo.link 2 <-> 3 link(50 GBps, 1 us)
}
coll.broadcast @bc on @n root(0) size(1 MiB)
