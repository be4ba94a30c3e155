// A root that a 32-bit cast would wrap to 0.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 5:1: root 4294967296 is out of range: the network has 4 NPUs
topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.broadcast @bc on @n root(4294967296) size(1 GiB)
