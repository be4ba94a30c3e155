// A negative root.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 5:1: root -1 is out of range: the network has 4 NPUs
topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.broadcast @bc on @n root(-1) size(1 GiB)
