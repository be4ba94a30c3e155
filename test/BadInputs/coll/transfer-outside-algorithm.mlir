// A transfer at the top level.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 5:1: expects parent op 'coll.algorithm'
topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
