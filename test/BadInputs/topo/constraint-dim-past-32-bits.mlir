// A dimension index that a 32-bit cast would wrap to 0.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 6:3: bw(4294967296) is out of range: the network has 1 dimensions
topo.network @n {
  topo.dims [ring(4) link(?, 1 us)]
  topo.constraint bw(4294967296) == 5 GBps
}
