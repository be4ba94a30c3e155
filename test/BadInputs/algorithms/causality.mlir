// A broadcast on a line: npu 1 forwards the chunk before it has it. That npu 2
// then never gets it follows, and is not reported again.
// REQUIRES: z3
// RUN: %check-bad-input %s tacos-opt {} --coll-verify
// RUN: %check-bad-input %s tacos-opt {} --coll-verify-smt
// EXPECT: 10:3: causality: chunk 0 leaves npu 1 at 10000000 ps before it is there
topo.network @line3 { topo.dims [line(3) link(50 GBps, 1 us)] }
coll.algorithm @bc broadcast on @line3 root(0) size(1 MB) time(31 us) {
  coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
  coll.transfer copy 0 over 1 -> 2 at [10000000, 31000000]
}
