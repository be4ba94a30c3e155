// A group member that a 32-bit cast would wrap to 1.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 5:1: group member 4294967297 is out of range: the network has 4 NPUs
topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.all_reduce @ar on @n group [0, 4294967297] size(1 GiB)
